"""Fixtures of the stories tests: the five seed articles ingested once into a store."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from storydesk import Desk, Settings


@pytest.fixture(scope="session")
def seeded_db(tmp_path_factory, seed_paths) -> Path:
    """A store holding the five seed articles, ingested (analyzed, grouped) once."""
    path = tmp_path_factory.mktemp("desk") / "seeds.db"
    with Desk(Settings(db=str(path))) as desk:
        report = desk.ingest([str(p) for p in seed_paths])
        assert len(report.stored) == 5
    return path


@pytest.fixture
def db(seeded_db, tmp_path) -> Path:
    """A private copy of :func:`seeded_db`, for a test that writes to it."""
    copy = tmp_path / "store.db"
    shutil.copy(seeded_db, copy)
    return copy
