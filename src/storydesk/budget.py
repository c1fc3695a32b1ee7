"""A time and memory budget for one piece of work on one article (extracting a page,
analyzing a text), enforced by running it in a worker process that is killed when it
goes over.

A budget checked from inside the work cannot stop a regular expression or a C parser
that runs for minutes; a separate process can be stopped at any moment and its memory
given back whole. The worker is forked once and reused (a fork per article would cost
about 10 ms here), and replaced after it is killed, when it has grown by half its
memory budget, after ``max_tasks`` calls (``worker_max_tasks``) or once it holds
``max_own_mb`` more of its own than after its first call (``worker_max_mb``): a fresh fork starts
from the parent's memory, so whatever the worker's libraries fragmented goes back to the
system with it, and a long-running desk's worker cannot creep up by a few MB a day.

The memory budget is the resident memory the worker may add to what it started with,
watched every few milliseconds, with the address space capped at twice
that (``RLIMIT_AS``) so that no allocation, however fast, gets far past it.

A long-running caller (the watcher) has its workers forked by a
:class:`~storydesk.forkserver.ForkServer` started early instead of by itself, so that a
worker never copies pages the caller writes later in the run.

Where ``fork`` is not available (Windows), or a budget is 0, the work runs in the
calling process, unbounded.

>>> with Worker(seconds=10, memory_mb=256) as worker:
...     worker.call(sum, [1, 2, 3])
6
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .forkserver import ForkServer, _Forked

log = logging.getLogger(__name__)

#: How often the parent looks at the worker's memory while it works.
POLL_SECONDS = 0.02
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class OverBudget(Exception):
    """The work went over its time or memory budget (or its worker died); ``reason``
    says which, in words fit for a rejection or a note."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _rss(pid: int | None) -> int | None:
    """Resident memory of process ``pid`` in bytes (Linux), or None."""
    if pid is None:  # not started
        return None
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def _own(pid: int | None) -> int | None:
    """Memory process ``pid`` holds alone (private pages, Linux), in bytes, or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as f:
            return 1024 * sum(int(line.split()[1]) for line in f if line.startswith((b"Private_Clean:",
                                                                                    b"Private_Dirty:")))
    except (OSError, ValueError, IndexError):
        return None


def _portable(exc: BaseException) -> BaseException:
    """``exc``, or a RuntimeError saying what it was when it would not survive pickling."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _child(conn, memory_bytes: int, context: Any, parent_end=None) -> None:  # pragma: no cover - runs in the worker
    """The worker's loop: run each (function, args) it is sent, send back the outcome.
    It ends when its parent does: the fork's copy of the parent's end of the pipe is
    closed here, so the parent's death is an end of file, and a parent killed outright
    (SIGKILL, the OOM killer) does not leave this process holding its files open (a
    process pool would wait for ever for a worker whose pipes a child still holds)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if parent_end is not None:
        parent_end.close()
    if memory_bytes:
        try:
            import resource

            with open("/proc/self/statm", "rb") as f:
                size = int(f.read().split()[0]) * _PAGE
            cap = size + 2 * memory_bytes
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        except (ImportError, OSError, ValueError):
            pass
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            outcome = ("ok", fn(context, *args) if context is not None else fn(*args))
        except MemoryError:
            outcome = ("memory", None)
        except BaseException as exc:  # the caller decides what a failure means
            outcome = ("raised", _portable(exc))
        try:
            conn.send(outcome)
        except Exception as exc:  # an unpicklable result or exception
            conn.send(("raised", RuntimeError(f"{type(exc).__name__}: {exc}")))
        if outcome[0] == "memory":
            return


class Worker:
    """Runs functions in a forked worker process within a time and memory budget.

    ``seconds`` and ``memory_mb`` are checked here (0 turns a budget off; with both off
    the work runs in the calling process). The worker is started on first use. A
    ``context`` (a loaded NLP model, say) is handed to the worker by the fork itself,
    never pickled, and passed to every function it runs as its first argument.
    """

    def __init__(self, seconds: float, memory_mb: int, context: Any = None, max_tasks: int = 0,
                 max_own_mb: int = 0, forks: ForkServer | None = None):
        if seconds < 0 or memory_mb < 0:
            raise ValueError(f"budgets must be 0 (off) or more, got {seconds} s and {memory_mb} MiB")
        if max_tasks < 0 or max_own_mb < 0:
            raise ValueError(f"max_tasks and max_own_mb must be 0 (no limit) or more, got {max_tasks}, {max_own_mb}")
        self.seconds = seconds
        self.memory_mb = memory_mb
        self.max_tasks = max_tasks
        self.max_own_mb = max_own_mb
        self._tasks = 0  # calls run by the current worker process
        self._own_base: int | None = None  # what it held of its own after its first call
        self._context = context
        self._process: BaseProcess | _Forked | None = None
        self._conn: Connection | None = None
        self._base_rss = 0
        self._lock = threading.Lock()
        self._forkable = "fork" in multiprocessing.get_all_start_methods()
        if forks is not None and context is not None and not forks.holds(context):
            raise ValueError("the fork server was not started with this worker's context")
        self._forks = forks

    @property
    def bounded(self) -> bool:
        return self._forkable and bool(self.seconds or self.memory_mb)

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker (a later call starts a new one)."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            process.join(0.5)
            if process.is_alive():
                process.kill()
                process.join()

    def _start(self) -> None:
        forking = multiprocessing.get_context("fork")
        parent, child = forking.Pipe()
        process: BaseProcess | _Forked
        if self._forks is not None:
            try:
                process = self._forks.fork(child, self.memory_mb << 20, self._context)
            finally:
                child.close()
        else:
            process = forking.Process(target=_child, args=(child, self.memory_mb << 20, self._context, parent),
                                      daemon=True, name="storydesk-budget")
            with _frozen():
                process.start()
            child.close()
        self._process, self._conn = process, parent
        self._base_rss = _rss(process.pid) or 0
        self._tasks = 0
        self._own_base = None

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` within the budget: its result, or the exception it raised, or
        :class:`OverBudget`. ``fn``, ``args`` and the result must pickle."""
        if not self.bounded:
            return fn(self._context, *args) if self._context is not None else fn(*args)
        with self._lock:
            if self._process is None or not self._process.is_alive():
                self.close()
                self._start()
            try:
                self._connection().send((fn, args))
            except (BrokenPipeError, OSError):  # the worker died between calls
                self.close()
                self._start()
                self._connection().send((fn, args))
            status, value = self._wait()
            self._tasks += 1
            if self._process is not None and self._spent():
                self.close()
        if status == "ok":
            return value
        if status == "raised":
            raise value
        raise OverBudget(value)

    def _spent(self) -> bool:
        """Has the worker run ``max_tasks`` tasks, or come to hold ``max_own_mb`` more memory
        of its own (pages it wrote, no longer shared with the process it was forked from)
        than after its first call? Counted from the first call, not from the fork, so that
        what one task needs (a batch's analysis) does not replace the worker after every
        call; what it gains beyond that, call after call, does."""
        if self.max_tasks and self._tasks >= self.max_tasks:
            log.debug("budget worker ran %d tasks: replaced", self._tasks)
            return True
        own = _own(self._process.pid if self._process is not None else None) if self.max_own_mb else None
        if own is None:
            return False
        if self._own_base is None:
            self._own_base = own
        elif own - self._own_base > self.max_own_mb << 20:
            log.debug("budget worker holds %d MiB of its own, %d MiB more than after its first call: replaced",
                      own >> 20, (own - self._own_base) >> 20)
            return True
        return False

    def _connection(self) -> Connection:
        assert self._conn is not None, "the budget worker is not started"
        return self._conn

    def _wait(self) -> tuple[str, Any]:
        """The worker's outcome, or ("over", reason) after killing it."""
        process, conn = self._process, self._connection()
        assert process is not None
        started = time.monotonic()
        limit = self.memory_mb << 20
        peak = 0
        while True:
            if conn.poll(POLL_SECONDS):
                try:
                    status, value = conn.recv()
                except (EOFError, OSError):
                    return self._died()
                except Exception as exc:  # a result that does not unpickle here
                    return "raised", RuntimeError(f"unreadable result from the worker: {exc}")
                if status == "memory":
                    self.close()
                    return "over", f"ran out of its memory budget ({self.memory_mb} MiB, article_memory_mb)"
                grown = (_rss(process.pid) or 0) - self._base_rss
                if limit and grown > limit // 2:  # give the memory back before the next one
                    log.debug("budget worker grew by %d MiB: replaced", grown >> 20)
                    self.close()
                return status, value
            elapsed = time.monotonic() - started
            if self.seconds and elapsed > self.seconds:
                self.close()
                return "over", f"took longer than its time budget ({self.seconds:g} s, article_seconds)"
            rss = _rss(process.pid)
            if rss is None and not process.is_alive():
                return self._died()
            peak = max(peak, (rss or 0) - self._base_rss)
            if limit and peak > limit:
                self.close()
                return "over", (f"used more than its memory budget ({self.memory_mb} MiB, "
                                "article_memory_mb)")

    def _died(self) -> tuple[str, str]:
        process = self._process
        self.close()
        code = process.exitcode if process is not None else None
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit status {code}"
        return "over", f"its worker process died ({how}), probably out of memory"


class _frozen:
    """``gc.freeze()`` around a fork: the child's cyclic collector would otherwise write
    to every object it inherited (the model's too) and so copy every page of them; frozen,
    they stay shared with the process it was forked from."""

    def __enter__(self) -> None:
        gc.freeze()

    def __exit__(self, *exc: object) -> None:
        gc.unfreeze()
