"""Timeline summaries of a collection of dated articles: the N most important dates of
the topic, K sentences each, taken from the articles (``storydesk timeline``).

The method follows DATEWISE (Gholipour Ghalandari & Ifrim, ACL 2020) without its
trained date ranker:

1. Dates are read from the text (:func:`storydesk.analyze.dates.find_dates`), so an
   article of 2011 recalling "the spill on 20 April 2010" is evidence for that day.
2. Each day is scored by how many articles mention it, how many mention it
   *afterwards* (looking back at it is what marks a key date), and how many were
   published on it.
3. A day's candidate sentences are those that mention it and the leading sentences of
   the articles published on it or the day after; the K sentences whose sum is closest
   to the candidates' TF-IDF centroid are chosen (near-duplicates skipped).

Undated articles cannot place their sentences on a day: they are skipped and counted.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..analyze.dates import find_dates
from ..analyze.dates_sentences import split_sentences
from ..model import Sentence
from .timeline_vectors import centroid_select, fit_idf, vectorize

log = logging.getLogger(__name__)

#: Leading sentences of an article that stand for its publication day.
LEAD_SENTENCES = 5
#: Weights of the day score: mentioning articles, later articles looking back, publications.
MENTION_WEIGHT, LOOKBACK_WEIGHT, PUBLISHED_WEIGHT = 1.0, 1.0, 0.5


@dataclass(frozen=True)
class Doc:
    """An article to summarise: its body, day of publication and sentence spans."""

    id: str
    text: str
    published: str | None  # "YYYY-MM-DD..." or None (undated: skipped)
    sentences: tuple[tuple[int, int], ...] = ()

    def spans(self) -> tuple[tuple[int, int], ...]:
        return self.sentences or tuple(split_sentences(self.text))


@dataclass(frozen=True)
class Picked:
    """A sentence chosen for a date: ``doc.text[start:end]``."""

    doc: int  # index into the docs given
    start: int
    end: int
    text: str


@dataclass
class _Pool:
    """Every sentence of the collection with the days it mentions (built once per call)."""

    texts: list[str] = field(default_factory=list)
    where: list[tuple[int, int, int]] = field(default_factory=list)  # doc, start, end
    mentions: dict[dt.date, list[int]] = field(default_factory=lambda: defaultdict(list))
    leads: dict[dt.date, list[int]] = field(default_factory=lambda: defaultdict(list))
    published: Counter = field(default_factory=Counter)
    mention_docs: Counter = field(default_factory=Counter)
    lookback_docs: Counter = field(default_factory=Counter)
    skipped: int = 0


def _day(value: str | None) -> dt.date | None:
    if not value or not re.match(r"\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _pool(docs: list[Doc]) -> _Pool:
    pool = _Pool()
    for d, doc in enumerate(docs):
        pub = _day(doc.published)
        if pub is None:
            pool.skipped += 1
            continue
        spans = doc.spans()
        events = find_dates(doc.text, doc.published, [Sentence(s, e) for s, e in spans])
        by_sentence: dict[int, list[dt.date]] = defaultdict(list)
        for e in events:
            day = _day(e.value) if e.precision == "day" else None
            if day is not None:
                by_sentence[e.sentence_start].append(day)
        pool.published[pub] += 1
        seen: set[dt.date] = set()
        for j, (s, e) in enumerate(spans):
            i = len(pool.texts)
            pool.texts.append(doc.text[s:e])
            pool.where.append((d, s, e))
            days = by_sentence.get(s, [])
            if days:
                pool.mentions[days[0]].append(i)
                seen.update(days)
            elif j < LEAD_SENTENCES:
                pool.leads[pub].append(i)
                pool.leads[pub - dt.timedelta(days=1)].append(i)
        for day in seen:
            pool.mention_docs[day] += 1
            if day < pub:
                pool.lookback_docs[day] += 1
    if pool.skipped:
        log.info("%d undated articles skipped", pool.skipped)
    return pool


def rank_days(pool: _Pool, start: dt.date | None = None, end: dt.date | None = None) -> list[dt.date]:
    """Days of the collection, most important first (ties: earlier first)."""
    days = set(pool.published) | set(pool.mention_docs)
    scores = {
        day: MENTION_WEIGHT * pool.mention_docs[day]
        + LOOKBACK_WEIGHT * pool.lookback_docs[day]
        + PUBLISHED_WEIGHT * pool.published[day]
        for day in days
        if (start is None or day >= start) and (end is None or day <= end)
    }
    return sorted(scores, key=lambda day: (-scores[day], day))


def _query_filter(query: str | None):
    words = [w.lower() for w in re.findall(r"\w+", query or "")]
    if not words:
        return None
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")", re.IGNORECASE)
    return lambda text: pattern.search(text) is not None


def summarize_timeline(
    docs: list[Doc],
    dates: int = 10,
    sentences: int = 1,
    query: str | None = None,
    start: str | None = None,
    end: str | None = None,
) -> list[tuple[str, list[Picked]]]:
    """The ``dates`` most important days of ``docs`` (between ``start`` and ``end`` when
    given), each with up to ``sentences`` sentences, in date order. With ``query``, only
    sentences containing one of its words are chosen."""
    if dates < 1 or sentences < 1:
        raise ValueError("dates and sentences must be at least 1")
    pool = _pool(docs)
    if not pool.texts:
        return []
    idf = fit_idf(pool.texts)
    keep = _query_filter(query)
    timeline = []
    for day in rank_days(pool, _day(start), _day(end)):
        if len(timeline) >= dates:
            break
        candidates = list(dict.fromkeys(pool.mentions.get(day, []) + pool.leads.get(day, [])))
        if keep is not None:
            candidates = [i for i in candidates if keep(pool.texts[i])]
        if not candidates:
            continue
        vectors = [vectorize(pool.texts[i], idf) for i in candidates]
        chosen = centroid_select(vectors, sentences)
        if chosen:
            picked = [Picked(*pool.where[candidates[c]], pool.texts[candidates[c]]) for c in chosen]
            timeline.append((day.isoformat(), picked))
    timeline.sort(key=lambda item: item[0])
    return timeline


__all__ = ["Doc", "Picked", "rank_days", "summarize_timeline"]
