"""Quality gate for the brief's summary (issues 4 and 11): on the NeuS / AllSides
validation split (307 stories, three articles each), storydesk's summary must beat sumy's
LexRank and TextRank and the lead baseline on ROUGE-1 and ROUGE-2 F1 at the same 65-word
budget, never hold two sentences that restate each other (TF-IDF centroid + MMR, the
strongest baseline, does in 3 stories of 10), stay within half a point of centroid + MMR
on ROUGE-1 and ROUGE-2, and every summary sentence and cited excerpt must be verbatim.

Issue 11's goal, storydesk a point above centroid + MMR on both, is not met: tuning on
the training split (sentence scores learned from ROUGE, centroid and length features,
MMR selection) moved ROUGE by less than 0.3 points, and leaving out repeats costs
0.3 points of ROUGE-2.

What it runs: benchmarks/summary.py in full, on pysbd sentence spans (no spaCy
analysis), calling build_summary, the function build_brief uses; and the whole pipeline
(spaCy analysis + build_brief) on the first 20 stories, whose summaries, quotes and
cited excerpts must all be verbatim. About a minute.
"""

from __future__ import annotations

import pytest

from benchmarks import floors

pytestmark = pytest.mark.slow

#: storydesk may trail centroid + MMR by this much (issue 11's goal, a point above, is not met).
MMR_TOLERANCE = 0.005


def test_summary_beats_the_baselines_without_repeating_itself(data_dir, capsys):
    from benchmarks.summary import main

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "val.source").exists():
        pytest.skip(f"{folder}/val.source not found")
    results = main(["--data", str(folder), "--split", "val", "--analyze", "20", "--json"])
    capsys.readouterr()
    ours = results["storydesk"]
    floors.check("summary", results, data_dir).raise_if_failed()  # floors, above lexrank/textrank/lead
    for metric in ("rouge1", "rouge2"):
        assert ours[metric] >= results["centroid+mmr"][metric] - MMR_TOLERANCE, (metric, results)
    assert ours["repeats"] == 0.0 < results["centroid+mmr"]["repeats"], results
    assert ours["verbatim"] == 1.0
    assert ours["full_verbatim"] == 1.0 and ours["full_checked"] > 100
