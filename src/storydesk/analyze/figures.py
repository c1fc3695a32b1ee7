"""Figures: money, ages, durations, counts. PLACEHOLDER until the analysis issue lands."""

from __future__ import annotations

from ..model import Figure


def find_figures(text: str, doc=None) -> list[Figure]:
    return []
