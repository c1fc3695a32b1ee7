"""`storydesk analyze` from the command line (issue 3): the JSON analysis contract
(docs/analysis-contract.md; one serializer for the CLI and the API, issue 15), the table
view, and rejected inputs."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import storydesk.cli.analyze  # noqa: F401  (registers the command)
from storydesk.cli.app import EXIT_REJECTED, app

CONTRACT = {"id", "source", "outlet", "title", "published", "text", "sentences", "entities",
            "quotes", "posts", "dates", "figures"}


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


def test_json_follows_the_analysis_contract(seed_paths):
    result = _cli("analyze", str(seed_paths[3]), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 1
    item = data[0]
    assert list(item)[:len(CONTRACT)] == [k for k in item if k in CONTRACT]  # the contract's first
    assert set(item) >= CONTRACT and item["story_id"] is None  # nothing is stored
    text = item["text"]
    assert set(item["quotes"][0]) >= {"start", "end", "text", "speaker", "speaker_start",
                                      "speaker_end", "cue"}
    assert set(item["entities"][0]) >= {"start", "end", "text", "type", "canonical"}
    for q in item["quotes"]:
        assert text[q["start"]:q["end"]] == q["text"]
    for e in item["entities"]:
        assert text[e["start"]:e["end"]] == e["text"]
    assert any(q["speaker"] == "Amber Heard" and q["cue"] == "said" for q in item["quotes"])


def test_table_lists_quotes_and_entities(seed_paths):
    result = _cli("analyze", str(seed_paths[4]))
    assert result.exit_code == 0, result.output
    assert "quotes" in result.stdout and "entities" in result.stdout
    assert "Adam Waldman" in result.stdout


def test_missing_input_is_rejected_with_status_3(tmp_path, seed_paths):
    result = _cli("analyze", str(tmp_path / "nope.txt"), str(seed_paths[0]), "--format", "json")
    assert result.exit_code == EXIT_REJECTED
    assert "nope.txt" in result.stderr
    assert len(json.loads(result.stdout)) == 1


def test_bad_format_is_a_usage_error(seed_paths):
    assert _cli("analyze", str(seed_paths[0]), "--format", "xml").exit_code == 2


def test_stored_article_shows_its_cached_analysis(tmp_path, seed_paths):
    import storydesk.cli.ingest  # noqa: F401

    db = str(tmp_path / "s.db")
    assert _cli("ingest", str(seed_paths[2]), "--db", db).exit_code == 0
    listed = json.loads(_cli("articles", "--db", db, "--format", "json").stdout)
    article_id = listed[0]["id"]
    result = _cli("article", article_id[:8], "--db", db, "--analysis", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["id"] == article_id and data["analysis"]["quotes"]
    from storydesk import Desk, Settings
    from storydesk.analyze import ANALYZER_VERSION

    with Desk(Settings(db=db)) as desk:
        assert desk.store.get_analysis(article_id, ANALYZER_VERSION) is not None
    shown = _cli("article", article_id, "--db", db, "--analysis")
    assert "quotes" in shown.stdout


def test_the_cli_and_the_api_write_one_article_the_same_way(tmp_path):
    """One serializer of the analysis contract: `storydesk analyze`, `storydesk article
    --analysis` and GET /api/articles/ID agree on every field (the story id aside, which
    only stored articles have)."""
    from pathlib import Path

    from fastapi.testclient import TestClient

    import storydesk.cli.ingest  # noqa: F401
    from storydesk.config import Settings
    from storydesk.web import create_app

    wire = Path(__file__).parents[1] / "web" / "fixtures" / "wire.txt"
    [analyzed] = json.loads(_cli("analyze", str(wire), "--format", "json").stdout)
    db = str(tmp_path / "s.db")
    assert _cli("ingest", str(wire), "--db", db).exit_code == 0
    shown = json.loads(_cli("article", analyzed["id"], "--db", db, "--analysis", "--format", "json").stdout)
    with TestClient(create_app(Settings(db=db))) as client:
        served = client.get(f"/api/articles/{analyzed['id']}").json()
    assert served["story_id"] and shown["analysis"]["story_id"] == served["story_id"]
    assert analyzed["quotes"] and analyzed["entities"] and analyzed["dates"]
    for other in (shown["analysis"], served):
        assert list(other) == list(analyzed)
        assert {k: v for k, v in other.items() if k != "story_id"} == {
            k: v for k, v in analyzed.items() if k != "story_id"}
