"""Issue 13, many machines: a backfill on Ray makes the store a plain ingest makes; a Ray
cluster that goes away mid-run stops the backfill with a clear error and a consistent
store, and re-running it completes it with no duplicates. Skipped when ray is not
installed (`make test` installs the `ray` extra)."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storydesk import Desk, Settings

from .test_workers import _analyses, _seed_parts, _stories, _write_jsonl

try:
    import ray  # noqa: F401
except ImportError:  # pragma: no cover - the extra is not installed
    pytest.skip("ray is not installed (pip install 'storydesk[ray]')", allow_module_level=True)

FIXTURES = Path(__file__).parents[1] / "stories" / "fixtures"
BIN = Path(sys.executable).parent


def _inputs(tmp_path: Path, seed_paths, copies: int = 1) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(copies):
        for i, record in enumerate(_seed_parts(seed_paths)):
            record = dict(record, title=f"{record['title']} #{n}")
            _write_jsonl(folder / f"{n}-{i:02d}.jsonl", [record])
    shutil.copy(FIXTURES / "storm.json", folder / "storm.json")
    return folder


def _env() -> dict:
    # a private cluster for the test, without the token its CLI would otherwise need
    return {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0",
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}


def _storydesk(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "storydesk"), *args], capture_output=True, text=True,
                          env=_env(), timeout=600, **kwargs)


def test_a_ray_backfill_makes_the_store_a_plain_ingest_makes(tmp_path, seed_paths):
    folder = _inputs(tmp_path, seed_paths)
    with Desk(Settings(db=str(tmp_path / "plain.db"))) as desk:
        desk.ingest([str(folder)])
    result = _storydesk("backfill", str(folder), "--db", str(tmp_path / "ray.db"))
    assert result.returncode == 0, result.stderr
    assert "stored 41 new article(s)" in result.stderr
    plain, on_ray = _analyses(tmp_path / "plain.db"), _analyses(tmp_path / "ray.db")
    assert len(plain) == 41 and plain == on_ray  # the same articles, analyzed the same
    assert _stories(tmp_path / "plain.db") == _stories(tmp_path / "ray.db")  # the same stories


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _count(db: Path, table: str) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def test_a_cluster_that_goes_away_stops_the_backfill_and_a_rerun_completes_it(tmp_path, seed_paths):
    # enough articles that the backfill cannot finish in the seconds `ray stop` takes
    # (with 121 it sometimes did, on a fast run): 321 articles, the cluster stopped
    # as soon as the first is stored
    folder = _inputs(tmp_path, seed_paths, copies=8)
    total = 40 * 8 + 1
    db = tmp_path / "s.db"
    port = _free_port()
    head = ["ray", "start", "--head", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
            "--disable-usage-stats"]
    started = subprocess.run(head, capture_output=True, text=True, env=_env(), timeout=180)
    assert started.returncode == 0, started.stderr
    try:
        proc = subprocess.Popen([str(BIN / "storydesk"), "backfill", str(folder), "--db", str(db),
                                 "--address", f"127.0.0.1:{port}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=_env())
        deadline = time.monotonic() + 300
        while _count(db, "articles") < 1:  # the cluster dies while the backfill writes
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "the backfill stored nothing in 300 s"
            time.sleep(0.2)
    finally:
        subprocess.run(["ray", "stop", "--force"], capture_output=True, env=_env(), timeout=120)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 1, err
    assert "the Ray cluster 127.0.0.1:" in err and "went away mid-run" in err
    assert "run the same command again to finish" in err
    with sqlite3.connect(db) as conn:  # whole: every stored article has its analysis
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = conn.execute("SELECT count(*) FROM articles").fetchone()[0]
        analyzed = conn.execute("SELECT count(DISTINCT article_id) FROM analyses").fetchone()[0]
    assert 0 < stored < total and analyzed == stored

    again = _storydesk("backfill", str(folder), "--db", str(db))  # a local Ray this time
    assert again.returncode == 0, again.stderr
    assert f"stored {total - stored} new article(s), {stored} already stored" in again.stderr
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*), count(DISTINCT id) FROM articles").fetchone() == (total, total)
        assert conn.execute("SELECT count(*) FROM story_articles").fetchone()[0] == total
