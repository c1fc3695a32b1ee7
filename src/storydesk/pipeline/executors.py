"""Where the stages of :mod:`.stages` run: in the writer's own process, or in a pool of
local worker processes; with one worker, in a thread beside the writer (:class:`Background`).
(:mod:`.ray_engine` adds a Ray cluster.)

Every executor hands back :class:`concurrent.futures.Future` objects, so the writer waits
on all of them the same way, and says which failures were a worker process dying
(:meth:`crashed`): the writer then retries the task alone to find the input that did it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from .stages import warm_up

log = logging.getLogger(__name__)


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def worker_count(setting: int) -> int:
    """The ``workers`` setting as a number of processes (0: every core)."""
    return setting if setting > 0 else cpu_count()


class Inline:
    """Runs each task at once in the calling process (one worker, or a small input)."""

    name = "inline"
    capacity = 1

    def submit(self, fn: Callable, *args: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def crashed(self, exc: BaseException) -> bool:
        return False

    def restart(self) -> None:
        pass

    def close(self) -> None:
        pass


class Background(Inline):
    """One worker, beside the writer: each task runs in one background thread, in order,
    so the writer stores what is done while the next batch is parsed. The work itself
    runs where :class:`Inline`'s does (the desk's budget workers, forked processes that
    hold the model, so the thread only waits), and fails the same way."""

    capacity = 2  # one running, one queued behind it

    def __init__(self) -> None:
        self._thread: ThreadPoolExecutor | None = None

    def submit(self, fn: Callable, *args: Any) -> Future:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="storydesk-worker")
        return self._thread.submit(fn, *args)

    def close(self) -> None:
        if self._thread is not None:
            self._thread.shutdown(wait=True, cancel_futures=True)
            self._thread = None


class LocalPool:
    """``workers`` local processes, each loading the model once (spawned, not forked, so
    a parent with threads or a loaded model is never copied mid-state)."""

    name = "local"

    def __init__(self, workers: int, model: str):
        if workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers!r}")
        self.workers = workers
        self.capacity = 2 * workers  # tasks in flight: one running and one queued per worker
        self._model = model
        self._pool: ProcessPoolExecutor | None = None

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            log.info("starting %d worker processes", self.workers)
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=warm_up, initargs=(self._model,),
            )
        return self._pool

    def submit(self, fn: Callable, *args: Any) -> Future:
        try:
            return self._start().submit(fn, *args)
        except BrokenProcessPool as exc:  # broke before the writer saw it: fail like its tasks
            future: Future = Future()
            future.set_exception(exc)
            return future

    def crashed(self, exc: BaseException) -> bool:
        return isinstance(exc, BrokenProcessPool)

    def restart(self) -> None:
        """A worker died: the pool is broken for every task in it; start a new one."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
