"""`storydesk feeds add|remove|list|resume` and `storydesk watch`'s argument checks."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import storydesk.cli.feeds  # noqa: F401  (registers the commands)
import storydesk.cli.watch  # noqa: F401
from storydesk.cli.app import EXIT_REJECTED, EXIT_USAGE, app

from .conftest import FIXTURES


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


def test_opml_with_bad_entries_adds_the_good_ones_and_names_each_bad_one(tmp_path):
    db = str(tmp_path / "feeds.db")
    result = _cli("feeds", "add", str(FIXTURES / "feeds.opml"), "https://valleypost.example/feed/", "--db", db)
    assert result.exit_code == EXIT_REJECTED, result.output
    assert result.output.count("added:") == 3  # a feed listed twice is added once
    assert "feeds.opml:12: outline 'Broken export: no feed address' has no xmlUrl" in result.output
    assert "feeds.opml:16: outline 'Old gopher feed': xmlUrl is not an http(s) URL" in result.output

    listed = json.loads(_cli("feeds", "list", "--db", db, "--format", "json").output)["feeds"]
    assert [r["url"] for r in listed] == ["https://coastalcourier.example/feeds/news.rss",
                                          "https://valleypost.example/feed/",
                                          "https://eveningstar.example/sport/rss"]
    assert all(r["state"] == "new" and r["failures"] == 0 for r in listed)
    assert set(listed[0]) >= {"last_poll", "last_status", "entries_seen", "articles_stored", "next_poll",
                              "failures", "last_error"}

    table = _cli("feeds", "list", "--db", db)
    assert table.exit_code == 0 and "eveningstar.example" in table.output and "next poll" in table.output

    removed = _cli("feeds", "remove", "2", "https://nowhere.example/rss", "--db", db)
    assert removed.exit_code == EXIT_REJECTED
    assert "removed: 2 https://valleypost.example/feed/" in removed.output and "no such feed" in removed.output
    assert len(json.loads(_cli("feeds", "list", "--db", db, "--format", "json").output)["feeds"]) == 2

    resumed = _cli("feeds", "resume", "--all", "--db", db)
    assert resumed.exit_code == 0 and "no parked feed" in resumed.output


def test_watch_refuses_what_it_cannot_follow(tmp_path):
    db = str(tmp_path / "w.db")
    nothing = _cli("watch", "--db", db)
    assert nothing.exit_code == EXIT_USAGE and "nothing to watch" in nothing.output
    bad = _cli("watch", "--db", db, "--posts", "no-such-file.jsonl")
    assert bad.exit_code == EXIT_USAGE and "no-such-file.jsonl: no such file" in bad.output
    wrong = _cli("watch", "--db", db, "--posts", "mastodon:ftp://x")
    assert wrong.exit_code == EXIT_USAGE and "mastodon:https://HOST" in wrong.output
    memory = _cli("watch", "https://a.example/rss", "--db", ":memory:")
    assert memory.exit_code == EXIT_USAGE and "store file" in memory.output
