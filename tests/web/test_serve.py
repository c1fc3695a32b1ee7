"""`storydesk serve`: a real server process, on this machine only unless told otherwise."""

from __future__ import annotations

import subprocess
import sys
import time

import httpx

from .conftest import free_port


def _serve(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "storydesk", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_serve_binds_loopback_by_default(tmp_path):
    port = free_port()
    proc = _serve("--db", str(tmp_path / "s.db"), "--port", str(port))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/search?q=x", timeout=2)
                break
            except httpx.HTTPError:
                assert proc.poll() is None, proc.stderr.read()
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        assert r.status_code == 200 and r.json() == {"query": "x", "results": []}
        assert "server" not in r.headers  # no server banner
        listening = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
        if listening.returncode == 0 and listening.stdout.strip():
            local = {line.split()[3] for line in listening.stdout.splitlines()}
            assert local == {f"127.0.0.1:{port}"}
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_serve_refuses_a_memory_store():
    proc = _serve("--db", ":memory:", "--port", str(free_port()))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1 and "needs a store file" in err


def test_serve_warns_when_ingest_is_off_beyond_localhost(tmp_path):
    """Listening on all interfaces without api_token: it says ingest over HTTP is off."""
    port = free_port()
    proc = _serve("--db", str(tmp_path / "s.db"), "--host", "0.0.0.0", "--port", str(port))
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/api/articles", json={"text": "x y z"}, timeout=2)
                break
            except httpx.HTTPError:
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        assert r.status_code == 403
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "ingest over HTTP is off" in err
