"""`storydesk ingest` and `storydesk articles` from the command line: exit statuses,
messages, stdin, field mapping, listings, progress display, and an ingest killed with
SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import storydesk.cli.ingest  # noqa: F401  (registers the commands)
from storydesk.cli.app import EXIT_REJECTED, app

FIXTURES = Path(__file__).parents[1] / "ingest" / "fixtures"


def _cli(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def _storydesk(*args: str, **kw) -> list[str]:
    return [sys.executable, "-m", "storydesk", *args]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("STORYDESK_")}
    env["PYTHONUNBUFFERED"] = "1"
    return env


def test_ingest_then_list_the_seed_articles(tmp_path, seed_paths):
    db = str(tmp_path / "s.db")
    result = _cli("ingest", str(seed_paths[0].parent), "--db", db)
    assert result.exit_code == 0, result.output
    assert "stored 5 new article(s), 0 already stored, 0 input(s) rejected" in result.stderr
    again = _cli("ingest", str(seed_paths[0].parent), "--db", db)
    assert again.exit_code == 0 and "stored 0 new article(s), 5 already stored" in again.stderr

    listed = json.loads(_cli("articles", "--db", db, "--format", "json").stdout)
    assert len(listed) == 5
    assert {r["source"] for r in listed} == {str(p) for p in seed_paths}
    assert set(listed[0]) == {"id", "outlet", "published", "date_from_ingest", "title", "source",
                              "story_id", "headline_only", "notes"}
    # seeds without a date marker are dated by ingest time, and the listing says so
    undated = [r for r in listed if r["date_from_ingest"]]
    dated = [r for r in listed if not r["date_from_ingest"]]
    assert undated and dated and all(len(r["published"]) == 10 for r in dated)
    table = _cli("articles", "--db", db).stdout
    assert table.count("(ingest time)") == len(undated)
    for r in dated:
        line = next(l for l in table.splitlines() if l.strip().startswith(r["id"]))
        assert r["published"] in line and "(ingest time)" not in line


def test_rejections_name_file_and_line_and_make_the_exit_status_3(tmp_path, seed_paths):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"title": "a", "text": "A first record with enough words in it."}\n{"title": \n')
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    db = str(tmp_path / "s.db")
    result = _cli("ingest", str(bad), str(empty), str(seed_paths[0]), "--db", db)
    assert result.exit_code == EXIT_REJECTED == 3
    assert f"storydesk: rejected {bad}:2: malformed JSON line" in result.stderr
    assert f"storydesk: rejected {empty}: empty input" in result.stderr
    assert "stored 2 new article(s), 0 already stored, 2 input(s) rejected" in result.stderr


def test_size_limit_is_a_setting(tmp_path, seed_paths):
    db = str(tmp_path / "s.db")
    size = seed_paths[0].stat().st_size
    result = _cli("ingest", str(seed_paths[0]), "--db", db, "--set", f"max_input_bytes={size - 1}")
    assert result.exit_code == 3
    assert f"file is {size} bytes, over the max_input_bytes limit of {size - 1}" in result.stderr
    assert _cli("ingest", str(seed_paths[0]), "--db", db, "--set", f"max_input_bytes={size}").exit_code == 0


def test_bad_options_are_errors_with_status_1_and_nothing_stored(tmp_path, seed_paths):
    db = tmp_path / "s.db"
    result = _cli("ingest", str(seed_paths[0]), "--db", str(db), "--field", "headline=title")
    assert result.exit_code == 1 and "unknown field 'headline'" in result.stderr
    result = _cli("ingest", str(seed_paths[0]), "--db", str(db), "--set", "max_input_bytes=lots")
    assert result.exit_code == 1 and "max_input_bytes" in result.stderr


def test_stdin_and_field_mapping(tmp_path):
    db = str(tmp_path / "s.db")
    data = (FIXTURES / "custom_fields.jsonl").read_bytes()
    result = _cli("ingest", "-", "--db", db, "--field", "text=body_html_stripped",
                  "--field", "title=headline_text", "--field", "published=ts", input=data)
    assert result.exit_code == 0, result.stderr
    listed = json.loads(_cli("articles", "--db", db, "--format", "json").stdout)
    assert [r["source"] for r in listed] == ["<stdin>:1", "<stdin>:2"]
    assert listed[0]["title"] == "Library reopens after flood repairs"
    assert listed[0]["published"] == "2023-04-03T09:00:00" and not listed[0]["date_from_ingest"]


def test_progress_stays_quiet_when_piped(tmp_path, seed_paths):
    proc = subprocess.run(
        _storydesk("ingest", str(seed_paths[0].parent), "--db", str(tmp_path / "s.db")),
        capture_output=True, env=_env(), timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == b""
    assert b"\x1b" not in proc.stderr and b"\r" not in proc.stderr  # no bar, no cursor moves
    assert proc.stderr.decode().strip().splitlines() == [
        f"stored 5 new article(s), 0 already stored, 0 input(s) rejected; store: {tmp_path / 's.db'}"
    ]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_progress_shows_on_a_terminal(tmp_path, seed_paths):
    primary, secondary = os.openpty()
    try:
        proc = subprocess.Popen(
            _storydesk("ingest", str(seed_paths[0].parent), "--db", str(tmp_path / "s.db")),
            stdout=subprocess.DEVNULL, stderr=secondary, env=_env() | {"TERM": "xterm"},
        )
        os.close(secondary)
        seen = b""
        while True:
            try:
                chunk = os.read(primary, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=120) == 0
    finally:
        os.close(primary)
    assert b"ingesting:" in seen and b"\x1b[" in seen  # a live display, drawn with escapes
    assert b"stored 5 new article(s)" in seen


# -- SIGKILL midway ----------------------------------------------------------------------

def _records(n: int, start: int = 0) -> list[str]:
    return [
        json.dumps({
            "title": f"Water board report {i}",
            "text": f"Report {i}: the water board said on Tuesday that reservoir levels stood at "
                    f"{40 + i % 50} percent, and that restrictions would be reviewed next month. " * 8,
            "date_publish": f"2022-{1 + i % 12:02d}-{1 + i % 28:02d}",
            "url": f"https://waterboard.example/reports/{i}",
        })
        for i in range(start, start + n)
    ]


def _alive() -> set[int]:
    """The pids of this machine's live processes (zombies aside: they hold no memory)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone while read
            continue
        if fields[0] != "Z":
            out.add(int(stat.parent.name))
    return out


