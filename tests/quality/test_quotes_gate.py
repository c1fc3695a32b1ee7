"""Quality gate for direct quotes (issue 3): benchmarks/quotes.py on PolNeAR dev.

Measured when pinned (dev, 84 articles, 624 gold quotes): storydesk quote F1 0.893,
speaker accuracy 0.880; textacy direct_quotations 0.553 / 0.825. The issue's floors are
0.85 on both, and above textacy on both. On the 358 attributions whose whole Content is a
quotation, scored against the whole Content (``*_pure``): storydesk F1 0.932, speaker
accuracy 0.927; textacy 0.554 / 0.865."""

from __future__ import annotations

import pytest

from benchmarks import floors

pytestmark = pytest.mark.slow


def test_quotes_gate(data_dir):
    from benchmarks.quotes import main

    folder = data_dir / "polnear" / "dev"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found")
    results = main(["--data", str(folder), "--json"])
    ours = results["storydesk"]
    assert ours["gold"] >= 600
    floors.check("quotes", results, data_dir).raise_if_failed()  # benchmarks/floors.json
