"""The citation threshold is read from a lower confidence bound of the out-of-fold
precision, not from its point estimate: a threshold set where a handful of citations
happen to be right is not taken. Synthetic rows, no data needed."""

from __future__ import annotations

from benchmarks.citations import _story_bootstrap, _threshold_lower_bound


def _rows(story: int, right: int, wrong: int):
    # (logit, label, positive, story), as benchmarks.citations.fit collects them
    return [(0.0, "same", 1, story)] * right + [(0.0, "no", 0, story)] * wrong


def test_few_right_citations_give_a_wide_bound_and_many_a_narrow_one():
    few = [r for s in range(4) for r in _rows(s, 5, 0)] + _rows(4, 0, 1)  # 20 of 21 right
    many = [r for s in range(40) for r in _rows(s, 20, 0)] + [r for s in range(40, 50) for r in _rows(s, 0, 2)]
    assert _story_bootstrap(few) < 0.95 <= sum(r[2] for r in few) / len(few)
    assert _story_bootstrap(many) >= 0.95


def test_the_threshold_is_the_lowest_whose_bound_reaches_the_target_above_which_precision_holds():
    curve = [{"threshold": 0.80, "P": 0.93, "P_low": 0.90},
             {"threshold": 0.85, "P": 0.955, "P_low": 0.92},  # point estimate alone would pass
             {"threshold": 0.90, "P": 0.97, "P_low": 0.955},
             {"threshold": 0.95, "P": 0.98, "P_low": 0.94},  # few citations: a wide bound
             {"threshold": 0.99, "P": 1.0, "P_low": 1.0}]
    assert _threshold_lower_bound(curve) == 0.90
    assert _threshold_lower_bound([{"threshold": 0.9, "P": 0.9, "P_low": 0.8}]) == 1.0  # cite nothing
