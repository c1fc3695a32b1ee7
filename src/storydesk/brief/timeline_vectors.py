"""TF-IDF sentence vectors and the summary-centroid sentence selector the timeline
summariser uses (plain Python: sparse vectors are dicts).

>>> idf = fit_idf(["the spill began", "the well was capped", "the spill grew"])
>>> vectors = [vectorize(s, idf) for s in ["the spill began", "the spill grew", "the well was capped"]]
>>> centroid_select(vectors, 2)
[0, 2]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable

from spacy.lang.en.stop_words import STOP_WORDS

_WORD = re.compile(r"\b\w\w+\b")

Vector = dict[str, float]


def terms(text: str) -> list[str]:
    """Lower-cased word tokens of ``text`` without stop words."""
    return [w for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]


def fit_idf(texts: Iterable[str]) -> dict[str, float]:
    """Smoothed inverse document frequency of each term over ``texts``."""
    df: Counter[str] = Counter()
    n = 0
    for text in texts:
        n += 1
        df.update(set(terms(text)))
    return {t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()}


def normalize(vector: Vector) -> Vector:
    norm = math.sqrt(sum(v * v for v in vector.values()))
    return {t: v / norm for t, v in vector.items()} if norm else {}


def vectorize(text: str, idf: dict[str, float]) -> Vector:
    """The L2-normalised TF-IDF vector of ``text`` (terms unseen by ``idf`` ignored)."""
    counts = Counter(t for t in terms(text) if t in idf)
    return normalize({t: c * idf[t] for t, c in counts.items()})


def cosine(a: Vector, b: Vector) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(t, 0.0) for t, v in a.items())


def add(total: Vector, vector: Vector) -> Vector:
    out = dict(total)
    for t, v in vector.items():
        out[t] = out.get(t, 0.0) + v
    return out


def centroid_select(
    vectors: list[Vector],
    k: int,
    allowed: Callable[[int], bool] | None = None,
    max_similarity: float = 0.9999,
    centroid: Vector | None = None,
) -> list[int]:
    """Indices of up to ``k`` vectors whose sum is closest to the centroid of all of them
    (greedy, as the CentroidOpt summariser of news-tls); near-duplicates are skipped."""
    centroid = normalize(centroid if centroid is not None else _sum(vectors))
    remaining = [i for i, v in enumerate(vectors) if v and (allowed is None or allowed(i))]
    selected: list[int] = []
    summary: Vector = {}
    while remaining and len(selected) < k:
        scored = sorted(
            remaining, key=lambda i: (-cosine(normalize(add(summary, vectors[i])), centroid), i)
        )
        for i in scored:
            remaining.remove(i)
            if any(cosine(vectors[i], vectors[j]) > max_similarity for j in selected):
                continue
            selected.append(i)
            summary = add(summary, vectors[i])
            break
    return selected


def _sum(vectors: list[Vector]) -> Vector:
    total: Vector = {}
    for v in vectors:
        for t, x in v.items():
            total[t] = total.get(t, 0.0) + x
    return total


__all__ = ["centroid_select", "cosine", "fit_idf", "normalize", "terms", "vectorize"]
