"""What an article or a social post adds to the trend counts, and the source it counts as
(its outlet, its account): the items :class:`~storydesk.stories.tracker.StoryTracker`
counts (:mod:`.trend_counting`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from ..model import Analysis, Article
from .terms import article_terms


def post_id(platform: str | None, handle: str | None, text: str) -> str:
    """A post's id: the same post embedded by two outlets (or given twice) has one id."""
    key = "\x1f".join([(platform or "").lower(), (handle or "").lstrip("@").lower(), " ".join(text.split())])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class PostItem:
    """A social post in the stream (from ``ingest --posts`` or embedded in an article)."""

    time: datetime
    text: str
    source: str
    platform: str | None = None
    author: str | None = None
    handle: str | None = None
    hashtags: tuple[str, ...] = ()
    id: str | None = None  # computed from platform, handle and text when not given
    article_id: str | None = None
    counts_as: str | None = None  # the source it counts as when it names no account
    links: tuple[str, ...] = ()  # URLs the post links to (a stored article's joins its story)

    @property
    def key(self) -> str:
        return self.id or post_id(self.platform, self.handle, self.text)

    @property
    def account(self) -> str:
        """The source a post counts as: its account, else the stream (or article) it came in."""
        who = (self.handle or "").lstrip("@").casefold() or " ".join((self.author or "").split()).casefold()
        if who:
            return f"account:{(self.platform or 'post').casefold()}:@{who}" if self.handle else \
                f"account:{(self.platform or 'post').casefold()}:{who}"
        return self.counts_as or f"stream:{self.source}"


def article_source(article: Article) -> str:
    """The source an article counts as for trends: its outlet (a ``www.`` dropped), else
    its URL's host, else its own input (path or name).

    >>> article_source(Article(id="a", text="", source="x.txt", format="text", outlet="www.BBC.com"))
    'outlet:bbc.com'
    """
    from urllib.parse import urlparse

    name = (article.outlet or "").strip().casefold()
    if not name and article.url:
        name = (urlparse(article.url).hostname or "").casefold()
    if name.startswith("www."):
        name = name[4:]
    return f"outlet:{name}" if name else f"source:{article.source}"


def evidence(article: Article, analysis: Analysis | None, boilerplate=()) -> dict:
    """What an article adds to the trend counts (JSON-ready, so it can wait in the store):
    its source, its terms (none from the ``boilerplate`` spans) and its embedded posts."""
    posts = analysis.posts if analysis is not None else ()
    return {
        "article_id": article.id,
        "source": article.source,
        "counts_as": article_source(article),
        "terms": [[t.key, t.text, t.kind] for t in article_terms(article, analysis, boilerplate)],
        "posts": [{"platform": p.platform, "author": p.author, "handle": p.handle, "text": p.text,
                   "date": p.date, "hashtags": list(p.hashtags)} for p in posts],
    }
