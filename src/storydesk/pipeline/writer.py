"""The single writer of an ingest: it hands reading and analysis to an executor's workers,
stores what comes back in input order, then groups everything stored in publication order.

Memory stays bounded however long the input: inputs are read as the writer gets to them
(at most :data:`MAX_WAITING` articles wait in memory to be stored), every article is
committed with its analysis as soon as it is ready, and the grouping pass reads the
waiting articles back from the store a page at a time. The store is the buffer, which
is also what makes grouping independent of the order files sit on disk.

A worker that fails on one article costs that article only: an exception becomes a
rejection with its reason; a worker process that dies (a segfault, the kernel's OOM
killer) breaks only the tasks it held, which are then retried one at a time to find the
input that did it, and that input is rejected.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..model import Analysis, Article, Rejection
from .executors import Background, Inline, LocalPool, worker_count
from .stages import BATCH_SIZE, analyze_task, read_task

if TYPE_CHECKING:  # pragma: no cover
    from ..desk import Desk, IngestReport, OnResult

log = logging.getLogger(__name__)

#: Articles read but not yet stored, at most (the writer stops reading beyond this).
MAX_WAITING = 2000
#: Below this many articles an ingest is analyzed in the writer's own process: starting
#: worker processes (each loading the model) costs more than it saves.
POOL_THRESHOLD = 2 * BATCH_SIZE
#: Seconds without a finished task after which a remote engine is asked if it is alive.
PROBE_EVERY = 30.0


@dataclass
class _Item:
    """One article or rejection of an input, waiting for its analysis and its write."""

    result: Article | Rejection
    done: bool = True
    analysis: Analysis | None = None
    failure: str | None = None


@dataclass
class _Input:
    """One input in input order: its items once read."""

    path: str | None
    items: list[_Item | None] | None = None  # None once written
    written: int = 0  # items stored so far (a prefix)


@dataclass
class _Task:
    kind: str  # "read" | "analyze"
    input: _Input | None = None
    items: list[_Item] = field(default_factory=list)
    alone: bool = False  # retried with nothing else running, to find a crashing input


def _read_path(task: _Task) -> str:
    """The path a "read" task reads (inputs read before the run have none and are never read again)."""
    assert task.input is not None and task.input.path is not None
    return task.input.path


def ingest_time() -> str:
    return datetime.now(UTC).replace(microsecond=0, tzinfo=None).isoformat()


def dated_now(article: Article, now: str | None = None) -> Article:
    """An undated article gets the ingest time (``now``: the time the ingest started, so
    the undated articles of one ingest share it) as its date, and says so."""
    return replace(article, published=now or ingest_time(), precision="time", date_from_ingest=True)


class IngestRun:
    """One ingest: read → analyze (by ``executor``, or chosen from the ``workers``
    setting) → store in input order → group in publication order."""

    def __init__(
        self,
        desk: Desk,
        report: IngestReport,
        *,
        fields: Mapping[str, tuple[str, ...]],
        on_result: OnResult | None = None,
        process: bool = True,
        executor=None,
        analyze: Callable = analyze_task,
    ):
        from ..analyze import ANALYZER_VERSION

        self._desk = desk
        self._store = desk.store
        self._settings = desk.settings
        self._report = report
        self._fields = fields
        self._on_result = on_result
        self._process = process
        self._version = ANALYZER_VERSION
        self._analyze = analyze  # the analysis stage (a test passes one that crashes)
        # each article's time and memory budget; a Ray cluster's own limits apply there
        local = executor is None or getattr(executor, "name", "") in ("inline", "local")
        self._budget = ((self._settings.article_seconds, self._settings.article_memory_mb)
                        if local else (0.0, 0))
        self._workers = worker_count(self._settings.workers)
        # a given executor is used from the start; one worker works beside the writer;
        # otherwise the writer starts alone and moves to a local pool once the input is
        # clearly big enough to pay for one
        self._executor = executor or (Background() if self._workers == 1 and process else Inline())
        self._decided = executor is not None or self._workers == 1 or not process
        # inputs read at once: one when one thread does all the work (a second read would
        # only wait behind the first, holding its articles past MAX_WAITING)
        self._max_reads = 1 if isinstance(self._executor, Background) else 1 << 30
        self._queue: deque[_Input] = deque()
        self._inflight: dict[Future, _Task] = {}
        self._backlog: list[_Item] = []
        self._retry: deque[_Task] = deque()
        self._waiting_ids: set[str] = set()
        self._reads_left = 0
        self._now = ingest_time()  # the date of the undated articles of this ingest
        self._held = 0  # inputs being read plus articles read, not yet stored
        self.peak_held = 0

    # -- the loop ------------------------------------------------------------------------
    def run(self, paths: Iterable[str] = (), results: Iterable[Article | Rejection] = ()) -> None:
        """Ingest ``results`` already read (an upload, stdin), then the inputs ``paths``."""
        pre_read = _Input(None)
        self._queue.append(pre_read)
        self._accept(pre_read, list(results))
        paths_left: Iterator[str] = iter(paths)
        exhausted = False
        try:
            while True:
                exhausted = self._fill(paths_left, exhausted)
                self._write_ready()
                if not self._inflight:
                    if exhausted and not self._queue and not self._backlog and not self._retry:
                        break
                    self._idle()
                    if not self._inflight and not self._retry and (exhausted or self._held >= MAX_WAITING):
                        raise RuntimeError("ingest stalled with work left (a bug)")
                    continue
                done, _ = wait(list(self._inflight), timeout=PROBE_EVERY, return_when=FIRST_COMPLETED)
                if not done and hasattr(self._executor, "check"):
                    self._executor.check()  # a quiet cluster may be a lost one
                for future in done:
                    self._finish(future)
        finally:
            self._report.workers = getattr(self._executor, "workers", 1)
            self._executor.close()

    def _idle(self) -> None:
        """Nothing running: decide, and send the partial batch, so the loop cannot stall."""
        if not self._decided:
            self._decide(force=True)
        if self._backlog:
            self._submit_batch()

    def _fill(self, paths: Iterator[str], exhausted: bool) -> bool:
        """Submit work up to the executor's capacity; returns whether ``paths`` ran out."""
        if self._retry:  # isolation: one suspect task at a time, nothing beside it
            if not self._inflight:
                self._submit(self._retry.popleft())
            return exhausted
        while len(self._inflight) < self._executor.capacity:
            if not self._decided:
                self._decide(force=exhausted and not self._reads_left)
            if len(self._backlog) >= BATCH_SIZE and self._decided:
                self._submit_batch()
            elif not exhausted and self._held < MAX_WAITING and self._reads_left < self._max_reads:
                path = next(paths, None)
                if path is None:
                    exhausted = True
                    continue
                item = _Input(path)
                self._queue.append(item)
                self._reads_left += 1
                self._held += 1
                self._submit(_Task("read", input=item))
            elif self._backlog and self._decided and not self._reads_left:
                self._submit_batch()  # the last, partial batch
            else:
                break
        return exhausted

    def _decide(self, force: bool) -> None:
        """Move to a pool of worker processes once enough articles are waiting."""
        if len(self._backlog) >= POOL_THRESHOLD:
            self._executor = LocalPool(self._workers, self._settings.spacy_model)
            self._decided = True
        elif force:
            self._decided = True

    def _submit_batch(self) -> None:
        batch, self._backlog = self._backlog[:BATCH_SIZE], self._backlog[BATCH_SIZE:]
        self._submit(_Task("analyze", items=batch))

    def _submit(self, task: _Task) -> None:
        """Send a task to the executor: in this process through the desk's guard (its budget
        workers, the model it loaded), elsewhere with the budget for that process's own."""
        ex, settings = self._executor, self._settings
        inline = isinstance(ex, Inline)
        if task.kind == "read":
            args = [_read_path(task), settings.max_input_bytes, dict(self._fields)]
            if inline:
                future = ex.submit(read_task, *args, None, self._desk.guard.read_html)
            else:
                future = ex.submit(read_task, *args, self._budget + (settings.max_html_tags,))
        else:
            guard = self._desk.guard
            articles = [guard.usable(item.result) for item in task.items]
            args = [articles, settings.spacy_model, settings.max_analysis_chars, self._budget]
            if inline:
                args.append(guard.analysis_worker())  # the desk's own model, loaded once
            future = ex.submit(self._analyze, *args)
        self._inflight[future] = task

    # -- results -------------------------------------------------------------------------
    def _finish(self, future: Future) -> None:
        task = self._inflight.pop(future, None)
        if task is None:  # dropped when the pool was restarted
            return
        try:
            result = future.result()
        except Exception as exc:
            self._failed(task, exc)
            return
        if task.kind == "read":
            self._reads_left -= 1
            assert task.input is not None
            self._accept(task.input, result)
        else:
            for item, outcome in zip(task.items, result):
                if isinstance(outcome, str):
                    item.failure = outcome
                else:
                    item.analysis = outcome
                item.done = True

    def _failed(self, task: _Task, exc: BaseException) -> None:
        ex: Any = self._executor  # executors differ in what they offer (fatal, check, shared_fate)
        if getattr(ex, "fatal", None) is not None and ex.fatal(exc):
            raise ex.lost(exc) from exc
        crashed = ex.crashed(exc)
        if crashed and hasattr(ex, "check"):
            ex.check()  # a node died: was it the whole cluster?
        if crashed:
            if getattr(ex, "shared_fate", True):  # a local pool breaks for every task in it
                others = list(self._inflight.values())
                self._inflight.clear()
                ex.restart()
                for t in others:
                    t.alone = True
                    self._retry.append(t)
            if not task.alone:
                log.warning("a worker process died (%s); retrying its tasks one at a time", exc)
                task.alone = True
                self._retry.append(task)
                return
            if task.kind == "analyze" and len(task.items) > 1:
                self._retry.extend(_Task("analyze", items=[i], alone=True) for i in task.items)
                return
        what = "reading" if task.kind == "read" else "analyzing"
        reason = (f"{what} it crashed a worker process ({exc})" if crashed
                  else f"{what} failed: {type(exc).__name__}: {exc}")
        if task.kind == "read":
            self._reads_left -= 1
            assert task.input is not None
            self._accept(task.input, [Rejection(_read_path(task), reason)])
        else:
            for item in task.items:
                item.failure, item.done = reason, True

    def _accept(self, item: _Input, results: list[Article | Rejection]) -> None:
        """An input's read results: each article is analyzed unless it is stored with an
        analysis already (a re-run) or came earlier in this run."""
        from ..store.progress import has_analysis

        item.items = []
        self._held += len(results) - (item.path is not None)
        self.peak_held = max(self.peak_held, self._held)
        for result in results:
            if isinstance(result, Rejection):
                item.items.append(_Item(result))
                continue
            article = result if result.published is not None else dated_now(result, self._now)
            entry = _Item(article)
            item.items.append(entry)
            if not self._process or article.id in self._waiting_ids:
                continue
            if self._store.has_article(article.id) and has_analysis(self._store, article.id, self._version):
                continue
            entry.done = False
            self._waiting_ids.add(article.id)
            self._backlog.append(entry)

    def _write_ready(self) -> None:
        """Store, in input order, every item that is ready and has none waiting before it."""
        while self._queue and (items := self._queue[0].items) is not None:
            head = self._queue[0]
            while head.written < len(items) and (item := items[head.written]) is not None and item.done:
                self._write(item)
                items[head.written] = None  # written: let it go
                head.written += 1
            if head.written < len(items):
                return
            self._queue.popleft()

    def _write(self, item: _Item) -> None:
        """Store one item. An article whose analysis failed is stored all the same, with
        an empty analysis and the note that quarantines it from analysis (issue 16): it
        is grouped and counted on its words and names."""
        from ..quarantine import skipped_analysis

        store, report = self._store, self._report
        self._held -= 1
        result = item.result
        if isinstance(result, Rejection):
            store.add_rejection(result)
            report.rejected.append(result)
            is_new = False
        else:
            is_new = store.add_article(result)
            if item.failure is not None:
                store.put_analysis(skipped_analysis(result.id, item.failure))
                self._desk.guard.failed_analysis(result.id, item.failure)
            elif item.analysis is not None:
                store.put_analysis(item.analysis)
            (report.stored if is_new else report.already).append(result)
            self._waiting_ids.discard(result.id)
        if self._on_result is not None:
            self._on_result(result, is_new)
