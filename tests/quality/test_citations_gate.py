"""Quality gate for summary citations (issue 4): each summary sentence must cite the
other articles that report the same content, in their own words too.

Measured by benchmarks/citations.py on the labelled val pairs (254 summary
sentence / other article pairs from the first 30 NeuS/AllSides val stories, labels in
benchmarks/labels/). Runs the TF-IDF features only, no embeddings. About 15 s.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

#: Measured 2026-11-22 on val: storydesk P 0.667 R 0.558 F1 0.608, P_lenient 0.889;
#: the TF-IDF cosine >= 0.3 rule used before: P 0.75 R 0.314 F1 0.443.
FLOORS = {"R": 0.54, "F1": 0.59, "P": 0.64, "P_lenient": 0.87}


def test_citations_find_paraphrases_the_previous_rule_missed(data_dir, capsys):
    from benchmarks.citations import measure

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "val.source").exists():
        pytest.skip(f"{folder}/val.source not found")
    results = measure(folder, "val", embeddings=False)
    err = capsys.readouterr().err
    assert "no longer match" not in err, err  # the labels still point at the same sentences
    ours, before = results["storydesk"], results["TF-IDF cosine >= 0.3 (before)"]
    assert ours["groups"] >= 250 and ours["unlabelled"] == 0
    for metric, floor in FLOORS.items():
        assert ours[metric] >= floor, (metric, ours)
    assert ours["R"] > before["R"] and ours["F1"] > before["F1"], results
