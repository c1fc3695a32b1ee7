"""JSON bodies of the API's article, search and ingest answers. Each article carries
the ``story_id`` of the story it is in (null until grouped), so every view links to it."""

from __future__ import annotations

from ..contract import analysis_json
from ..desk import Desk
from ..listing import article_row
from ..model import Analysis, Article
from .views import snippet_parts


def article_json(article: Article, analysis: Analysis | None, story_id: str | None = None) -> dict:
    """The analysis contract (:mod:`storydesk.contract`) for one article."""
    return analysis_json(article, analysis, story_id=story_id)


def search_json(query: str, hits: list[tuple[Article, str]], stories: dict[str, str] | None = None) -> dict:
    """Search hits: ``snippet`` is plain text, ``matches`` the ``[start, end)`` offsets of
    the matched words in it; ``stories`` maps article ids to their story ids."""
    stories = stories or {}
    return {"query": query, "results": [{**article_row(a, stories.get(a.id)), **_snippet_json(s)}
                                        for a, s in hits]}


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
    report = desk.ingest_bytes(data, source)
    stories = desk.stories_of(list(report.stored.ids) + list(report.already.ids))
    return {
        "source": source,
        "stored": [article_row(a, stories.get(a.id)) for a in report.stored],
        "already": [article_row(a, stories.get(a.id)) for a in report.already],
        "rejected": [{"source": r.source, "line": r.line, "reason": r.reason} for r in report.rejected],
    }
