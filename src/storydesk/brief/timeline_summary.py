"""Timeline summaries of a collection of dated articles: the N most important dates of
the topic, K sentences each, taken from the articles (``storydesk timeline``).

The method follows DATEWISE (Gholipour Ghalandari & Ifrim, ACL 2020) without its
trained date ranker:

1. Dates are read from the text (:func:`storydesk.analyze.dates.find_dates`), so an
   article of 2011 recalling "the spill on 20 April 2010" is evidence for that day.
2. Each day is scored by how many articles mention it, how many mention it
   *afterwards* (looking back at it is what marks a key date), and how many were
   published on it. Months and years ("in August 2016") compete too, but only for
   back story that ended before the first article was published.
3. A date's candidate sentences are those that mention it and, for a day, the leading
   sentences of the articles published on it or the day after; the K sentences whose
   sum is closest to the candidates' TF-IDF centroid are chosen (near-duplicates and
   embedded-post signatures skipped).

Undated articles cannot place their sentences on their publication day; only the dates
they state explicitly ("in February 2015") are used.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..analyze.dates import find_dates
from ..analyze.dates_patterns import period
from ..analyze.dates_sentences import split_sentences
from ..model import Article, Sentence
from ..text import content_words
from ..text import words as text_words
from .similarity import Vector, centroid_select, cosine, idf_weights, tfidf

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
    published: str | None  # "YYYY-MM-DD..." or None (undated: explicit dates only)
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


#: Embedded-post signatures and links: reactions, not events.
SIGNATURE = re.compile(r"\(@\w+\)|pic\.twitter\.com/|^\s*[—–-]\s")


@dataclass
class _Pool:
    """Every sentence of the collection with the dates it mentions (built once per call).

    Dates are value strings ("2010-04-20", "2015-02", "2015"); day values compare as
    dates do."""

    texts: list[str] = field(default_factory=list)
    where: list[tuple[int, int, int]] = field(default_factory=list)  # doc, start, end
    mentions: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    leads: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    published: Counter = field(default_factory=Counter)
    mention_docs: Counter = field(default_factory=Counter)
    lookback_docs: Counter = field(default_factory=Counter)
    undated: int = 0


def _day(value: str | None) -> dt.date | None:
    if not value or not re.match(r"\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def _sentence_dates(doc: Doc, spans) -> dict[int, list[tuple[str, str]]]:
    """{sentence start: [(value, precision), ...]} of the dates each sentence states."""
    pub = _day(doc.published)
    events = find_dates(doc.text, pub.isoformat() if pub else None, [Sentence(s, e) for s, e in spans])
    out: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for e in events:
        out[e.sentence_start].append((e.value, e.precision))
    return out


def _pool(docs: list[Doc]) -> _Pool:
    pool = _Pool()
    for d, doc in enumerate(docs):
        pub = _day(doc.published)
        pool.undated += pub is None
        spans = doc.spans()
        dated = _sentence_dates(doc, spans)
        if pub is not None:
            pool.published[pub.isoformat()] += 1
        seen: set[str] = set()
        for j, (s, e) in enumerate(spans):
            text = doc.text[s:e]
            if SIGNATURE.search(text):
                continue
            i = len(pool.texts)
            pool.texts.append(text)
            pool.where.append((d, s, e))
            values = dated.get(s, [])
            days = [v for v, p in values if p == "day"]
            if days:  # a sentence stands for the first day it names
                pool.mentions[days[0]].append(i)
            for v in dict.fromkeys(v for v, p in values if p != "day"):
                pool.mentions[v].append(i)
            seen.update(v for v, _ in values)
            if not days and j < LEAD_SENTENCES and pub is not None:
                pool.leads[pub.isoformat()].append(i)
                pool.leads[(pub - dt.timedelta(days=1)).isoformat()].append(i)
        for value in seen:
            pool.mention_docs[value] += 1
            if pub is not None and period(value)[1] < pub:
                pool.lookback_docs[value] += 1
    if pool.undated:
        log.info("%d undated articles: only their explicit dates are used", pool.undated)
    return pool


def rank_dates(pool: _Pool, start: dt.date | None = None, end: dt.date | None = None) -> list[str]:
    """Dates of the collection, most important first (ties: earlier first).

    Days are candidates; a month or a year is one only when it ended before the first
    publication day (back story no publication can stand for)."""
    first_pub = min(pool.published, default=None)
    scores = {}
    for value in set(pool.published) | set(pool.mention_docs):
        first, last = period(value)
        if (start is not None and first < start) or (end is not None and last > end):
            continue
        if len(value) < 10 and (first_pub is not None and last.isoformat() >= first_pub):
            continue
        scores[value] = (
            MENTION_WEIGHT * pool.mention_docs[value]
            + LOOKBACK_WEIGHT * pool.lookback_docs[value]
            + PUBLISHED_WEIGHT * pool.published[value]
        )
    return sorted(scores, key=lambda value: (-scores[value], value))


def _focus(vectors: list[Vector], mentions: list[bool]) -> set[int]:
    """The candidates close to what a date's mentions and its day's leads share.

    As news-tls' PM-Mean collector: the date vector keeps the terms both groups use
    (weighted by each group's mean); candidates more similar to it than the knee of the
    sorted similarities are kept (all of them when one group is empty or none pass)."""
    everyone = set(range(len(vectors)))
    groups = [[v for v, m in zip(vectors, mentions) if m], [v for v, m in zip(vectors, mentions) if not m]]
    if not all(groups):
        return everyone
    sums = []
    for group in groups:
        total: Vector = {}
        for v in group:
            for t, x in v.items():
                total[t] = total.get(t, 0.0) + x / len(group)
        sums.append(total)
    date_vector = {t: x + sums[1][t] for t, x in sums[0].items() if t in sums[1]}
    sims = [cosine(v, date_vector) for v in vectors]
    threshold = _knee(sorted(sims, reverse=True))
    kept = {i for i, sim in enumerate(sims) if sim > 0 and sim > threshold}
    return kept or everyone


def _knee(values: list[float]) -> float:
    """The value at the point of a descending curve farthest from its first-to-last chord."""
    n = len(values)
    if n < 3:
        return values[-1] if values else 0.0
    x1, y1, x2, y2 = 0.0, values[0], float(n - 1), values[-1]
    dx, dy = x2 - x1, y2 - y1
    norm = (dx * dx + dy * dy) ** 0.5
    best = max(range(n), key=lambda i: abs(dy * i - dx * (values[i] - y1)) / norm)
    return values[best]


def _query_filter(query: str | None):
    words = text_words(query or "")
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
    """The ``dates`` most important dates of ``docs`` (between ``start`` and ``end`` when
    given), each with up to ``sentences`` sentences, in date order. With ``query``, only
    sentences containing one of its words are chosen."""
    if dates < 1 or sentences < 1:
        raise ValueError("dates and sentences must be at least 1")
    pool = _pool(docs)
    if not pool.texts:
        return []
    terms = [content_words(t) for t in pool.texts]
    idf = idf_weights(terms)
    keep = _query_filter(query)
    timeline: list[tuple[str, list[Picked]]] = []
    for day in rank_dates(pool, _day(start), _day(end)):
        if len(timeline) >= dates:
            break
        mentioned = pool.mentions.get(day, [])
        candidates = list(dict.fromkeys(mentioned + pool.leads.get(day, [])))
        if keep is not None:
            candidates = [i for i in candidates if keep(pool.texts[i])]
        if not candidates:
            continue
        vectors = tfidf([terms[i] for i in candidates], idf, sublinear=False, unseen=None)
        focused = _focus(vectors, [i in set(mentioned) for i in candidates])
        chosen = centroid_select(vectors, sentences, allowed=focused.__contains__)
        if chosen:
            picked = [Picked(*pool.where[candidates[c]], pool.texts[candidates[c]]) for c in chosen]
            timeline.append((day, picked))
    timeline.sort(key=lambda item: item[0])
    return timeline




def summarize_articles(
    articles: list[Article], dates: int = 10, sentences: int = 1, query: str | None = None
) -> dict:
    """:func:`summarize_timeline` of ``articles`` as a JSON-ready object::

        {"timeline": [{"date": "YYYY-MM-DD", "sentences": [{"text", "article_id",
                       "outlet", "source", "start", "end"}]}],
         "articles": int, "undated": [source, ...]}

    Articles without a publication day (or dated only by ingest time) are listed in
    ``undated``; only the dates they state explicitly are used.
    """
    docs = [
        Doc(a.id, a.text, None if a.date_from_ingest else a.published) for a in articles
    ]
    out = []
    for day, picked in summarize_timeline(docs, dates, sentences, query):
        out.append({
            "date": day,
            "sentences": [
                {"text": p.text, "article_id": articles[p.doc].id, "outlet": articles[p.doc].outlet,
                 "source": articles[p.doc].source, "start": p.start, "end": p.end}
                for p in picked
            ],
        })
    undated = [a.source for a, d in zip(articles, docs) if _day(d.published) is None]
    return {"timeline": out, "articles": len(articles), "undated": undated}


__all__ = ["Doc", "Picked", "rank_dates", "summarize_articles", "summarize_timeline"]
