"""The brief's ``figures`` section. PLACEHOLDER until the brief issue lands."""

from __future__ import annotations

from ..model import AnalyzedArticle


def build_figures(analyzed: list[AnalyzedArticle]) -> list[dict]:
    return []
