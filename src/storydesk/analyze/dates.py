"""Dated events. PLACEHOLDER until the timeline issue lands."""

from __future__ import annotations

from ..model import DatedEvent, Sentence


def find_dates(text: str, published: str | None, sentences: list[Sentence], doc=None) -> list[DatedEvent]:
    return []
