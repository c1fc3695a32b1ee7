"""Sparse vectors as ``{term: weight}`` dicts: the one dot product, sum and cosine that
story grouping (:mod:`storydesk.stories`) and the brief's TF-IDF helper
(:mod:`storydesk.brief.similarity`) share. A low-layer module: it imports nothing of
storydesk, so both sides of the layers contract may use it.

>>> dot({"storm": 0.6, "flood": 0.8}, {"storm": 1.0})
0.6
>>> total([{"storm": 1.0}, {"storm": 1.0, "vote": 1.0}])
{'storm': 2.0, 'vote': 1.0}
>>> round(cosine({"storm": 1.0}, {"storm": 2.0, "vote": 2.0}), 3)
0.707
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Vector = dict[str, float]


def dot(a: Vector, b: Vector) -> float:
    """Dot product of two sparse vectors (walks the smaller; the cosine of two unit
    vectors)."""
    if len(a) > len(b):
        a, b = b, a
    return sum(w * b.get(t, 0.0) for t, w in a.items())


def add(a: Vector, b: Vector) -> Vector:
    """The sum of two vectors (a new dict)."""
    out = dict(a)
    for t, w in b.items():
        out[t] = out.get(t, 0.0) + w
    return out


def total(vectors: Iterable[Vector]) -> Vector:
    """The sum of ``vectors`` (a new dict; a centroid of unit vectors)."""
    out: Vector = {}
    for vec in vectors:
        for t, w in vec.items():
            out[t] = out.get(t, 0.0) + w
    return out


def cosine(a: Vector, b: Vector) -> float:
    """Cosine of two sparse vectors of any length (0 when either is empty)."""
    n2 = sum(w * w for w in a.values()) * sum(w * w for w in b.values())
    return dot(a, b) / math.sqrt(n2) if n2 > 0 else 0.0
