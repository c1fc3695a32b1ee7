"""A supervised watcher (``watch_restart_hours``) runs in a child process replaced on a
fixed schedule: each replacement resumes from the store with no gap and no duplicate,
and a stop reaches the running watcher within seconds."""

from __future__ import annotations

import threading
import time

from storydesk import Desk
from storydesk.watch.supervise import Supervisor

from .conftest import add_feeds
from .feedgen import Item, rss
from .test_resume import _feed


def _full_feed(web, base: str) -> bytes:
    """Two entries carrying their full text (two articles of their own, no page fetched)."""
    texts = [
        ("The harbour authority said on Tuesday that the new ferry terminal would open in June, after "
        "two years of building and a dispute with the contractor over the cost of the pier. "
        "Commuters have used a temporary landing since the old terminal was closed in 2022. "),
        ("Flood barriers along the river were raised overnight as the water rose to its highest level "
        "in a decade, the county's emergency office said, and two schools in the valley stayed "
        "closed. Forecasters expect the rain to ease by the weekend. "),
    ]
    items = [Item(f"Full story {i}", web.url(f"/full/{i}"), text[:80], content=f"<p>{text * 4}</p>",
                  guid=f"{base}-full-{i}") for i, text in enumerate(texts)]
    return rss("Full Text Herald", web.base, items)


def test_a_replaced_watcher_resumes_without_gap_or_duplicate(web, settings):
    base = "/t-supervised"
    web.route(f"{base}/a.rss", _feed(web, f"{base}-a", 3), etag='"a1"')
    with Desk(settings) as desk:
        add_feeds(desk, web.url(f"{base}/a.rss"))
    # each watcher is replaced 4 s (of the system clock) after the previous: the model loads in
    # each one first, so the test sees two or three of them
    supervised = settings.replace(watch_restart_hours=4 / 3600)
    told: list = []
    supervisor = Supervisor(supervised, on_article=told.append)

    def second_feed_once_replaced() -> None:
        deadline = time.monotonic() + 120
        while supervisor.restarts < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        # a feed that only the second watcher (or a later one) can find
        web.route(f"{base}/b.rss", _full_feed(web, base), etag='"b1"')
        with Desk(settings) as desk:
            add_feeds(desk, web.url(f"{base}/b.rss"))
        while (supervisor.restarts < 2 or len(told) < 5) and time.monotonic() < deadline:
            time.sleep(0.1)
        supervisor.stop.set()

    helper = threading.Thread(target=second_feed_once_replaced, daemon=True)
    helper.start()
    stats = supervisor.run()
    helper.join(5)
    assert supervisor.restarts >= 2 and supervisor.deaths == 0
    assert len(supervisor.gaps) >= 2 and all(0 < gap < 120 for gap in supervisor.gaps)  # the next one's load
    with Desk(settings) as desk:
        articles = desk.store.list_articles()
        entries = desk.store.execute("SELECT count(*) FROM feed_entries").fetchone()[0]
    assert len(articles) == len({a.id for a in articles}) == 5  # both feeds whole, nothing twice
    assert entries == 5 and stats.articles == 5 and len(told) == 5
    assert {a.id for a in articles} == {event.article.id for event in told}  # told in this process
    assert len(web.hits(f"{base}/a.rss")) >= 2 and stats.not_modified >= 1  # later watchers: 304


def test_a_stop_reaches_the_running_watcher_within_seconds(web, settings):
    base = "/t-supervised-stop"
    web.route(f"{base}/feed.rss", _feed(web, base, 2))
    with Desk(settings) as desk:
        add_feeds(desk, web.url(f"{base}/feed.rss"))
    watching = threading.Event()
    supervisor = Supervisor(settings.replace(watch_restart_hours=24), on_article=lambda event: watching.set())
    asked: list[float] = []
    pids: list[int | None] = []

    def stop_once_watching() -> None:
        watching.wait(120)
        pids.append(supervisor.pid)
        asked.append(time.monotonic())
        supervisor.stop.set()

    threading.Thread(target=stop_once_watching, daemon=True).start()
    supervisor.run()
    took = time.monotonic() - asked[0]
    assert pids[0] is not None and took < 8, took  # the article in hand finished, the process gone
    assert supervisor.pid is None and supervisor.restarts == 0 and supervisor.stats.articles >= 1
