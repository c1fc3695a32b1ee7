"""Quality floors that cannot drift: one file (``benchmarks/floors.json``) holds every
quality gate's floors, the figures they were set from, the digest of the data they were
measured on, the strongest baselines' figures, and why any floor was ever lowered.

The model is trafilatura's ``eval_gate``. A gate (``tests/quality/test_*_gate.py``)
reads its floors here and fails when

- its data is not the data the floors were measured on (the digest differs): the
  floors say nothing about other data, so they must be measured again;
- storydesk scores under a floor; or
- storydesk is not above the strongest baseline a user would pick, measured in the
  same run (or, when that baseline needs an extra that is not installed, its recorded
  figure, and the gate says so).

A floor sits at the measured value minus the run-to-run noise (the spread of
``--runs`` measurements; deterministic gates have none), truncated to 4 decimals, so a
change that costs quality fails its gate. ``update`` raises floors freely but refuses to
lower one without a written reason, which it keeps in the file's history::

    python -m benchmarks.floors show                  # every floor, measured value, baseline
    python -m benchmarks.floors check extraction      # measure now and check, as the gate does
    python -m benchmarks.floors update extraction [--runs 2] [--reason "why lower"]

The measurement of each gate is :data:`MEASURES` (the same call its test makes).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` and `storydesk` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, default_data  # noqa: E402

FLOORS_FILE = Path(__file__).with_name("floors.json")
#: Floors are kept to this many decimals (truncated, never rounded up).
DECIMALS = 4


class GateError(AssertionError):
    """A gate's floors do not hold, or cannot be checked (its data changed)."""


@dataclass(frozen=True)
class Check:
    """What one gate check found: failures (empty when the gate holds) and notes."""

    failures: list[str]
    notes: list[str]

    def raise_if_failed(self) -> None:
        if self.failures:
            raise GateError("; ".join(self.failures + self.notes))


# -- the file ------------------------------------------------------------------------


