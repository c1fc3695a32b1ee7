"""The per-article time and memory budget (issue 16, finding 8): work that runs too long
or grows too large is stopped from outside, and the worker comes back for the next."""

from __future__ import annotations

import logging
import os
import signal
import time

import pytest

from storydesk.budget import OverBudget, Worker
from storydesk.errors import InputError
from storydesk.forkserver import ForkServer


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _grow(mb: int) -> int:
    block = bytearray(mb << 20)
    block[:: 4096] = b"x" * len(block[:: 4096])  # touch every page: resident, not only reserved
    time.sleep(1)
    return len(block)


def _spin() -> None:
    import re

    re.match(r"(a+)+$", "a" * 40 + "b")  # catastrophic backtracking: C code, no Python to interrupt


def _refuse() -> None:
    raise InputError("page.html", "HTML page has no article text", 3)


def test_work_over_its_time_budget_is_stopped_and_the_next_call_runs():
    with Worker(seconds=1, memory_mb=0) as worker:
        started = time.monotonic()
        with pytest.raises(OverBudget, match=r"took longer than its time budget \(1 s, article_seconds\)"):
            worker.call(_spin)
        assert time.monotonic() - started < 5
        assert worker.call(_sleep, 0.01) == 0.01


def test_work_over_its_memory_budget_is_stopped_and_the_next_call_runs():
    with Worker(seconds=30, memory_mb=100) as worker:
        with pytest.raises(OverBudget, match="memory budget"):
            worker.call(_grow, 400)
        assert worker.call(_grow, 20) == 20 << 20


def test_exceptions_cross_whole_and_results_come_back():
    with Worker(seconds=10, memory_mb=200) as worker:
        with pytest.raises(InputError) as caught:
            worker.call(_refuse)
        got = (caught.value.source, caught.value.reason, caught.value.line)
        assert got == ("page.html", "HTML page has no article text", 3)
        assert worker.call(sorted, [3, 1, 2]) == [1, 2, 3]


def test_a_context_reaches_the_worker_by_fork_not_by_pickling():
    unpicklable = lambda text: text.upper()  # noqa: E731  (a lambda does not pickle)
    with Worker(seconds=10, memory_mb=0, context=unpicklable) as worker:
        assert worker.call(_apply, "ferry") == "FERRY"


def _apply(fn, text):
    return fn(text)


def test_no_budget_runs_in_the_calling_process():
    worker = Worker(seconds=0, memory_mb=0)
    assert not worker.bounded and worker.call(_sleep, 0) == 0
    with pytest.raises(ValueError):
        Worker(seconds=-1, memory_mb=0)


def _fill_and_report(mb: int) -> tuple[int, int]:
    """Keep ``mb`` MiB alive in the worker (what a fragmenting library leaves behind) and
    say which process holds it."""
    import os

    kept = globals().setdefault("_kept", [])
    kept.append(bytearray(mb << 20))
    return os.getpid(), len(kept)


def test_a_worker_is_replaced_after_max_tasks_and_what_it_held_goes_with_it():
    with Worker(seconds=10, memory_mb=0, max_tasks=2) as worker:
        seen = [worker.call(_fill_and_report, 8) for _ in range(5)]
    pids = [pid for pid, _ in seen]
    assert pids[0] == pids[1] != pids[2] == pids[3] != pids[4]
    assert [held for _, held in seen] == [1, 2, 1, 2, 1]  # a fresh process starts without the old one's memory
    with pytest.raises(ValueError):
        Worker(seconds=1, memory_mb=0, max_tasks=-1)


def test_a_worker_holding_max_own_mb_more_than_after_its_first_call_is_replaced():
    with Worker(seconds=10, memory_mb=0, max_own_mb=20) as worker:
        first, _ = worker.call(_fill_and_report, 32)  # what its first task needs is its baseline: kept
        again, held = worker.call(_fill_and_report, 4)  # 4 MiB more: kept
        assert (again, held) == (first, 2)
        big, _ = worker.call(_fill_and_report, 32)  # 36 MiB more than after the first call: replaced after it
        fresh, held = worker.call(_fill_and_report, 4)
        assert big == first and fresh != first and held == 1


def _whose(context, text: str) -> tuple[int, int, str]:
    """Which process ran this, which one forked it, and the context's answer."""
    import os

    return os.getpid(), os.getppid(), context(text)


def _die(context) -> None:
    import os
    import signal

    os.kill(os.getpid(), signal.SIGKILL)


def test_workers_from_a_fork_server_are_its_children_and_keep_their_budgets():
    """A worker forked by the fork server runs with the context the server was started
    with (by identity, unpicklable), is its child, not the caller's, and its budgets hold:
    over time it is killed, a worker that dies costs its call only, and a fresh one comes."""
    context = lambda text: text.upper()  # noqa: E731  (a lambda does not pickle)
    with ForkServer([context]) as forks, Worker(seconds=1, memory_mb=100, context=context, forks=forks,
                                                 max_tasks=2) as worker:
        first = [worker.call(_whose, "ferry") for _ in range(3)]
        assert [answer for _, _, answer in first] == ["FERRY"] * 3
        assert {parent for _, parent, _ in first} == {forks.pid} != {os.getpid()}
        assert first[0][0] == first[1][0] != first[2][0]  # replaced after max_tasks, from the server again
        with pytest.raises(OverBudget, match="time budget"):
            worker.call(_spin_with)
        with pytest.raises(OverBudget, match=r"worker process died \(killed by signal 9\)"):
            worker.call(_die)
        assert worker.call(_whose, "quay")[1:] == (forks.pid, "QUAY")
        with pytest.raises(ValueError, match="context"):
            Worker(seconds=1, memory_mb=0, context=str.lower, forks=forks)


def _spin_with(context) -> None:
    _spin()


def test_a_fork_server_that_dies_is_forked_again_and_says_so(caplog):
    with ForkServer() as forks, Worker(seconds=10, memory_mb=0, forks=forks) as worker:
        before = worker.call(os.getppid)
        assert before == forks.pid
        os.kill(forks.pid, signal.SIGKILL)
        worker.call(os.getppid)  # the worker it forked outlives it (its pipe is the caller's)
        worker.close()
        with caplog.at_level(logging.WARNING, logger="storydesk.forkserver"):
            after = worker.call(os.getppid)
        assert after == forks.pid != before and forks.generation == 2
        assert any("fork server" in r.getMessage() and "died" in r.getMessage() for r in caplog.records)
        pid = worker._process.pid
    assert not os.path.exists(f"/proc/{pid}") and forks.pid is None  # closed: the worker and server reaped
