"""Headline-like sentences inside body text.

Scraped articles carry the titles of related articles glued into their paragraphs
("... deck you." Some Star's Ex-Wife Pleads Judge to Record Abuse in Response to His
Suit.). In Title Case every word looks like a name to the tagger, and a capitalised verb
("Pleads") looks like a speech verb after a name. So a sentence in which every word
except the short function words style guides leave in lower case is capitalised is
*headline-like*: its names may only join people and places the article establishes
elsewhere, and it never supplies a cue or a speaker for a quote.

A real sentence has a verb in lower case ("met", "blocked"), however many names it
holds, so it is never headline-like.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ..model import Sentence

_WORD = re.compile(r"[^\W\d_][\w'’-]*")
#: Words Title Case leaves in lower case (articles, short conjunctions and prepositions).
_MINOR = frozenset(
    "a an the and but or nor for so yet of to in on at by as up via vs per off out from "
    "with into onto over upon than".split()
)
_MIN_WORDS = 5


def headline_like(text: str) -> bool:
    """Whether ``text`` is written in Title Case: at least five words, and every word but
    the minor function words capitalised.

    >>> headline_like("Star's Ex-Wife Pleads Judge to Record Abuse in Response to His Suit.")
    True
    >>> headline_like("President Ana Diaz met Prime Minister Tom Lee in Oslo on Monday.")
    False
    >>> headline_like("The Vote Was Close")
    False
    """
    words = _WORD.findall(text)
    major = [w for w in words if w.lower() not in _MINOR]
    if len(major) < _MIN_WORDS or sum(w.isupper() for w in major) * 2 > len(major):
        return False
    return all(w[0].isupper() for w in major)


def headline_spans(text: str, sentences: list[Sentence]) -> list[tuple[int, int]]:
    """(start, end) of the headline-like sentences among ``sentences`` of ``text``."""
    return [(s.start, s.end) for s in sentences if headline_like(text[s.start:s.end])]


def inside(spans: list[tuple[int, int]], char: int) -> bool:
    """Whether offset ``char`` lies in one of ``spans`` (sorted, not overlapping).

    >>> inside([(0, 4), (10, 20)], 12), inside([(0, 4), (10, 20)], 5)
    (True, False)
    """
    k = bisect_right(spans, (char, float("inf"))) - 1
    return k >= 0 and spans[k][0] <= char < spans[k][1]


__all__ = ["headline_like", "headline_spans", "inside"]