def read_all(path: Path = FLOORS_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def gate(name: str, path: Path = FLOORS_FILE) -> dict:
    gates = read_all(path)["gates"]
    if name not in gates:
        raise KeyError(f"no gate {name!r} in {path.name}; gates: {', '.join(sorted(gates))}")
    return gates[name]


def _write(data: dict, path: Path = FLOORS_FILE) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# -- the data's digest -----------------------------------------------------------------


def data_folder(entry: dict, data_dir: Path | None = None) -> Path:
    """The folder a gate's data is in (under ``data_dir``, else the default data)."""
    folder = entry["data"]["folder"]
    return data_dir / folder if data_dir is not None else default_data(folder)


def digest(folder: Path, patterns: list[str]) -> str:
    """sha256 over the files of ``folder`` matching ``patterns`` (``repo:`` patterns are
    files of this repository, e.g. labels): each file's path and content, in path order."""
    files: list[tuple[str, Path]] = []
    for pattern in patterns:
        base, glob = (ROOT, pattern[len("repo:"):]) if pattern.startswith("repo:") else (folder, pattern)
        found = sorted(p for p in base.glob(glob) if p.is_file())
        if not found:
            raise GateError(f"no file matches {pattern!r} under {base}")
        files += [(("repo:" if base == ROOT else "") + p.relative_to(base).as_posix(), p) for p in found]
    h = hashlib.sha256()
    for name, p in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return "sha256:" + h.hexdigest()


def floors(name: str, data_dir: Path | None = None, path: Path = FLOORS_FILE) -> dict[str, float]:
    """The floors of gate ``name``, after checking its data is what they were measured
    on (:class:`GateError` otherwise)."""
    entry = gate(name, path)
    folder = data_folder(entry, data_dir)
    found = digest(folder, entry["data"]["files"])
    if found != entry["data"]["digest"]:
        raise GateError(
            f"the {name} gate's data changed ({folder}: {found[:19]}…, floors measured on "
            f"{entry['data']['digest'][:19]}…): measure again with "
            f"`python -m benchmarks.floors update {name}`"
        )
    return dict(entry["floors"])


# -- checking --------------------------------------------------------------------------


def check(name: str, results: dict[str, dict], data_dir: Path | None = None, path: Path = FLOORS_FILE) -> Check:
    """Check ``results`` (``{system: {metric: value}}`` of one run) against gate
    ``name``: every floor, and storydesk above every baseline it must beat, on the
    metrics named for it (measured in this run, else its recorded figure)."""
    entry = gate(name, path)
    pinned = floors(name, data_dir, path)
    ours = results[entry["system"]]
    failures, notes = [], []
    for metric, floor in pinned.items():
        if ours.get(metric) is None or ours[metric] < floor:
            failures.append(f"{name}: {metric} {ours.get(metric)} is under its floor {floor}")
    for baseline, metrics in entry.get("beat", {}).items():
        measured = results.get(baseline)
        figures = measured if measured is not None else entry.get("baselines", {}).get(baseline)
        if figures is None:
            failures.append(f"{name}: baseline {baseline!r} neither measured nor recorded")
            continue
        if measured is None:
            notes.append(f"{name}: {baseline} not measured here (its extra is not installed); "
                         f"its recorded figures are used")
        for metric in metrics:
            if not ours.get(metric, -math.inf) > figures[metric]:
                failures.append(f"{name}: {metric} {ours.get(metric)} is not above {baseline}'s {figures[metric]}")
    return Check(failures, notes)


# -- measuring ---------------------------------------------------------------------------


def _extraction(folder: Path) -> dict:
    from benchmarks.extraction import run_extraction

    return run_extraction(folder, systems=["storydesk", "trafilatura (precision)"])[0]


def _timeline(folder: Path) -> dict:
    from benchmarks.timeline import evaluate

    return evaluate(folder)


def _posts(folder: Path) -> dict:
    from benchmarks.posts import main

    return main(["--data", str(folder), "--json"])


def _quotes(folder: Path) -> dict:
    from benchmarks.quotes import main

    return main(["--data", str(folder), "--json"])


def _summary(folder: Path) -> dict:
    from benchmarks.summary import main

    return main(["--data", str(folder), "--split", "val", "--analyze", "20", "--json"])


def _citations(folder: Path) -> dict:
    from benchmarks.citations import measure

    return measure(folder, "val", embeddings=False)


def _grouping(folder: Path) -> dict:
    import tempfile

    from benchmarks.grouping import gate_results

    with tempfile.TemporaryDirectory(prefix="storydesk-grouping-") as work:
        return gate_results(folder, Path(work))


def _trends(folder: Path) -> dict:
    from benchmarks.trends_replay import gate_results

    return gate_results(folder)


#: How each gate is measured: ``{system: {metric: value}}`` from its data folder.
MEASURES: dict[str, Callable[[Path], dict]] = {
    "extraction": _extraction,
    "timeline": _timeline,
    "posts": _posts,
    "quotes": _quotes,
    "summary": _summary,
    "citations": _citations,
    "grouping": _grouping,
    "trends": _trends,
}


def measure(name: str, data_dir: Path | None = None, path: Path = FLOORS_FILE) -> dict:
    return MEASURES[name](data_folder(gate(name, path), data_dir))


# -- updating ----------------------------------------------------------------------------


def _truncate(value: float) -> float:
    scale = 10 ** DECIMALS
    return math.floor(value * scale + 1e-9) / scale


def new_floors(runs: list[dict[str, float]], metrics: list[str]) -> tuple[dict, dict, dict]:
    """(floors, measured, noise) from several runs' figures: the floor is the lowest
    run minus the spread between runs, truncated to :data:`DECIMALS`.

    >>> new_floors([{"f1": 0.97412}, {"f1": 0.97412}], ["f1"])
    ({'f1': 0.9741}, {'f1': 0.97412}, {'f1': 0.0})
    >>> new_floors([{"f1": 0.80}, {"f1": 0.81}], ["f1"])[0]
    {'f1': 0.79}
    """
    out_floors, measured, noise = {}, {}, {}
    for m in metrics:
        values = [r[m] for r in runs]
        spread = max(values) - min(values)
        measured[m] = round(sum(values) / len(values), 6)
        noise[m] = round(spread, 6)
        out_floors[m] = _truncate(min(values) - spread)
    return out_floors, measured, noise


def update(name: str, runs: list[dict], reason: str | None, data_dir: Path | None = None,
           path: Path = FLOORS_FILE, today: str | None = None) -> list[str]:
    """Set gate ``name``'s floors from ``runs`` (each a measurement's results). Refuses
    (:class:`GateError`, nothing written) to lower a floor without ``reason``; returns
    what changed, one line each."""
    data = read_all(path)
    entry = data["gates"][name]
    system = entry["system"]
    fresh, measured, noise = new_floors([r[system] for r in runs], list(entry["floors"]))
    lowered = {m: (entry["floors"][m], f) for m, f in fresh.items() if f < entry["floors"][m]}
    if lowered and not (reason and reason.strip()):
        raise GateError(
            f"{name}: update would lower "
            + ", ".join(f"{m} from {old} to {new}" for m, (old, new) in lowered.items())
            + '; say why with --reason "..." (kept in benchmarks/floors.json)'
        )
    changes = [f"{name}: {m} floor {entry['floors'][m]} -> {f} (measured {measured[m]}, noise {noise[m]})"
               for m, f in fresh.items() if f != entry["floors"][m]]
    when = today or date.today().isoformat()
    entry["floors"], entry["measured"], entry["noise"], entry["runs"] = fresh, measured, noise, len(runs)
    entry["data"]["digest"] = digest(data_folder(entry, data_dir), entry["data"]["files"])
    recorded = entry.setdefault("baselines", {})
    for baseline in entry.get("beat", {}):
        if baseline in runs[-1]:
            recorded[baseline] = {m: round(v, 6) for m, v in runs[-1][baseline].items()
                                  if isinstance(v, (int, float)) and not isinstance(v, bool)}
    entry["updated"] = when
    if lowered:
        entry.setdefault("history", []).append(
            {"date": when, "lowered": {m: [old, new] for m, (old, new) in lowered.items()},
             "reason": reason.strip()})
    _write(data, path)
    return changes


# -- the command line ------------------------------------------------------------------------


def _strongest(entry: dict, metric: str) -> str:
    """The recorded baseline best on ``metric``, as ``name value``, marked when the gate
    must beat it."""
    found = [(figures[metric], name) for name, figures in entry.get("baselines", {}).items()
             if isinstance(figures.get(metric), (int, float))]
    if not found:
        return "-"
    value, name = max(found)
    beaten = metric in entry.get("beat", {}).get(name, [])
    return f"{name} {value:.4f}" + ("" if beaten else " (not required)")


def show(path: Path = FLOORS_FILE) -> str:
    """Every gate's floors beside the value they were set from and the strongest
    baseline on the same metric."""
    lines = ["| gate | metric | floor | measured | noise | strongest baseline |", "|---|---|---|---|---|---|"]
    for name, entry in read_all(path)["gates"].items():
        for i, (metric, floor) in enumerate(entry["floors"].items()):
            measured = entry.get("measured", {}).get(metric)
            lines.append(f"| {name if i == 0 else ''} | {metric} | {floor} | "
                         f"{'-' if measured is None else measured} | {entry.get('noise', {}).get(metric, '-')} | "
                         f"{_strongest(entry, metric)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.floors", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("show", help="every gate's floors, measured values and strongest baselines")
    for command in ("check", "update"):
        s = sub.add_parser(command, help=f"{command} one gate (measures it now)")
        s.add_argument("name", choices=sorted(MEASURES))
        s.add_argument("--data", type=Path, default=None, help="the data folder (default: ../shared/data)")
        if command == "update":
            s.add_argument("--runs", type=int, default=2, help="measurements to take (noise = their spread)")
            s.add_argument("--reason", default=None, help="why, when a floor goes down (kept in the file)")
    args = p.parse_args(argv)
    if args.command == "show":
        print(show())
        return 0
    if args.command == "check":
        results = measure(args.name, args.data)
        found = check(args.name, results, args.data)
        print(json.dumps(results, indent=2))
        for line in found.notes + found.failures:
            print(line, file=sys.stderr)
        print(f"{args.name}: {'FAILED' if found.failures else 'holds'}", file=sys.stderr)
        return 1 if found.failures else 0
    if args.runs < 1:
        p.error("--runs must be at least 1")
    runs = [measure(args.name, args.data) for _ in range(args.runs)]
    try:
        changes = update(args.name, runs, args.reason, args.data)
    except GateError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    print("\n".join(changes) or f"{args.name}: floors unchanged", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
