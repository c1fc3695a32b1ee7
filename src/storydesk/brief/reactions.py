"""The brief's ``posts`` section. PLACEHOLDER until the brief issue lands."""

from __future__ import annotations

from ..model import AnalyzedArticle


def build_posts(analyzed: list[AnalyzedArticle]) -> list[dict]:
    return []
