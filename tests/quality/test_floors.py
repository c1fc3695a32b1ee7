"""The floors mechanism itself (benchmarks/floors.py), on a floors file and data made
here: a gate cannot drift, because its floors live in one file with the digest of the
data they were measured on, and lowering one needs a written reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from benchmarks import floors
from benchmarks.floors import GateError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def setup(tmp_path):
    data = tmp_path / "data" / "toy"
    data.mkdir(parents=True)
    (data / "a.txt").write_text("gold one")
    (data / "b.txt").write_text("gold two")
    entry = {"system": "storydesk",
             "data": {"folder": "toy", "files": ["*.txt"], "digest": floors.digest(data, ["*.txt"])},
             "floors": {"f1": 0.8, "p": 0.7},
             "beat": {"measured baseline": ["f1"], "recorded baseline": ["f1"]},
             "baselines": {"recorded baseline": {"f1": 0.75}}, "history": []}
    path = tmp_path / "floors.json"
    path.write_text(json.dumps({"gates": {"toy": entry}}))
    return path, tmp_path / "data"


def _results(f1=0.85, p=0.9, baseline=0.6):
    return {"storydesk": {"f1": f1, "p": p}, "measured baseline": {"f1": baseline}}


def test_a_gate_holds_above_its_floors_and_its_baselines(setup):
    path, data = setup
    found = floors.check("toy", _results(), data, path)
    assert found.failures == []
    assert any("recorded baseline not measured here" in n for n in found.notes)


def test_a_gate_fails_under_a_floor_or_a_baseline(setup):
    path, data = setup
    assert floors.check("toy", _results(f1=0.79), data, path).failures == [
        "toy: f1 0.79 is under its floor 0.8"]
    failures = floors.check("toy", _results(f1=0.85, baseline=0.9), data, path).failures
    assert failures == ["toy: f1 0.85 is not above measured baseline's 0.9"]
    with pytest.raises(GateError, match="under its floor"):
        floors.check("toy", _results(p=0.1), data, path).raise_if_failed()


def test_a_gate_refuses_data_its_floors_were_not_measured_on(setup):
    path, data = setup
    (data / "toy" / "b.txt").write_text("gold two, edited")
    with pytest.raises(GateError, match="the toy gate's data changed"):
        floors.check("toy", _results(), data, path)


def test_update_raises_floors_freely_and_keeps_noise(setup):
    path, data = setup
    runs = [_results(f1=0.91234, p=0.95), _results(f1=0.90234, p=0.95)]
    changes = floors.update("toy", runs, None, data, path, today="2026-01-02")
    entry = json.loads(path.read_text())["gates"]["toy"]
    assert entry["floors"] == {"f1": 0.8923, "p": 0.95}  # lowest run minus the spread
    assert entry["noise"] == {"f1": 0.01, "p": 0.0} and entry["runs"] == 2
    assert entry["baselines"]["measured baseline"] == {"f1": 0.6} and entry["history"] == []
    assert len(changes) == 2


def test_update_refuses_to_lower_a_floor_without_a_reason(setup):
    path, data = setup
    before = path.read_text()
    with pytest.raises(GateError, match=r"lower f1 from 0.8 to 0.78.*--reason"):
        floors.update("toy", [_results(f1=0.78)], None, data, path)
    with pytest.raises(GateError):
        floors.update("toy", [_results(f1=0.78)], "   ", data, path)
    assert path.read_text() == before  # nothing written
    floors.update("toy", [_results(f1=0.78)], "labels corrected: 3 pairs were wrong", data, path,
                  today="2026-01-03")
    entry = json.loads(path.read_text())["gates"]["toy"]
    assert entry["floors"]["f1"] == 0.78
    assert entry["history"] == [{"date": "2026-01-03", "lowered": {"f1": [0.8, 0.78]},
                                 "reason": "labels corrected: 3 pairs were wrong"}]


def test_every_gate_reads_its_floors_from_the_one_file():
    """Each gate's test checks through benchmarks.floors and holds no floor literal of
    its own; every gate measured by benchmarks.floors has an entry."""
    entries = floors.read_all()["gates"]
    assert set(entries) == set(floors.MEASURES)
    for test in sorted((ROOT / "tests" / "quality").glob("test_*_gate.py")):
        source = test.read_text()
        assert "floors.check(" in source, test.name
        assert not re.search(r">=\s*0\.\d", source), f"{test.name} pins a floor of its own"
    for name, entry in entries.items():
        assert entry["floors"] and entry["beat"] and entry["data"]["digest"].startswith("sha256:"), name
