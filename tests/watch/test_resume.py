"""Killing the watcher and starting it again resumes with no duplicate and no gap; a
SIGTERM or Ctrl-C to `storydesk watch` finishes the article in hand and stops within
seconds; politeness (Crawl-delay, per-host limits) holds between requests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from datetime import UTC, timedelta
from pathlib import Path

from storydesk.config import Settings
from storydesk.watch.clock import SystemClock
from storydesk.watch.fetch import Fetcher
from storydesk.watch.watcher import Watcher

from .conftest import add_feeds, watch_until
from .feedgen import Item, rss
from .newsweb import NewsWeb

PAGES = ("ferry", "stadium", "flood")


def _feed(web, base: str, n: int, first: int = 0) -> bytes:
    from datetime import datetime

    start = datetime(2024, 5, 14, 6, 0, tzinfo=UTC)
    items = [Item(f"Story {i}", web.url(f"/pages/{PAGES[i % 3]}?n={i}"), f"Teaser {i}.", guid=f"{base}-{i}",
                  published=start + timedelta(minutes=i)) for i in range(first, n)]
    return rss("Resume Gazette", web.base, items)


def test_a_watcher_stopped_mid_poll_resumes_without_gap_or_duplicate(web, desk):
    base = "/t-resume"
    web.route(f"{base}/feed.rss", _feed(web, base, 3), etag='"r1"')
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    stop_after_one = Watcher(desk)
    stop_after_one._on_article = lambda event: stop_after_one.stop.set()  # "killed" after one article
    watch_until(stop_after_one, lambda: False, timeout=15)
    assert stop_after_one.stats.articles == 1
    stored_first = {a.id for a in desk.store.list_articles()}
    feed = desk.store.execute("SELECT etag, polls FROM feeds").fetchone()
    assert feed["etag"] is None and feed["polls"] == 0  # validators not saved: the poll is not done

    again = Watcher(desk)
    watch_until(again, lambda: again.stats.not_modified >= 1)
    articles = desk.store.list_articles()
    assert len(articles) == 3 and stored_first <= {a.id for a in articles}  # no gap, no duplicate
    assert again.stats.articles == 2
    assert desk.store.execute("SELECT count(*) FROM feed_entries").fetchone()[0] == 3
    assert len(web.hits(f"{base}/feed.rss")) >= 3  # polled again, then 304


def _descendants(pid: int) -> list[int]:
    """Children, their children and so on."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids = [int(c) for c in (task / "children").read_text().split()]
        found += kids + [d for kid in kids for d in _descendants(kid)]
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_sigterm_finishes_the_article_in_hand_and_stops_within_seconds(web, tmp_path):
    """`storydesk watch --serve` for real: articles printed as stored, the feeds page
    served meanwhile, SIGTERM obeyed within seconds, what was printed stored once."""
    base = "/t-sigterm"
    web.route(f"{base}/feed.rss", _feed(web, base, 3))
    db = tmp_path / "term.db"
    env = {**os.environ, "STORYDESK_WATCH_HOST_DELAY": "0", "STORYDESK_WATCH_MIN_INTERVAL": "1",
           "STORYDESK_WATCH_MAX_INTERVAL": "2", "PYTHONUNBUFFERED": "1"}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "storydesk", "watch", web.url(f"{base}/feed.rss"), "--db", str(db),
         "--serve", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + 90  # the spaCy model loads first
    while time.monotonic() < deadline and not lines and process.poll() is None:
        time.sleep(0.05)
    assert lines and lines[0].startswith("+ "), process.stderr.read() if process.poll() is not None else lines
    import httpx

    page = httpx.get(f"http://127.0.0.1:{port}/feeds", timeout=10)  # --serve: the web desk meanwhile
    assert page.status_code == 200 and web.url(f"{base}/feed.rss") in page.text
    # page extraction and analysis run in workers forked by a fork server, the watcher's child
    workers = _descendants(process.pid)
    assert len(workers) >= 3, workers
    asked = time.monotonic()
    process.send_signal(signal.SIGTERM)
    status = process.wait(timeout=15)
    took = time.monotonic() - asked
    err = process.stderr.read()
    assert status == 0 and took < 8, (status, took, err)
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)]  # the fork server and workers stopped with the watcher
    assert "stopping" in err and "stopped:" in err

    from storydesk import Desk

    with Desk(Settings(db=str(db))) as desk:  # what was printed is stored, and once
        stored = desk.store.list_articles()
    reader.join(2)
    printed = [line for line in lines if line.startswith("+ ")]
    assert 1 <= len(stored) == len(printed) <= 3
    assert len({a.id for a in stored}) == len(stored)


def test_crawl_delay_and_host_limits_space_page_requests():
    server = NewsWeb().start()
    try:
        server.route("/robots.txt", "User-agent: *\nCrawl-delay: 0.4\nDisallow: /private/\n",
                     headers={"Content-Type": "text/plain"})
        for i in range(3):
            server.route(f"/a{i}", "<html><body><p>x</p></body></html>", headers={"Content-Type": "text/html"})
        settings = Settings(watch_host_delay=0.0, watch_host_concurrency=1, watch_timeout=2.0)
        fetcher = Fetcher(settings, SystemClock(), threading.Event())
        starts = []
        threads = []
        for i in range(3):
            def get(i=i):
                fetcher.get(server.url(f"/a{i}"), page=True)
                starts.append(time.monotonic())
            threads.append(threading.Thread(target=get))
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        refused = fetcher.get(server.url("/private/x"), page=True)
        fetcher.close()
    finally:
        server.stop()
    starts.sort()
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert len(starts) == 3 and min(gaps) >= 0.35  # Crawl-delay 0.4 s (the setting says 0)
    assert refused.error and "robots.txt" in refused.error
    assert [h.path for h in server.log].count("/robots.txt") == 1  # read once, kept
    assert not any(h.path.startswith("/private") for h in server.log)
