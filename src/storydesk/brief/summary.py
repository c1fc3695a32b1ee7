"""The brief's ``summary``: a few sentences saying what happened, cited.

Sentences are chosen for cross-source centrality: a sentence scores by how much the
*other* articles of the story say the same thing (its summed similarity to their
sentences, averaged over the other articles), plus its similarity to the articles'
titles, plus a small bonus for coming early in its article, where news puts what
matters. Sentences are picked best first, skipping any too similar to one already
picked. Each picked sentence then cites every article with a sentence saying the same
content, not only the one it was taken from.

Sentences are compared as TF-IDF vectors of content terms, or, when an ``embed``
function is given (see :mod:`storydesk.brief.embeddings`), as sentence embeddings.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Sequence

from ..model import AnalyzedArticle
from .candidates import Candidate, article_candidates
from .similarity import cosine, neighbours, tfidf
from .sources import source
from .terms import content_terms

log = logging.getLogger(__name__)

#: ``embed(texts) -> list of unit-length vectors`` (lists or numpy rows).
Embed = Callable[[list[str]], Sequence[Sequence[float]]]


@dataclass(frozen=True)
class SummaryParams:
    """How sentences are scored and matched. The defaults were tuned on the NeuS
    training split (benchmarks/summary.py measures on the validation split)."""

    position_weight: float = 0.1  # bonus 1/(1+rank) for early sentences, times this
    title_weight: float = 1.2  # bonus: mean similarity to the articles' titles, times this
    redundancy: float = 0.38  # a sentence this similar to a picked one is not picked
    same_content: float = 0.3  # a sentence this similar (TF-IDF) reports the same content
    same_content_embedded: float = 0.75  # the same, when comparing sentence embeddings
    max_sentences_per_article: int = 25  # only the leading sentences are candidates


def _similarities(
    candidates: list[Candidate], titles: list[str], embed: Embed | None
) -> tuple[Callable[[int, int], float], list[dict[int, float]], list[list[float]]]:
    """A pairwise similarity function of the candidates, each candidate's similar
    candidates (``{position: similarity}``) and its similarity to each title."""
    texts = [c.text for c in candidates]
    if embed is None:
        vectors = tfidf([content_terms(t) for t in texts + titles])
        cand, heads = vectors[: len(texts)], vectors[len(texts):]
        near = neighbours(cand, cand)
        to_titles = [[cosine(v, h) for h in heads] for v in cand]
        return (lambda i, j: near[i].get(j, 0.0)), near, to_titles
    import numpy as np

    rows = np.asarray(embed(texts + titles), dtype=float)
    cand, heads = rows[: len(texts)], rows[len(texts):]
    near = []
    for start in range(0, len(cand), 512):
        block = cand[start:start + 512] @ cand.T
        for row in block:
            (hits,) = np.nonzero(row > 0.0)
            near.append({int(j): float(row[j]) for j in hits})
    to_titles = (cand @ heads.T).tolist() if len(heads) else [[] for _ in texts]
    return (lambda i, j: near[i].get(j, 0.0)), near, to_titles


def _scores(candidates: list[Candidate], near: list[dict[int, float]],
            to_titles: list[list[float]], n_articles: int, params: SummaryParams) -> list[float]:
    scores = []
    for i, cand in enumerate(candidates):
        support = sum(sim for j, sim in near[i].items() if candidates[j].article != cand.article)
        support /= max(1, n_articles - 1)
        title = sum(to_titles[i]) / len(to_titles[i]) if to_titles[i] else 0.0
        scores.append(support + params.position_weight / (1 + cand.rank)
                      + params.title_weight * title)
    return scores


def _select(candidates: list[Candidate], scores: list[float], similarity, n: int,
            params: SummaryParams) -> list[int]:
    order = sorted(range(len(candidates)),
                   key=lambda i: (-scores[i], candidates[i].article, candidates[i].start))
    picked: list[int] = []
    for i in order:
        if len(picked) >= n:
            break
        if all(similarity(i, j) < params.redundancy for j in picked):
            picked.append(i)
    return picked


def build_summary(
    analyzed: list[AnalyzedArticle],
    sentences: int = 5,
    *,
    embed: Embed | None = None,
    params: SummaryParams = SummaryParams(),
    notes: list[str] | None = None,
) -> list[dict]:
    """``[{"text", "sources"}]``: up to ``sentences`` summary sentences, most central
    first, each citing every article that reports the same content. What could not be
    done is appended to ``notes``."""
    candidates: list[Candidate] = []
    for index, item in enumerate(analyzed):
        candidates.extend(article_candidates(index, item, params.max_sentences_per_article))
    if not candidates:
        if notes is not None:
            notes.append("summary: no sentence of prose to summarize (only quotes, posts or captions)")
        return []
    titles = [item.article.title for item in analyzed if item.article.title]
    similarity, near, to_titles = _similarities(candidates, titles, embed)
    scores = _scores(candidates, near, to_titles, len(analyzed), params)
    picked = _select(candidates, scores, similarity, sentences, params)
    if notes is not None and len(picked) < min(3, sentences):
        notes.append(f"summary: only {len(picked)} distinct sentence(s) of prose found")

    same = params.same_content if embed is None else params.same_content_embedded
    out = []
    for i in picked:
        cand = candidates[i]
        best: dict[int, tuple[float, int]] = {cand.article: (2.0, i)}
        for j, sim in near[i].items():
            other = candidates[j].article
            if sim >= same and sim > best.get(other, (0.0, -1))[0]:
                best[other] = (sim, j)
        cited = sorted(best.items(), key=lambda kv: (-kv[1][0], kv[0]))
        sources = [source(analyzed[a], candidates[j].start, candidates[j].end) for a, (_, j) in cited]
        out.append({"text": cand.text, "sources": sources})
    return out
