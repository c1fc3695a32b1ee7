"""The brief's ``summary``: a few sentences saying what happened, cited.

Sentences are chosen for cross-source centrality: a sentence scores by how much the
*other* articles of the story say the same thing (its summed similarity to their
sentences, averaged over the other articles), plus its similarity to the articles'
titles, plus a small bonus for coming early in its article, where news puts what
matters. Sentences are picked best first, skipping any that repeats one already picked:
too similar as a whole, or half or more of its content terms already said by a picked
sentence (:func:`content_overlap`). Each picked sentence then cites every article printing it and every other
article with a sentence reporting the same content (:mod:`.citations`), not only the
one it was taken from.

Sentences are compared as TF-IDF vectors of content terms, or, when an ``embed``
function is given (see :mod:`storydesk.brief.embeddings`), as sentence embeddings.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from ..config import DEFAULTS
from ..model import AnalyzedArticle
from .candidates import Candidate, article_candidates
from .citations import EMBEDDED, LEXICAL, CiteModel, StorySentences
from .similarity import Embed, cosine, neighbours, tfidf
from .sources import source
from .terms import content_terms

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SummaryParams:
    """How sentences are scored and matched. The defaults were tuned on the NeuS
    training split (benchmarks/summary.py measures on the validation split)."""

    position_weight: float = 0.1  # bonus 1/(1+rank) for early sentences, times this
    title_weight: float = 1.2  # bonus: mean similarity to the articles' titles, times this
    redundancy: float = 0.38  # a sentence this similar to a picked one is not picked
    repeat_overlap: float = 0.5  # nor one sharing this share of its content terms with one
    redundancy_embedded: float = 0.8  # ``redundancy`` for sentence embeddings
    title_weight_embedded: float = 0.6  # ``title_weight`` for sentence embeddings
    max_sentences_per_article: int = 25  # only the leading sentences are candidates
    max_candidates: int = 2000  # in all; big stories compare fewer sentences per article
    max_embedded_sentences: int = 5000  # bigger stories cite by TF-IDF features only


@dataclass
class _Sentence:
    """One distinct candidate sentence and every article printing it word for word."""

    text: str
    printings: list[Candidate]

    @property
    def rank(self) -> int:
        return min(c.rank for c in self.printings)

    @property
    def first(self) -> Candidate:
        return self.printings[0]


def _distinct(candidates: list[Candidate]) -> list[_Sentence]:
    """Candidates grouped by their text (case and white space aside): a syndicated
    sentence is one sentence printed by several articles, compared once."""
    by_key: dict[str, _Sentence] = {}
    for c in candidates:
        key = " ".join(c.text.lower().split())
        if key in by_key:
            by_key[key].printings.append(c)
        else:
            by_key[key] = _Sentence(c.text, [c])
    return list(by_key.values())


def _similarities(
    sentences: list[_Sentence], titles: list[str], embed: Embed | None
) -> tuple[list[dict[int, float]], list[float]]:
    """Each sentence's similar sentences (``{position: similarity}``) and its mean
    similarity to the titles."""
    texts = [s.text for s in sentences]
    if embed is None:
        vectors = tfidf([content_terms(t) for t in texts + titles])
        cand, heads = vectors[: len(texts)], vectors[len(texts):]
        near = neighbours(cand, cand)
        centroid: dict[str, float] = {}
        for h in heads:
            for t, w in h.items():
                centroid[t] = centroid.get(t, 0.0) + w / len(heads)
        return near, [cosine(v, centroid) for v in cand]
    import numpy as np

    rows = np.asarray(embed(texts + titles), dtype=float)
    cand_rows, head_rows = rows[: len(texts)], rows[len(texts):]
    near = []
    for start in range(0, len(cand_rows), 512):
        block = cand_rows[start:start + 512] @ cand_rows.T
        for row in block:
            (hits,) = np.nonzero(row > 0.0)
            near.append({int(j): float(row[j]) for j in hits})
    to_titles = (cand_rows @ head_rows.mean(axis=0)).tolist() if len(head_rows) else [0.0] * len(texts)
    return near, to_titles


def _support(sentences: list[_Sentence], near: list[dict[int, float]], n_articles: int) -> list[float]:
    """How much the *other* articles say what each sentence says: its word-for-word
    copies plus its summed similarity to their sentences, per other article."""
    out = []
    for i, sent in enumerate(sentences):
        own = {c.article for c in sent.printings}
        support = float(len(own) - 1)  # word-for-word copies in other articles
        for j, sim in near[i].items():
            if j != i:
                support += sim * sum(1 for c in sentences[j].printings if c.article not in own)
        out.append(support / max(1, n_articles - 1))
    return out


def _scores(sentences: list[_Sentence], near: list[dict[int, float]], to_titles: list[float],
            n_articles: int, params: SummaryParams) -> list[float]:
    return [support + params.position_weight / (1 + sent.rank) + params.title_weight * to_titles[i]
            for i, (sent, support) in enumerate(zip(sentences, _support(sentences, near, n_articles)))]


def _select(sentences: list[_Sentence], scores: list[float], near: list[dict[int, float]],
            n: int, params: SummaryParams) -> list[int]:
    order = sorted(range(len(sentences)),
                   key=lambda i: (-scores[i], sentences[i].first.article, sentences[i].first.start))
    terms = [set(content_terms(s.text)) for s in sentences]
    picked: list[int] = []
    for i in order:
        if len(picked) >= n:
            break
        if all(near[i].get(j, 0.0) < params.redundancy
               and _overlap(terms[i], terms[j]) < params.repeat_overlap for j in picked):
            picked.append(i)
    return picked


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def content_overlap(a: str, b: str) -> float:
    """Share of the content terms of the shorter of two sentences that the other has:
    0.5 or more and one restates the other (the summary never holds such a pair).

    >>> content_overlap("Engineers closed the bridge on Monday.",
    ...                 "The bridge was closed by engineers after a crack was found.")
    0.75
    """
    return _overlap(set(content_terms(a)), set(content_terms(b)))


def _cite(analyzed: list[AnalyzedArticle], sentence: _Sentence, story: StorySentences,
          model: CiteModel) -> list[dict]:
    """Sources of ``sentence``: every article printing it word for word (``kind``
    "verbatim", probability 1), then each other article's sentence that reports the same
    content in other words (``kind`` "paraphrase", with the calibrated probability that
    it does; see :mod:`.citations`)."""
    printed: dict[int, Candidate] = {}
    for c in sentence.printings:
        printed.setdefault(c.article, c)
    first = sentence.first
    others = story.reporting(first.article, (first.start, first.end), set(printed), model)
    return ([{**source(analyzed[a], c.start, c.end), "kind": "verbatim", "probability": 1.0}
             for a, c in printed.items()]
            + [{**source(analyzed[b], start, end), "kind": "paraphrase", "probability": round(p, 3)}
               for b, start, end, p in others])


def build_summary(
    analyzed: list[AnalyzedArticle],
    sentences: int = DEFAULTS.summary_sentences,
    *,
    embed: Embed | None = None,
    params: SummaryParams = SummaryParams(),
    notes: list[str] | None = None,
) -> list[dict]:
    """``[{"text", "sources"}]``: up to ``sentences`` summary sentences, most central
    first, each citing every article that reports the same content. What could not be
    done is appended to ``notes``.

    In big stories only each article's leading sentences are compared (at most
    ``params.max_candidates`` in all), so the cost stays bounded."""
    per_article = max(2, min(params.max_sentences_per_article,
                             params.max_candidates // max(1, len(analyzed))))
    candidates: list[Candidate] = []
    for index, item in enumerate(analyzed):
        candidates.extend(article_candidates(index, item, per_article))
    if not candidates:
        if notes is not None:
            notes.append("summary: no sentence of prose to summarize (only quotes, posts or captions)")
        return []
    if notes is not None and per_article < params.max_sentences_per_article:
        notes.append(f"summary: {len(analyzed)} articles; only the first {per_article} "
                     "sentences of each were compared")
    distinct = _distinct(candidates)
    titles = [item.article.title for item in analyzed if item.article.title]
    if embed is not None:
        params = replace(params, redundancy=params.redundancy_embedded,
                         title_weight=params.title_weight_embedded)
    near, to_titles = _similarities(distinct, titles, embed)
    scores = _scores(distinct, near, to_titles, len(analyzed), params)
    picked = _select(distinct, scores, near, sentences, params)
    if notes is not None and len(picked) < min(3, sentences):
        notes.append(f"summary: only {len(picked)} distinct sentence(s) of prose found")
    n_sentences = sum(len(item.analysis.sentences) for item in analyzed)
    if embed is not None and n_sentences > params.max_embedded_sentences:
        if notes is not None:
            notes.append(f"summary: more than {params.max_embedded_sentences} sentences; other "
                         "articles are cited by shared words, not sentence embeddings")
        embed = None
    story = StorySentences(analyzed, embed)
    model = LEXICAL if embed is None else EMBEDDED
    return [{"text": distinct[i].first.text, "sources": _cite(analyzed, distinct[i], story, model)}
            for i in picked]
