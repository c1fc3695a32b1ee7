"""One story, one id, one headline (issue 15): whichever way a story is reached (the
story list, its page, its brief, `storydesk brief PATH...` of the same articles, the
trend it explains) it has the same id and the same headline, chosen to represent it;
every article view links to its story; the store lists stories in one query."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storydesk import Desk, Settings
from storydesk.cli import _register, app
from storydesk.model import founding_article, story_id_for

FERRY = Path(__file__).parent / "fixtures" / "ferry.jsonl"
DIGEST_TITLE = "Morning briefing: what to know today"

_register()


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def ferry_db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("ferry") / "ferry.db")
    assert _cli("ingest", str(FERRY), "--db", path).exit_code == 0
    return path


def test_a_digest_that_came_first_does_not_headline_the_story(ferry_db):
    with Desk(Settings(db=ferry_db), create=False) as desk:
        [story] = desk.stories()
        first = desk.store.get_article(story["articles"][0]["id"])
        assert first.title == DIGEST_TITLE  # the story's first article is the digest...
        titles = {desk.store.get_article(a["id"]).title for a in story["articles"]}
    assert story["n_articles"] == 5
    assert story["headline"] in titles - {DIGEST_TITLE}  # ...but its headline is not
    assert story["headline_from"]["kind"] == "title"


def test_list_page_brief_and_files_agree_on_id_and_headline(ferry_db, tmp_path):
    [row] = json.loads(_cli("stories", "--db", ferry_db, "--format", "json").output)
    stored = json.loads(_cli("brief", "--story", row["id"], "--db", ferry_db, "--format", "json").output)
    from_files = json.loads(_cli("brief", str(FERRY), "--db", ferry_db, "--format", "json").output)
    for brief in (stored, from_files):
        assert brief["story"]["id"] == row["id"]
        assert brief["story"]["headline"] == row["headline"]
        assert brief["story"]["headline_from"] == row["headline_from"]
    # without the store the brief of the files founds the story as grouping does here
    # (on its earliest article), so the id is the same too
    alone = json.loads(_cli("brief", str(FERRY), "--db", str(tmp_path / "none.db"), "--format", "json").output)
    assert (alone["story"]["id"], alone["story"]["headline"]) == (row["id"], row["headline"])

    from fastapi.testclient import TestClient

    from storydesk.web import create_app

    copy = tmp_path / "copy.db"
    shutil.copy(ferry_db, copy)
    with TestClient(create_app(Settings(db=str(copy)))) as client:
        listed = client.get("/api/stories").json()["stories"][0]
        assert (listed["id"], listed["headline"]) == (row["id"], row["headline"])
        assert client.get(f"/api/stories/{row['id']}").json()["story"]["headline"] == row["headline"]
        page = client.get(f"/stories/{row['id']}").text
        front = client.get("/").text
    import html

    assert f"<h1>{html.escape(row['headline'], quote=False)}</h1>" in page
    assert html.escape(row["headline"], quote=False) in front


def test_the_trend_a_story_explains_shows_its_headline(tmp_path, seed_paths):
    db = str(tmp_path / "seeds.db")
    with Desk(Settings(db=db)) as desk:
        desk.ingest([str(p) for p in seed_paths])
        [story] = desk.stories()
        explained = [t for t in desk.trends() if t["story_id"] == story["id"]]
    assert explained and all(t["headline"] == story["headline"] for t in explained)


def test_the_headline_does_not_depend_on_the_order_articles_came_in(ferry_db):
    from storydesk.brief.headline import choose_headline

    with Desk(Settings(db=ferry_db), create=False) as desk:
        rows = [{"id": a.id, "title": a.title, "text": a.text} for a in desk.articles()]
    assert choose_headline(rows) == choose_headline(rows[::-1]) == choose_headline(rows[2:] + rows[:2])


def test_untitled_stories_are_headlined_by_a_lead_the_same_everywhere(tmp_path):
    """Headline feeds aside, plain text without a headline line gives untitled articles:
    the lead (first sentence, verbatim) of the most central one stands in."""
    records = [json.loads(line) for line in FERRY.read_text().splitlines()]
    path = tmp_path / "untitled.jsonl"
    path.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "title"}) + "\n" for r in records))
    db = str(tmp_path / "u.db")
    with Desk(Settings(db=db)) as desk:
        desk.ingest([str(path)])
        [story] = desk.stories()
        brief = desk.brief_story(story["id"])
        texts = {a.id: a.text for a in desk.articles()}
    assert story["headline_from"]["kind"] == "lead_sentence"
    article_id, start, end = (story["headline_from"][k] for k in ("article_id", "start", "end"))
    assert texts[article_id][start:end] == story["headline"] == brief["story"]["headline"]
    assert brief["story"]["headline_from"]["excerpt"] == story["headline"]
    assert "text" not in story["articles"][0]  # the body read for the lead is not listed


def test_every_article_view_links_to_its_story(ferry_db, tmp_path):
    from fastapi.testclient import TestClient

    from storydesk.web import create_app

    [row] = json.loads(_cli("stories", "--db", ferry_db, "--format", "json").output)
    listed = json.loads(_cli("articles", "--db", ferry_db, "--format", "json").output)
    assert {a["story_id"] for a in listed} == {row["id"]}
    one = json.loads(_cli("article", listed[0]["id"], "--db", ferry_db, "--format", "json").output)
    assert one["story_id"] == row["id"]
    copy = tmp_path / "copy.db"
    shutil.copy(ferry_db, copy)
    with TestClient(create_app(Settings(db=str(copy)))) as client:
        article_id = listed[1]["id"]
        assert client.get(f"/api/articles/{article_id}").json()["story_id"] == row["id"]
        hits = client.get("/api/search", params={"q": "ferries"}).json()["results"]
        assert hits and {h["story_id"] for h in hits} == {row["id"]}
        href = f'href="/stories/{row["id"]}"'
        assert href in client.get(f"/articles/{article_id}").text
        assert href in client.get("/search", params={"q": "ferries"}).text
        upload = client.post("/api/articles", json={
            "title": "Ferry operator suspends Port Elwin crossings after fog collision",
            "outlet": "Harbour Post", "published": "2021-03-04T18:00:00",
            "text": "The operator of the Elwin Star and the Marrow Queen suspended crossings from Port "
                    "Elwin after the two ferries collided in fog near the harbour mouth, injuring eleven "
                    "passengers, the coastguard said. Harbour master Colm Reddy said visibility was under "
                    "fifty metres."})
        assert upload.status_code == 201, upload.text
        assert upload.json()["stored"][0]["story_id"] == row["id"]


def test_the_founding_article_is_the_earliest_published():
    from storydesk.model import Article

    def art(i, published):
        return Article(id=i, source=f"{i}.txt", format="text", text="x", published=published)

    arts = [art("b", "2020-02-02"), art("c", None), art("a", "2020-02-02"), art("d", "2020-02-03")]
    assert founding_article(arts).id == "a"  # the earliest; ties to the smallest id
    assert founding_article(arts[1:2] + arts[3:]).id == "d"  # undated ones last
    assert story_id_for("a") == "s-a"


def test_stories_are_listed_in_one_query(ferry_db, tmp_path, seed_paths):
    from storydesk.store import Store
    from storydesk.store import stories as db

    copy = tmp_path / "two.db"
    shutil.copy(ferry_db, copy)
    with Desk(Settings(db=str(copy))) as desk:
        desk.ingest([str(p) for p in seed_paths])
    with Store(copy, readonly=True) as store:
        statements: list[str] = []
        store._conn.set_trace_callback(statements.append)
        rows = db.list_stories(store, since=None, limit=50, offset=0)
        assert len(rows) >= 2 and len(statements) == 1
        statements.clear()
        assert db.get_story(store, rows[1]["id"]) == rows[1] and len(statements) == 1
