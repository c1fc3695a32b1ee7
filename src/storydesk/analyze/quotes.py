"""Direct quotes with their speakers. PLACEHOLDER until the analysis issue lands."""

from __future__ import annotations

from ..model import Entity, Post, Quote


def find_quotes(doc, entities: list[Entity], posts: list[Post]) -> list[Quote]:
    return []
