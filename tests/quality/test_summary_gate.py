"""Quality gate for the brief's summary (issues 4 and 11): on the NeuS / AllSides
validation split (307 stories, three articles each), storydesk's summary must beat sumy's
LexRank and TextRank and the lead baseline on ROUGE-1 and ROUGE-2 F1 at the same 65-word
budget, never hold two sentences that restate each other (TF-IDF centroid + MMR, the
strongest baseline, does in 3 stories of 10), stay within half a point of centroid + MMR
on ROUGE-1 and ROUGE-2, and every summary sentence and cited excerpt must be verbatim.

Issue 11's goal, storydesk a point above centroid + MMR on both, is not met (0.3 ROUGE-1,
0.1 ROUGE-2 above on val), and three rounds of work on the training split say why
(``python -m benchmarks.summary_study --limit 0``, 2,452 train stories): with the
issue's rules kept (no repeats, questions, captions or leaning openings), even a scorer
that knew each candidate's own ROUGE against the reference would reach 0.442 / 0.221
ROUGE-1/2, and the shipped score is at 0.403 / 0.176; a ridge ranker fitted on train
(k-fold) over the score's parts plus centroid, lead-sentence, shared-term, length and
quotation features scores 0.401 / 0.173, gradient boosting over those plus per-item
cross-outlet support (names and numbers every other outlet prints), subject salience
and position 0.404 / 0.176. Further tried, each moving ROUGE by at most 0.2 points in
cross-validation: ROUGE-1/2 optimised directly over the score's weights, a word-level
pseudo-reference model (which words the reference uses, from how many outlets and
titles print them), ROUGE of each candidate against the other outlets' leads, shared
word pairs, stop-word and punctuation style profiles, sentiment, weekday and name
features, soft MMR penalties, a bonus for an article's next sentence, budget-aware
ordering and a last pick that fits the 65 words, length-weighted scores, a corpus IDF,
looser candidate filters (quoted share, short sentences, pronoun openings repaired by
their previous sentence) and filling short summaries (topic words as features gained 0.2
ROUGE-1, fitted to this data's news years, so left out). What did gain (0.6 ROUGE-1,
0.3 ROUGE-2 on train, 0.1 / 0.1 on val): a text that is one lead cut off before its stop
(a feed's truncated description) is a candidate. The first pick decides most of the
budget: it is an article's lead in 96% of stories and the best candidate in 40%; in 16%
of the stories the reference reuses most of one outlet's sentence (60% of its word pairs
or more), and nothing reference-free tells which outlet's. The fourth round's rows of the
study: a pairwise ranker, a ranker fitted to the ROUGE of the summary a candidate opens,
the count of terms other outlets print, a minimum-Bayes-risk choice against the other
outlets' texts (each within 0.35 points of the shipped score on train), and a budgeted
concept-coverage set (+0.5 ROUGE-1, +0.4 ROUGE-2 on train, -0.1 / -0.4 on val, not kept).

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


def test_the_summary_study_scores_what_build_summary_picks(data_dir, capsys):
    """The study's ``storydesk`` row is the shipped summary (same candidates, score and
    selection as build_summary), so its ceilings are ceilings of what ships."""
    from benchmarks.summary import main as benchmark
    from benchmarks.summary_study import main as study

    folder = data_dir / "neus-allsides-neutral-mds"
    if not (folder / "train.source").exists():
        pytest.skip(f"{folder}/train.source not found")
    found = study(["--data", str(folder), "--limit", "40", "--folds", "2", "--json"])
    shipped = benchmark(["--data", str(folder), "--split", "train", "--limit", "40", "--analyze", "0", "--json"])
    capsys.readouterr()
    for metric in ("rouge1", "rouge2", "repeats"):
        assert found["storydesk"][metric] == shipped["storydesk"][metric], (metric, found, shipped)
    assert found["oracle ranking"]["repeats"] == found["oracle greedy (candidates)"]["repeats"] == 0.0
