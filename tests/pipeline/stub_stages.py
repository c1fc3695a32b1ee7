"""Stand-ins for the analysis stage, importable by spawned worker processes."""

from __future__ import annotations

import os
import signal

from storydesk.analyze import ANALYZER_VERSION
from storydesk.model import Analysis
from storydesk.pipeline import analyze_task

#: An article whose text holds this kills the worker process analyzing it.
POISON = "CRASH-THE-WORKER"


def analyze_or_crash(articles, model, max_chars, budget=(0.0, 0), worker=None):
    """The real analysis, except that a poisoned article kills the process (as a
    segfault in a parser would): no exception, no answer, the process is gone."""
    if any(POISON in a.text for a in articles):
        os.kill(os.getpid(), signal.SIGKILL)
    return analyze_task(articles, model, max_chars, budget, worker)


def empty_analysis(articles, model, max_chars, budget=(0.0, 0), worker=None):
    """An empty analysis at once (for tests of the writer, not of the analysis)."""
    return [Analysis(article_id=a.id, version=ANALYZER_VERSION) for a in articles]
