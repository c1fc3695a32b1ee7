"""Quality gate for trend lists (issue 14): benchmarks/trends.py's mixed store
(Giveme5W1H news_cluster plus the timeline17 H1N1 articles of three outlets) replayed
day by day through the desk, a 7-day window ending each day.

Measured when pinned: noise share by the rules of benchmarks/trend_noise.py 0.000 (2,350
listed terms at 14.4 % before issue 14; 3 % against 35 % in the hand-labelled sample),
why-link precision 0.984, 2.67 terms listed a day. Floors: noise at most 0.03 (the issue
asks under 0.05), why-link precision at least 0.95 (the issue's goal), and at least two
terms a day on average, so that an empty list cannot pass. The first run analyzes the
788 articles with spaCy (several minutes); the analyzed store is kept under
/tmp/storydesk-bench for later runs of the same analyzer version."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_trend_lists_are_one_term_per_thing_and_link_the_right_story(data_dir):
    from benchmarks.trends_replay import replay, term_quality

    if not (data_dir / "giveme5w1h-news-cluster").is_dir() or not (data_dir / "timeline17").is_dir():
        pytest.skip("giveme5w1h-news-cluster or timeline17 not found")
    db, days = replay(data_dir, name="gate")
    q = term_quality(db, days, 7.0)
    assert q["noise_share"] <= 0.03, q
    assert q["why_precision"] >= 0.95, q
    assert q["listed"] / q["days"] >= 2.0, q
