"""JSON bodies of the API's article, search and ingest answers."""

from __future__ import annotations

from ..desk import Desk
from ..listing import article_row
from ..model import Analysis, Article, to_dict
from .views import snippet_parts

_ANALYSIS_PARTS = ("sentences", "entities", "quotes", "posts", "tags", "dates", "figures")


def article_json(article: Article, analysis: Analysis | None) -> dict:
    """The analysis contract of DESIGN.md for one article (offsets into ``text``)."""
    data = {**article_row(article), "url": article.url, "authors": list(article.authors), "text": article.text}
    for part in _ANALYSIS_PARTS:
        data[part] = to_dict(getattr(analysis, part)) if analysis is not None else []
    data["notes"] = list(analysis.notes) if analysis is not None else ["not analyzed"]
    return data


def search_json(query: str, hits: list[tuple[Article, str]]) -> dict:
    """Search hits: ``snippet`` is plain text, ``matches`` the ``[start, end)`` offsets of
    the matched words in it."""
    return {"query": query, "results": [{**article_row(a), **_snippet_json(s)} for a, s in hits]}


def _snippet_json(snippet: str) -> dict:
    """
    >>> _snippet_json("a [b] \x02c\x03 d")
    {'snippet': 'a [b] c d', 'matches': [[6, 7]]}
    """
    text, matches = "", []
    for part, is_match in snippet_parts(snippet):
        if is_match:
            matches.append([len(text), len(text) + len(part)])
        text += part
    return {"snippet": text, "matches": matches}


def ingest_json(desk: Desk, data: bytes, source: str) -> dict:
    """Ingest one uploaded input through ``desk`` (read, store, analyze, group), its
    articles recorded under ``source`` (see :func:`storydesk.web.api.upload_source`)."""
    from ..store.quarantine import notes_for

    report = desk.ingest_bytes(data, source)
    noted = notes_for(desk.store, report.stored.ids)  # what a stage could not do, and why
    return {
        "source": source,
        "stored": [article_row(a, [reason for _, reason, _ in noted.get(a.id, [])]) for a in report.stored],
        "already": [article_row(a) for a in report.already],
        "rejected": [{"source": r.source, "line": r.line, "reason": r.reason} for r in report.rejected],
    }
