"""The brief's ``timeline`` section. PLACEHOLDER until the timeline issue lands."""

from __future__ import annotations

from ..model import AnalyzedArticle


def build_timeline(analyzed: list[AnalyzedArticle], story_start: str | None = None) -> list[dict]:
    return []
