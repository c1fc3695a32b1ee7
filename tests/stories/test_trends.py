"""TrendDetector: bursts flagged against each term's own baseline, bounded memory,
late items, and a restore that resumes (issue 6)."""

from __future__ import annotations

import random
import tracemalloc
from datetime import datetime, timedelta

import pytest

from storydesk.stories.terms import Term
from storydesk.stories.trends import TrendDetector, bucket_floor

T0 = datetime(2020, 1, 1)


def _term(name: str, kind: str = "phrase") -> Term:
    return Term(name.lower(), name, kind)


def _background(detector: TrendDetector, days: int, rng: random.Random, flags: list) -> None:
    """Each day: 20 items, each with one common term (daily volume ~2-4 per term)."""
    common = [_term(f"topic{i}") for i in range(8)]
    for day in range(days):
        for i in range(20):
            flags += detector.learn_one([rng.choice(common)], T0 + timedelta(days=day, minutes=i))


def test_a_burst_is_flagged_and_steady_terms_are_not():
    rng = random.Random(1)
    detector = TrendDetector(bucket_hours=24, threshold=3.0, table_size=4096)
    flags: list = []
    _background(detector, 30, rng, flags)
    # warmed up, Poisson noise at 3 standard deviations: at most a rare false alarm
    assert len({(f.term, f.bucket) for f in flags if f.bucket >= T0 + timedelta(days=10)}) <= 2
    tag = _term("#Breaking", "hashtag")
    burst = []
    for i in range(12):
        burst += detector.learn_one([tag], T0 + timedelta(days=30, hours=1, minutes=i))
    assert burst and burst[-1].term == tag and burst[-1].count == 12
    assert burst[-1].bucket == T0 + timedelta(days=30)
    assert detector.trending()[0].term == tag


def test_a_term_common_every_day_is_not_a_burst_at_its_usual_volume():
    detector = TrendDetector(bucket_hours=24, threshold=3.0, table_size=4096)
    weather = _term("weather")
    flags = []
    for day in range(40):
        for i in range(10):
            flags += detector.learn_one([weather], T0 + timedelta(days=day, minutes=i))
    assert not [f for f in flags if f.bucket >= T0 + timedelta(days=20)]


def test_memory_is_bounded_however_many_terms_arrive():
    detector = TrendDetector(table_size=4096, max_candidates=50)
    tracemalloc.start()
    for n in range(60_000):
        detector.learn_one([_term(f"name{n}")], T0 + timedelta(minutes=n // 10))
        if n == 10_000:
            early, _ = tracemalloc.get_traced_memory()
    late, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(detector.trending()) <= 50
    assert late < early + 2_000_000  # 50,000 more distinct terms: no growth with them


def test_late_items_count_in_their_open_bucket_and_older_ones_are_skipped():
    detector = TrendDetector(bucket_hours=24, lateness=1)
    detector.learn_one([_term("a")], T0 + timedelta(days=5))
    assert detector.learn_one([_term("b")], T0 + timedelta(days=4)) is not None
    assert detector.late_items == 0
    assert detector.learn_one([_term("c")], T0 + timedelta(days=1)) == []
    assert detector.late_items == 1


def test_save_restore_and_replay_resume_the_same_scores():
    """What the tracker does after a restart: restore the finished part, replay the
    stored volumes of the open buckets; the next scores are the same."""
    rng = random.Random(2)
    live = TrendDetector(table_size=2048)
    log = []  # (term, time): the stored volumes, one row per item here
    for day in range(12):
        for i in range(15):
            item = (_term(f"topic{rng.randrange(6)}"), T0 + timedelta(days=day, minutes=i))
            live.learn_one([item[0]], item[1])
            log.append(item)
    tag = _term("#x", "hashtag")
    for i in range(5):
        live.learn_one([tag], T0 + timedelta(days=11, minutes=30 + i))
        log.append((tag, T0 + timedelta(days=11, minutes=30 + i)))
    resumed = TrendDetector(table_size=2048)
    resumed.restore(live.save())
    for term, when in log:
        resumed.replay(term, when, 1)
    when = T0 + timedelta(days=11, hours=5)
    assert [f.score for f in live.learn_one([tag], when)] == [f.score for f in resumed.learn_one([tag], when)]
    assert live.learn_one([tag], when)[0].count == 7


def _busy_hours(detector: TrendDetector, hours: int, rng: random.Random, extra: dict) -> set:
    """A busy post stream: 600 posts an hour over 3,000 rare terms (each ~0.2 mentions
    an hour, so Poisson noise alone brings some to 4-5 in an hour), plus ``extra``
    {(term, hour): posts}. Returns the (term, hour) pairs flagged after 24 hours."""
    rare = [_term(f"#rare{i}", "hashtag") for i in range(3000)]
    flagged = set()
    for hour in range(hours):
        injected = [t for (t, h), n in extra.items() if h == hour for _ in range(n)]
        for i in range(600):
            terms = [rng.choice(rare)] + ([injected[i]] if i < len(injected) else [])
            for f in detector.learn_one(terms, T0 + timedelta(hours=hour, seconds=i)):
                if hour >= 24:
                    flagged.add((f.term, hour))
    return flagged


def test_the_volume_floor_silences_rare_terms_noise_and_keeps_real_bursts():
    # Regression (issue 6): with only beta = 1, three or four mentions of a rare term in
    # a busy hour were a burst, dozens of false alarms a day.
    burst = {(_term("#Landslide", "hashtag"), 40): 25}
    plain = _busy_hours(TrendDetector(bucket_hours=1, lateness=0), 60, random.Random(3), burst)
    floored = _busy_hours(TrendDetector(bucket_hours=1, lateness=0, min_share=0.02), 60,
                          random.Random(3), burst)
    assert floored == {(_term("#Landslide", "hashtag"), 40)}  # the burst, and only it
    assert (_term("#Landslide", "hashtag"), 40) in plain and len(plain) >= 6  # and noise


def test_the_volume_floor_is_restored_with_the_baselines():
    live = TrendDetector(bucket_hours=1, lateness=0, min_share=0.02)
    for hour in range(30):
        for i in range(900):
            live.learn_one([_term(f"t{i % 300}")], T0 + timedelta(hours=hour, seconds=i))
    resumed = TrendDetector(bucket_hours=1, lateness=0, min_share=0.02)
    resumed.restore(live.save())
    # a fresh bucket: its first item already meets the usual volume's floor
    assert resumed.spread_floor(1) == live.spread_floor(1) > 4.0


def test_restore_refuses_another_table_size():
    with pytest.raises(ValueError):
        TrendDetector(table_size=1024).restore(TrendDetector(table_size=2048).save())


@pytest.mark.parametrize("kwargs", [{"bucket_hours": 0}, {"threshold": 0}, {"table_size": 8},
                                    {"alpha": 1.5}, {"beta": 0}, {"lateness": -1},
                                    {"min_share": -0.1}, {"min_share": 1.0}])
def test_bad_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        TrendDetector(**kwargs)


def test_bucket_floor():
    assert bucket_floor(datetime(2020, 2, 2, 23, 59), 24) == datetime(2020, 2, 2)
