"""Quality gate for summary citations (issue 11): a citation to another outlet's
paraphrase is made only when it reports the same claim, with a precision of 0.95 chosen
on the train labels; the model ranks paraphrases better than the TF-IDF rule it
replaced.

Measured by benchmarks/citations.py on the labelled val pairs (344 summary sentence /
other article pairs from 40 NeuS/AllSides val stories, 222 of them pooled with hard
negatives; labels in benchmarks/labels/). Runs the TF-IDF features only, no embeddings.
About 20 s.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

#: Measured on val: at the shipped threshold (P >= 0.95 out of fold on train) P 1.000,
#: R 0.027; at an even chance (probability >= 0.5) P 0.692 R 0.643 F1 0.667; the TF-IDF
#: cosine >= 0.3 rule used before: P 0.792 R 0.339 F1 0.475. The precision floor leaves
#: room for one wrong citation among the few made (noise), the recall floor says the
#: threshold still cites something.
PRECISION_AT_THRESHOLD = 0.9
RECALL_AT_THRESHOLD = 0.02
EVEN_FLOORS = {"F1": 0.64, "R": 0.6, "P": 0.66}


def test_citations_are_precise_at_the_threshold_and_rank_better_than_the_old_rule(data_dir, capsys):
    from benchmarks.citations import measure

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "val.source").exists():
        pytest.skip(f"{folder}/val.source not found")
    results = measure(folder, "val", embeddings=False)
    err = capsys.readouterr().err
    assert "no longer match" not in err, err  # the labels still point at the same sentences
    ours, even = results["storydesk"], results["storydesk, probability >= 0.5"]
    before = results["TF-IDF cosine >= 0.3 (before)"]
    assert ours["groups"] >= 340 and ours["unlabelled"] == 0
    assert ours["P"] >= PRECISION_AT_THRESHOLD and ours["R"] >= RECALL_AT_THRESHOLD, ours
    for metric, floor in EVEN_FLOORS.items():
        assert even[metric] >= floor, (metric, even)
    assert even["F1"] > before["F1"] and even["R"] > before["R"], results
