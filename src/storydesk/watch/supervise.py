"""A watcher replaced by a fresh process every ``watch_restart_hours``: whatever its heap
fragments over a day (Python's object arenas, pinned by a few long-lived objects among
many freed ones, are not returned while any block in them lives) leaves with it.

The supervisor is a small process: it does not load the model or analyze anything. It
starts the watcher (:class:`~.watcher.Watcher`, with its own desk, fork server and
workers) in a child process, tells it when to stop, waits for it to finish the article in
hand and exit, then starts the next one. The store is the handover: a feed's validators
and schedule are saved only after its entries are stored, a stream's cursor only after its
posts, so the next watcher resumes with no gap and no duplicate, exactly as a restarted
``storydesk watch`` does (``tests/watch/test_resume.py``). Only one watcher writes at a
time; between two, nothing is polled for the seconds the next one takes to load.

A watcher that dies is replaced too (after a pause, logged); one that dies before it
stored anything, three times in a row, stops the supervisor with an error (a desk that
cannot start does not start in a loop).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Callable, Iterable

from ..config import Settings
from .clock import Clock, SystemClock
from .watcher import ArticleEvent, WatchStats

log = logging.getLogger(__name__)

#: Real seconds between a watcher that died and its replacement.
RESTART_PAUSE = 5.0
#: Watchers dying in a row before anything was stored, after which the supervisor gives up.
MAX_FAILED_STARTS = 3


class Supervisor:
    """Runs a :class:`~.watcher.Watcher` in a child process replaced every
    ``settings.watch_restart_hours`` hours of ``clock`` time, until :attr:`stop` is set
    (or the clock reaches ``until``). ``on_article`` is told each article in this process.
    ``clock`` and ``posts`` go to each child, so they must pickle (the child is spawned: a
    fresh interpreter, none of this process's threads or memory)."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None, posts: Iterable[str] = (),
                 on_article: Callable[[ArticleEvent], None] | None = None,
                 stop: threading.Event | None = None):
        if settings.watch_restart_hours <= 0:
            raise ValueError("a supervised watcher needs watch_restart_hours > 0")
        self.settings = settings
        self.clock = clock or SystemClock()
        self.posts = list(posts)
        self.stop = stop or threading.Event()
        self.stats = WatchStats()
        self.restarts = 0  # watchers replaced on schedule
        self.deaths = 0  # watchers that died
        self.gaps: list[float] = []  # real seconds from one watcher's end to the next one watching
        self._ended: float | None = None
        self._on_article = on_article
        self._context = multiprocessing.get_context("spawn")
        self._process: multiprocessing.process.BaseProcess | None = None

    @property
    def pid(self) -> int | None:
        """The running watcher's process id (None between two)."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def run(self, *, until: float | None = None) -> WatchStats:
        failed_starts = 0
        first = self.clock.time()
        while not self.stop.is_set() and (until is None or self.clock.time() < until):
            finished, stored = self._run_one(first, until)
            if self.stop.is_set() or (until is not None and self.clock.time() >= until):
                break
            if finished:
                self.restarts += 1
                failed_starts = 0
                log.info("watcher replaced by a fresh process after %g h (its memory goes with it)",
                         self.settings.watch_restart_hours)
                continue
            self.deaths += 1
            failed_starts = 0 if stored else failed_starts + 1
            if failed_starts >= MAX_FAILED_STARTS:
                raise RuntimeError(f"the watcher process died {failed_starts} times in a row before storing "
                                   "anything; see the log above")
            log.error("the watcher process died; starting another in %g s", RESTART_PAUSE)
            self.stop.wait(RESTART_PAUSE)
        return self.stats

    def _run_one(self, first: float, until: float | None) -> tuple[bool, bool]:
        """One watcher (see :func:`_watch`): (it finished, it stored something)."""
        events = self._context.Queue()
        # closing ``stop`` (this end of a pipe) tells the watcher to stop: never blocks, whether
        # or not the watcher still lives (a multiprocessing Event's set() waits for waiters
        # that a process exiting mid-wait never wakes)
        told, stop = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=_watch, args=(self.settings, self.posts, self.clock, (first, until), events, told, os.getpid(),
                                 _logging()),
            name="storydesk-watcher")
        process.start()
        told.close()
        self._process = process
        finished = stored = False
        try:
            while True:
                if self.stop.is_set():
                    stop.close()
                try:
                    kind, value = events.get(timeout=0.2)
                except queue.Empty:
                    if not process.is_alive():
                        break
                    continue
                if kind == "warm":
                    if self._ended is not None:
                        self.gaps.append(time.monotonic() - self._ended)
                elif kind == "article":
                    stored = True
                    if self._on_article is not None:
                        self._on_article(value)
                elif kind == "done":
                    finished = True
                    self._ended = time.monotonic()
                    self._add(value)
                    break
        finally:
            stop.close()
            process.join()
            self._process = None
            events.close()
        return finished, stored

    def _add(self, stats: WatchStats) -> None:
        for f in dataclasses.fields(WatchStats):
            setattr(self.stats, f.name, getattr(self.stats, f.name) + getattr(stats, f.name))


def replaced_at(first: float, now: float, every: float) -> float:
    """When a watcher warm at ``now`` is replaced: on a fixed grid from the first start
    (a watcher's load time does not push the next ones back), at least half a period on.

    >>> replaced_at(0.0, 10.0, 100.0), replaced_at(0.0, 60.0, 100.0), replaced_at(0.0, 100.5, 100.0)
    (100.0, 200.0, 200.0)
    """
    return first + every * (math.floor((now + every / 2 - first) / every) + 1)


def _logging() -> tuple[int, str | None, dict[str, int]]:
    """This process's logging set-up, for the watcher to log as it does: the root level, the
    format of its first handler, and the levels set on named loggers."""
    root = logging.getLogger()
    form = root.handlers[0].formatter if root.handlers else None
    named = {name: logger.level for name, logger in logging.Logger.manager.loggerDict.items()
             if isinstance(logger, logging.Logger) and logger.level != logging.NOTSET}
    return root.level, form._fmt if form is not None else None, named


def _watch(settings: Settings, posts: list[str], clock: Clock, span: tuple[float, float | None], events,
           told, parent: int, logs: tuple[int, str | None, dict[str, int]]) -> None:
    """The child: one watcher, warmed, then watching until it is replaced (see
    :func:`replaced_at`; ``span``: the supervisor's first start and its end, if any),
    the supervisor closes its end of ``told``, or the supervisor is gone."""
    from ..desk import Desk
    from .memory import tune_allocator
    from .watcher import Watcher

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the supervisor decides
    level, form, named = logs  # a spawned process starts with logging unconfigured
    if form is not None:
        logging.basicConfig(level=level, format=form)
    for name, named_level in named.items():
        logging.getLogger(name).setLevel(named_level)
    tune_allocator()
    mine = threading.Event()

    def relay() -> None:
        while not told.poll(1.0) and os.getppid() == parent:
            pass
        mine.set()

    threading.Thread(target=relay, name="storydesk-supervised", daemon=True).start()
    with Desk(settings) as desk:
        watcher = Watcher(desk, clock=clock, posts=posts, stop=mine,
                          on_article=lambda event: events.put(("article", event)))
        watcher.warm()
        events.put(("warm", None))
        first, until = span
        ends = replaced_at(first, clock.time(), settings.watch_restart_hours * 3600)
        stats = watcher.run(until=ends if until is None else min(ends, until))
    events.put(("done", stats))
