"""The live desk: feeds polled when due by worker threads, post streams followed by their
own threads, and one writer (the thread calling :meth:`Watcher.run`) storing, analyzing
and grouping what they bring, in order.

The writer saves a feed's validators and schedule only after every entry of the poll is
stored, and a stream's cursor only after its posts are: a watcher killed at any point
polls that feed again and re-reads those posts on restart, and finds them stored (no
gap, no duplicate). On a stop request (:attr:`Watcher.stop`, set by SIGTERM/Ctrl-C in
the CLI) the writer finishes the article in hand and returns; workers abandon their
requests (they are daemon threads, waited for by nobody).
"""

from __future__ import annotations

import json
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..config import Settings
from ..desk import Desk
from ..model import Article
from ..store import Store
from ..store import feeds as db
from .clock import Clock, SystemClock, epoch, iso
from .fetch import Fetcher
from .memory import trim, warm_up
from .poll import PollResult, Prepared, SharedReads, poll_feed
from .post_intake import PostIntake, StreamPost
from .schedule import WEEK, backoff, max_age, rate_interval, retry_after
from .streams import PostStream, StreamError, open_stream
from .urls import canonical_url

log = logging.getLogger(__name__)

#: Clock seconds (and at least real seconds) between two looks at which stories trend
#: (and so which feeds speed up).
TRENDING_EVERY = 300.0
TRENDING_EVERY_REAL = 5.0
#: Items waiting for the writer before stream threads wait too.
QUEUE_SIZE = 5000
#: Polls (their articles first) come before posts, but one item in this many is a post when
#: one waits: a watcher that cannot keep up with its feeds still follows its streams (a
#: stream starved of turns fills its queue, stops reading, misses its pings and is dropped).
POST_TURN = 2
#: Polls fetched and waiting for the writer before no more feeds are handed out.
MAX_WAITING_POLLS = 64
#: Page cache of each worker's read-only store connection, in KiB.
READER_CACHE_KIB = 512
#: Real seconds between two returns of freed memory to the system (after new articles).
TRIM_EVERY = 30.0


@dataclass
class WatchStats:
    """What a watcher did since it started (the CLI's status line, the benchmark's table)."""

    polls: int = 0
    not_modified: int = 0
    failures: int = 0
    entries_new: int = 0
    articles: int = 0
    edits: int = 0
    duplicates_avoided: int = 0
    posts: int = 0
    posts_linked: int = 0
    rejected: int = 0
    page_errors: int = 0


@dataclass
class ArticleEvent:
    """Told to ``on_article`` after an article is stored (or edited) and grouped."""

    article: Article
    feed_url: str
    edited: bool
    at: float  # clock time
    story_id: str | None = None
    found_at: float | None = None  # clock time the feed answer carrying it arrived
    latency_s: float | None = None  # real seconds from that answer to the article grouped


@dataclass
class _Poll:
    result: PollResult


