"""The one HTTP client of ``storydesk watch``, polite by construction.

Every request goes through :meth:`Fetcher.get`: one User-Agent naming storydesk and the
operator's contact (setting ``watch_contact``); connection pooling, connect and read
timeouts and a whole-response deadline (a server trickling a byte a second is cut off);
at most ``watch_max_redirects`` redirects (a loop is an error, not a hang); bodies
streamed and cut at ``watch_max_bytes`` (decompressed size, so a gzip bomb is cut too),
never held whole; at most ``watch_host_concurrency`` requests in flight per host.
Pages (not feeds, which exist to be polled) also wait for robots.txt's permission, and
for the host's delay (``watch_host_delay`` or its Crawl-delay, the longer).

A fault is a value (:attr:`Fetched.error`), never an exception: the desk goes on.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from .. import __version__
from ..config import Settings
from .clock import Clock
from .urls import host_key

log = logging.getLogger(__name__)

#: A robots.txt answer is kept this long (clock seconds) before it is asked again.
ROBOTS_TTL = 24 * 3600.0
#: A robots.txt larger than this is read up to here (Google reads 500 KiB).
ROBOTS_MAX_BYTES = 512 * 1024
#: A whole response may take this many times ``watch_timeout``.
DEADLINE_FACTOR = 3.0
#: Hosts whose robots.txt (and per-host delay) is kept in memory; a host forgotten is
#: asked again when next needed. Pages link to ever new hosts: this keeps a long run flat.
HOSTS_KEPT = 1024


def user_agent(contact: str | None) -> str:
    """The User-Agent of every request.

    >>> user_agent("https://example.org/desk")
    'storydesk/0.1.0 (+https://example.org/desk)'
    """
    return f"storydesk/{__version__} (+{contact})" if contact else f"storydesk/{__version__}"


class Stopped(Exception):
    """The watcher is stopping: the request in progress is abandoned."""


@dataclass
class Fetched:
    """What one request gave: the answer, or the fault."""

    url: str
    status: int | None = None  # None: no HTTP answer (timeout, refused, too large, ...)
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""
    final_url: str | None = None
    moved_to: str | None = None  # the new URL when every redirect followed was permanent
    error: str | None = None
    bytes_read: int = 0  # on the wire, headers excluded

    @property
    def ok(self) -> bool:
        return self.error is None and self.status is not None and 200 <= self.status < 300


class HostGate:
    """Per-host slots (``concurrency`` at once) and a minimum delay between the starts of
    two requests to one host, waited on the watcher's clock and broken off by ``stop``."""

    def __init__(self, concurrency: int, clock: Clock, stop: threading.Event):
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        self.concurrency = concurrency
        self._clock = clock
        self._stop = stop
        self._cond = threading.Condition()
        self._busy: dict[str, int] = {}  # hosts with a request in flight only
        self._next_start: dict[str, float] = {}  # pruned of past times beyond HOSTS_KEPT hosts

    @contextmanager
    def slot(self, host: str, delay: float = 0.0) -> Iterator[None]:
        while True:
            with self._cond:
                if self._stop.is_set():
                    raise Stopped()
                if self._busy.get(host, 0) < self.concurrency:
                    now = self._clock.time()
                    wait = self._next_start.get(host, 0.0) - now
                    if wait <= 0:
                        self._busy[host] = self._busy.get(host, 0) + 1
                        self._next_start[host] = now + delay
                        if len(self._next_start) > HOSTS_KEPT:  # a past start constrains nothing
                            self._next_start = {h: t for h, t in self._next_start.items() if t > now}
                        break
                else:
                    self._cond.wait(0.05)
                    continue
            if not self._clock.sleep(min(wait, 1.0), self._stop):
                raise Stopped()
        try:
            yield
        finally:
            with self._cond:
                self._busy[host] -= 1
                if not self._busy[host]:
                    del self._busy[host]
                self._cond.notify_all()


