"""The web app's caches under concurrent requests."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from storydesk.web.context import StoryCache, TimedCache, is_loopback


def test_timed_cache_computes_once_per_burst_and_serves_stale_while_recomputing():
    calls = []
    gate = threading.Event()

    def slow():
        calls.append(1)
        if len(calls) == 2:
            gate.wait(5)  # the recomputation is slow
        return len(calls)

    cache = TimedCache(0.05)
    with ThreadPoolExecutor(8) as pool:
        assert set(pool.map(lambda _: cache.get("k", slow), range(16))) == {1}
    assert calls == [1]
    time.sleep(0.06)
    with ThreadPoolExecutor(8) as pool:
        recompute = pool.submit(cache.get, "k", slow)
        time.sleep(0.05)
        stale = list(pool.map(lambda _: cache.get("k", slow), range(8)))
        gate.set()
        assert recompute.result() == 2
    assert stale == [1] * 8 and len(calls) == 2


def test_timed_cache_failure_is_not_cached():
    cache = TimedCache(10)

    def boom():
        raise RuntimeError("store gone")

    for _ in range(2):
        try:
            cache.get("k", boom)
        except RuntimeError:
            pass
        else:  # pragma: no cover
            raise AssertionError("the failure must propagate")
    assert cache.get("k", lambda: "ok") == "ok"


def test_brief_cache_is_bounded():
    cache = StoryCache(2)
    for i in range(3):
        cache.get(("s", (str(i),)), lambda i=i: {"n": i})
    assert cache.get(("s", ("0",)), lambda: {"n": "again"}) == {"n": "again"}


def test_is_loopback():
    assert is_loopback("127.0.0.2") and is_loopback("[::1]")
    assert not is_loopback("example.org") and not is_loopback("10.0.0.1")
