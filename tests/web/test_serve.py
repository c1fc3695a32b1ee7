"""`storydesk serve`: a real server process, on this machine only unless told otherwise."""

from __future__ import annotations

import subprocess
import sys
import time

import httpx

from storydesk.store import Store

from .conftest import free_port


def _serve(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "storydesk", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _store(tmp_path) -> str:
    """An empty store (only `storydesk ingest` creates one; serve refuses a missing one)."""
    path = tmp_path / "s.db"
    Store(path).close()
    return str(path)


def _wait(port: int, proc: subprocess.Popen, path: str = "/api/search?q=x") -> httpx.Response:
    deadline = time.monotonic() + 30
    while True:
        try:
            return httpx.get(f"http://127.0.0.1:{port}{path}", timeout=2)
        except httpx.HTTPError:
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)


def test_serve_binds_loopback_by_default(tmp_path):
    port = free_port()
    proc = _serve("--db", _store(tmp_path), "--port", str(port))
    try:
        r = _wait(port, proc)
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
    proc = _serve("--db", _store(tmp_path), "--host", "0.0.0.0", "--port", str(port))
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


def test_serve_refuses_a_store_that_does_not_exist_and_creates_nothing(tmp_path):
    missing = tmp_path / "tpyo" / "news.db"
    proc = _serve("--db", str(missing), "--port", str(free_port()))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1 and f"store {missing} does not exist" in err
    assert list(tmp_path.iterdir()) == []


def test_serve_on_a_busy_port_says_so_with_status_1(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        proc = _serve("--db", _store(tmp_path), "--port", str(port))
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 1, err
    assert f"port {port} on 127.0.0.1 is already in use" in err and "Traceback" not in err


def test_serve_writes_an_access_log_when_asked(tmp_path):
    port, log = free_port(), tmp_path / "access.log"
    proc = _serve("--db", _store(tmp_path), "--port", str(port), "--access-log", str(log))
    try:
        assert _wait(port, proc, "/api/stories?limit=3").status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/no/such/page", timeout=5).status_code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    lines = log.read_text().splitlines()
    assert any('"GET /api/stories?limit=3 HTTP/1.1" 200' in line and "127.0.0.1" in line for line in lines), lines
    assert any('"GET /no/such/page HTTP/1.1" 404' in line for line in lines), lines
