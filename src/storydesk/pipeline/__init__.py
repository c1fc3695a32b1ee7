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

__all__ = ["ENGINES", "Inline", "IngestRun", "LocalPool", "analyze_task", "cpu_count",
           "dated_now", "read_task", "worker_count"]
