"""A fork server for :class:`storydesk.budget.Worker` processes: a small process forked
once, early, that does nothing but fork workers on request (a zygote).

A worker forked from a long-running caller (the watcher) late in a run shares pages the
caller goes on writing, and each such page becomes the worker's own copy: its private
memory climbs with the caller's. Forked from this server instead, a worker shares only
pages nobody writes, and every replacement starts from the same small base.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterable
from multiprocessing import reduction
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from .budget import POLL_SECONDS, _child, _rss

log = logging.getLogger(__name__)


class ForkServer:
    """A process that forks :class:`Worker` processes on request (a zygote).

    Start it once the libraries and ``contexts`` (a loaded model, say) the workers need
    are loaded, before the caller's own state grows: workers forked from it share its
    pages, which nobody writes, so their private memory is only what they write
    themselves, and a replaced worker starts from the same base every time. A context is
    named to it by identity (the fork server is a fork of the caller: the same object at
    the same address), never pickled. If it dies it is forked again, from the caller as it
    is then, and the log says so. :meth:`close` stops it; it also ends when the caller
    does (its end of the pipe closes), and each worker ends with its own pipe to the
    caller, as a directly forked one does.

    Not :mod:`multiprocessing`'s "forkserver" start method: its server is a new
    interpreter that imports modules by name (``set_forkserver_preload``, process-wide),
    so the model would have to load at import time (module-level state) or once in every
    worker (seconds, and no page shared), and a process's arguments are pickled, which a
    model cannot be. This one is a fork, so the caller decides what it holds.
    """

    def __init__(self, contexts: Iterable[Any] = ()):
        self._contexts = [c for c in contexts if c is not None]
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._lock = threading.Lock()
        self.generation = 0  # how many times it was started (more than 1: it died and was forked again)

    def __enter__(self) -> ForkServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def holds(self, context: Any) -> bool:
        return any(c is context for c in self._contexts)

    def start(self) -> None:
        with self._lock:
            if self._process is None:
                self._start()

    def _start(self) -> None:
        forking = multiprocessing.get_context("fork")
        parent, child = forking.Pipe()
        process = forking.Process(target=_serve_forks, args=(child, parent, {id(c): c for c in self._contexts}),
                                  daemon=True, name="storydesk-forkserver")
        # frozen for good, here too: a full collection in this process would write to every
        # object it holds now (the model's too), and each page so written becomes the fork
        # server's own copy, the whole heap as it was at the fork within a day or so
        gc.collect()
        gc.freeze()
        process.start()
        child.close()
        self._process, self._conn = process, parent
        self.generation += 1
        log.debug("fork server started (pid %s)", process.pid)

    def close(self) -> None:
        with self._lock:
            self._discard()

    def _discard(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            process.join(1)
            if process.is_alive():
                process.kill()
                process.join()

    def fork(self, end: Connection, memory_bytes: int, context: Any) -> _Forked:
        """A worker running :func:`_child` on ``end`` (the caller closes its copy)."""
        key = id(context) if context is not None else None
        with self._lock:
            for attempt in (1, 2):
                if self._process is None:
                    self._start()
                try:
                    pid = self._ask(("fork", key, memory_bytes), end.fileno())
                    return _Forked(self, pid, self.generation)
                except (EOFError, OSError) as exc:
                    process = self._process
                    assert process is not None
                    process.join(1)
                    log.warning("the fork server (pid %s) died (%s, exit status %s): forked again from this "
                                "process", process.pid, type(exc).__name__, process.exitcode)
                    self._discard()
                    if attempt == 2:
                        raise
        raise AssertionError("unreachable")

    def _ask(self, request: tuple, fd: int | None = None) -> Any:
        conn, process = self._conn, self._process
        assert conn is not None and process is not None
        conn.send(request)
        if fd is not None:
            reduction.send_handle(conn, fd, process.pid)
        status, value = conn.recv()
        if status == "error":
            raise ValueError(value)
        return value

    def _about(self, forked: _Forked, request: tuple) -> Any:
        """Ask about (or act on) one of its workers; None when that worker is not its own
        any more (the fork server it came from died)."""
        with self._lock:
            if forked.generation != self.generation or self._conn is None:
                return None
            try:
                return self._ask(request)
            except (EOFError, OSError):
                return None


class _Forked:
    """A worker forked by a :class:`ForkServer`: what :class:`Worker` uses of a
    :class:`multiprocessing.Process` (its exit status comes from the fork server, whose
    child it is)."""

    def __init__(self, server: ForkServer, pid: int, generation: int):
        self.pid = pid
        self.generation = generation
        self.exitcode: int | None = None
        self._server = server

    def join(self, timeout: float | None = None) -> None:
        if self.exitcode is not None:
            return
        found = self._server._about(self, ("wait", self.pid, timeout))
        if found == "alive":
            return
        if isinstance(found, int):
            self.exitcode = found
            return
        # not its fork server's child any more (that one died): watch the process itself
        deadline = None if timeout is None else time.monotonic() + timeout
        while _rss(self.pid) and (deadline is None or time.monotonic() < deadline):
            time.sleep(POLL_SECONDS)
        if not _rss(self.pid):  # gone, or a zombie its new parent will reap
            self.exitcode = 0

    def is_alive(self) -> bool:
        self.join(0)
        return self.exitcode is None

    def kill(self) -> None:
        if self._orphan():
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
        else:
            self._server._about(self, ("kill", self.pid))

    def _orphan(self) -> bool:
        return self.generation != self._server.generation or self._server.pid is None


def _serve_forks(conn, caller_end, contexts: dict[int, Any]) -> None:  # pragma: no cover - runs in the fork server
    """The fork server's loop: fork a worker for each request, say how its workers ended,
    kill one on request; end when the caller closes its end of the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    caller_end.close()
    ended: dict[int, int] = {}  # worker pid: exit code (negative: the signal), the last few

    def reap(pid: int = -1, block: bool = False) -> bool:
        """Collect ended workers (``pid`` alone if given); False if it is not a child."""
        while True:
            try:
                found, status = os.waitpid(pid, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return pid == -1
            if found == 0:
                return True
            ended[found] = os.waitstatus_to_exitcode(status)
            while len(ended) > 256:
                del ended[next(iter(ended))]
            if pid != -1:
                return True

    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        reap()
        kind, pid = request[0], request[1]
        if kind == "fork":
            _, key, memory_bytes = request
            fd = reduction.recv_handle(conn)
            if key is not None and key not in contexts:
                os.close(fd)
                conn.send(("error", "no such context in the fork server"))
                continue
            child = os.fork()
            if child == 0:
                code = 1
                try:
                    conn.close()
                    _child(Connection(fd), memory_bytes, contexts.get(key) if key is not None else None)
                    code = 0
                finally:
                    os._exit(code)
            os.close(fd)
            conn.send(("ok", child))
        elif kind == "wait":
            timeout = request[2]
            deadline = None if timeout is None else time.monotonic() + timeout
            known = True
            while pid not in ended and known:
                known = reap(pid, block=deadline is None)
                if pid in ended or (deadline is not None and time.monotonic() >= deadline):
                    break
                time.sleep(POLL_SECONDS)
            conn.send(("ok", ended.get(pid, "alive" if known else "unknown")))
        elif kind == "kill":
            if pid not in ended:  # still its child (not reaped): the pid is not anyone else's
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            conn.send(("ok", None))
