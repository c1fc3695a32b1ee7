"""The parsing libraries run in worker processes that a long watch replaces now and then
(``worker_max_tasks``), so what they fragment goes back to the system: the same pages
and analyses as in the watcher's own process, and a worker that dies costs one page."""

from __future__ import annotations

import logging
import os
import signal
from datetime import UTC, datetime

import pytest

from storydesk import Desk, budget
from storydesk.ingest.html import read_html
from storydesk.pipeline import stages
from storydesk.store import feeds as db
from storydesk.watch.watcher import Watcher

from .conftest import FIXTURES, add_feeds, watch_until
from .feedgen import Item, rss

TEASER = "Officials gave the first details of the night's events at a briefing this morning…"
_REAL_EXTRACT = stages._extract


def _crashing(data: bytes, source: str, max_tags: int):
    """Extraction that dies with its process on a marked page (module level: it is sent
    to the worker by reference)."""
    if b"segfault-me" in data:
        os.kill(os.getpid(), signal.SIGKILL)
    return _REAL_EXTRACT(data, source, max_tags)


def _started_workers(monkeypatch) -> list[int]:
    """The process id of every worker started from now on, in order."""
    pids: list[int] = []
    start = budget.Worker._start

    def recording(self) -> None:
        start(self)
        pids.append(self._process.pid)

    monkeypatch.setattr(budget.Worker, "_start", recording)
    return pids


@pytest.mark.parametrize("forks", [True, False], ids=["fork server", "forked from the desk"])
def test_pages_and_analyses_in_recycled_workers_equal_those_in_process(settings, nlp, monkeypatch, forks):
    """Every page extracted and every article analyzed by a fresh worker (replaced after
    each task), forked from the watcher's fork server or from the desk itself, is what the
    watcher's own process makes of it."""
    pages = [(FIXTURES / f"{name}.html").read_bytes() for name in ("ferry", "stadium", "flood")]
    sources = [f"https://news.example/{n}" for n in range(len(pages))]
    inline = [read_html(page, source) for page, source in zip(pages, sources)]
    started = _started_workers(monkeypatch)
    with Desk(settings.replace(worker_max_tasks=1)) as desk:
        desk._nlp = nlp
        if forks:
            desk.guard.serve_forks()
        extracted = [desk.guard.read_html(page, source) for page, source in zip(pages, sources)]
        analysed = [desk.analyze([article], cache=False)[0].analysis for article in extracted]
    assert len(set(started)) == 2 * len(pages)  # a fresh worker for every page and every analysis
    assert all(_parent(pid) is None for pid in started)  # all stopped with the desk
    assert extracted == inline
    with Desk(settings.replace(db=":memory:", article_seconds=0, article_memory_mb=0)) as here:
        here._nlp = nlp  # no budget: analysed in this process
        assert [here.analyze([a], cache=False)[0].analysis for a in inline] == analysed
    assert any(a.quotes for a in analysed) and all(a.entities for a in analysed)  # real analyses


def test_a_page_that_kills_its_worker_costs_that_page_only(web, desk, monkeypatch, caplog):
    """A page whose extraction kills the worker process (a parser crash, the OOM killer):
    its entry is stored with the feed's text, `feeds list` says why, and the next page is
    read by a new worker."""
    monkeypatch.setattr(stages, "_extract", _crashing)
    base = "/t-poison"
    poison = (FIXTURES / "flood.html").read_bytes().replace(b"<body", b"<body data-x='segfault-me'", 1)
    web.route(f"{base}/poisoned", poison, headers={"Content-Type": "text/html; charset=utf-8"})
    web.route(f"{base}/feed.rss", rss("The Valley Post", web.base, [
        Item("Flood waters rise", web.url(f"{base}/poisoned"), TEASER, guid="valley-poison"),
        Item("Ferry aground", web.url("/pages/ferry"), TEASER.replace("Officials", "Rescuers"), guid="valley-ferry",
             published=datetime(2024, 5, 14, 7, 0, tzinfo=UTC)),
    ]))
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    watcher = Watcher(desk)
    with caplog.at_level(logging.WARNING):
        watch_until(watcher, lambda: watcher.stats.articles >= 2, timeout=30)
    stored = {a.url or a.source: a for a in desk.store.list_articles()}
    assert len(stored) == 2
    poisoned = next(a for a in stored.values() if a.text.startswith("Officials"))
    assert poisoned.text == TEASER  # the feed's text, nothing lost
    ferry = next(a for a in stored.values() if a is not poisoned)
    assert "Marguerite Olsen" in ferry.text  # the next page read in full by a new worker
    said = [r.getMessage() for r in caplog.records if "not read" in r.getMessage()]  # and in `feeds list`
    assert said and "/t-poison/poisoned" in said[0] and "worker process died" in said[0]
    assert db.story_of_article(desk.store, ferry.id) is not None
    assert watcher.stats.page_errors == 1


def _parent(pid: int) -> int | None:
    """The parent of live process ``pid`` (None: gone, or a zombie)."""
    try:
        state, parent = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[:2]
    except OSError:
        return None
    return None if state == "Z" else int(parent)


def test_workers_are_replaced_every_worker_max_tasks(web, desk, monkeypatch):
    """A watch of many pages goes through several worker processes (the setting), each
    forked from the watcher's fork server (started with the model loaded, before
    anything else grows), none left running once the desk is closed."""
    desk.settings = desk.settings.replace(worker_max_tasks=2)
    started = _started_workers(monkeypatch)
    base = "/t-recycle"
    items = [Item(f"Story {n}", web.url(f"/pages/{name}?n={n}"), TEASER.replace("Officials", f"Officials {n}"),
                  guid=f"recycle-{n}", published=datetime(2024, 5, 14, 6, n, tzinfo=UTC))
             for n, name in enumerate(["ferry", "stadium", "flood"])]
    web.route(f"{base}/feed.rss", rss("The Valley Post", web.base, items))
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    watcher = Watcher(desk)
    parents: set[int | None] = set()
    watch_until(watcher, lambda: parents.update(_parent(p) for p in started) or watcher.stats.articles >= 3,
                timeout=30)
    assert watcher.stats.articles == 3 and watcher.stats.page_errors == 0
    server = desk.guard._forks
    assert server is not None and server.pid != os.getpid() and _parent(server.pid) == os.getpid()
    assert parents - {None} == {server.pid}  # every worker forked by it, not by the watcher
    assert len(set(started)) >= 4  # warm-up's two, each replaced after a second task (3 pages, 3 analyses)
    server_pid = server.pid
    desk.close()
    assert not [pid for pid in [*started, server_pid] if os.path.exists(f"/proc/{pid}")]  # stopped and reaped
