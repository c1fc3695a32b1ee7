"""Hashtags and @mentions. PLACEHOLDER until the analysis issue lands."""

from __future__ import annotations

from ..model import Tag


def find_tags(text: str) -> list[Tag]:
    return []
