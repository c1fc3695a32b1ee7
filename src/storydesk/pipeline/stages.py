"""The work of one ingest that can run anywhere: plain functions of plain values, the same
in the writer's process, in a local worker process and in a Ray task.

* :func:`read_task` — one input path to its articles or rejections (reading and
  extraction; no spaCy).
* :func:`analyze_task` — a batch of articles to their analyses (the spaCy parse and
  everything built on it). A failure on one article is returned as its reason, so it
  costs that article only; a crash of the whole process is the caller's to isolate.

The only state is the loaded model of the process running the tasks, cached by name
(:func:`worker_nlp`), so a worker loads it once for all the batches it is given.
"""

from __future__ import annotations

import functools
import logging
from typing import Mapping

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
    """Load the model of a worker process before its first task."""
    worker_nlp(model)


def read_task(
    path: str, max_bytes: int, fields: Mapping[str, tuple[str, ...]]
) -> list[Article | Rejection]:
    """Everything read from one expanded input path, in order (never raises: a failure
    is a :class:`~storydesk.model.Rejection`)."""
    from ..ingest import read_input, read_one

    item = read_input(path, max_bytes)
    if isinstance(item, Rejection):
        return [item]
    return list(read_one(item, fields))


def analyze_task(
    articles: list[Article], model: str, max_chars: int, nlp=None
) -> list[Analysis | str]:
    """The analysis of each article, or the reason it failed (a string), in order.

    ``nlp`` defaults to this process's copy of ``model``. A batch is parsed with
    ``nlp.pipe``; when anything in it fails, its articles are analyzed one by one so
    that only the failing one is lost."""
    from ..analyze import analyze_article, analyze_articles

    nlp = nlp if nlp is not None else worker_nlp(model)
    try:
        return list(analyze_articles(articles, nlp, max_chars, batch_size=BATCH_SIZE))
    except Exception:  # find the article that failed; keep the others
        if len(articles) == 1:
            return [_failure(articles[0])]
    out: list[Analysis | str] = []
    for article in articles:
        try:
            out.append(analyze_article(article, nlp, max_chars))
        except Exception:
            out.append(_failure(article))
    return out


def _failure(article: Article) -> str:
    import sys

    exc = sys.exc_info()[1]
    log.exception("analysis failed on %s", article.source)
    return f"analysis failed: {type(exc).__name__}: {exc}"
