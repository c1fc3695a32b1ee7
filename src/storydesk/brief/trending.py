"""The brief's ``trending`` section. PLACEHOLDER until the brief issue lands."""

from __future__ import annotations

from ..model import AnalyzedArticle


def build_trending(analyzed: list[AnalyzedArticle]) -> list[dict]:
    return []
