"""Sparse TF-IDF sentence vectors and the cosine similarities between them: the one
TF-IDF helper of the brief (summary, citations, headline) and the timeline.

Vectors are plain ``{term: weight}`` dicts of unit length. :func:`neighbours` finds, for
each query vector, the similar vectors of an index through an inverted index, skipping
terms so frequent they say nothing; its cost grows with the postings actually shared, not
with the square of the number of sentences.

>>> vs = tfidf([["leak", "tape"], ["leak", "tape", "fan"], ["weather"]])
>>> round(cosine(vs[0], vs[1]), 2), cosine(vs[0], vs[2])
(0.73, 0.0)
>>> docs = [["spill", "began"], ["spill", "grew"], ["well", "capped"]]
>>> centroid_select(tfidf(docs, sublinear=False), 2)
[0, 2]
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence

from .. import vectors as sparse

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


def tfidf(
    documents: Sequence[Sequence[str]],
    idf: dict[str, float] | None = None,
    *,
    sublinear: bool = True,
    unseen: float | None = 1.0,
) -> list[Vector]:
    """Unit-length TF-IDF vectors of ``documents``. Term frequency is ``1 + log(count)``
    (``sublinear``, the brief's sentences) or the raw count (the timeline's centroid
    summariser, as news-tls); a term ``idf`` does not know weighs ``unseen``, or is left
    out when ``unseen`` is None."""
    idf = idf if idf is not None else idf_weights(documents)
    out = []
    for terms in documents:
        counts = Counter(t for t in terms if unseen is not None or t in idf)
        weight = {t: idf[t] if t in idf else float(unseen or 0.0) for t in counts}  # unseen None: not counted
        vec = {t: ((1.0 + math.log(c)) if sublinear else c) * weight[t] for t, c in counts.items()}
        out.append(normalize(vec))
    return out


def normalize(vector: Vector) -> Vector:
    """``vector`` scaled to unit length (empty when it is all zero)."""
    norm = math.sqrt(sum(w * w for w in vector.values()))
    return {t: w / norm for t, w in vector.items()} if norm else {}


def add(total: Vector, vector: Vector) -> Vector:
    """The sum of two vectors (a new dict)."""
    return sparse.add(total, vector)


def cosine(u: Vector, v: Vector) -> float:
    """Cosine of two unit vectors (their dot product)."""
    return sparse.dot(u, v)


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


def centroid_select(
    vectors: list[Vector],
    k: int,
    allowed: Callable[[int], bool] | None = None,
    max_similarity: float = 0.9999,
    centroid: Vector | None = None,
) -> list[int]:
    """Indices of up to ``k`` vectors whose sum is closest to the centroid of all of them
    (greedy, as the CentroidOpt summariser of news-tls); near-duplicates are skipped."""
    if centroid is None:
        centroid = {}
        for v in vectors:
            centroid = add(centroid, v)
    centroid = normalize(centroid)
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