def _children(pid: int) -> set[int]:
    """Every live descendant of ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found, frontier = set(), {pid}
    while frontier:
        frontier = {c for c, p in parents.items() if p in frontier} - found
        found |= frontier
    return found


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT count(*) FROM articles").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/proc/self/stat").exists(),
                    reason="needs named pipes and /proc")
def test_sigkill_midway_loses_nothing_committed_and_a_rerun_completes(tmp_path):
    """The batch ends with a named pipe nobody writes to, so the ingest cannot finish by
    itself: it is killed as soon as the first articles are committed, while it writes. Its
    worker processes leave with it (they stayed behind, each with the model, before)."""
    first, rest = _records(120), _records(20, start=120)
    (tmp_path / "a.jsonl").write_text("\n".join(first) + "\n")
    pipe = tmp_path / "z.jsonl"
    os.mkfifo(pipe)
    db = tmp_path / "s.db"
    command = _storydesk("ingest", str(tmp_path / "a.jsonl"), str(pipe), "--db", str(db))

    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env())
    deadline = time.monotonic() + 120
    while _count(db) == 0:
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "ingest stored nothing in 120 s"
        time.sleep(0.002)
    workers = _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    assert proc.wait(timeout=30) == -signal.SIGKILL
    proc.stderr.close()
    # its worker processes (and what they forked) leave with it, model and all
    deadline = time.monotonic() + 15
    while workers & _alive() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not workers & _alive(), f"processes left behind by the killed ingest: {sorted(workers & _alive())}"

    with sqlite3.connect(db) as conn:  # the store opens, whole, with whole articles
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.execute("INSERT INTO articles_fts(articles_fts) VALUES ('integrity-check')")
        rows = conn.execute("SELECT source, title, text, raw FROM articles").fetchall()
    assert 0 < len(rows) <= len(first)
    by_line = {i + 1: json.loads(line) | {"line": line} for i, line in enumerate(first)}
    for source, title, text, raw in rows:
        record = by_line[int(source.rsplit(":", 1)[1])]
        assert (title, text, raw) == (record["title"], record["text"].strip(), record["line"])

    writer = threading.Thread(target=lambda: pipe.write_text("\n".join(rest) + "\n"), daemon=True)
    writer.start()
    again = subprocess.run(command, capture_output=True, env=_env(), timeout=600)
    writer.join(timeout=60)
    assert again.returncode == 0, again.stderr
    total = len(first) + len(rest)
    assert (f"stored {total - len(rows)} new article(s), {len(rows)} already stored, "
            "0 input(s) rejected") in again.stderr.decode()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*), count(DISTINCT id), count(DISTINCT source) "
                            "FROM articles").fetchone() == (total, total, total)
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_ingest_says_when_it_groups_what_an_interrupted_run_left(tmp_path, seed_paths):
    from storydesk import Desk, Settings

    db = str(tmp_path / "s.db")
    with Desk(Settings(db=db)) as desk:  # stored, never grouped: as after a SIGKILL
        desk.ingest([str(p) for p in seed_paths[:2]], process=False)
    result = _cli("ingest", str(seed_paths[2]), "--db", db)
    assert result.exit_code == 0, result.output
    assert "also grouped 2 article(s)" in result.output
