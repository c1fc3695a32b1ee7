"""The story's headline: one of the sources' own, never written by storydesk.

The representative headline is the article title closest to what the other titles and
the summary say (TF-IDF similarity of content terms). Without any title, the lead
sentence of the article that best shares what the others report stands in, verbatim;
``headline_from`` says which it is and where it comes from.
"""

from __future__ import annotations

from ..model import AnalyzedArticle
from .candidates import article_candidates
from .similarity import cosine, tfidf
from .sources import source
from .terms import content_terms


def _most_central(texts: list[str], context: list[str]) -> int:
    """Position of the text most similar to the others and to ``context`` (similarity
    to the centroid of all of them, so the cost is linear in the number of texts)."""
    vectors = tfidf([content_terms(t) for t in texts + context])
    centroid: dict[str, float] = {}
    for v in vectors:
        for term, weight in v.items():
            centroid[term] = centroid.get(term, 0.0) + weight
    own = vectors[: len(texts)]

    def score(i: int) -> float:  # similarity to everything but itself
        return cosine(own[i], centroid) - cosine(own[i], own[i])

    return max(range(len(texts)), key=lambda i: (score(i), -i))


def build_headline(analyzed: list[AnalyzedArticle], summary: list[dict],
                   notes: list[str] | None = None) -> tuple[str, dict | None]:
    """(headline, headline_from) for the story; ("", None) when there is nothing to use."""
    context = [s["text"] for s in summary]
    titled = [(i, item.article.title.strip()) for i, item in enumerate(analyzed)
              if item.article.title and item.article.title.strip()]
    if titled:
        best = _most_central([t for _, t in titled], context)
        index, title = titled[best]
        return title, {"kind": "title", "article_id": analyzed[index].article.id}
    leads = []
    for i, item in enumerate(analyzed):
        found = article_candidates(i, item, limit=1)
        if found:
            leads.append(found[0])
    if not leads:
        if notes is not None:
            notes.append("headline: no article has a title or a lead sentence")
        return "", None
    lead = leads[_most_central([c.text for c in leads], context)]
    if notes is not None:
        notes.append("headline: no article has a title; the headline is a lead sentence, verbatim")
    from_ = {"kind": "lead_sentence", **source(analyzed[lead.article], lead.start, lead.end)}
    return lead.text, from_
