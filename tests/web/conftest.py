"""Fixtures of the web tests.

- ``fixtures/hostile.json``: written for these tests, a news-shaped record whose every
  field carries injection payloads (see its ``_provenance`` field).
- ``fixtures/wire.txt``: written for these tests in the style of a local wire report
  (invented port authority, people and figures), with two attributed quotes, dates and
  money, so that pages have a known analysis to show.
- The seed articles (examples/seeds) are the real story the end-to-end tests follow.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from storydesk.config import Settings
from storydesk.desk import Desk

FIXTURES = Path(__file__).parent / "fixtures"
HOSTILE = FIXTURES / "hostile.json"
ROOT_ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WIRE = FIXTURES / "wire.txt"


def hostile_record() -> dict:
    record = json.loads(HOSTILE.read_text())
    record.pop("_provenance")
    return record


@pytest.fixture(scope="session")
def seeded_store(tmp_path_factory, seed_paths) -> Path:
    """A store holding the seed articles and the wire fixture, ingested (and analyzed and
    grouped, as far as this build's ingest goes) once per session. Copy before writing."""
    path = tmp_path_factory.mktemp("web") / "seeded.db"
    with Desk(Settings(db=str(path))) as desk:
        desk.ingest([str(p) for p in seed_paths] + [str(WIRE)])
        desk.analyze(desk.store.list_articles())  # the article pages show the analysis
    return path


@pytest.fixture(scope="session")
def seeds_store(tmp_path_factory, seed_paths) -> Path:
    """A store holding only the seed articles (one story, as it broke), ingested once."""
    path = tmp_path_factory.mktemp("web") / "seeds.db"
    with Desk(Settings(db=str(path))) as desk:
        desk.ingest([str(p) for p in seed_paths])
    return path


@pytest.fixture()
def seeds_server(seeds_store, tmp_path):
    """A live server over a private copy of :func:`seeds_store`."""
    from storydesk.web import create_app

    path = tmp_path / "seeds.db"
    shutil.copy(seeds_store, path)
    with LiveServer(create_app(Settings(db=str(path)))) as server:
        yield server


@pytest.fixture()
def store_copy(seeded_store, tmp_path) -> Path:
    """A private copy of the seeded store, for tests that write."""
    path = tmp_path / "copy.db"
    shutil.copy(seeded_store, path)
    return path


@pytest.fixture()
def client(store_copy):
    from fastapi.testclient import TestClient

    from storydesk.web import create_app

    with TestClient(create_app(Settings(db=str(store_copy)))) as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn serving ``app`` on a loopback port in a background thread."""

    def __init__(self, app):
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture()
def live_server(store_copy):
    from storydesk.web import create_app

    with LiveServer(create_app(Settings(db=str(store_copy)))) as server:
        yield server
