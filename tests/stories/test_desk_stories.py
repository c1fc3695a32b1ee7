"""The live desk through Desk: stories and trends persisted in the store, a restart that
resumes, copies not counted twice, posts streams, bad posts rejected (issue 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storydesk import Desk, Settings
from storydesk.errors import ConfigError, NotFound

FIXTURES = Path(__file__).parent / "fixtures"


def test_the_five_outlets_are_one_story_with_its_hashtag(seeded_db):
    with Desk(Settings(db=str(seeded_db))) as desk:
        stories = desk.stories()
        assert len(stories) == 1
        story = stories[0]
        assert story["n_articles"] == story["n_outlets"] == 5
        assert {a["id"] for a in story["articles"]} == set(desk.story_article_ids(story["id"]))
        assert story["first_seen"] <= story["last_seen"]
        assert any(h.lower() == "#justiceforjohnnydepp" for h in story["hashtags"])
        # two seed files carry no date: the listing says their dates are ingest times
        assert story["dates_from_ingest"] is True
        assert sum(a["date_from_ingest"] for a in story["articles"]) == 2
        assert desk.story(story["id"]) == story
        # the headline is an article's own title, verbatim
        titles = {desk.store.get_article(a["id"]).title for a in story["articles"]}
        assert story["headline"] in titles


def test_the_trending_hashtag_is_explained_by_the_story(seeded_db):
    with Desk(Settings(db=str(seeded_db))) as desk:
        trends = desk.trends()
        story = desk.stories()[0]
    assert trends == sorted(trends, key=lambda t: -t["score"])
    top = trends[0]
    assert top["term"].lower() == "#justiceforjohnnydepp" and top["kind"] == "hashtag"
    assert top["score"] >= Settings().trend_threshold
    assert top["story_id"] == story["id"] and top["headline"] == story["headline"]
    assert max(v["count"] for v in top["volume"]) >= 3
    assert story["trend_score"] >= top["score"]


def test_unknown_story_is_not_found(seeded_db):
    with Desk(Settings(db=str(seeded_db))) as desk:
        with pytest.raises(NotFound):
            desk.story("s-nope")
        with pytest.raises(NotFound):
            desk.story_article_ids("s-nope")


def test_restart_resumes_and_new_articles_join_by_id(db, seed_paths):
    with Desk(Settings(db=str(db))) as desk:
        before = desk.stories()[0]
        report = desk.ingest([str(FIXTURES / "storm.json")])
        assert len(report.stored) == 1
        again = desk.ingest([str(p) for p in seed_paths])  # the same articles again
        assert not again.stored and len(again.already) == 5
        stories = {s["id"]: s for s in desk.stories()}
    assert len(stories) == 2 and stories[before["id"]]["n_articles"] == 5
    storm = next(s for s in stories.values() if s["id"] != before["id"])
    assert storm["headline"].startswith("Storm Ciaran")


def test_a_syndicated_copy_is_linked_and_not_counted_twice(db, seed_paths, tmp_path):
    original = seed_paths[2].read_text(encoding="utf-8")
    copy = tmp_path / "copy.json"
    copy.write_text(json.dumps({
        "title": "Johnny Depp fans react to leaked Amber Heard tape", "outlet": "Syndicate Daily",
        "published": "2020-02-02", "text": "From our wire partners\n\n" + original,
    }), encoding="utf-8")
    with Desk(Settings(db=str(db))) as desk:
        before = desk.stories()[0]
        volume_before = desk.store.execute("SELECT sum(n) FROM term_volume").fetchone()[0]
        desk.ingest([str(copy)])
        after = desk.story(before["id"])
        volume_after = desk.store.execute("SELECT sum(n) FROM term_volume").fetchone()[0]
    assert after["n_articles"] == 6 and after["n_duplicates"] == 1
    assert after["n_outlets"] == before["n_outlets"]
    copies = [a for a in after["articles"] if a["duplicate_of"]]
    assert len(copies) == 1 and copies[0]["duplicate_of"] in {a["id"] for a in before["articles"]}
    assert volume_after == volume_before  # trend counts unchanged


def test_posts_stream_is_stored_once_and_bad_lines_are_rejected(db):
    with Desk(Settings(db=str(db))) as desk:
        before = {t["term"].lower(): t for t in desk.trends()}
        report = desk.ingest_posts(str(FIXTURES / "posts.jsonl"))
        assert report.stored == 10 and report.already == 0
        assert [(r.line, r.source.endswith("posts.jsonl")) for r in report.rejected] == [(4, True), (9, True)]
        assert "no 'time'" in report.rejected[0].reason and "JSON" in report.rejected[1].reason
        assert {r.line for r in desk.store.rejections()} >= {4, 9}
        again = desk.ingest_posts(str(FIXTURES / "posts.jsonl"))
        assert again.stored == 0 and again.already == 10
        after = {t["term"].lower(): t for t in desk.trends()}
    tag = "#justiceforjohnnydepp"

    def count(t, day):
        return sum(v["count"] for v in t["volume"] if v["bucket"].startswith(day))

    assert count(after[tag], "2020-02-02") == count(before[tag], "2020-02-02") + 4


def test_posts_file_that_cannot_be_read_is_one_rejection(db, tmp_path):
    with Desk(Settings(db=str(db))) as desk:
        missing = desk.ingest_posts(str(tmp_path / "absent.jsonl"))
        binary = tmp_path / "bin.jsonl"
        binary.write_bytes(b"\xff\xfe\x00garbage")
        bad = desk.ingest_posts(str(binary))
    assert len(missing.rejected) == 1 and "cannot read" in missing.rejected[0].reason
    assert len(bad.rejected) == 1 and bad.exit_status == 3


def test_since_and_window_are_checked(seeded_db):
    with Desk(Settings(db=str(seeded_db))) as desk:
        assert desk.stories(since="2020-02-04") == []
        assert len(desk.stories(since="2020-02-01")) == 1
        assert len(desk.stories(since="1d")) == 1
        with pytest.raises(ConfigError):
            desk.stories(since="last tuesday")
        with pytest.raises(ConfigError):
            desk.trends(window="forever")


def test_articles_stored_without_processing_are_grouped_later(tmp_path, seed_paths):
    with Desk(Settings(db=str(tmp_path / "later.db"))) as desk:
        desk.ingest([str(p) for p in seed_paths[:2]], process=False)
        assert desk.stories() == []
        assert desk.update_stories() == 2
        assert desk.update_stories() == 0
        assert sum(s["n_articles"] for s in desk.stories()) == 2
