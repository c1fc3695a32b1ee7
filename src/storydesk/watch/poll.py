"""One poll of one feed, in a worker thread: a conditional GET, then for each entry not
seen before (or changed since) the article it makes, its page fetched when the feed gives
only a summary. Nothing here writes: the watcher stores what a poll prepared, in order,
and only then saves the feed's validators, so a poll cut short is simply done again.

Entries the store already knows cost nothing: an entry this feed carried before with the
same title and text is skipped; one another feed carried (same GUID or canonical URL) is
only recorded for this feed, its page not fetched again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TypeVar

from ..config import Settings
from ..errors import InputError
from ..ingest.html import read_html
from ..model import Article
from ..store import Store
from ..store import feeds as db
from .entries import Entry, FeedDoc, NotAFeed, parse_feed
from .fetch import Fetcher
from .fulltext import feed_article, is_summary, page_article
from .urls import host_key

log = logging.getLogger(__name__)

T = TypeVar("T")


class SharedReads:
    """Entries being read (or read a moment ago) by the watcher's workers, by article key:
    a worker polling a second feed that carries the same entry waits for the first one's
    article instead of fetching its page again. Bounded: the oldest keys are forgotten
    (by then the article is in the store, where keys are looked up first), and the writer
    forgets an entry's read once it has stored it, so pages are not held in memory.

    >>> shared = SharedReads()
    >>> shared.read(["url:a"], lambda: "page A"), shared.read(["guid:x", "url:a"], lambda: "again")
    ('page A', 'page A')
    """

    def __init__(self, size: int = 512, wait: float = 60.0):
        self._lock = threading.Lock()
        self._reads: OrderedDict[str, Future] = OrderedDict()
        self._size = size
        self._wait = wait

    def forget(self, keys: list[str]) -> None:
        """Drop what was read for these keys (stored now, so found in the store)."""
        with self._lock:
            for key in keys:
                self._reads.pop(key, None)

    def read(self, keys: list[str], make: Callable[[], T]) -> T:
        with self._lock:
            found = next((self._reads[k] for k in keys if k in self._reads), None)
            if found is None:
                mine: Future = Future()
                for key in keys:
                    self._reads[key] = mine
                while len(self._reads) > self._size:
                    self._reads.popitem(last=False)
        if found is not None:
            try:
                return found.result(timeout=self._wait)
            except Exception:  # the other worker failed or stalled: read it here
                return make()
        try:
            value = make()
        except BaseException as exc:
            mine.set_exception(exc)
            raise
        mine.set_result(value)
        return value


@dataclass
class Prepared:
    """What the watcher should store for one entry."""

    entry: Entry
    keys: list[str]  # article keys: GUID, canonical URL (the content hash is added on store)
    article: Article | None = None  # None: the entry is already stored (``known``)
    known: str | None = None  # the stored article this entry is (another feed's, or an edit's target)
    edit: bool = False  # ``article`` is a new version of ``known``
    page_error: str | None = None  # why the page could not be used (the feed's text is stored)


@dataclass
class PollResult:
    feed: dict
    fetched_at: float = 0.0  # clock time the feed's answer arrived
    fetched_real: float = 0.0  # the same moment in real (monotonic) time
    status: int | None = None
    error: str | None = None
    headers: dict = field(default_factory=dict)
    not_modified: bool = False
    moved_to: str | None = None
    discovered: str | None = None  # the feed a homepage links to
    doc: FeedDoc | None = None
    prepared: list[Prepared] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)


def conditional_headers(feed: dict) -> dict[str, str]:
    """The headers that make a poll conditional on the feed having changed.

    >>> conditional_headers({"etag": '"v2"', "last_modified": None})
    {'If-None-Match': '"v2"'}
    """
    headers = {}
    if feed.get("etag"):
        headers["If-None-Match"] = feed["etag"]
    if feed.get("last_modified"):
        headers["If-Modified-Since"] = feed["last_modified"]
    return headers


def poll_feed(feed: dict, fetcher: Fetcher, store: Store, settings: Settings,
              shared: SharedReads | None = None, read: Callable[[bytes, str], Article] = read_html) -> PollResult:
    """Poll ``feed`` (a row of the feeds table) and prepare its new and changed entries,
    pages extracted by ``read`` (default: :func:`~storydesk.ingest.html.read_html`, in this process)."""
    got = fetcher.get(feed["url"], headers=conditional_headers(feed))
    result = PollResult(feed, fetched_at=fetcher.clock.time(), fetched_real=time.monotonic(), status=got.status,
                        headers={k.lower(): v for k, v in dict(got.headers).items()},
                        moved_to=got.moved_to if got.moved_to and got.moved_to != feed["url"] else None)
    if got.status == 304:
        result.not_modified = True
        return result
    if got.error is not None or got.status != 200:
        result.error = got.error or f"HTTP {got.status}"
        return result
    try:
        doc = parse_feed(got.body, got.final_url or feed["url"], result.headers.get("content-type"))
    except NotAFeed as exc:
        if exc.feeds:
            result.discovered = exc.feeds[0]
        result.error = exc.reason
        return result
    result.doc = doc
    feed_host = host_key(feed["url"])
    for entry in doc.entries:
        prepared = _prepare(entry, feed, doc, feed_host, fetcher, store, settings, shared or SharedReads(), read)
        if prepared is not None:
            result.prepared.append(prepared)
            if prepared.page_error:
                result.page_errors.append(prepared.page_error)
    result.prepared.sort(key=lambda p: p.entry.published or "")  # grouping decides in time order
    return result


def _prepare(entry: Entry, feed: dict, doc: FeedDoc, feed_host: str, fetcher: Fetcher, store: Store,
             settings: Settings, shared: SharedReads, read: Callable[[bytes, str], Article]) -> Prepared | None:
    keys = entry.article_keys(feed_host)
    seen = db.known_entry(store, feed["id"], entry.key)
    if seen is not None and seen[1] == entry.hash and seen[0] is not None:
        return None  # carried before, unchanged
    known = seen[0] if seen is not None and seen[0] else db.article_for_keys(store, keys)
    edit = seen is not None and seen[0] is not None and seen[1] != entry.hash
    if known is not None and not edit:
        return Prepared(entry, keys, known=known)  # another feed's entry, or a GUID that changed
    prepared = Prepared(entry, keys, known=known, edit=edit)
    if edit:  # this feed's own entry changed: read it again, whatever was read before
        prepared.article, prepared.page_error = _read_entry(entry, feed, doc, fetcher, settings, read)
    else:
        prepared.article, prepared.page_error = shared.read(
            keys, lambda: _read_entry(entry, feed, doc, fetcher, settings, read))
    if prepared.article is None:
        return None  # no text anywhere (a title-only entry whose page failed)
    return prepared


def _read_entry(entry: Entry, feed: dict, doc: FeedDoc, fetcher: Fetcher,
                settings: Settings, read: Callable[[bytes, str], Article]) -> tuple[Article | None, str | None]:
    """The entry's article (its page's when the feed gives a summary) and, when the page
    could not be used, why."""
    article, error = None, None
    if entry.link and is_summary(entry.text, settings):
        page = fetcher.get(entry.link, page=True)
        if page.ok:
            failed: list[str] = []

            def reading(data: bytes, source: str) -> Article:
                try:
                    return read(data, source)
                except InputError as exc:  # no article in it, or its extraction over budget or crashed
                    failed.append(exc.reason)
                    raise

            article = page_article(entry, doc, page.body, page.final_url or entry.link, settings, reading)
            if failed:
                error = f"{entry.link}: {failed[-1]}"
        else:
            error = f"{entry.link}: {page.error or f'HTTP {page.status}'}"
            log.warning("full text of %s not fetched (%s): the feed's text is stored", entry.link,
                        page.error or f"HTTP {page.status}")
    return article or feed_article(entry, doc, feed["url"]), error
