"""Trend detection: storydesk's bounded-memory SigniTrend-style detector, and the lists
``storydesk trends`` shows.

1. timeline17 replay: each topic folder's articles streamed by date (terms without
   spaCy: hashtags and capitalised phrases), daily buckets. A day is flagged when any
   term bursts. Precision/recall of flagged days against each gold timeline's dates
   (averaged over the 19 timelines), beside the publication-count baseline (days whose
   article count bursts against its own moving average, same threshold) and Kleinberg's
   two-state automaton per term (:mod:`benchmarks.kleinberg`; offline, so it sees the
   future; a day is flagged when a term's burst starts; its best s/gamma of a small grid).
   Also Date-F1 at k = the timeline's length: days ranked by burst evidence (storydesk:
   distinct terms flagged that day; ``date_f1@k_volume+terms``: the day's
   publication-count burst score plus log(1 + those terms); Kleinberg: burst onsets) or
   by article count (PUBCOUNT, published Date-F1 0.481 on T17 with merged sources).
2. synthetic stream: >= 1,000,000 posts (Zipf vocabulary of 200,000 terms, hourly
   buckets) with bursts injected at known hours: recall of the injected bursts, false
   alarms per day, throughput in terms/s, beside an exact per-term detector (the same
   statistics in an unbounded dictionary) and Kleinberg's automaton (both on a tenth of
   the stream). The stream is also run with the ``trend_min_share`` floor off (0).
3. listed terms (issue 14): the mixed store of :mod:`benchmarks.trends_replay`
   (Giveme5W1H plus three outlets' timeline17 H1N1 articles, 784 articles stored)
   replayed day by day through the desk, ``Desk.trends()`` asked at the end of each day
   (7-day window): the share of listed terms that :mod:`benchmarks.trend_noise`'s rules
   call noise (fragment or variant of another listed term, boilerplate, generic word),
   and the why-link precision (share of terms listed with a story whose story holds most
   of the window's articles that mention the term, found by the term's text); beside the
   list a user gets without burst detection (the 10 names most articles of the window
   mention); the same store ingested as ``storydesk ingest`` reads the folders (file
   order, not time order) and asked with ``--at`` each day; and how the rules agree
   with the hand labels of
   ``benchmarks/labels/trend-terms.jsonl``. The first run analyzes the store with spaCy
   (several minutes) and keeps it under /tmp/storydesk-bench.

    .venv/bin/python -m benchmarks.trends [--data DIR] [--json] [--posts N] [--min-share S]
                                          [--only timeline17|synthetic|terms]
"""

from __future__ import annotations

import gzip
import json
import math
import random
import time
import tracemalloc
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from pathlib import Path

from benchmarks._common import parser, report, require
from storydesk.config import Settings
from storydesk.model import Article
from storydesk.stories.terms import Term, article_terms
from storydesk.stories.trends import TrendDetector

T0 = datetime(2021, 1, 1)
#: Hours of warm-up (no injected bursts; new terms have no baseline yet) left out of
#: the false-alarm count.
WARMUP_HOURS = 48


# -- timeline17 ----------------------------------------------------------------------------


def _topic_articles(folder: Path) -> list[Article]:
    out = []
    with gzip.open(folder / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            out.append(Article(id=r["id"], text=r["text"], source=folder.name, format="jsonl",
                               title=r["text"].split("\n", 1)[0][:200], published=r["time"], precision="day"))
    out.sort(key=lambda a: (a.published, a.id))
    return out


def _gold_timelines(folder: Path) -> list[set[str]]:
    lines = (folder / "timelines.jsonl").read_text(encoding="utf-8").splitlines()
    return [{d[:10] for d, _ in json.loads(line)} for line in lines if line.strip()]


def _prf(flagged: set[str], gold: set[str]) -> tuple[float, float, float]:
    hit = len(flagged & gold)
    p = hit / len(flagged) if flagged else 0.0
    r = hit / len(gold) if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def _pubcount_flags(
    counts: dict[str, int], threshold: float, alpha: float = 0.1
) -> tuple[set[str], dict[str, float]]:
    """Days whose article count bursts against its own moving average and spread, and
    every day's burst score."""
    if not counts:
        return set(), {}
    day, last = min(counts), max(counts)
    mean = var = 0.0
    folds = 0
    flagged, scores = set(), {}
    while day <= last:
        x = counts.get(day, 0)
        gathered = 1 - (1 - alpha) ** folds if folds else 1.0
        m, v = mean / gathered, var / gathered
        scores[day] = (x - m) / max(math.sqrt(max(v, m)), 1.0)
        if scores[day] >= threshold:
            flagged.add(day)
        delta = x - mean
        mean += alpha * delta
        var = (1 - alpha) * (var + alpha * delta * delta)
        folds += 1
        day = (datetime.fromisoformat(day) + timedelta(days=1)).date().isoformat()
    return flagged, scores


def _top(scores: dict[str, float], k: int) -> set[str]:
    return {d for d, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:k]}


