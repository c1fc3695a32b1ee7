"""The story's headline: one of the sources' own, never written by storydesk, and the
same wherever the story is shown (the story list, its page, its brief, the trend it
explains), because all of them choose it here, from the same articles.

The headline is the article title most central to the story's titles: the one most
similar (TF-IDF cosine of content terms) to all the others, so a 300-article story is
not headlined by an unrelated first item. An article without a title takes part through
its lead (the first sentence of its body, verbatim, see :func:`lead_span`); only when no
article has a title does a lead become the headline. The choice depends on the set of
articles, not their order: candidates are weighed in article-id order and ties go to the
smallest id. ``headline_from`` says which article it comes from and how.

>>> rows = [{"id": "a2", "title": "Storm floods the river town"},
...         {"id": "a1", "title": "Quiz night at the library"},
...         {"id": "a3", "title": "River town flooded as the storm hits"},
...         {"id": "a4", "title": "Storm: the river floods the town centre"}]
>>> choose_headline(rows)
('Storm floods the river town', {'kind': 'title', 'article_id': 'a2'})
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ..model import AnalyzedArticle
from .similarity import cosine, tfidf
from .sources import source
from .terms import content_terms

#: The longest lead (characters) that stands in for a missing title.
MAX_LEAD = 300
#: How much of a body :func:`lead_span` needs to read (what a listing fetches).
LEAD_READ = 1000
#: A sentence ends at ., ! or ? (and a closing quote or bracket) before white space and
#: what can start a sentence.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*(?=\s+[\"'“‘(\[]?[A-Z0-9])")


def lead_span(text: str) -> tuple[int, int] | None:
    """``(start, end)`` of the lead of ``text``: its first line's first sentence (at
    least 30 characters), cut at a word boundary at :data:`MAX_LEAD` characters; None for
    a blank text.

    >>> text = "  Ferry fares rise. The port said on Monday that fares rise by a tenth. More."
    >>> start, end = lead_span(text)
    >>> text[start:end]
    'Ferry fares rise. The port said on Monday that fares rise by a tenth.'
    """
    match = re.search(r"\S[^\n]*", text[:LEAD_READ])
    if match is None:
        return None
    start, line = match.start(), match.group().rstrip()
    for end in _SENTENCE_END.finditer(line):
        if end.end() >= 30:
            line = line[: end.end()]
            break
    if len(line) > MAX_LEAD:
        cut = line.rfind(" ", 0, MAX_LEAD)
        line = line[: cut if cut > MAX_LEAD // 2 else MAX_LEAD].rstrip()
    return start, start + len(line)


def _most_central(texts: list[str]) -> int:
    """Position of the text most similar to all the others (similarity to the centroid
    of the others, so the cost is linear in the number of texts)."""
    if len(texts) == 1:
        return 0
    vectors = tfidf([content_terms(t) for t in texts])
    centroid: dict[str, float] = {}
    for v in vectors:
        for term, weight in v.items():
            centroid[term] = centroid.get(term, 0.0) + weight

    def score(i: int) -> float:  # similarity to everything but itself
        return round(cosine(vectors[i], centroid) - cosine(vectors[i], vectors[i]), 9)

    return max(range(len(texts)), key=lambda i: (score(i), -i))


def choose_headline(articles: Iterable[Mapping]) -> tuple[str, dict | None]:
    """``(headline, headline_from)`` of the story made of ``articles``: mappings with
    ``id``, ``title`` and, for an untitled article, ``text`` (its body, or at least its
    first :data:`LEAD_READ` characters). ``("", None)`` when no article has a title or a
    lead. ``headline_from`` is ``{"kind": "title", "article_id"}`` or ``{"kind":
    "lead_sentence", "article_id", "start", "end"}``."""
    titled, leads = [], []
    for a in sorted(articles, key=lambda a: a["id"]):
        title = (a.get("title") or "").strip()
        if title:
            titled.append((a["id"], title))
            continue
        span = lead_span(a.get("text") or "")
        if span is not None:
            leads.append((a["id"], span, a["text"][span[0]:span[1]]))
    if titled:
        article_id, title = titled[_most_central([t for _, t in titled])]
        return title, {"kind": "title", "article_id": article_id}
    if not leads:
        return "", None
    article_id, (start, end), text = leads[_most_central([t for _, _, t in leads])]
    return text, {"kind": "lead_sentence", "article_id": article_id, "start": start, "end": end}


def build_headline(analyzed: list[AnalyzedArticle], notes: list[str] | None = None) -> tuple[str, dict | None]:
    """The brief's ``(headline, headline_from)``: :func:`choose_headline` of its
    articles, a lead given as its cited source span."""
    headline, found = choose_headline(
        {"id": x.article.id, "title": x.article.title, "text": x.article.text} for x in analyzed
    )
    if found is None:
        if notes is not None:
            notes.append("headline: no article has a title or a lead sentence")
        return "", None
    if found["kind"] == "lead_sentence":
        if notes is not None:
            notes.append("headline: no article has a title; the headline is a lead sentence, verbatim")
        item = next(x for x in analyzed if x.article.id == found["article_id"])
        found = {"kind": "lead_sentence", **source(item, found["start"], found["end"])}
    return headline, found
