"""Trend detection in bounded memory, after SigniTrend (Schubert, Weiler & Kriegel, KDD
2014).

Time is cut into buckets of ``bucket_hours``. Every term is hashed to ``depth`` cells of
a table of ``table_size`` counters (a count-min sketch): memory is the table, whatever
the number of distinct terms. Each cell keeps the count of the open bucket and, over
the finished buckets, an exponentially weighted moving average and variance of the
term's *share* of the bucket's items (articles, posts; the tracker counts each source
once, so an item is a source active in the bucket), started at the first bucket's
shares. A term that is always large has a large usual share and must rise above it by
the same standard as a small one; a busy bucket (more items than usual) raises every
term's expected count with it, so volume alone is not a burst. Buckets in which nothing
arrived are not history: an archive with quiet months does not forget its terms' usual
share. When a term arrives in a bucket of ``n`` items so far, with ``N = max(n, items)``
(``items`` the usual number of items of a bucket, so that an open bucket is measured
against a whole bucket's expectation until it is busier than usual), its burst score is

    (count - share * N) / max(spread * N, sqrt(share * N), beta, sqrt(min_share * N))

(counts are at least as noisy as a Poisson count of their expected value, so the spread
is never taken below its square root; ``beta`` keeps new and rare terms from flagging on
one or two mentions; ``items`` is the bucket's usual number of items, so in a busy
stream a term needs more mentions than the Poisson noise of thousands of rare terms
brings some of them: with ``min_share`` 0.01, among 1,000 posts an hour a new term needs
about ten) taken in each of its cells and the smallest kept (collisions only inflate a
cell, so the minimum is the least contaminated); a score at or above ``threshold`` flags
the term, and the flag keeps the expected count the score was measured against.

Late items are counted in their own bucket while it is one of the ``lateness`` most
recent ones; older items are counted as late and skipped (their volume is still kept by
the caller). A small dictionary of candidate terms (the highest scores, at most
``max_candidates``) remembers the names the sketch cannot give back.

>>> from datetime import datetime, timedelta
>>> from storydesk.stories.terms import Term
>>> d = TrendDetector(bucket_hours=24, threshold=3.0, table_size=1024)
>>> quiet, loud = Term("rain", "rain", "phrase"), Term("#flood", "#Flood", "hashtag")
>>> for day in range(10):
...     flags = d.learn_one([quiet], datetime(2020, 1, 1) + timedelta(days=day))
>>> flags
[]
>>> for i in range(6):
...     flags = d.learn_one([loud] + [quiet] * (i == 0), datetime(2020, 1, 11, 1 + i))
>>> [(f.term.text, f.count, f.score, f.expected) for f in flags]
[('#Flood', 6, 6.0, 0.0)]
>>> [f.term.text for f in d.trending()]
['#Flood']
"""

from __future__ import annotations

import hashlib
import math
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

import numpy as np

from ..config import DEFAULTS
from .terms import Term

EPOCH = datetime(1970, 1, 1)


def bucket_floor(moment: datetime, bucket_hours: float) -> datetime:
    """The start of the bucket holding ``moment``.

    >>> bucket_floor(datetime(2020, 2, 1, 15, 30), 6).isoformat()
    '2020-02-01T12:00:00'
    """
    width = timedelta(hours=bucket_hours)
    return EPOCH + math.floor((moment - EPOCH) / width) * width


@dataclass(frozen=True)
class Flag:
    """A term found bursting in one bucket (``bucket`` is the bucket's start)."""

    term: Term
    bucket: datetime
    score: float
    count: int
    expected: float = 0.0  # the count the term's usual share gave for the bucket's items