#: Kleinberg settings tried on timeline17; the best (by flagged-day F1) is reported.
KLEINBERG_GRID = [(s, g) for s in (1.5, 2.0, 3.0) for g in (0.5, 1.0, 2.0)]


def _kleinberg_days(articles: list[Article], s: float, gamma: float) -> Counter:
    """Burst onsets per day (terms whose Kleinberg state turns to 1 that day)."""
    import numpy as np

    from benchmarks.kleinberg import bursts

    first = datetime.fromisoformat(articles[0].published)
    days = (datetime.fromisoformat(articles[-1].published) - first).days + 1
    docs = np.zeros(days)
    mentions: dict[str, Counter] = defaultdict(Counter)
    for a in articles:
        t = (datetime.fromisoformat(a.published) - first).days
        docs[t] += 1
        for term in article_terms(a):
            mentions[term.key][t] += 1
    keys = [k for k, c in mentions.items() if sum(c.values()) >= 3]
    if not keys:
        return Counter()
    r = np.zeros((len(keys), days))
    for i, k in enumerate(keys):
        for t, n in mentions[k].items():
            r[i, t] = n
    state = bursts(r, docs, s=s, gamma=gamma)
    onsets = state & ~np.concatenate([np.zeros((len(keys), 1), dtype=bool), state[:, :-1]], axis=1)
    return Counter({(first + timedelta(days=int(t))).date().isoformat(): int(n)
                    for t, n in enumerate(onsets.sum(axis=0)) if n})


def timeline17(folder: Path, threshold: float, min_share: float) -> dict[str, dict[str, float]]:
    sums: dict[str, Counter] = defaultdict(Counter)
    n = 0
    kleinberg: dict[tuple, Counter] = defaultdict(Counter)
    for topic in sorted(p for p in folder.iterdir() if p.is_dir()):
        articles = _topic_articles(topic)
        detector = TrendDetector(bucket_hours=24, threshold=threshold, min_share=min_share)
        evidence: Counter[str] = Counter()
        for a in articles:
            for flag in detector.learn_one(article_terms(a), datetime.fromisoformat(a.published)):
                evidence[flag.bucket.date().isoformat()] += 1
        counts = Counter(a.published for a in articles)
        ours, (pub, burst) = set(evidence), _pubcount_flags(counts, threshold)
        volume_and_terms = {d: burst.get(d, 0.0) + math.log1p(evidence[d]) for d in counts}
        onsets = {setting: _kleinberg_days(articles, *setting) for setting in KLEINBERG_GRID}
        for gold in _gold_timelines(topic):
            for setting, days in onsets.items():
                p, r, f = _prf(set(days), gold)
                kleinberg[setting].update({"day_p": p, "day_r": r, "day_f1": f,
                                           "date_f1@k": _prf(_top(days, len(gold)), gold)[2],
                                           "flagged_days": len(days)})
            n += 1
            k = len(gold)
            for system, flagged, top in (("storydesk", ours, _top(evidence, k)),
                                         ("pubcount", pub, _top(counts, k))):
                p, r, f = _prf(flagged, gold)
                sums[system].update({"day_p": p, "day_r": r, "day_f1": f,
                                     "date_f1@k": _prf(top, gold)[2], "flagged_days": len(flagged)})
            sums["storydesk"]["date_f1@k_volume+terms"] += _prf(_top(volume_and_terms, k), gold)[2]
    best = max(KLEINBERG_GRID, key=lambda g: (kleinberg[g]["day_f1"], kleinberg[g]["date_f1@k"]))
    sums["kleinberg (offline, best s/gamma)"] = kleinberg[best]
    out = {s: {m: round(v / n, 4) for m, v in c.items()} for s, c in sums.items()}
    out["kleinberg (offline, best s/gamma)"]["setting"] = f"s={best[0]:g} gamma={best[1]:g}"
    return out


