"""`storydesk brief` from the command line: formats, -o, --story from a store, bad input
and usage errors. Every JSON brief printed is checked against its sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.brief.verbatim import assert_brief_verbatim
from typer.testing import CliRunner

import storydesk.cli.brief  # noqa: F401  (registers the command)
from storydesk.cli.app import EXIT_REJECTED, EXIT_USAGE, app
from storydesk.ingest import read_articles
from storydesk.model import Rejection

SEEDS = Path(__file__).parents[2] / "examples" / "seeds"


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


def _articles(*paths: str):
    return [a for a in read_articles(list(paths)) if not isinstance(a, Rejection)]


def test_json_brief_of_a_folder_follows_the_contract_and_its_sources(tmp_path):
    result = _cli("brief", str(SEEDS), "--format", "json")
    assert result.exit_code == 0, result.output
    brief = json.loads(result.stdout)
    assert brief["schema"] == "storydesk.brief/1"
    assert len(brief["story"]["articles"]) == 5
    assert_brief_verbatim(brief, _articles(str(SEEDS)))


def test_markdown_to_a_file_and_html_to_stdout(tmp_path):
    out = tmp_path / "brief.md"
    result = _cli("brief", *sorted(str(p) for p in SEEDS.glob("*.txt")), "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# ") and "## What happened" in text
    assert "brief written to" in result.stderr
    page = _cli("brief", str(SEEDS / "003_e1deb0549e67f81f.txt"), "--format", "html")
    assert page.exit_code == 0 and page.stdout.startswith("<!DOCTYPE html>")


def test_unreadable_inputs_are_reported_and_the_rest_briefed(tmp_path):
    (tmp_path / "empty.txt").write_text("   \n", encoding="utf-8")
    result = _cli("brief", str(SEEDS / "004_2b7090a67f80bea1.txt"), str(tmp_path / "empty.txt"),
                  "--format", "json")
    assert result.exit_code == EXIT_REJECTED
    assert "empty.txt" in result.stderr
    brief = json.loads(result.stdout)
    assert len(brief["story"]["articles"]) == 1
    assert any("empty.txt" in n for n in brief["notes"])


def test_nothing_readable_is_a_clear_error(tmp_path):
    result = _cli("brief", str(tmp_path / "missing.txt"))
    assert result.exit_code == 1
    assert "missing.txt" in result.stderr and "no article could be read" in result.stderr


def test_usage_errors():
    assert _cli("brief").exit_code == EXIT_USAGE
    assert _cli("brief", str(SEEDS), "--story", "s1").exit_code == EXIT_USAGE
    bad = _cli("brief", str(SEEDS), "--format", "pdf")
    assert bad.exit_code == EXIT_USAGE and "md, json, html" in bad.stderr


def test_brief_of_a_stored_story(tmp_path):
    from storydesk import Desk, Settings

    db = str(tmp_path / "s.db")
    with Desk(Settings(db=db)) as desk:
        desk.ingest([str(SEEDS)])
        stories = desk.stories()
        if not stories:
            pytest.skip("story grouping is not available")
        story_id = stories[0]["id"]
        ids = desk.story_article_ids(story_id)
    result = _cli("brief", "--story", story_id, "--db", db, "--format", "json")
    assert result.exit_code == 0, result.output
    brief = json.loads(result.stdout)
    assert brief["story"]["id"] == story_id
    assert {r["id"] for r in brief["story"]["articles"]} == set(ids)
    assert_brief_verbatim(brief, _articles(str(SEEDS)))
    missing = _cli("brief", "--story", "no-such-story", "--db", db)
    assert missing.exit_code == 1 and "no-such-story" in missing.stderr


def test_html_page_of_hostile_articles_keeps_every_payload_inert(tmp_path):
    # written for this test: a plausible item whose fields carry script, event-handler
    # and javascript: payloads, read through the whole pipeline (JSON ingest, spaCy)
    record = {
        "title": "Fans react <script>alert(1)</script> to the verdict",
        "outlet": "<img src=x onerror=alert(2)>Gazette",
        "url": "javascript:alert(3)",
        "published": "2021-06-01",
        "text": ('The jury returned its verdict on Tuesday <script>alert(4)</script> after two days. '
                 '"Justice <img src=x onerror=alert(5)> was done today," the lawyer said outside court. '
                 'Supporters gathered <a href="javascript:alert(6)">here</a> with banners.'),
    }
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = _cli("brief", str(path), "--format", "html")
    assert result.exit_code == 0, result.output
    page = result.stdout

    from tests.web.htmlcheck import audit

    assert "<script" not in page.lower()
    assert audit(page) == []  # no element, handler or javascript: link a browser would build
    assert "&lt;script&gt;alert(4)&lt;/script&gt;" in page
