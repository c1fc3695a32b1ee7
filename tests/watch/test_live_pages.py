"""The live pages, read as a person reads them (no script): when they were updated, what
changed since the last visit (remembered in a cookie the server reads), feed health."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from storydesk.store import feeds as db
from storydesk.web import create_app

from .conftest import add_feeds


def test_front_and_story_pages_say_what_changed_since_the_last_visit(desk, seed_paths):
    desk.ingest([str(p) for p in seed_paths[:3]])
    [story] = desk.stories()
    with TestClient(create_app(desk.settings)) as client:
        first = client.get("/")
        assert first.status_code == 200 and "Updated " in first.text and "Since your last visit" not in first.text
        assert "seen_front" in first.cookies
        story_page = client.get(f"/stories/{story['id']}")
        assert "Updated " in story_page.text and "Since your last visit" not in story_page.text

        time.sleep(1.1)  # the store's clock counts seconds
        desk.ingest([str(p) for p in seed_paths[3:]])
        before = client.get(f"/api/stories/{story['id']}").json()  # cached from here on
        assert not any("intend to appeal" in q["text"] for q in before["quotes"])
        old = desk.store.get_article(story["articles"][0]["id"])
        edit = '\n"We intend to appeal this decision in every court available to us," Adam Waldman said on Monday.'
        db.update_article(desk.store, old.id, text=old.text + edit,
                          title=old.title, raw=old.raw + edit, published=None, precision=None, authors_json="[]")

        front = client.get("/")
        assert "Since your last visit" in front.text and "2 new articles in 1 story" in front.text
        page = client.get(f"/stories/{story['id']}")
        assert "Since your last visit" in page.text and "2 new articles" in page.text and "1 updated" in page.text
        assert "new quote" in page.text
        after = client.get(f"/api/stories/{story['id']}").json()  # the brief follows the edit
        assert any("intend to appeal this decision" in q["text"] for q in after["quotes"])
        assert "<script" not in page.text.lower()

        again = client.get(f"/stories/{story['id']}")  # the cookie now holds this visit
        assert "Since your last visit" not in again.text and "Updated " in again.text


def test_feeds_page_shows_health_escaped(desk):
    [feed] = add_feeds(desk, "https://outlet.example/feed.rss")
    db.update_feed(desk.store, feed["id"], parked="410 Gone: the server says the feed was removed",
                   last_error="HTTP 410: <script>alert(1)</script>", last_status=410, failures=3)
    with TestClient(create_app(desk.settings)) as client:
        page = client.get("/feeds")
        assert page.status_code == 200
        assert "https://outlet.example/feed.rss" in page.text and "parked" in page.text and "410" in page.text
        assert "<script>alert(1)</script>" not in page.text and "&lt;script&gt;" in page.text
        api = client.get("/api/feeds?state=parked").json()
        assert [f["url"] for f in api["feeds"]] == ["https://outlet.example/feed.rss"]
        assert client.get("/api/feeds?state=ok").json()["feeds"] == []