# -- synthetic post stream -----------------------------------------------------------------


class ExactDetector:
    """The same statistics per term in dictionaries (each term's moving share of a
    bucket's items and its spread): exact, memory grows with the vocabulary."""

    def __init__(self, threshold: float, alpha: float = 0.1, beta: float = 1.0, min_share: float = 0.0):
        self.threshold, self.alpha, self.beta, self.min_share = threshold, alpha, beta, min_share
        self.items = 0
        self.items_mean = 0.0
        self.mean: dict[str, float] = {}
        self.var: dict[str, float] = {}
        self.counts: Counter[str] = Counter()
        self.bucket: int | None = None
        self.folds = 0

    def _fold(self) -> None:
        if not self.items:
            return
        a, first = self.alpha, self.folds == 0
        for key in set(self.mean) | set(self.counts):  # every known term (zeros included)
            x = self.counts.get(key, 0) / self.items
            if first:
                self.mean[key], self.var[key] = x, 0.0
                continue
            m = self.mean.get(key, 0.0)
            delta = x - m
            self.mean[key] = m + a * delta
            self.var[key] = (1 - a) * (self.var.get(key, 0.0) + a * delta * delta)
        self.items_mean = float(self.items) if first else self.items_mean + a * (self.items - self.items_mean)
        self.folds += 1

    def learn_one(self, terms: list[Term], bucket: int) -> list[tuple[str, int]]:
        if self.bucket is not None and bucket > self.bucket:
            self._fold()
            self.counts = Counter()
            self.items = 0
        self.bucket = bucket
        flags = []
        self.items += 1
        n = max(self.items, self.items_mean)
        floor = max(self.beta, math.sqrt(self.min_share * n))
        for t in terms:
            self.counts[t.key] += 1
            expected = self.mean.get(t.key, 0.0) * n
            spread = max(math.sqrt(self.var.get(t.key, 0.0)) * n, math.sqrt(expected), floor)
            if (self.counts[t.key] - expected) / spread >= self.threshold:
                flags.append((t.key, bucket))
        return flags


