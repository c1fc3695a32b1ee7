"""Sentence spans from a parsed document."""

from __future__ import annotations

from ..model import Sentence


def find_sentences(doc) -> list[Sentence]:
    """Sentences of ``doc`` with character offsets, white space trimmed; empty ones dropped."""
    out = []
    for sent in doc.sents:
        text = sent.text
        start = sent.start_char + (len(text) - len(text.lstrip()))
        end = sent.end_char - (len(text) - len(text.rstrip()))
        if end > start:
            out.append(Sentence(start, end))
    return out
