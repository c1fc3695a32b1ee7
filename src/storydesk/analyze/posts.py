"""Embedded social posts. PLACEHOLDER until the analysis issue lands."""

from __future__ import annotations

from ..model import Post


def find_posts(text: str) -> list[Post]:
    return []
