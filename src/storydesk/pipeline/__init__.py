"""The ingest pipeline: read and analyze in parallel, one writer stores and groups.

``storydesk ingest`` (and :meth:`storydesk.Desk.ingest`) reads inputs, extracts their
articles and analyzes them with ``workers`` processes (the setting; 0, the default, is
every core) or on a Ray cluster (``engine="ray"``, :mod:`.ray_engine`), using the same
functions (:mod:`.stages`) everywhere. One writer (:mod:`.writer`) stores each article
with its analysis, in input order, then groups everything stored in publication order.
"""

from .executors import Inline, LocalPool, cpu_count, worker_count
from .stages import analyze_task, read_task
from .writer import IngestRun, dated_now

ENGINES = ("local", "ray")


def executor_for(engine: str = "local", address: str | None = None):
    """The executor an ingest runs on: None for the local default (``workers``
    processes, chosen by the writer), or a Ray cluster (joined at ``address``, else
    started locally). Raises :class:`~storydesk.errors.ConfigError` for an unknown
    engine, :class:`~storydesk.errors.MissingDependency` when ray is not installed."""
    from ..errors import ConfigError

    if engine not in ENGINES:
        raise ConfigError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if engine == "local":
        if address:
            raise ConfigError("--address names a Ray cluster: use it with --engine ray")
        return None
    from .ray_engine import RayCluster

    return RayCluster(address)

__all__ = ["ENGINES", "executor_for", "Inline", "IngestRun", "LocalPool", "analyze_task", "cpu_count",
           "dated_now", "read_task", "worker_count"]