class Fetcher:
    """The pooled, polite HTTP client of one watcher (thread-safe)."""

    def __init__(self, settings: Settings, clock: Clock, stop: threading.Event):
        self.settings = settings
        self.agent = user_agent(settings.watch_contact)
        self.clock = clock
        self._clock = clock
        self._stop = stop
        self._gate = HostGate(settings.watch_host_concurrency, clock, stop)
        self._robots: OrderedDict[str, tuple[float, object | None]] = OrderedDict()  # least recent first
        self._robots_lock = threading.Lock()
        self._robots_locks: dict[str, threading.Lock] = {}  # hosts being read or kept in _robots
        limits = httpx.Limits(max_connections=max(4, settings.watch_workers * 2),
                              max_keepalive_connections=max(4, settings.watch_workers))
        self._client = httpx.Client(
            headers={"User-Agent": self.agent, "Accept-Encoding": "gzip, deflate"},
            timeout=httpx.Timeout(settings.watch_timeout),
            limits=limits,
            follow_redirects=True,
            max_redirects=settings.watch_max_redirects,
            trust_env=False,  # no proxy or .netrc picked up behind the operator's back
        )
        self.requests = 0
        self.bytes = 0
        self.robots_refused = 0
        self._count_lock = threading.Lock()

    def close(self) -> None:
        self._client.close()

    # -- requests ---------------------------------------------------------------------------
    def get(self, url: str, *, headers: Mapping[str, str] | None = None, page: bool = False,
            max_bytes: int | None = None) -> Fetched:
        """GET ``url`` within every limit; with ``page``, robots.txt and the host delay
        are obeyed first (a refusal is a :class:`Fetched` with an error, not a request)."""
        delay = 0.0
        if page:
            allowed, crawl_delay, why = self.robots_allow(url)
            if not allowed:
                with self._count_lock:
                    self.robots_refused += 1
                return Fetched(url, error=why)
            delay = max(self.settings.watch_host_delay, crawl_delay or 0.0)
        try:
            with self._gate.slot(host_key(url), delay):
                return self._get(url, headers or {}, max_bytes or self.settings.watch_max_bytes)
        except Stopped:
            return Fetched(url, error="stopped before the request was made")

    def _get(self, url: str, headers: Mapping[str, str], max_bytes: int) -> Fetched:
        with self._count_lock:
            self.requests += 1
        result = Fetched(url)
        response = None
        deadline = time.monotonic() + DEADLINE_FACTOR * self.settings.watch_timeout  # network time is real time
        try:
            with self._client.stream("GET", url, headers=headers) as response:
                result.status = response.status_code
                result.headers = response.headers
                result.final_url = str(response.url)
                hops = response.history
                if hops and all(r.status_code in (301, 308) for r in hops):
                    result.moved_to = str(response.url)
                declared = response.headers.get("content-length", "")
                if declared.isdigit() and int(declared) > max_bytes:
                    result.error = f"response is {declared} bytes, over watch_max_bytes={max_bytes}"
                    return result
                if response.status_code != 200:
                    return result  # nothing storydesk reads comes with another status
                chunks: list[bytes] = []
                size = 0
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > max_bytes:
                        result.error = f"response is over watch_max_bytes={max_bytes} bytes: cut off"
                        return result
                    if self._stop.is_set():
                        result.error = "stopped while reading the response"
                        return result
                    if time.monotonic() > deadline:
                        result.error = (f"response took over {DEADLINE_FACTOR * self.settings.watch_timeout:g} s "
                                        "(slow body): cut off")
                        return result
                    chunks.append(chunk)
                result.body = b"".join(chunks)
        except httpx.TooManyRedirects:
            result.error = f"too many redirects (over {self.settings.watch_max_redirects}, a loop?)"
        except httpx.TimeoutException as exc:
            result.error = f"timed out ({type(exc).__name__}, watch_timeout={self.settings.watch_timeout:g} s)"
        except httpx.HTTPError as exc:
            result.error = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        except (OSError, ValueError) as exc:  # odd URLs, sockets closed under us at shutdown
            result.error = f"{type(exc).__name__}: {exc}"
        finally:
            result.bytes_read = response.num_bytes_downloaded if response is not None else 0
            with self._count_lock:
                self.bytes += result.bytes_read
        return result

    # -- robots.txt ---------------------------------------------------------------------------
    def robots_allow(self, url: str) -> tuple[bool, float | None, str | None]:
        """(may storydesk fetch ``url``, the host's Crawl-delay, why not) by its robots.txt,
        read once a day per host. No robots.txt (4xx) allows everything; one that cannot
        be read (5xx, timeout) allows nothing until it is asked again."""
        host = host_key(url)
        with self._robots_lock:
            host_lock = self._robots_locks.setdefault(host, threading.Lock())
        with host_lock:  # one read per host, however many workers ask at once
            cached = self._robots_for(host, url)
        parser = cached[1]
        if parser is None:
            return True, None, None
        if parser is False:
            return False, None, "robots.txt could not be read: no page of this host is fetched for now"
        agent = "storydesk"
        delay = parser.crawl_delay(agent)
        allowed = parser.can_fetch(url, agent)
        return allowed, float(delay) if delay is not None else None, \
            None if allowed else "robots.txt disallows this page for storydesk"

    def _robots_for(self, host: str, url: str) -> tuple[float, Any]:
        """(when read, parser): a Protego parser, None (no robots.txt) or False (unreadable)."""
        from protego import Protego

        now = self._clock.time()
        with self._robots_lock:
            cached = self._robots.get(host)
        if cached is None or now - cached[0] > ROBOTS_TTL:
            scheme = url.split("://", 1)[0]
            robots_url = f"{scheme}://{host}/robots.txt"
            try:
                with self._gate.slot(host):
                    got = self._get(robots_url, {}, ROBOTS_MAX_BYTES)
            except Stopped:
                return now - ROBOTS_TTL, False  # not cached: asked again next time
            parser: Any
            if got.status is not None and 400 <= got.status < 500:
                parser = None  # no robots.txt: everything allowed
            elif got.ok or (got.status == 200 and got.body):
                parser = Protego.parse(got.body.decode("utf-8", "replace"))
            else:
                log.warning("robots.txt of %s unreadable (%s): no page of it is fetched for now", host,
                            got.error or f"HTTP {got.status}")
                parser = False  # unreadable: nothing allowed (and asked again sooner)
                now -= ROBOTS_TTL - 600.0
            cached = (now, parser)
            with self._robots_lock:
                self._robots[host] = cached
                self._forget_hosts()
        else:
            with self._robots_lock:
                if host in self._robots:  # another worker may have dropped it meanwhile
                    self._robots.move_to_end(host, last=True)
        return cached

    def _forget_hosts(self) -> None:
        """Keep at most HOSTS_KEPT robots.txt answers, the least recently used dropped
        (with their locks, unless a worker holds one). Called under ``_robots_lock``."""
        while len(self._robots) > HOSTS_KEPT:
            host, _ = self._robots.popitem(last=False)
            lock = self._robots_locks.get(host)
            if lock is not None and not lock.locked():
                del self._robots_locks[host]
        if len(self._robots_locks) > 2 * HOSTS_KEPT:
            for host in [h for h, lock in self._robots_locks.items() if h not in self._robots and not lock.locked()]:
                del self._robots_locks[host]
