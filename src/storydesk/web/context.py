"""What the web app holds while it runs: settings, the one writer, and the brief cache.

Reads and writes never share a connection. Each request reads through its own read-only
SQLite connection (:meth:`WebContext.reader`), so readers never wait for each other or for
a writer (the store is in WAL mode), whether that writer is this server's ``POST
/api/articles`` or a ``storydesk ingest`` running beside it. Writes made by this server go
through one :class:`~storydesk.desk.Desk` behind a lock (one writer, as SQLite wants).
"""

from __future__ import annotations

import ipaddress
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..config import Settings
from ..desk import Desk
from ..store import Store

log = logging.getLogger(__name__)


def is_loopback(host: str) -> bool:
    """True when ``host`` only accepts connections from this machine.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("::1")
    (True, True, True)
    >>> is_loopback("0.0.0.0"), is_loopback("192.168.1.4"), is_loopback("")
    (False, False, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class StoryCache:
    """A bounded least-recently-used map from (story id, its article ids) to what depends
    only on them: the story's brief, its rendered page.

    A brief is a deterministic function of its story's articles, so the key changes, and
    the cached brief is no longer used, as soon as an article joins the story.

    >>> cache = StoryCache(2)
    >>> cache.get(("s1", ("a",)), lambda: {"n": 1})
    {'n': 1}
    >>> cache.get(("s1", ("a",)), lambda: {"n": 2})
    {'n': 1}
    >>> cache.get(("s1", ("a", "b")), lambda: {"n": 3})
    {'n': 3}
    """

    def __init__(self, size: int):
        if size < 1:
            raise ValueError(f"size must be at least 1, got {size}")
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()
        self._computing = threading.Lock()  # one brief computed at a time, never twice

    def _cached(self, key):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return None

    def get(self, key, compute: Callable[[], dict]) -> dict:
        found = self._cached(key)
        if found is not None:
            return found
        with self._computing:
            found = self._cached(key)
            if found is not None:
                return found
            value = compute()
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value


class TimedCache:
    """Answers kept for ``seconds`` (the front page's trends and latest stories: a
    moment's staleness is the price of not recounting thousands of terms per request).
    One thread recomputes an expired answer while the others keep getting the old one;
    only when there is no answer yet do they wait for it.

    >>> clock = iter([0.0, 0.5, 5.0]).__next__
    >>> cache = TimedCache(2.0, clock=clock)
    >>> cache.get("k", lambda: 1), cache.get("k", lambda: 2), cache.get("k", lambda: 3)
    (1, 1, 3)
    """

    def __init__(self, seconds: float, size: int = 64, clock: Callable[[], float] | None = None):
        if seconds < 0 or size < 1:
            raise ValueError(f"seconds must be >= 0 and size >= 1, got {seconds}, {size}")
        import time

        self.seconds, self.size = seconds, size
        self._clock = clock or time.monotonic
        self._items: OrderedDict = OrderedDict()
        self._computing: dict = {}
        self._lock = threading.Lock()

    def get(self, key, compute: Callable[[], object]):
        while True:
            with self._lock:
                now = self._clock()
                found = self._items.get(key)
                if found is not None and (now - found[0] < self.seconds or key in self._computing):
                    return found[1]
                pending = self._computing.get(key)
                if pending is None:
                    done = self._computing[key] = threading.Event()
                    break
            pending.wait()  # no answer yet: wait for the thread computing it, then look again
        try:
            value = compute()
            with self._lock:
                self._items[key] = (now, value)
                self._items.move_to_end(key)
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
            return value
        finally:
            with self._lock:
                del self._computing[key]
            done.set()


class WebContext:
    """The state of one running web app (one per :func:`storydesk.web.create_app`)."""

    def __init__(self, settings: Settings, host: str = "127.0.0.1", brief_cache_size: int = 256,
                 front_seconds: float = 2.0, *, create: bool = True):
        self.settings = settings
        self.host = host
        self.memory = settings.db == ":memory:"
        self._writer = Desk(settings, create=create)
        self._write_lock = threading.RLock()
        self.briefs = StoryCache(brief_cache_size)
        self.story_pages = StoryCache(brief_cache_size)  # the rendered page of a brief
        self.front = TimedCache(front_seconds)
        _ = self._writer.store  # creates and migrates the store before the first reader opens it

    @property
    def ingest_refused(self) -> str | None:
        """Why POST /api/articles is refused to everyone, or None when it is open."""
        if self.settings.api_token is None and not is_loopback(self.host):
            return (
                f"ingest over HTTP is disabled: the server listens on {self.host}, beyond "
                "localhost, and no api_token is set"
            )
        return None

    @contextmanager
    def reader(self) -> Iterator[Desk]:
        """A Desk on a fresh read-only connection, closed when the block ends."""
        if self.memory:  # an in-memory store exists only in the writer's connection
            with self._write_lock:
                yield self._writer
            return
        desk = Desk(self.settings, store=Store(self.settings.db, readonly=True))
        try:
            yield desk
        finally:
            desk.close()

    @contextmanager
    def writer(self) -> Iterator[Desk]:
        """The one writing Desk, held by one request at a time."""
        with self._write_lock:
            yield self._writer

    def close(self) -> None:
        with self._write_lock:
            self._writer.close()
