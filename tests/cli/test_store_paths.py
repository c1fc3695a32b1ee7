"""What a new user trips on first (issue 15): a mistyped --db, a bad --since, a mistyped
--set name, --version."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from storydesk.cli import _register, app
from storydesk.cli.app import EXIT_ERROR, EXIT_OK

_register()

#: Every command that only reads a store, with the arguments it needs besides --db.
READERS = (
    ("articles",),
    ("article", "abc"),
    ("stories",),
    ("stories", "--update"),
    ("trends",),
    ("brief", "--story", "s-abc"),
    ("feeds", "list"),
    ("feeds", "remove", "1"),
    ("feeds", "resume", "--all"),
)


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_mistyped_db_is_an_error_and_creates_nothing(tmp_path, command):
    missing = tmp_path / "tpyo" / "news.db"
    result = _cli(*command, "--db", str(missing))
    assert result.exit_code == EXIT_ERROR, result.output
    assert f"store {missing} does not exist" in result.output
    assert list(tmp_path.iterdir()) == []  # not the file, not even its folder


def test_brief_of_files_needs_no_store_and_creates_none(tmp_path, seed_paths, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the default store, storydesk.db, would land here
    result = _cli("brief", str(seed_paths[0]), "--format", "json")
    assert result.exit_code == EXIT_OK, result.output
    assert list(tmp_path.iterdir()) == []


def test_ingest_creates_the_store_and_its_folder(tmp_path, seed_paths):
    db = tmp_path / "new" / "news.db"
    result = _cli("ingest", str(seed_paths[0]), "--db", str(db))
    assert result.exit_code == EXIT_OK, result.output
    assert db.is_file()
    assert _cli("articles", "--db", str(db)).exit_code == EXIT_OK


@pytest.fixture(scope="module")
def db(tmp_path_factory, seed_paths) -> str:
    path = str(tmp_path_factory.mktemp("since") / "s.db")
    assert _cli("ingest", *map(str, seed_paths), "--db", path).exit_code == EXIT_OK
    return path


def test_articles_since_refuses_nonsense_as_stories_does(db):
    for command in ("articles", "stories"):
        result = _cli(command, "--db", db, "--since", "garbage")
        assert result.exit_code == EXIT_ERROR, (command, result.output)
        assert "--since takes an ISO date" in result.output and "'garbage'" in result.output


def test_articles_since_takes_a_date_or_a_duration(db):
    import json

    every = json.loads(_cli("articles", "--db", db, "--format", "json").output)
    dates = sorted(a["published"] for a in every)
    assert len(dates) == 5 and dates[0][:10] < dates[-1][:10]
    newest_day = dates[-1][:10]
    since_day = json.loads(_cli("articles", "--db", db, "--since", newest_day, "--format", "json").output)
    assert sorted(a["published"] for a in since_day) == [d for d in dates if d[:10] >= newest_day]
    # a duration counts back from the newest article (two seeds are undated: ingest time)
    from datetime import datetime, timedelta

    start = (datetime.fromisoformat(dates[-1]) - timedelta(hours=36)).isoformat()
    recent = json.loads(_cli("articles", "--db", db, "--since", "36h", "--format", "json").output)
    assert sorted(a["published"] for a in recent) == [d for d in dates if d >= start]
    assert 0 < len(recent) < 5


def test_a_mistyped_set_name_suggests_the_right_one(db):
    result = _cli("stories", "--db", db, "--set", "sumary_sentences=4")
    assert result.exit_code == EXIT_ERROR
    assert "unknown setting 'sumary_sentences'. Did you mean 'summary_sentences'?" in result.output


def test_version_is_the_package_version():
    from storydesk import __version__

    result = _cli("--version")
    assert result.exit_code == EXIT_OK and result.output.strip() == f"storydesk {__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", __version__)


def test_the_version_is_written_in_one_place():
    """pyproject.toml takes the version from the package (no second copy to drift)."""
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    from storydesk import __version__

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert version("storydesk") == __version__
