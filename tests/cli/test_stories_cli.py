"""`storydesk stories`, `storydesk trends` and `storydesk ingest --posts` from the
command line (issue 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import storydesk.cli.ingest  # noqa: F401  (registers the commands)
import storydesk.cli.stories  # noqa: F401
from storydesk.cli.app import EXIT_REJECTED, EXIT_USAGE, app

POSTS = Path(__file__).parents[1] / "stories" / "fixtures" / "posts.jsonl"


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def store(tmp_path_factory, seed_paths) -> str:
    db = str(tmp_path_factory.mktemp("cli") / "desk.db")
    result = _cli("ingest", *map(str, seed_paths), "--posts", str(POSTS), "--db", db)
    assert result.exit_code == EXIT_REJECTED  # two bad post lines
    assert "stored 5 new article(s)" in result.output
    assert "stored 10 new post(s)" in result.output and "posts.jsonl:4" in result.output
    return db


def test_stories_json_lists_the_story(store):
    result = _cli("stories", "--db", store, "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert len(rows) == 1 and rows[0]["n_outlets"] == 5
    assert set(rows[0]) >= {"id", "headline", "articles", "n_articles", "n_outlets", "first_seen",
                            "last_seen", "top_entities", "hashtags", "trend_score"}
    assert all(set(a) >= {"id", "source"} for a in rows[0]["articles"])


def test_stories_table_marks_ingest_time_dates(store):
    result = _cli("stories", "--db", store)
    assert result.exit_code == 0
    assert "ingest time" in result.output and "s-" in result.output


def test_trends_say_why_the_hashtag_is_trending(store):
    rows = json.loads(_cli("trends", "--db", store, "--format", "json").output)
    story = json.loads(_cli("stories", "--db", store, "--format", "json").output)[0]
    top = rows[0]
    assert top["term"].lower() == "#justiceforjohnnydepp"
    assert top["story_id"] == story["id"] and top["headline"] == story["headline"]
    table = _cli("trends", "--db", store).output
    assert "#JusticeForJohnnyDepp" in table and story["headline"][:20] in table


def test_since_and_window_accept_durations_and_refuse_nonsense(store):
    assert json.loads(_cli("stories", "--db", store, "--since", "2d", "--format", "json").output)
    assert _cli("trends", "--db", store, "--window", "36h").exit_code == 0
    bad = _cli("trends", "--db", store, "--window", "soon")
    assert bad.exit_code == 1 and "duration" in bad.output
    assert _cli("stories", "--db", store, "--format", "xml").exit_code == EXIT_USAGE


def test_ingest_needs_paths_or_posts(tmp_path):
    result = _cli("ingest", "--db", str(tmp_path / "x.db"))
    assert result.exit_code == EXIT_USAGE


def test_empty_store_says_so(tmp_path):
    from storydesk.store import Store

    db = str(tmp_path / "empty.db")
    Store(db).close()  # an existing store with nothing in it (a missing one is an error)
    assert _cli("stories", "--db", db, "--format", "json").output.strip() == "[]"
    assert "nothing is trending" in _cli("trends", "--db", db).output