def make_bursts(n_posts: int, seed: int = 7, vocabulary: int = 200_000, per_hour: int = 1000,
                size: tuple[int, int] = (30, 60)) -> dict:
    """Injected bursts: {(term, hour): extra posts}, about one a day, each a mid- or
    low-frequency term in ``size`` (30-60) extra posts of one hour."""
    rng = random.Random(seed)
    hours = n_posts // per_hour
    return {(f"w{rng.randrange(2_000, vocabulary)}", rng.randrange(WARMUP_HOURS, hours)): rng.randint(*size)
            for _ in range(max(1, hours // 24))}


def synthetic_stream(n_posts: int, bursts: dict, seed: int = 7, vocabulary: int = 200_000,
                     per_hour: int = 1000):
    """Posts (terms, hour) in time order: three Zipf-distributed terms each, plus the
    injected burst terms in their hours."""
    import bisect
    from itertools import accumulate

    rng = random.Random(seed)
    cum = list(accumulate(1 / (i + 1) ** 1.1 for i in range(vocabulary)))
    total = cum[-1]
    by_hour: dict[int, list] = defaultdict(list)
    for (term, hour), extra in bursts.items():
        by_hour[hour] += [term] * extra
    for hour in range(n_posts // per_hour):
        injected = by_hour.get(hour, [])
        for i in range(per_hour):
            terms = {f"w{bisect.bisect_left(cum, rng.random() * total)}" for _ in range(3)}
            if i < len(injected):
                terms.add(injected[i])
            yield [Term(t, t, "hashtag") for t in terms], hour


def _score_flags(flags: set[tuple[str, int]], bursts: set[tuple[str, int]], hours: int) -> dict[str, float]:
    found = len({b for b in bursts if b in flags})
    false = len({f for f in flags if f not in bursts and f[1] >= WARMUP_HOURS})
    return {"burst_recall": round(found / len(bursts), 4) if bursts else None,
            "false_alarms_per_day": round(false / ((hours - WARMUP_HOURS) / 24), 2)}


def _hashed_run(stream: list, bursts: dict, detector: TrendDetector) -> dict[str, float]:
    """Score and time ``detector`` on a generated synthetic stream."""
    n_posts = len(stream)
    flags: set = set()
    n_terms = 0
    start = time.perf_counter()
    for terms, hour in stream:
        n_terms += len(terms)
        for f in detector.learn_one(terms, T0 + timedelta(hours=hour)):
            flags.add((f.term.key, hour))
    took = time.perf_counter() - start
    return {**_score_flags(flags, set(bursts), n_posts // 1000), "terms_per_s": round(n_terms / took),
            "counters": detector.table_size, "posts": n_posts, "min_share": detector.min_share}


def synthetic(n_posts: int, threshold: float, table_size: int, min_share: float) -> dict[str, dict[str, float]]:
    results = {}
    bursts = make_bursts(n_posts)
    weak = make_bursts(n_posts, size=(10, 20))  # the price of the floor: small bursts
    # generated once, outside the timings (the detectors alone are timed)
    strong_stream, weak_stream = list(synthetic_stream(n_posts, bursts)), list(synthetic_stream(n_posts, weak))
    # storydesk: hashed table, bounded memory; then without the volume floor (as before it)
    for name, share in (("storydesk (hashed table)", min_share), ("storydesk, trend_min_share=0", 0.0)):
        def detector() -> TrendDetector:
            return TrendDetector(bucket_hours=1, threshold=threshold, table_size=table_size,
                                 lateness=0, min_share=share)  # noqa: B023 - called only in this iteration
        results[name] = _hashed_run(strong_stream, bursts, detector())
        weak_run = _hashed_run(weak_stream, weak, detector())
        results[name]["weak_burst_recall"] = weak_run["burst_recall"]
        # the faster of the two timings: the CPU is shared, a slow one is someone else's load
        results[name]["terms_per_s"] = max(results[name]["terms_per_s"], weak_run["terms_per_s"])
    del strong_stream, weak_stream
    # exact baseline on a tenth of the stream (it refolds every known term each hour)
    sub = n_posts // 10
    sub_bursts = {b: n for b, n in bursts.items() if b[1] < sub // 1000}
    exact = ExactDetector(threshold, min_share=min_share)
    flags_exact: set = set()
    n_terms = 0
    sub_stream = list(synthetic_stream(sub, sub_bursts))
    start = time.perf_counter()
    for terms, hour in sub_stream:
        n_terms += len(terms)
        flags_exact |= set(exact.learn_one(terms, hour))
    took = time.perf_counter() - start
    results["exact per-term (1/10 of stream)"] = {
        **_score_flags(flags_exact, set(sub_bursts), sub // 1000),
        "terms_per_s": round(n_terms / took), "counters": len(exact.mean) * 2, "posts": sub}
    results["kleinberg (offline, 1/10 of stream)"] = _kleinberg_run(sub_stream, sub_bursts)
    results["storydesk (hashed table)"]["speed_ratio"] = round(
        results["storydesk (hashed table)"]["terms_per_s"]
        / results["exact per-term (1/10 of stream)"]["terms_per_s"], 2)
    return results


def _kleinberg_run(stream: list, bursts: dict, s: float = 2.0, gamma: float = 1.0) -> dict[str, float]:
    """Kleinberg's automaton per term over the hourly counts of ``stream`` (terms seen at
    least 5 times): a (term, hour) in the burst state is a flag."""
    import numpy as np

    from benchmarks.kleinberg import bursts as kleinberg_bursts

    hours = max(h for _, h in stream) + 1
    per_hour = np.zeros(hours)
    mentions: dict[str, Counter] = defaultdict(Counter)
    n_terms = 0
    for terms, hour in stream:
        per_hour[hour] += 1
        n_terms += len(terms)
        for t in terms:
            mentions[t.key][hour] += 1
    keys = [k for k, c in mentions.items() if sum(c.values()) >= 5]
    start = time.perf_counter()
    r = np.zeros((len(keys), hours))
    for i, k in enumerate(keys):
        for h, n in mentions[k].items():
            r[i, h] = n
    state = kleinberg_bursts(r, per_hour, s=s, gamma=gamma)
    took = time.perf_counter() - start
    flags = {(keys[i], int(h)) for i, h in zip(*np.nonzero(state))}
    return {**_score_flags(flags, set(bursts), hours), "terms_per_s": round(n_terms / took),
            "posts": len(stream), "setting": f"s={s:g} gamma={gamma:g}"}


def memory(n_posts: int, table_size: int) -> dict[str, float]:
    """Traced memory (MB) of each detector after ``n_posts`` posts."""
    out = {}
    for name in ("storydesk", "exact"):
        tracemalloc.start()
        det = (TrendDetector(bucket_hours=1, table_size=table_size, lateness=0) if name == "storydesk"
               else ExactDetector(3.0))
        for terms, hour in synthetic_stream(n_posts, make_bursts(n_posts, seed=11), seed=11):
            det.learn_one(terms, T0 + timedelta(hours=hour)) if name == "storydesk" else det.learn_one(terms, hour)
        out[name] = round(tracemalloc.get_traced_memory()[0] / 1e6, 1)
        tracemalloc.stop()
    return out


def term_rows(data: Path, labels: Path) -> dict[str, dict]:
    """Term quality and why-links on the mixed store replayed day by day (see
    :mod:`benchmarks.trends_replay`), beside the top-10-by-volume list; and how the noise
    rules agree with the hand labels."""
    from benchmarks.trend_noise import Evidence, agreement
    from benchmarks.trends_replay import (
        analyses,
        replay,
        replay_unordered,
        store_articles,
        term_quality,
        volume_baseline,
    )

    db, days = replay(data, name="bench")
    rows = {"storydesk trends (mixed store, by day)": term_quality(db, days, 7.0)}
    unordered_db, unordered = replay_unordered(data, [d for d, _ in days])
    rows["storydesk, folders read in file order, --at each day"] = term_quality(unordered_db, unordered, 7.0)
    rows["top 10 names by volume (mixed store, by day)"] = term_quality(
        db, volume_baseline(db, [d for d, _ in days], 7.0), 7.0)
    for row in rows.values():
        row["listed_per_day"] = round(row["listed"] / row["days"], 2) if row["days"] else 0.0
    if labels.exists():
        hand = [json.loads(line) for line in labels.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows["noise rules vs hand labels"] = agreement(hand, Evidence(store_articles(db), analyses(db)))
    return rows


SECTIONS = ("timeline17", "synthetic", "terms")


def main() -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--posts", type=int, default=1_000_000, help="synthetic posts (default 1,000,000)")
    p.add_argument("--min-share", type=float, default=None,
                   help="trend_min_share for storydesk (default: the setting's default)")
    p.add_argument("--only", action="append", choices=SECTIONS,
                   help="run only this part (repeatable; default: all)")
    p.add_argument("--labels", type=Path, default=Path(__file__).parent / "labels" / "trend-terms.jsonl",
                   help="hand labels of listed terms (the rules are checked against them)")
    args = p.parse_args()
    only = set(args.only or SECTIONS)
    settings = Settings() if args.min_share is None else Settings(trend_min_share=args.min_share)
    results = {}
    folder = require(args.data)
    if "timeline17" in only:
        for system, row in timeline17(folder, settings.trend_threshold, settings.trend_min_share).items():
            results[f"{system} timeline17 days"] = row
    if "synthetic" in only:
        results.update(synthetic(args.posts, settings.trend_threshold, settings.trend_table_size,
                                 settings.trend_min_share))
        mem = memory(min(args.posts, 100_000), settings.trend_table_size)
        results["storydesk (hashed table)"]["memory_mb@100k"] = mem["storydesk"]
        results["exact per-term (1/10 of stream)"]["memory_mb@100k"] = mem["exact"]
    if "terms" in only:
        results.update(term_rows(folder.parent, args.labels))
    report(results, args.json, "trends: timeline17 flagged days vs gold timeline dates; synthetic post "
                               "stream; listed-term quality on a mixed store replayed day by day")


if __name__ == "__main__":
    main()