class TrendDetector:
    """SigniTrend-style burst detection over a stream of (terms, time) items."""

    def __init__(
        self,
        bucket_hours: float = DEFAULTS.trend_bucket_hours,
        threshold: float = DEFAULTS.trend_threshold,
        table_size: int = DEFAULTS.trend_table_size,
        *,
        depth: int = 4,
        alpha: float = 0.1,
        beta: float = 1.0,
        lateness: int = 2,
        max_candidates: int = 1000,
        min_share: float = 0.0,
    ):
        if bucket_hours <= 0:
            raise ValueError(f"bucket_hours must be positive, got {bucket_hours!r}")
        if threshold <= 0:
            raise ValueError(f"threshold must be positive, got {threshold!r}")
        if not 1 <= depth <= 8 or table_size < 16 * depth:
            raise ValueError(f"need 1 <= depth <= 8 and table_size >= 16 * depth, got {depth}, {table_size}")
        if not 0 < alpha < 1 or beta <= 0 or lateness < 0 or max_candidates < 1:
            raise ValueError("need 0 < alpha < 1, beta > 0, lateness >= 0, max_candidates >= 1")
        if not 0.0 <= min_share < 1.0:
            raise ValueError(f"min_share must be in [0, 1), got {min_share!r}")
        self.bucket_hours = bucket_hours
        self.threshold = threshold
        self.table_size = table_size
        self.depth = depth
        self.alpha = alpha
        self.beta = beta
        self.lateness = lateness
        self.max_candidates = max_candidates
        self.min_share = min_share
        self._width = table_size // depth
        self._mean = np.zeros(depth * self._width)
        self._var = np.zeros(depth * self._width)
        self._open: dict[int, array] = {}  # bucket index -> counts
        self._items: dict[int, int] = {}  # bucket index -> items (articles, posts) counted
        self._items_mean = 0.0  # moving average of items per finished bucket
        self._base_items = 0.0
        # per-cell baseline as plain lists, refreshed after each fold (fast scalar reads)
        self._base_mean: list[float] = [0.0] * (depth * self._width)
        self._base_std: list[float] = [0.0] * (depth * self._width)
        self._newest: int | None = None  # newest bucket index seen
        self._done: int | None = None  # newest bucket index folded into mean/var
        self._late = 0
        self._folds = 0  # buckets folded into mean/var (to correct their start-up bias)
        self._candidates: dict[str, Flag] = {}

    # -- buckets -----------------------------------------------------------------------
    def bucket_of(self, time: datetime) -> int:
        return math.floor((time - EPOCH) / timedelta(hours=self.bucket_hours))

    def bucket_start(self, index: int) -> datetime:
        return EPOCH + index * timedelta(hours=self.bucket_hours)

    @property
    def late_items(self) -> int:
        """Items that arrived after their bucket was finished (skipped)."""
        return self._late

    @property
    def newest(self) -> int | None:
        """The newest bucket seen."""
        return self._newest

    @property
    def finished_upto(self) -> int | None:
        """The newest bucket folded into the moving averages (changes when state must be saved)."""
        return self._done

    def _fold(self, counts: np.ndarray, items: int) -> None:
        """Fold one finished bucket's shares into the moving averages (an empty bucket
        is no evidence about any term's share and is skipped)."""
        if items <= 0:
            return
        a = self.alpha
        if self._folds == 0:  # the first bucket's shares start the averages
            self._mean = counts / items
            self._items_mean = float(items)
            self._folds = 1
            return
        delta = counts / items - self._mean
        self._mean += a * delta
        self._var = (1 - a) * (self._var + a * delta * delta)
        self._items_mean += a * (items - self._items_mean)
        self._folds += 1

    def _advance(self, index: int) -> None:
        """Finish every open bucket older than the ``lateness`` window ending at ``index``."""
        self._newest = index
        last_open = index - self.lateness
        while self._open and min(self._open) < last_open:
            b = min(self._open)
            self._fold(np.asarray(self._open.pop(b), dtype=float), self._items.pop(b, 0))
            self._done = b
            self._refresh_baseline()
        self._candidates = {k: f for k, f in self._candidates.items()
                            if self.bucket_of(f.bucket) >= last_open}

    # -- learning ----------------------------------------------------------------------
    def _refresh_baseline(self) -> None:
        self._base_mean = self._mean.tolist()
        self._base_std = np.sqrt(np.maximum(self._var, 0.0)).tolist()
        self._base_items = self._items_mean

    def cells(self, key: str) -> list[int]:
        """The ``depth`` table cells of a term (stable across runs and processes)."""
        h = int.from_bytes(hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest(), "little")
        w = self._width
        return [i * w + ((h >> (16 * i)) & 0xFFFF) % w for i in range(self.depth)]

    def learn_one(
        self, terms: Iterable[Term], time: datetime, weight: int = 1, *, items: int | None = None
    ) -> list[Flag]:
        """Count one item (an article or a post) with its distinct ``terms`` at ``time``;
        returns the terms it makes (or keeps) flagged in that bucket. ``items`` is how
        much the item adds to the bucket's number of items (default ``weight``; 0 for a
        source already counted in this bucket)."""
        index = self.bucket_of(time)
        if self._newest is None or index > self._newest:
            self._advance(index)
        assert self._newest is not None  # set by _advance
        if index < self._newest - self.lateness or (self._done is not None and index <= self._done):
            self._late += 1
            return []
        counts = self._open.get(index)
        if counts is None:
            counts = self._open[index] = self._zeros()
        count = self._items[index] = self._items.get(index, 0) + (weight if items is None else items)
        floor = self.spread_floor(count)
        n = max(count, self._base_items)  # a bucket counts as whole until it is busier than usual
        flags = []
        bucket = self.bucket_start(index)
        for term in terms:
            cells = self.cells(term.key)
            for c in cells:
                counts[c] += weight
            score, expected = self._score(cells, counts, floor, n)
            if score >= self.threshold:
                flag = Flag(term, bucket, round(score, 4), min(counts[c] for c in cells), round(expected, 4))
                flags.append(flag)
                self._remember(flag)
        return flags

    def learn_bucket(self, counts: Iterable[tuple[Term, int]], time: datetime, items: int) -> list[Flag]:
        """Count a whole bucket at once (``counts`` of its terms, ``items`` items) and
        score each term at the bucket's end: how a stored history is replayed in time
        order, whatever order it arrived in (see ``StoryTracker.rebuild_trends``)."""
        index = self.bucket_of(time)
        if self._newest is None or index > self._newest:
            self._advance(index)
        if not self._replayable(index):
            self._late += items
            return []
        open_counts = self._open.get(index)
        if open_counts is None:
            open_counts = self._open[index] = self._zeros()
        counts = list(counts)
        n = self._items[index] = self._items.get(index, 0) + items
        cells = [self.cells(term.key) for term, _ in counts]
        for (_, k), cs in zip(counts, cells):
            for c in cs:
                open_counts[c] += k
        floor, whole = self.spread_floor(n), max(n, self._base_items)
        bucket, flags = self.bucket_start(index), []
        for (term, _), cs in zip(counts, cells):
            score, expected = self._score(cs, open_counts, floor, whole)
            if score >= self.threshold:
                flag = Flag(term, bucket, round(score, 4), min(open_counts[c] for c in cs), round(expected, 4))
                flags.append(flag)
                self._remember(flag)
        return flags

    def _zeros(self) -> array:
        return array("q", bytes(8 * self.depth * self._width))

    def spread_floor(self, items: int = 0) -> float:
        """The smallest spread a term's count is measured against in a bucket of ``items``
        items (or of the usual number, when more): ``beta``, or the spread of a term found
        in ``min_share`` of the items, whichever is larger. A term's own moving spread
        says little until it has been seen many times; without this floor, a rare term's
        three mentions among a thousand posts of an hour would be a burst.

        >>> d = TrendDetector(bucket_hours=1, min_share=0.01)
        >>> d.spread_floor(10), d.spread_floor(900)
        (1.0, 3.0)
        """
        if self.min_share <= 0:
            return self.beta
        return max(self.beta, math.sqrt(self.min_share * max(items, self._base_items)))

    def _score(self, cells: list[int], counts: array, floor: float, n: float) -> tuple[float, float]:
        """(score, expected count) in the least contaminated of ``cells``, for a bucket
        measured as ``n`` items (see the module's doc)."""
        mean, std, sqrt = self._base_mean, self._base_std, math.sqrt
        best, best_expected = math.inf, 0.0
        for c in cells:
            expected = mean[c] * n
            spread = std[c] * n
            if spread < floor:
                spread = floor
            root = sqrt(expected)
            score = (counts[c] - expected) / (root if root > spread else spread)
            if score < best:
                best, best_expected = score, expected
        return best, best_expected

    def score(self, term: Term, time: datetime) -> float:
        """The burst score of ``term`` in the (open) bucket of ``time``; 0.0 otherwise."""
        index = self.bucket_of(time)
        counts = self._open.get(index)
        if counts is None:
            return 0.0
        n = self._items.get(index, 0)
        floor = self.spread_floor(n)
        return max(0.0, self._score(self.cells(term.key), counts, floor, max(n, self._base_items))[0])

    def usual_share(self, term: Term) -> float:
        """The term's moving-average share of a bucket's items (0.0 when never seen)."""
        return min(self._base_mean[c] for c in self.cells(term.key))

    def _remember(self, flag: Flag) -> None:
        key = f"{flag.term.key}\x00{flag.bucket.isoformat()}"
        self._candidates[key] = flag
        if len(self._candidates) > self.max_candidates:
            weakest = min(self._candidates, key=lambda k: self._candidates[k].score)
            del self._candidates[weakest]

    def trending(self) -> list[Flag]:
        """Flagged terms of the open buckets, highest score first."""
        return sorted(self._candidates.values(), key=lambda f: (-f.score, f.term.key))

    # -- state -------------------------------------------------------------------------
    def save(self) -> dict:
        """The finished part of the state (moving averages); open buckets are rebuilt by
        :meth:`replay` from the stored volumes."""
        return {"mean": self._mean.tobytes(), "var": self._var.tobytes(),
                "done": self._done, "newest": self._newest, "late": self._late, "folds": self._folds,
                "items_mean": self._items_mean, "baseline": "share",
                "table_size": self.table_size, "depth": self.depth}

    def restore(self, state: dict) -> None:
        if state.get("table_size") != self.table_size or state.get("depth") != self.depth:
            raise ValueError("saved trend state has another table size; it cannot be restored")
        if state.get("baseline") != "share":
            raise ValueError("saved trend state counts volumes, not shares (made before issue 14)")
        self._mean = np.frombuffer(state["mean"], dtype=float).copy()
        self._var = np.frombuffer(state["var"], dtype=float).copy()
        self._done, self._newest, self._late = state["done"], state["newest"], state["late"]
        self._folds = state.get("folds", 0)
        self._items_mean = state.get("items_mean", 0.0)
        self._refresh_baseline()

    def _replayable(self, index: int) -> bool:
        return not ((self._done is not None and index <= self._done) or (
            self._newest is not None and index < self._newest - self.lateness))

    def replay_items(self, time: datetime, items: int) -> None:
        """Add ``items`` earlier items to their open bucket's count (after a restore)."""
        index = self.bucket_of(time)
        if self._replayable(index):
            self._items[index] = self._items.get(index, 0) + items

    def replay(self, term: Term, time: datetime, count: int) -> None:
        """Add ``count`` earlier arrivals of ``term`` to its open bucket (after a restore)."""
        index = self.bucket_of(time)
        if not self._replayable(index):
            return
        counts = self._open.get(index)
        if counts is None:
            counts = self._open[index] = self._zeros()
        for c in self.cells(term.key):
            counts[c] += count
