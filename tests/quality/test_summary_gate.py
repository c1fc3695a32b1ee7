"""Quality gate for the brief's summary (issue 4): on the NeuS / AllSides validation
split (307 stories, three articles each), storydesk's summary must beat sumy's LexRank
and TextRank and the lead baseline on ROUGE-1 and ROUGE-2 F1 at the same 65-word budget,
and every summary sentence and cited excerpt must be verbatim.

What it runs: benchmarks/summary.py in full, on pysbd sentence spans (no spaCy
analysis), calling build_summary, the function build_brief uses; and the whole pipeline
(spaCy analysis + build_brief) on the first 20 stories, whose summaries, quotes and
cited excerpts must all be verbatim. About a minute.
"""

from __future__ import annotations

import pytest

from benchmarks import floors

pytestmark = pytest.mark.slow

def test_summary_beats_every_baseline_on_rouge1_and_rouge2(data_dir, capsys):
    from benchmarks.summary import main

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "val.source").exists():
        pytest.skip(f"{folder}/val.source not found")
    results = main(["--data", str(folder), "--split", "val", "--analyze", "20", "--json"])
    capsys.readouterr()
    ours = results["storydesk"]
    floors.check("summary", results, data_dir).raise_if_failed()  # benchmarks/floors.json
    assert ours["full_checked"] > 100
