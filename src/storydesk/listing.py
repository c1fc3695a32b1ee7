"""One row per stored article, as listings show it (``storydesk articles``, the HTTP API).

>>> from storydesk.model import Article
>>> article_row(Article(id="a1", source="wire.txt", format="text", text="Body.", title="Headline",
...                     outlet="Wire", published="2021-06-07"))
{'id': 'a1', 'outlet': 'Wire', 'published': '2021-06-07', 'date_from_ingest': False, 'title': 'Headline', 'source': 'wire.txt', 'story_id': None, 'headline_only': False}
>>> article_row(Article(id="a1", source="x", format="json", text="T", title="T", headline_only=True),
...             notes=["published date 9999-12-31 is outside the plausible range ..."])["notes"]
['published date 9999-12-31 is outside the plausible range ...']
"""  # noqa: E501 - doctest output is one line

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .model import Article


def article_row(article: Article, story_id: str | None = None, notes: Iterable[str] | None = None) -> dict:
    """The article's listing fields; ``date_from_ingest`` says ``published`` is the time
    it was ingested, because its source gave no date; ``story_id`` is the story it is in
    (None before it is grouped, or outside a store); ``headline_only`` that the source
    gave a title and no body. ``notes`` (what a stage could not do with the article and
    why, see :mod:`storydesk.quarantine`) are listed when given."""
    row: dict[str, Any] = {
        "id": article.id,
        "outlet": article.outlet,
        "published": article.published,
        "date_from_ingest": article.date_from_ingest,
        "title": article.title,
        "source": article.source,
        "story_id": story_id,
        "headline_only": article.headline_only,
    }
    if notes is not None:
        row["notes"] = list(notes)
    return row
