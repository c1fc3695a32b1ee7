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

pytestmark = pytest.mark.slow

#: Measured 2026-11 on val: storydesk R1 0.3965 / R2 0.1807, TextRank 0.3866 / 0.1711,
#: lead 0.3809 / 0.1662, LexRank 0.3794 / 0.1605. The floor is "above every baseline";
#: storydesk's own absolute scores are pinned a little under the measured values too.
FLOORS = {"rouge1": 0.39, "rouge2": 0.175}


def test_summary_beats_every_baseline_on_rouge1_and_rouge2(data_dir, capsys):
    from benchmarks.summary import main

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "val.source").exists():
        pytest.skip(f"{folder}/val.source not found")
    results = main(["--data", str(folder), "--split", "val", "--analyze", "20", "--json"])
    capsys.readouterr()
    ours = results["storydesk"]
    for baseline in ("lexrank", "textrank", "lead"):
        for metric in ("rouge1", "rouge2"):
            assert ours[metric] > results[baseline][metric], (baseline, metric, results)
    for metric, floor in FLOORS.items():
        assert ours[metric] >= floor, (metric, ours)
    assert ours["verbatim"] == 1.0
    assert ours["full_verbatim"] == 1.0 and ours["full_checked"] > 100