class Watcher:
    """Polls the store's feeds and follows post streams (``posts``: ``--posts`` specs,
    see :mod:`.streams`; ``streams``: stream objects) until :attr:`stop` is set. An
    unusable spec raises :class:`~.streams.SpecError` here, before anything runs.

    ``clock`` is the time the schedule runs on (a :class:`~.clock.ScaledClock` replays a
    day in minutes). A watcher runs once: :meth:`run` returns when stopped.
    """

    def __init__(self, desk: Desk, *, clock: Clock | None = None, posts: Iterable[str] = (),
                 streams: Iterable[PostStream] = (),
                 on_article: Callable[[ArticleEvent], None] | None = None,
                 stop: threading.Event | None = None):
        self.desk = desk
        self.settings: Settings = desk.settings
        self.clock = clock or SystemClock()
        self.stop = stop or threading.Event()
        self.stats = WatchStats()
        self.fetcher = Fetcher(self.settings, self.clock, self.stop)
        self._streams = list(streams) + [
            open_stream(spec, fetcher=self.fetcher, clock=self.clock, settings=self.settings) for spec in posts
        ]
        self._on_article = on_article
        self._rng = random.Random()
        # polls with nothing to store (304s, faults) first: applying one takes a moment and
        # puts its feed back on schedule, where behind a busy poll's analysis it would wait
        # (and hold back the scheduler); then polls with entries; then posts
        self._quick: queue.Queue = queue.Queue()
        self._polls: queue.Queue = queue.Queue()  # polls before posts: an article waits for no post
        self._posts: queue.Queue = queue.Queue(QUEUE_SIZE)
        self._turns = 0  # items taken: every POST_TURN-th is a post if one waits
        self._jobs: queue.Queue = queue.Queue()
        self._in_flight: set[int] = set()  # handed out, not yet applied by the writer
        self._fetching: set[int] = set()  # handed out, not yet fetched
        self._lock = threading.Lock()
        self._trending: set[int] = set()
        self._trending_at = float("-inf")
        self._trending_real = float("-inf")
        self._intake = PostIntake(desk, self.clock, self.stats)
        self._threads: list[threading.Thread] = []
        self._shared = SharedReads()
        self._current: PollResult | None = None  # the poll whose entries are being stored
        self._warm = False
        self._trimmed_at = time.monotonic()

    @property
    def store(self) -> Store:
        return self.desk.store

    # -- running --------------------------------------------------------------------------------
    def warm(self) -> None:
        """Load what watching needs once (:func:`.memory.warm_up`); :meth:`run` calls it."""
        if not self._warm:
            warm_up(self.desk)
            self._warm = True

    def run(self, *, until: float | None = None) -> WatchStats:
        """Watch until :attr:`stop` is set (or the clock reaches ``until``)."""
        self.warm()
        self._start()
        try:
            while not self.stop.is_set():
                now = self.clock.time()
                if until is not None and now >= until:
                    break
                self._refresh_trending(now)
                item = self._next_item()
                if item is not None:
                    self._handle(item)
        finally:
            self.stop.set()
            self._intake.flush()
            self.fetcher.close()
            for thread in self._threads:
                thread.join(timeout=0.5)
        return self.stats

    def _next_item(self):
        self._turns += 1
        if self._turns % POST_TURN == 0:
            try:
                return self._posts.get_nowait()
            except queue.Empty:
                pass
        for ready in (self._quick, self._polls):
            try:
                return ready.get_nowait()
            except queue.Empty:
                continue
        try:
            return self._posts.get(timeout=0.05)
        except queue.Empty:
            return None

    def _start(self) -> None:
        store = self.store  # opened (and migrated) here, by the writer, before any worker reads
        for number in range(self.settings.watch_workers):
            self._spawn(f"storydesk-fetch-{number}", self._work, store)
        self._spawn("storydesk-schedule", self._schedule, store)
        for stream in self._streams:
            self._spawn(f"storydesk-posts-{stream.spec}", self._follow, stream, self._intake.resume(stream.spec))

    def _spawn(self, name: str, target, *args) -> None:
        thread = threading.Thread(target=target, args=args, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def _put(self, item) -> bool:
        if isinstance(item, _Poll):
            target = self._polls if item.result.prepared else self._quick
        else:
            target = self._posts
        while not self.stop.is_set():
            try:
                target.put(item, timeout=0.2)
                return True
            except queue.Full:
                continue
        return False

    # -- feeds: workers -------------------------------------------------------------------------
    def _work(self, store: Store) -> None:
        # a read-only connection of its own (the writer's only for an in-memory store)
        reader = _reader(store)
        try:
            while not self.stop.is_set():
                try:
                    feed = self._jobs.get(timeout=0.2)
                except queue.Empty:
                    continue
                try:
                    result = poll_feed(feed, self.fetcher, reader, self.settings, self._shared,
                                       read=self.desk.guard.read_html)
                except Exception as exc:  # a bug must not stop the desk: the feed is retried
                    log.exception("polling %s failed", feed["url"])
                    result = PollResult(feed, error=f"internal error: {type(exc).__name__}: {exc}")
                with self._lock:
                    self._fetching.discard(feed["id"])
                if not self._put(_Poll(result)):
                    return
        finally:
            if reader is not store:
                reader.close()

    def _schedule(self, store: Store) -> None:
        """Hand due feeds to the workers while the writer analyzes: a feed stays in flight
        (not handed out again) until the writer has applied its poll, but only the feeds
        being fetched, and a bounded number of polls waiting for the writer, hold back
        the others."""
        reader = _reader(store)
        try:
            while not self.stop.is_set():
                with self._lock:
                    busy = set(self._in_flight)
                    fetching = len(self._fetching)
                waiting = len(busy) - fetching
                free = min(self.settings.watch_workers * 2 - fetching, MAX_WAITING_POLLS - waiting)
                if free > 0:
                    for feed in db.due_feeds(reader, iso(self.clock.time()), exclude=busy, limit=free):
                        with self._lock:
                            self._in_flight.add(feed["id"])
                            self._fetching.add(feed["id"])
                        self._jobs.put(feed)
                self.stop.wait(0.05)
        finally:
            if reader is not store:
                reader.close()

    def _refresh_trending(self, now: float) -> None:
        if (now - self._trending_at < TRENDING_EVERY or time.monotonic() - self._trending_real < TRENDING_EVERY_REAL
                or self.settings.watch_trending_speedup <= 1.0):
            return
        self._trending_at, self._trending_real = now, time.monotonic()
        from ..stories.api import trends

        window = f"{2 * self.settings.trend_bucket_hours:g}h"
        try:
            listed = trends(self.store, self.settings, window=window)["trends"]
            stories = {t["story_id"] for t in listed if t.get("story_id")}
        except Exception:  # trends are advisory here: a failure only keeps the old speeds
            log.exception("could not read trending stories")
            return
        self._trending = db.feeds_of_stories(self.store, stories)

    # -- feeds: the writer ----------------------------------------------------------------------
    def _handle(self, item) -> None:
        if isinstance(item, _Poll):
            articles = self.stats.articles + self.stats.edits
            try:
                self._apply(item.result)
            finally:
                with self._lock:
                    self._in_flight.discard(item.result.feed["id"])
            if self.stats.articles + self.stats.edits > articles and time.monotonic() - self._trimmed_at >= TRIM_EVERY:
                trim()  # pages read and parsed: their memory back to the system, not kept in arenas
                self._trimmed_at = time.monotonic()
        elif isinstance(item, StreamPost):
            self._intake.store(item)

    def _apply(self, result: PollResult) -> None:
        feed = result.feed
        # the schedule counts from when the feed answered, not from when the writer got to
        # it: a busy writer must not push every feed's next poll back
        now = result.fetched_at or self.clock.time()
        self.stats.polls += 1
        state: dict = {"last_poll": iso(now), "polls": feed["polls"] + 1, "last_status": result.status}
        wait: float
        if result.moved_to:
            state["url"] = result.moved_to
            log.warning("feed %s moved permanently to %s: the stored URL follows", feed["url"], result.moved_to)
        if result.not_modified:
            self.stats.not_modified += 1
            state.update(not_modified=feed["not_modified"] + 1, failures=0, last_error=None)
            wait = self._rate_wait(feed, now)
        elif result.discovered and result.doc is None:
            log.warning("feed %s is a web page; following the feed it links to: %s", feed["url"], result.discovered)
            state.update(url=result.discovered, last_error=f"a web page: following its feed {result.discovered}")
            wait = 0.0
        elif result.error is not None:
            wait = self._failed(feed, result, state, now)
        else:
            done = self._store_entries(feed, result, now)
            if not done:  # stopping mid-poll: nothing of its state is saved, it is polled again
                return
            doc = result.doc
            notes = [doc.warning] if doc and doc.warning else []
            if result.page_errors:
                notes.append(f"{len(result.page_errors)} page(s) not fetched or not read, feed text kept; "
                             f"last: {result.page_errors[-1]}")
                self.stats.page_errors += len(result.page_errors)
            for note in notes:
                log.warning("feed %s: %s", feed["url"], note)
            state.update(
                etag=result.headers.get("etag"), last_modified=result.headers.get("last-modified"),
                failures=0, last_error="; ".join(notes) or None, ttl_s=doc.ttl_s if doc else None,
                title=feed["title"] or (doc.title if doc else None),
                site_url=feed["site_url"] or (doc.link if doc else None),
            )
            wait = self._rate_wait({**feed, "ttl_s": state["ttl_s"]}, now)
        asked = max(max_age(result.headers) or 0.0, retry_after(result.headers, now) or 0.0)
        if asked > wait:
            state["not_before"] = iso(now + asked)
        wait = max(wait, asked)
        state["interval_s"] = round(wait, 1)
        state["next_poll"] = iso(now + wait)
        db.update_feed(self.store, feed["id"], **state)

    def _rate_wait(self, feed: dict, now: float) -> float:
        recent = db.entries_since(self.store, feed["id"], iso(now - WEEK))
        return rate_interval(recent, self.settings, trending=feed["id"] in self._trending, ttl_s=feed.get("ttl_s"))

    def _failed(self, feed: dict, result: PollResult, state: dict, now: float) -> float:
        self.stats.failures += 1
        failures = feed["failures"] + 1
        status = (f"HTTP {result.status}: " if result.status and result.status != 200
                  and result.error != f"HTTP {result.status}" else "")
        error = f"{status}{result.error}"
        state.update(failures=failures, last_error=error)
        if result.status == 410:
            state["parked"] = "410 Gone: the server says the feed was removed"
        elif failures >= self.settings.watch_max_failures:
            state["parked"] = f"{failures} failed polls in a row (last: {error})"
        if "parked" in state:
            log.warning("feed %s parked: %s (`storydesk feeds resume` polls it again)", feed["url"], state["parked"])
        else:
            log.warning("feed %s: %s (failure %d of %d before it is parked)", feed["url"], error, failures,
                        self.settings.watch_max_failures)
        return backoff(failures, self.settings, self._rng)

    def _store_entries(self, feed: dict, result: PollResult, now: float) -> bool:
        """Store the poll's entries in order; False when stopped before the last."""
        self._current = result
        new_entries = stored = 0
        for prepared in result.prepared:
            if self.stop.is_set():
                db.count_up(self.store, feed["id"], entries=new_entries, articles=stored)
                return False
            is_new_entry, is_new_article = self._store_one(feed, prepared, now)
            self._shared.forget(prepared.keys)  # stored: found by its keys from now on
            new_entries += is_new_entry
            stored += is_new_article
        db.count_up(self.store, feed["id"], entries=new_entries, articles=stored)
        return True

    def _store_one(self, feed: dict, p: Prepared, now: float) -> tuple[bool, bool]:
        entry, when = p.entry, iso(now)
        published = _naive_published(entry.published)
        if p.article is None:  # already stored, from another feed or under another GUID
            self.stats.duplicates_avoided += 1
            new = db.record_entry(self.store, feed["id"], entry.key, entry.hash, p.known, p.keys, when, published)
            return new, False
        article = p.article
        if p.edit and p.known is not None:
            self._edit(p.known, article, feed)
            db.record_entry(self.store, feed["id"], entry.key, entry.hash, p.known,
                            p.keys + [f"hash:{article.id}"], when, published)
            return False, False
        keys = p.keys + [f"url:{u}" for u in [canonical_url(article.url)] if u and f"url:{u}" not in p.keys]
        existing = db.article_for_keys(self.store, keys + [f"hash:{article.id}"])
        if existing is None and self.store.has_article(article.id):
            existing = article.id
        if existing is not None:  # stored meanwhile (another feed's poll came first)
            self.stats.duplicates_avoided += 1
            new = db.record_entry(self.store, feed["id"], entry.key, entry.hash, existing, keys, when, published)
            return new, False
        report = self.desk.add_articles([article])
        new = db.record_entry(self.store, feed["id"], entry.key, entry.hash, article.id,
                              keys + [f"hash:{article.id}"], when, published)
        self.stats.entries_new += 1
        if report.rejected:
            self.stats.rejected += len(report.rejected)
            return new, False
        self.stats.articles += 1
        self._tell(article, feed, edited=False, poll=self._current)
        return new, True

    def _edit(self, article_id: str, new: Article, feed: dict) -> bool:
        """An entry that changed: its article updated in place (same id, same story)."""
        old = self.store.get_article(article_id)
        if old.text == new.text and (new.title or old.title) == old.title:
            return False
        db.update_article(self.store, article_id, text=new.text, title=new.title or old.title, raw=new.raw,
                          published=None, precision=None, authors_json=json.dumps(list(new.authors or old.authors)))
        updated = self.store.get_article(article_id)
        self.desk.analyze([updated])  # the cached analysis of the old text was dropped
        self.stats.edits += 1
        log.info("article %s edited in %s: updated in place", article_id, feed["url"])
        self._tell(updated, feed, edited=True, poll=self._current)
        return True

    def _tell(self, article: Article, feed: dict, *, edited: bool, poll: PollResult | None) -> None:
        if self._on_article is not None:
            self._on_article(ArticleEvent(
                article, feed["url"], edited, self.clock.time(), db.story_of_article(self.store, article.id),
                found_at=poll.fetched_at if poll else None,
                latency_s=time.monotonic() - poll.fetched_real if poll else None,
            ))

    # -- post streams -----------------------------------------------------------------------------
    def _follow(self, stream: PostStream, cursor: str | None) -> None:
        def emit(item, cursor) -> bool:
            return self._put(StreamPost(stream.spec, item, cursor))

        try:
            stream.run(cursor, emit, self.stop)
        except Exception as exc:  # a stream's bug stops that stream, not the desk
            log.exception("post stream %s failed", stream.spec)
            emit(StreamError(f"stopped by an internal error: {type(exc).__name__}: {exc}"), None)


def _reader(store: Store) -> Store:
    """A read-only connection of a worker's own (the writer's for an in-memory store),
    its page cache kept small: workers look up a few rows by key, and ten connections'
    default caches (2 MB each) would fill as the store grows."""
    if store.path == ":memory:":
        return store
    reader = Store(store.path, readonly=True)
    reader.execute(f"PRAGMA cache_size = -{READER_CACHE_KIB}")
    return reader


def _naive_published(value: str | None) -> str | None:
    """An entry's date as a naive-UTC ISO time when it has one to the second."""
    from ..ingest.common import parse_published

    if not value:
        return None
    parsed, precision = parse_published(value)
    return parsed if precision == "time" else None


__all__ = ["ArticleEvent", "Watcher", "WatchStats", "epoch"]
