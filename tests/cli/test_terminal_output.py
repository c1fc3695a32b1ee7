"""Issue 16, finding 5: ESC/BEL sequences in article fields were printed raw by
`articles`, `stories`, `article` and `brief`, and a file name could forge a line of the
ingest report. Every command now prints control characters as visible escapes."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

import storydesk.cli.analyze  # noqa: F401  (registers the commands)
import storydesk.cli.brief  # noqa: F401
import storydesk.cli.ingest  # noqa: F401
import storydesk.cli.stories  # noqa: F401
from storydesk.cli.app import app
from storydesk.cli.terminal import safe, safe_json

#: What a terminal acts on: C0 controls but tab and newline, DEL, C1, bidi overrides.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
PAYLOAD = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e"


def _cli(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture(scope="module")
def hostile_store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("esc")
    db = str(folder / "s.db")
    record = {"title": f"Ferry vote{PAYLOAD}", "outlet": f"Coast{PAYLOAD}Herald", "date_publish": "2021-07-01",
              "authors": [f"Ana{PAYLOAD}Ruiz"],
              "text": f"The city council voted on Tuesday{PAYLOAD} to expand the harbour ferry service, "
                      f"Mayor Ana Ruiz said. \"This is a good day{PAYLOAD},\" Ruiz told reporters. #Ferry{PAYLOAD}"}
    path = folder / "record\x1b[1m.json"
    path.write_text(json.dumps(record))
    forged = folder / "x\nstored 99 new article(s), 0 already stored\n.txt"
    forged.write_bytes(b"")
    result = _cli("ingest", str(path), str(forged), "--db", db)
    return db, path, forged, result


def test_a_file_name_cannot_forge_a_line_of_the_ingest_report(hostile_store):
    _, path, forged, result = hostile_store
    assert result.exit_code == 3
    assert not RAW.search(result.stderr)
    lines = result.stderr.splitlines()
    assert not any(line.startswith("stored 99") for line in lines)
    assert lines[-1].startswith("stored 1 new article(s), 0 already stored, 1 input(s) rejected")
    assert f"rejected {safe(forged)}: empty input" in result.stderr


@pytest.mark.parametrize("command", [
    ("articles",), ("articles", "--format", "json"), ("stories",), ("stories", "--format", "json"),
    ("trends",), ("trends", "--format", "json"),
])
def test_listings_print_control_characters_escaped(hostile_store, command):
    db = hostile_store[0]
    result = _cli(*command, "--db", db)
    assert result.exit_code == 0, result.output
    assert not RAW.search(result.stdout), result.stdout
    if "articles" in command:
        assert "\\x1b[2J" in result.stdout or "\\u001b[2J" in result.stdout


def test_one_article_and_its_analysis_print_control_characters_escaped(hostile_store):
    db = hostile_store[0]
    article_id = json.loads(_cli("articles", "--db", db, "--format", "json").stdout)[0]["id"]
    for fmt in ("text", "json"):
        result = _cli("article", article_id, "--db", db, "--analysis", "--format", fmt)
        assert result.exit_code == 0, result.output
        assert not RAW.search(result.stdout)
        assert "\\x1b]0;pwned\\x07" in result.stdout or "\\u001b]0;pwned\\u0007" in result.stdout
    data = json.loads(_cli("article", article_id, "--db", db, "--format", "json").stdout)
    assert data["title"] == f"Ferry vote{PAYLOAD}"  # JSON escapes are still the same text


def test_briefs_print_control_characters_escaped(hostile_store):
    db = hostile_store[0]
    story = json.loads(_cli("stories", "--db", db, "--format", "json").stdout)[0]["id"]
    for fmt in ("md", "json", "html"):
        result = _cli("brief", "--story", story, "--db", db, "--format", fmt)
        assert result.exit_code == 0, result.output
        assert not RAW.search(result.stdout), fmt
    assert json.loads(_cli("brief", "--story", story, "--db", db, "--format", "json").stdout)["story"]["id"] == story


def test_the_helpers_keep_text_readable():
    assert safe("Caf\u00e9 \u201cquoted\u201d\tok") == "Caf\u00e9 \u201cquoted\u201d\tok"
    assert safe("line\r\nforged") == "line\\x0d\\x0aforged"
    assert json.loads(safe_json({"t": PAYLOAD})) == {"t": PAYLOAD}
