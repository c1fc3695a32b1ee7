"""The analysis contract: one article and what the analyzer found in it, as JSON.

The one serializer behind ``storydesk analyze --format json``, ``storydesk article ID
--analysis --format json`` and ``GET /api/articles/ID``; the contract is described in
``docs/analysis-contract.md``. Every offset is into ``text``. The contract's fields come
first, in its order; the extra fields are the article's ``date_from_ingest``, ``url``,
``authors`` and ``story_id`` (null outside a store), its ``tags`` (hashtags and
@mentions), each item's further fields (an entity's ``gender`` and ``role``, a date's
``precision`` and ``sentence_end``, a figure's ``kind`` and ``context``, a post's
``hashtags`` and ``links``), the analyzer ``version`` and ``notes``.

>>> from storydesk.model import Analysis, Article, Sentence
>>> article = Article(id="a1", source="wire.txt", format="text", text="It rained.", title="Rain")
>>> data = analysis_json(article, Analysis("a1", "0.4", sentences=(Sentence(0, 10),)))
>>> list(data)[:7], data["sentences"], data["quotes"]
(['id', 'source', 'outlet', 'title', 'published', 'text', 'sentences'], [{'start': 0, 'end': 10}], [])
"""

from __future__ import annotations

from typing import Any

from .model import Analysis, Article, to_dict

#: The analysis's parts, in the contract's order (``tags`` is an extra).
PARTS = ("sentences", "entities", "quotes", "posts", "dates", "figures", "tags")


def analysis_json(article: Article, analysis: Analysis | None, *, story_id: str | None = None) -> dict:
    """``article`` and its ``analysis`` in the contract's shape; with no analysis (one
    that cannot be made here) every part is empty and ``notes`` says so."""
    data: dict[str, Any] = {
        "id": article.id,
        "source": article.source,
        "outlet": article.outlet,
        "title": article.title,
        "published": article.published,
        "text": article.text,
    }
    for part in PARTS:
        data[part] = to_dict(list(getattr(analysis, part))) if analysis is not None else []
    data.update({
        "date_from_ingest": article.date_from_ingest,
        "url": article.url,
        "authors": list(article.authors),
        "story_id": story_id,
        "version": analysis.version if analysis is not None else None,
        "notes": list(analysis.notes) if analysis is not None else ["not analyzed"],
    })
    return data
