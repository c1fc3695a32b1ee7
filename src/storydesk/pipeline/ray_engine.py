"""Reading and analysis as Ray tasks (the ``ray`` extra): ``storydesk backfill PATH...
--engine ray [--address ADDR]``.

The tasks are the functions of :mod:`.stages`, the same ones a local ingest runs; the
writer (:mod:`.writer`) stays on this machine and is the only one that touches the
store, so a Ray backfill and a local ingest make the same store. With ``address`` the
run joins an existing cluster (storydesk and its model must be installed on its
nodes); without it Ray starts a small local one (:data:`LOCAL_CPUS` CPUs, no dashboard)
and stops it at the end.

A task whose worker process dies is retried alone, like a local worker's; the cluster
itself going away stops the run with :class:`~storydesk.errors.EngineError`, with every
article stored so far committed whole, grouped by the next run.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..errors import EngineError, MissingDependency

log = logging.getLogger(__name__)

#: CPUs of the Ray instance started when no cluster address is given.
LOCAL_CPUS = 2
#: Seconds the cluster has to answer a health check before the run stops.
PROBE_TIMEOUT = 20.0


def _ray():
    try:
        import ray
    except ImportError:
        raise MissingDependency("ray", "ray") from None
    return ray


class RayCluster:
    """An executor whose tasks run on a Ray cluster (joined, or started locally)."""

    name = "ray"
    shared_fate = False  # a worker that dies fails its own task only

    def __init__(self, address: str | None = None, *, local_cpus: int = LOCAL_CPUS):
        ray = _ray()
        self.address = address
        self._started = not ray.is_initialized()
        if self._started:
            try:
                if address:
                    ray.init(address=address, log_to_driver=False, include_dashboard=False)
                else:
                    ray.init(num_cpus=local_cpus, include_dashboard=False, log_to_driver=False)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise EngineError(f"cannot join the Ray cluster at {address or 'a new local instance'}: {exc}") from exc
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.capacity = 2 * self.workers
        self._remote: dict[Callable, Any] = {}
        self._lost = False
        log.info("Ray: %d CPUs (%s)", self.workers, address or "local instance")

    def submit(self, fn: Callable, *args: Any) -> Future:
        ray = _ray()
        remote = self._remote.get(fn)
        if remote is None:  # a task is retried by the writer (alone), not by Ray
            remote = self._remote[fn] = ray.remote(max_retries=0)(fn)
        try:
            return remote.remote(*args).future()
        except Exception as exc:  # the cluster is gone
            raise self.lost(exc) from exc

    def crashed(self, exc: BaseException) -> bool:
        from ray import exceptions as rx

        crash_types = tuple(getattr(rx, n) for n in ("WorkerCrashedError", "OutOfMemoryError", "NodeDiedError")
                            if hasattr(rx, n))
        return isinstance(exc, crash_types)

    def fatal(self, exc: BaseException) -> bool:
        """Whether ``exc`` means the cluster, not one task, failed."""
        from ray import exceptions as rx

        if isinstance(exc, rx.RayTaskError) or self.crashed(exc):
            return False
        return isinstance(exc, (rx.RayError, ConnectionError, OSError))

    def check(self) -> None:
        """Raise :class:`EngineError` unless the cluster answers (a call that would hang
        forever on a cluster that is gone runs in a thread given :data:`PROBE_TIMEOUT`)."""
        ray = _ray()
        answer: dict[str, Any] = {}

        def probe() -> None:
            try:
                answer["alive"] = any(n.get("Alive") for n in ray.nodes())
            except Exception as exc:
                answer["error"] = exc

        thread = threading.Thread(target=probe, name="ray-health", daemon=True)
        thread.start()
        thread.join(PROBE_TIMEOUT)
        if not answer.get("alive"):
            raise self.lost(answer.get("error") or TimeoutError(f"no answer in {PROBE_TIMEOUT:.0f} s"))

    def lost(self, exc: BaseException) -> EngineError:
        self._lost = True
        return EngineError(
            f"the Ray cluster {self.address or '(local)'} went away mid-run ({type(exc).__name__}: {exc}); "
            "every article stored so far is whole; run the same command again to finish")

    def restart(self) -> None:
        pass

    def close(self) -> None:
        if self._started and not self._lost:  # shutting down a lost cluster can hang
            try:
                _ray().shutdown()
            except Exception:  # a cluster already gone cannot be shut down twice
                log.debug("ray.shutdown failed", exc_info=True)
