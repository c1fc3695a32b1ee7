"""Issue 16's findings as the issue reproduced them, from the command line (a real
process, so its logging and stdin are the ones a user gets), and issue 15's reading
items that show there: one line per rejection, the encoding shown by `article`."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from typer.testing import CliRunner

import storydesk.cli.ingest  # noqa: F401  (registers the commands)
from storydesk.cli.app import app

FAR = {"title": "Far", "date_publish": "9999-12-31",
       "text": "The council voted on Tuesday to expand the ferry service after a long debate about costs."}


def _storydesk(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STORYDESK_")}
    return subprocess.run([sys.executable, "-m", "storydesk", *args], input=stdin, capture_output=True,
                          env=env, timeout=300)


def test_a_record_dated_9999_no_longer_takes_the_store_down(tmp_path, seed_paths):
    """Issue 16, finding 1: `ingest far.json; ingest examples/seeds` both exited 1."""
    far, db = tmp_path / "far.json", str(tmp_path / "s.db")
    far.write_text(json.dumps(FAR))
    first = _storydesk("ingest", str(far), "--db", db)
    assert first.returncode == 0, first.stderr
    assert b"note on" in first.stderr and b"published date 9999-12-31 is outside the plausible range" in first.stderr
    second = _storydesk("ingest", str(seed_paths[0].parent), "--db", db)
    assert second.returncode == 0, second.stderr
    assert b"stored 5 new article(s)" in second.stderr
    listed = json.loads(_storydesk("articles", "--db", db, "--format", "json").stdout)
    [far_row] = [r for r in listed if r["title"] == "Far"]
    assert far_row["published"] == "9999-12-31" and far_row["notes"]


def test_dev_stdin_from_a_pipe_is_held_to_the_size_limit(tmp_path):
    """Issue 16, finding 3: `/dev/stdin --set max_input_bytes=1000` stored a 9 kB input."""
    piped = (FAR["text"] + "\n").encode() * 100
    result = _storydesk("ingest", "/dev/stdin", "--db", str(tmp_path / "s.db"), "--set", "max_input_bytes=1000",
                        stdin=piped)
    assert result.returncode == 3
    assert b"rejected /dev/stdin: input is larger than the max_input_bytes limit of 1000 bytes" in result.stderr


def test_each_rejection_is_printed_once(tmp_path):
    """Issue 15: every rejection was printed twice (a WARNING log line and the CLI's)."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"title": 5}')
    result = _storydesk("ingest", str(bad), "--db", str(tmp_path / "s.db"))
    assert result.returncode == 3
    lines = result.stderr.decode().splitlines()
    assert [line for line in lines if "bad.json" in line] == [
        f"storydesk: rejected {bad}: field 'title' is a number (5), not text"]


def test_article_shows_the_encoding_its_text_was_read_in(tmp_path):
    """Issue 15: a Windows-1252 file was rejected as "not valid UTF-8"."""
    path, db = tmp_path / "cafe.txt", str(tmp_path / "s.db")
    text = "Le caf\u00e9 a rouvert lundi apr\u00e8s l\u2019inondation, selon le propri\u00e9taire."
    path.write_bytes(text.encode("cp1252"))
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(path), "--db", db]).exit_code == 0
    article_id = json.loads(runner.invoke(app, ["articles", "--db", db, "--format", "json"]).stdout)[0]["id"]
    shown = runner.invoke(app, ["article", article_id, "--db", db]).stdout
    assert "encoding: cp1252" in shown and "apr\u00e8s l\u2019inondation" in shown
