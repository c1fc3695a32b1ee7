"""Sparse TF-IDF sentence vectors and the cosine similarities between them.

Vectors are plain ``{term: weight}`` dicts of unit length. :func:`neighbours` finds, for
each query vector, the similar vectors of an index through an inverted index, skipping
terms so frequent they say nothing; its cost grows with the postings actually shared, not
with the square of the number of sentences.

>>> vs = tfidf([["leak", "tape"], ["leak", "tape", "fan"], ["weather"]])
>>> round(cosine(vs[0], vs[1]), 2), cosine(vs[0], vs[2])
(0.73, 0.0)
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence

Vector = dict[str, float]

#: ``embed(texts) -> list of unit-length vectors`` (lists or numpy rows), e.g.
#: :func:`storydesk.brief.embeddings.load_embedder`.
Embed = Callable[[list[str]], Sequence[Sequence[float]]]


def idf_weights(documents: Sequence[Collection[str]]) -> dict[str, float]:
    """Smoothed inverse document frequency of every term of ``documents``."""
    df: Counter[str] = Counter()
    for terms in documents:
        df.update(set(terms))
    n = len(documents)
    return {t: math.log((n + 1) / (c + 1)) + 1.0 for t, c in df.items()}


def tfidf(documents: Sequence[Sequence[str]], idf: dict[str, float] | None = None) -> list[Vector]:
    """Unit-length TF-IDF vectors (sublinear term frequency) of ``documents``."""
    idf = idf if idf is not None else idf_weights(documents)
    out = []
    for terms in documents:
        counts = Counter(terms)
        vec = {t: (1.0 + math.log(c)) * idf.get(t, 1.0) for t, c in counts.items()}
        norm = math.sqrt(sum(w * w for w in vec.values()))
        out.append({t: w / norm for t, w in vec.items()} if norm else {})
    return out


def cosine(u: Vector, v: Vector) -> float:
    if len(u) > len(v):
        u, v = v, u
    return sum(w * v.get(t, 0.0) for t, w in u.items())


def neighbours(
    queries: Sequence[Vector],
    index: Sequence[Vector],
    *,
    min_similarity: float = 0.0,
    max_postings: int = 5000,
) -> list[dict[int, float]]:
    """For each query, ``{index position: cosine}`` of the index vectors above
    ``min_similarity``. Terms found in more than ``max_postings`` index vectors are
    skipped (they are in nearly every sentence and carry almost no weight)."""
    postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for i, vec in enumerate(index):
        for t, w in vec.items():
            postings[t].append((i, w))
    out = []
    for q in queries:
        scores: dict[int, float] = defaultdict(float)
        for t, w in q.items():
            plist = postings.get(t)
            if plist is None or len(plist) > max_postings:
                continue
            for i, x in plist:
                scores[i] += w * x
        out.append({i: s for i, s in scores.items() if s > min_similarity})
    return out
