"""`storydesk timeline PATH... [--dates N] [--sentences K] [--query WORDS] [--format md|json]`
(issue 5).

Fixtures: the seed articles, and three short JSONL articles written for this test in
the style of the Timeline17 oil-spill coverage (later articles recalling the day the
rig exploded), so that the date the articles look back at must come out first.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

import storydesk.cli.timeline  # noqa: F401  (registers the command)
from storydesk.cli.app import EXIT_REJECTED, EXIT_USAGE, app

SPILL = [
    {"title": "Rig explodes in the Gulf", "published": "2010-04-21",
     "text": "An offshore drilling rig exploded in the Gulf of Mexico on Tuesday night. Eleven workers are missing."},
    {"title": "Oil reaches the coast", "published": "2010-05-15",
     "text": "Oil has washed up in Mississippi. "
             "Crude has leaked since the rig blew up on 20 April, killing 11 workers."},
    {"title": "Well capped", "published": "2010-07-16",
     "text": "BP says the well is capped. The leak began when the Deepwater Horizon rig exploded on April 20, 2010."},
]  # fmt: skip


def cli(*args: str):
    return CliRunner().invoke(app, ["timeline", *args])


def write_spill(tmp_path):
    path = tmp_path / "spill.jsonl"
    path.write_text("\n".join(json.dumps(a) for a in SPILL), encoding="utf-8")
    return path


def test_the_day_later_articles_look_back_at_comes_first(tmp_path):
    path = write_spill(tmp_path)
    result = cli(str(path), "--dates", "1", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [e["date"] for e in data["timeline"]] == ["2010-04-20"]
    (sentence,) = data["timeline"][0]["sentences"]
    assert "exploded" in sentence["text"] or "blew up" in sentence["text"]
    assert sentence["text"] in [a["text"][sentence["start"] : sentence["end"]] for a in SPILL]
    assert data["undated"] == [] and data["rejected"] == []


def test_markdown_query_and_sentences(tmp_path):
    path = write_spill(tmp_path)
    result = cli(str(path), "-n", "3", "-k", "2", "--query", "well")
    assert result.exit_code == 0, result.output
    headings = [line for line in result.stdout.splitlines() if line.startswith("## ")]
    assert headings == sorted(headings) and 1 <= len(headings) <= 3
    bullets = [line for line in result.stdout.splitlines() if line.startswith("- ")]
    assert bullets and all("well" in b.lower() for b in bullets)


def test_seed_articles(seed_paths):
    result = cli(*map(str, seed_paths), "--dates", "6", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["timeline"]) == 6
    texts = {p: p.read_text(encoding="utf-8") for p in seed_paths}
    for entry in data["timeline"]:
        for s in entry["sentences"]:
            source = next(t for p, t in texts.items() if str(p) == s["source"])
            assert " ".join(s["text"].split()) in " ".join(source.split())
    assert "2016-08" in [e["date"] for e in data["timeline"]]
    # two seeds give no publication date: listed, and only their explicit dates used
    assert len(data["undated"]) == 2


def test_bad_input(tmp_path):
    undated = tmp_path / "undated.txt"
    undated.write_text("Nothing in this article says when anything happened.\n", encoding="utf-8")
    result = cli(str(undated))
    assert result.exit_code == 0
    assert result.stdout == "" and "no dated sentences" in result.stderr
    missing = cli(str(tmp_path / "missing.txt"), str(write_spill(tmp_path)))
    assert missing.exit_code == EXIT_REJECTED and "missing.txt" in missing.stderr
    assert "## 2010-04-20" in missing.stdout  # the readable inputs are still summarised
    assert cli(str(undated), "--dates", "0").exit_code == EXIT_USAGE
    assert cli(str(undated), "--format", "html").exit_code == EXIT_USAGE
