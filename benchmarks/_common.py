"""What every benchmark shares: finding the data, the --data/--json options, one table."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def default_data(name: str) -> Path:
    """The folder ``name`` under $STORYDESK_DATA, else under ../shared/data."""
    base = os.environ.get("STORYDESK_DATA")
    return (Path(base) if base else ROOT.parent / "shared" / "data") / name


def parser(description: str, data_name: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--data", type=Path, default=default_data(data_name),
                   help=f"data folder (default: {default_data(data_name)})")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    return p


def require(path: Path) -> Path:
    if not path.exists():
        sys.exit(f"benchmark data not found: {path} (use --data or STORYDESK_DATA)")
    return path


def report(results: dict[str, dict[str, float]], as_json: bool, title: str = "") -> None:
    """Print ``{system: {metric: value}}`` as one table (systems as rows), or as JSON."""
    if as_json:
        print(json.dumps(results, indent=2))
        return
    metrics: list[str] = []
    for row in results.values():
        for m in row:
            if m not in metrics:
                metrics.append(m)
    width = max([len("system")] + [len(s) for s in results])
    if title:
        print(title)
    header = "system".ljust(width) + "".join(f"  {m:>12}" for m in metrics)
    print(header)
    print("-" * len(header))
    for system, row in results.items():
        cells = []
        for m in metrics:
            v = row.get(m)
            cells.append(f"  {'-':>12}" if v is None else f"  {v:>12.4f}" if isinstance(v, float) else f"  {v!s:>12}")
        print(system.ljust(width) + "".join(cells))
