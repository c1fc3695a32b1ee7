"""Shared fixtures. The seed articles (examples/seeds, five outlets' takes on one story,
Feb 2020, copied from ../shared/seeds) are the real-input fixtures; evaluation data in
../shared/data is used only by quality gates, which skip (and say so) without it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "examples" / "seeds"

if str(ROOT) not in sys.path:  # lets quality gates import benchmarks.*
    sys.path.insert(0, str(ROOT))


def shared_data_dir() -> Path | None:
    """$STORYDESK_DATA, else ../shared/data beside the repository; None if absent."""
    env = os.environ.get("STORYDESK_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(ROOT.parent / "shared" / "data")
    for c in candidates:
        if c.is_dir():
            return c
    return None


@pytest.fixture(scope="session", autouse=True)
def _no_store_left_in_the_checkout():
    """`make test` leaves no store behind (issue 15): a command run without --db uses
    ./storydesk.db, and only commands that store articles may create it."""
    def stores() -> set[Path]:
        return {p for pattern in ("*.db", "*.db-wal", "*.db-shm") for p in ROOT.glob(pattern)}

    before = stores()
    yield
    left = sorted(p.name for p in stores() - before)
    assert not left, f"the tests left {left} in {ROOT}: a test ran a storing command without --db"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    found = shared_data_dir()
    if found is None:
        pytest.skip("evaluation data not found (set STORYDESK_DATA or put it in ../shared/data)")
    return found


@pytest.fixture(scope="session")
def seed_paths() -> list[Path]:
    paths = sorted(SEEDS.glob("*.txt"))
    assert len(paths) == 5
    return paths


@pytest.fixture(scope="session")
def seed_articles(seed_paths):
    from storydesk.ingest import read_articles

    return list(read_articles([str(p) for p in seed_paths]))


@pytest.fixture(scope="session")
def nlp():
    from storydesk.analyze import load_nlp
    from storydesk.config import Settings

    return load_nlp(Settings().spacy_model)


@pytest.fixture(scope="session")
def analyzed_seeds(seed_articles, nlp):
    """The five seed articles analyzed (AnalyzedArticle list, in file order)."""
    from storydesk.analyze import analyze_articles
    from storydesk.model import AnalyzedArticle

    return [AnalyzedArticle(a, an) for a, an in zip(seed_articles, analyze_articles(seed_articles, nlp))]


@pytest.fixture(autouse=True)
def _every_brief_is_verbatim(monkeypatch):
    """Every brief built by any test, through ``storydesk.brief.build_brief``, keeps the
    brief's promise (tests/brief/verbatim.py): excerpts are exactly their spans and are
    found in the input, quotes are printed verbatim by a source."""
    from tests.brief.verbatim import assert_brief_verbatim

    import storydesk.brief as brief_module

    built = []
    original = brief_module.build_brief

    def recording(analyzed, *args, **kwargs):
        analyzed = list(analyzed)
        result = original(analyzed, *args, **kwargs)
        built.append((result, analyzed))
        return result

    monkeypatch.setattr(brief_module, "build_brief", recording)
    yield built
    for result, analyzed in built:
        assert_brief_verbatim(result, analyzed)
