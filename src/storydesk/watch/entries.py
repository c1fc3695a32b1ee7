"""A polled feed's bytes as entries (through feedparser, as ``storydesk ingest`` reads
feeds), or the reason they are not a feed; a homepage's feed found through its
``<link rel="alternate">`` (as news-please does).

Refused before parsing: a document declaring XML entities (``<!ENTITY``: the "billion
laughs" and quadratic-blowup attacks need one, real feeds don't) and an HTML page (which
may point at its feed instead). A feed that is not well-formed XML is read as far as
feedparser's lenient parser can, and says so.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from urllib.parse import urljoin

from ..ingest.common import outlet_from_url
from ..ingest.feeds import entry_date, entry_markup
from ..ingest.markup import fragment_text
from .urls import canonical_url, is_web_url

log = logging.getLogger(__name__)

_ENTITY_DECL = re.compile(rb"<!ENTITY", re.IGNORECASE)
_HTML_START = re.compile(rb"^\s*(?:<!--.*?-->\s*)*(?:<!doctype\s+html|<html|<head|<body)", re.IGNORECASE | re.DOTALL)
_FEED_TYPES = ("application/rss+xml", "application/atom+xml", "application/feed+json",
               "application/rdf+xml", "application/xml", "text/xml")


class NotAFeed(Exception):
    """Why a response is not a feed; ``feeds`` lists the feeds a homepage links to."""

    def __init__(self, reason: str, feeds: list[str] | None = None):
        super().__init__(reason)
        self.reason = reason
        self.feeds = feeds or []


@dataclass(frozen=True)
class Entry:
    """One feed entry, as the watcher needs it."""

    key: str  # what identifies it in its feed: GUID, else link, else a hash of title and date
    guid: str | None
    link: str | None  # canonical form
    title: str | None
    published: str | None
    authors: tuple[str, ...]
    text: str  # content or summary, as plain text
    markup: str
    full_content: bool  # the feed gave content, not only a summary
    hash: str  # of title and text: a change is an edit

    def article_keys(self, feed_host: str) -> list[str]:
        """The keys that name this entry's article whatever feed carries it: the GUID
        (scoped to the feed's host unless it is a URL or URN), then the canonical URL."""
        keys = []
        if self.guid:
            scoped = self.guid if ":" in self.guid else f"{feed_host}/{self.guid}"
            keys.append(f"guid:{scoped}")
        if self.link:
            keys.append(f"url:{self.link}")
        return keys


@dataclass(frozen=True)
class FeedDoc:
    title: str | None
    link: str | None
    outlet: str | None
    format: str  # rss | atom
    ttl_s: float | None  # RSS <ttl>, in seconds
    entries: list[Entry]
    warning: str | None = None  # read, but not cleanly (malformed XML)


def _digest(*parts: str | None) -> str:
    return hashlib.sha256("\x1f".join(p or "" for p in parts).encode("utf-8")).hexdigest()[:16]


def looks_like_html(data: bytes, content_type: str | None = None) -> bool:
    """Is this an HTML page rather than a feed?

    >>> looks_like_html(b"<!DOCTYPE html><html><head>"), looks_like_html(b"<?xml version='1.0'?><rss>")
    (True, False)
    """
    if content_type and "html" in content_type.lower() and b"<rss" not in data[:2048] \
            and b"<feed" not in data[:2048]:
        return True
    return bool(_HTML_START.match(data[:4096]))


def discover_feeds(page: bytes, base_url: str) -> list[str]:
    """Feed URLs a page announces with ``<link rel="alternate" type="application/rss+xml">``
    (RSS and Atom first, in page order), absolute."""
    from lxml import html as lxml_html

    try:
        doc = lxml_html.fromstring(page)
    except (ValueError, Exception):  # lxml raises ParserError on empty or odd documents
        return []
    found: list[tuple[int, str]] = []
    for link in doc.iter("link"):
        rel = (link.get("rel") or "").lower().split()
        kind = (link.get("type") or "").lower().split(";")[0].strip()
        href = (link.get("href") or "").strip()
        if "alternate" in rel and kind in _FEED_TYPES and href:
            url = urljoin(base_url, href)
            if is_web_url(url):
                found.append((0 if _FEED_TYPES.index(kind) <= 1 else 1, url))  # RSS and Atom alike, in page order
    # in order of kind (stable), each URL once
    return list(dict.fromkeys(u for _, u in sorted(found, key=lambda x: x[0])))


def _ttl(feed) -> float | None:
    value = str(feed.get("ttl") or "").strip()
    return float(value) * 60.0 if value.isdigit() and int(value) > 0 else None


def parse_feed(data: bytes, url: str, content_type: str | None = None) -> FeedDoc:
    """The entries of a feed document; :class:`NotAFeed` when it is none."""
    import feedparser

    head = data[:65536]
    if _ENTITY_DECL.search(head) and b"<!DOCTYPE" in head.upper():
        raise NotAFeed("document declares XML entities (<!ENTITY): refused unread, "
                       "a defence against entity-expansion attacks")
    if looks_like_html(data, content_type):
        feeds = discover_feeds(data, url)
        where = f"; it links to the feed {feeds[0]}" if feeds else " and links to no feed"
        raise NotAFeed(f"an HTML page, not a feed{where}", feeds)
    headers = {"content-type": content_type} if content_type else {}
    parsed = feedparser.parse(data, response_headers=headers, sanitize_html=False,
                              resolve_relative_uris=False)
    problem = parsed.get("bozo_exception")
    if not parsed.entries:
        if parsed.get("version") and not problem:  # a real feed with no entries yet
            return FeedDoc(parsed.feed.get("title"), parsed.feed.get("link"), None,
                           "atom" if parsed.version.startswith("atom") else "rss", _ttl(parsed.feed), [])
        raise NotAFeed(f"not a feed{f': {problem}' if problem else ' (no RSS or Atom found)'}")
    warning = None
    if problem is not None and not isinstance(problem, feedparser.CharacterEncodingOverride):
        warning = f"feed is not well-formed ({problem}); {len(parsed.entries)} entries read anyway"
    site = parsed.feed.get("link")
    outlet = parsed.feed.get("title") or outlet_from_url(site) or outlet_from_url(url)
    entries = [_entry(e, url) for e in parsed.entries]
    return FeedDoc(
        title=parsed.feed.get("title"), link=site, outlet=outlet,
        format="atom" if (parsed.version or "").startswith("atom") else "rss",
        ttl_s=_ttl(parsed.feed), entries=[e for e in entries if e is not None], warning=warning,
    )


def _entry(entry, feed_url: str) -> Entry | None:
    markup, full = entry_markup(entry)
    text = fragment_text(markup) if markup else ""
    title = " ".join((entry.get("title") or "").split()) or None
    link = canonical_url(urljoin(feed_url, entry.get("link") or "")) if entry.get("link") else None
    guid = (entry.get("id") or "").strip() or None
    if not (text or title or link):
        return None
    published = entry_date(entry)
    key = guid or link or f"hash:{_digest(title, published)}"
    authors = tuple(a.get("name", "") for a in entry.get("authors", []) if a.get("name"))
    if not authors and entry.get("author"):
        authors = (entry.get("author"),)
    return Entry(
        key=key, guid=guid, link=link, title=title, published=published, authors=authors, text=text,
        markup=markup, full_content=full, hash=_digest(title, text),
    )
