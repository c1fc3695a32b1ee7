"""The work of one ingest that can run anywhere: plain functions of plain values, the same
in the writer's process, in a local worker process and in a Ray task.

* :func:`read_task` — one input path to its articles or rejections (reading and
  extraction; no spaCy).
* :func:`analyze_task` — a batch of articles to their analyses (the spaCy parse and
  everything built on it). A failure on one article is returned as its reason, so it
  costs that article only; a crash of the whole process is the caller's to isolate.

Both run their work within the time and memory budget of one article
(``article_seconds``, ``article_memory_mb``; :mod:`storydesk.budget`) when given one: a
page over it is a rejection, an article over it gets the reason instead of an analysis.
A batch is parsed together within one article's budget (a batch of ordinary articles
takes a fraction of it), and one by one when it fails or goes over, so only the article
that did it is lost and a bomb costs at most one budget more.

The only state is what the process running the tasks loads once: the model, by name
(:func:`worker_nlp`), and its budget workers (:func:`budget_worker`).
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Mapping

from ..model import Analysis, Article, Rejection

log = logging.getLogger(__name__)

#: Articles parsed together with ``nlp.pipe`` in one analysis task.
BATCH_SIZE = 16


@functools.cache
def worker_nlp(model: str):
    """The spaCy pipeline ``model`` of this process, loaded on first use (see
    :func:`storydesk.analyze.nlp.load_nlp` for which components analysis reads)."""
    from ..analyze import load_nlp

    return load_nlp(model)


def warm_up(model: str) -> None:
    """Load the model of a worker process before its first task; the worker leaves when
    the process that started it is gone (:func:`leave_with_parent`)."""
    leave_with_parent()
    worker_nlp(model)


#: How often a worker looks whether the process that started it is still there, in seconds.
PARENT_POLL_SECONDS = 1.0


def leave_with_parent(poll: float = PARENT_POLL_SECONDS) -> None:
    """End this process within ``poll`` seconds of its parent's death. A pool worker waits
    for tasks on a queue whose write end it holds itself, so it never sees a parent that
    was killed (``kill -9`` of ``storydesk ingest``): without this, each worker, the model
    it holds and its budget worker stayed behind for good."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(1)  # nothing of this process's is the store's: the writer was the parent

    threading.Thread(target=watch, name="storydesk-parent-watch", daemon=True).start()


@functools.cache
def budget_worker(seconds: float, memory_mb: int, model: str | None = None):
    """This process's budget worker for extraction (``model`` None) or for analysis with
    ``model`` (forked after the model is loaded, to share it), started once and reused."""
    from ..budget import Worker

    return Worker(seconds, memory_mb, worker_nlp(model) if model else None)


def _extract(data: bytes, source: str, max_tags: int) -> Article:
    from ..ingest.html import read_html

    return read_html(data, source, max_tags=max_tags)


def html_reader(worker, max_tags: int):
    """An HTML reader for :func:`storydesk.ingest.read_one` that extracts within
    ``worker``'s budget; a page over it is an :class:`~storydesk.errors.InputError` (a
    rejection) saying so."""
    from ..budget import OverBudget
    from ..errors import InputError

    def read(data: bytes, source: str) -> Article:
        try:
            return worker.call(_extract, data, source, max_tags)
        except OverBudget as exc:
            raise InputError(source, f"HTML extraction {exc.reason}") from None

    return read


def read_task(
    path: str, max_bytes: int, fields: Mapping[str, tuple[str, ...]],
    budget: tuple[float, int, int] | None = None, html=None,
) -> list[Article | Rejection]:
    """Everything read from one expanded input path, in order (never raises: a failure
    is a :class:`~storydesk.model.Rejection`). HTML is extracted by ``html``, else
    within ``budget`` (seconds, MiB, max_html_tags) in this process's budget worker."""
    from ..ingest import read_input, read_one

    item = read_input(path, max_bytes)
    if isinstance(item, Rejection):
        return [item]
    if html is None and budget is not None:
        html = html_reader(budget_worker(budget[0], budget[1]), budget[2])
    return list(read_one(item, fields, html=html))


def _analyze(nlp, articles: list[Article], max_chars: int) -> list[Analysis]:
    from ..analyze import analyze_articles

    return list(analyze_articles(articles, nlp, max_chars, batch_size=BATCH_SIZE))


def analyze_within(worker, articles: list[Article], max_chars: int) -> list[Analysis | str]:
    """The analysis of each article, or the reason it failed (a string), in order, the
    articles parsed together in ``worker`` (a :class:`storydesk.budget.Worker` holding
    the model) within one article's budget, and one by one when that fails."""
    from ..budget import OverBudget
    from ..errors import StoreError

    if len(articles) > 1:
        try:
            return worker.call(_analyze, articles, max_chars)
        except (StoreError, KeyboardInterrupt):
            raise
        except Exception:  # over the budget or failed: find the article that did it
            log.debug("a batch of %d analyses failed; analyzing them one by one", len(articles))
    out: list[Analysis | str] = []
    for article in articles:
        try:
            out += worker.call(_analyze, [article], max_chars)
        except OverBudget as exc:
            out.append(f"analysis {exc.reason}")
        except (StoreError, KeyboardInterrupt):
            raise
        except Exception as exc:
            log.debug("analysis of %s failed", article.source, exc_info=True)
            out.append(f"analysis failed: {type(exc).__name__}: {exc}")
    return out


def analyze_task(
    articles: list[Article], model: str, max_chars: int, budget: tuple[float, int] = (0.0, 0), worker=None
) -> list[Analysis | str]:
    """The analysis of each article, or the reason it failed (a string), in order:
    :func:`analyze_within` ``worker`` (default: this process's budget worker for
    ``model`` and ``budget``, seconds and MiB; (0, 0) is none)."""
    worker = worker if worker is not None else budget_worker(budget[0], budget[1], model)
    return analyze_within(worker, articles, max_chars)
