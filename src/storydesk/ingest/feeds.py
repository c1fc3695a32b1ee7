"""RSS and Atom feeds through feedparser: one article per entry.

An entry's body is its full content when the feed carries it, else its summary; HTML in
either is reduced to text. An entry with a title and neither (a headline feed) is a
headline-only article.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator

from ..model import Article, Rejection
from .common import make_article, outlet_from_url
from .markup import fragment_text

log = logging.getLogger(__name__)


def entry_date(entry) -> str | None:
    """An entry's publication (else update) date as the feed gives it."""
    for key in ("published_parsed", "updated_parsed", "created_parsed"):
        value = entry.get(key)
        if value:
            return time.strftime("%Y-%m-%dT%H:%M:%S", value)
    return entry.get("published") or entry.get("updated")


def entry_markup(entry) -> tuple[str, bool]:
    """(an entry's body markup, True when it is full content rather than a summary): its
    longest ``content`` (``content:encoded``, Atom ``content``), else its summary."""
    contents = entry.get("content") or []
    markup = max((c.get("value", "") for c in contents), key=len, default="")
    return (markup, True) if markup.strip() else (entry.get("summary", "") or "", False)


def read_feed(data: bytes, source: str) -> Iterator[Article | Rejection]:
    import feedparser

    parsed = feedparser.parse(data)
    if not parsed.entries:
        problem = getattr(parsed, "bozo_exception", None)
        reason = f"feed has no entries{f' ({problem})' if problem else ''}"
        yield Rejection(source, reason)
        return
    fmt = "atom" if parsed.version.startswith("atom") else "rss"
    outlet = parsed.feed.get("title") or outlet_from_url(parsed.feed.get("link"))
    encoding = getattr(parsed, "encoding", None) or None
    for number, entry in enumerate(parsed.entries, start=1):
        where = f"{source}#{number}"
        try:
            yield _entry_article(entry, where, fmt, outlet, encoding)
        except RecursionError:
            yield Rejection(where, "feed entry nested too deeply to read")
        except Exception as exc:  # one odd entry must not cost the entries after it
            log.debug("unexpected failure reading %s", where, exc_info=True)
            yield Rejection(where, f"internal error reading this entry: {type(exc).__name__}: {exc}")


def _entry_article(entry, where: str, fmt: str, outlet: str | None, encoding: str | None) -> Article | Rejection:
    markup, _ = entry_markup(entry)
    text = fragment_text(markup)
    title = " ".join((entry.get("title") or "").split())
    if not text and not title:
        return Rejection(where, "feed entry has no text and no title")
    authors = tuple(a.get("name", "") for a in entry.get("authors", []) if a.get("name"))
    return make_article(
        text=text or title,
        source=where,
        format=fmt,
        raw=json.dumps(
            {k: entry.get(k) for k in ("title", "link", "published", "updated", "summary")}
            | {"content": markup},
            ensure_ascii=False,
            default=str,
        ),
        title=entry.get("title"),
        outlet=outlet,
        published=entry_date(entry),
        url=entry.get("link"),
        authors=authors or ((entry.get("author"),) if entry.get("author") else ()),
        encoding=encoding,
        headline_only=not text,
    )
