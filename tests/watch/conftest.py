"""Fixtures of the watch tests: one loopback news web per test session (routes registered
per test under their own paths), a store per test, and a bounded way to run the watcher."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from storydesk import Desk, Settings
from storydesk.watch.feedlist import FeedRef
from storydesk.watch.health import add
from storydesk.watch.watcher import Watcher

from .newsweb import NewsWeb

FIXTURES = Path(__file__).parent / "fixtures"
ROBOTS = "User-agent: *\nDisallow: /private/\n\nUser-agent: BadBot\nDisallow: /\n"


@pytest.fixture(scope="session")
def web():
    server = NewsWeb().start()
    server.route("/robots.txt", ROBOTS, headers={"Content-Type": "text/plain"})
    for name in ("ferry", "stadium", "flood", "homepage"):
        page = (FIXTURES / f"{name}.html").read_bytes()
        server.route(f"/pages/{name}", page, headers={"Content-Type": "text/html; charset=utf-8"})
        server.route(f"/private/{name}", page, headers={"Content-Type": "text/html; charset=utf-8"})
    yield server
    server.stop()


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Fast schedules (a poll every second or two), short timeouts, no host delay."""
    return Settings(db=str(tmp_path / "watch.db")).replace(
        watch_min_interval=0.5, watch_max_interval=1.0, watch_host_delay=0, watch_timeout=1.0,
        watch_contact="https://desk.example/contact", watch_workers=4,
    )


@pytest.fixture
def desk(settings, nlp):
    with Desk(settings) as d:
        d._nlp = nlp  # the session's loaded model: loading it per test costs seconds
        yield d


def add_feeds(desk: Desk, *urls: str) -> list[dict]:
    return [row for row, _ in add(desk.store, [FeedRef(u) for u in urls], time.time())]


def watch_until(watcher: Watcher, done: Callable[[], bool], timeout: float = 15.0) -> float:
    """Run ``watcher`` until ``done()`` (checked every 50 ms) or ``timeout`` seconds; the
    time it took. The test fails on timeout only through its own asserts."""
    started = time.monotonic()

    def monitor() -> None:
        while not watcher.stop.is_set():
            if done() or time.monotonic() - started > timeout:
                watcher.stop.set()
                return
            time.sleep(0.05)

    thread = threading.Thread(target=monitor, daemon=True)
    thread.start()
    watcher.run()
    thread.join(1.0)
    return time.monotonic() - started
