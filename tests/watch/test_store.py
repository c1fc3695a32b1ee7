"""The watch tables (migration 0007_feeds) through ``storydesk.store.feeds``."""

from __future__ import annotations

import time

from storydesk.ingest.common import make_article
from storydesk.model import Analysis
from storydesk.store import Store
from storydesk.store import feeds as db
from storydesk.watch.schedule import rate_interval
from storydesk.watch.watcher import Watcher


def _article(text: str, url: str):
    return make_article(text=text, source=url, format="html", raw=text, title="T", outlet="O", url=url,
                        published="2024-05-14T06:00:00")


def test_a_feed_that_moves_onto_a_watched_url_is_parked_not_doubled():
    with Store(":memory:") as store:
        a, _ = db.add_feed(store, "https://a.example/rss", "2024-05-14T00:00:00")
        b, _ = db.add_feed(store, "https://b.example/rss", "2024-05-14T00:00:00")
        again, new = db.add_feed(store, "https://a.example/rss", "2024-05-14T01:00:00")
        assert not new and again["id"] == a["id"]
        db.update_feed(store, b["id"], url="https://a.example/rss")
        moved = db.find_feed(store, str(b["id"]))
        assert moved["url"] == "https://b.example/rss" and "already watched as feed 1" in moved["parked"]
        assert [f["id"] for f in db.due_feeds(store, "2024-05-15T00:00:00")] == [a["id"]]


def test_rate_counts_published_entries_of_the_last_week():
    with Store(":memory:") as store:
        feed, _ = db.add_feed(store, "https://a.example/rss", "2024-05-14T00:00:00")
        for day in range(1, 15):  # two weeks, one entry a day
            at = f"2024-05-{day:02d}T12:00:00"
            db.record_entry(store, feed["id"], f"e{day}", "h", None, [], "2024-05-15T00:00:00", at)
        recent = db.entries_since(store, feed["id"], "2024-05-08T00:00:00")
        assert recent == 7
        from storydesk.config import Settings

        assert rate_interval(recent, Settings(watch_max_interval=86400)) == 86400.0


def test_an_edit_replaces_text_search_and_analysis_but_keeps_id_and_keys():
    with Store(":memory:") as store:
        article = _article("The bridge will reopen on Monday, the council said.", "https://a.example/1")
        store.add_article(article)
        store.put_analysis(Analysis(article_id=article.id, version="v"))
        feed, _ = db.add_feed(store, "https://a.example/rss", "2024-05-14T00:00:00")
        db.record_entry(store, feed["id"], "g1", "h1", article.id, ["guid:g1", "url:https://a.example/1"],
                        "2024-05-14T00:00:00")
        ingested = store.execute("SELECT ingested_at FROM articles").fetchone()[0]
        time.sleep(1.1)  # the store's clock counts seconds
        db.update_article(store, article.id, text="The bridge will reopen on Tuesday, the council said.",
                          title="T", raw="r", published=None, precision=None, authors_json="[]")
        assert store.get_article(article.id).text.endswith("Tuesday, the council said.")
        assert store.get_article(article.id).published == "2024-05-14T06:00:00"
        assert [a.id for a, _ in store.search("Tuesday")] == [article.id] and store.search("Monday") == []
        assert store.get_analysis(article.id, "v") is None
        assert db.article_for_keys(store, ["url:https://a.example/1"]) == article.id
        assert db.edit_stamp(store, [article.id]) == 1
        assert db.changed_since(store, ingested) == {"added": [], "edited": [article.id]}
        assert db.last_change(store) > ingested


def test_feeds_carrying_a_trending_story_are_found(desk):
    article = _article("Storm Hilde flooded 120 homes in Lower Tavistow on Wednesday morning, officials said.",
                       "https://valley.example/flood")
    desk.add_articles([article])
    feed, _ = db.add_feed(desk.store, "https://valley.example/rss", "2024-05-14T00:00:00")
    other, _ = db.add_feed(desk.store, "https://other.example/rss", "2024-05-14T00:00:00")
    db.record_entry(desk.store, feed["id"], "g", "h", article.id, [], "2024-05-14T00:00:00")
    story = db.story_of_article(desk.store, article.id)
    assert db.feeds_of_stories(desk.store, [story]) == {feed["id"]}
    assert db.feeds_of_stories(desk.store, []) == set()
    watcher = Watcher(desk)
    watcher._trending = {feed["id"]}
    assert watcher._rate_wait(feed, 0.0) < watcher._rate_wait(other, 0.0)
