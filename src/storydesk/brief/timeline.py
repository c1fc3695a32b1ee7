"""The brief's ``timeline`` section: the story's dated events, merged across outlets,
in date order, each marked ``background`` (before the story's own news) or
``development`` (the news itself and what follows).

One entry per distinct event: mentions of compatible dates ("in 2015" and "in February
2015") in similar sentences are one entry, dated at the most precise date a source
gives, citing every article that reports it. Mentions of *incompatible* dates for the
same event ("married in 2014" against "married in 2015") are shown, not hidden: the
entry carries ``"conflict": true`` and ``"conflicting_dates"``, and each source its own
``"date"``. An event still to come when its sources were published ("opens to the public
on Friday") is ``"scheduled": true``, as is each source that reports it so; an event one
source announces and a later one reports as done is not.

Dates inside embedded social posts and their signatures are reactions, not events, and
are left out; so are sentences too short to say what happened, and a date in a
parenthetical aside of a sentence dated outside it (the aside is background to that
sentence's event, not the event). Articles dated by ingest
time have their dates re-read without a publication date, so that "yesterday" is not
resolved against the day storydesk read them.
"""

from __future__ import annotations

import datetime as dt
import logging
import math
import re
from dataclasses import dataclass

from ..analyze.dates import find_dates
from ..analyze.dates_patterns import period
from ..model import AnalyzedArticle, DatedEvent
from ..text import content_words
from .sources import source
from .timeline_summary import SIGNATURE

log = logging.getLogger(__name__)

#: Sentence similarity (set cosine of content-word stems) above which two mentions of
#: compatible dates are one event.
MERGE_SIMILARITY = 0.45
#: Similarity of the words just before two dates above which they date the same event.
CONFLICT_SIMILARITY = 0.6
#: Sentences with fewer words do not say what happened.
MIN_WORDS = 5


@dataclass
class _Mention:
    item: AnalyzedArticle
    event: DatedEvent
    sentence: str
    words: frozenset[str]  # the sentence's content-word stems, date words removed
    lead: frozenset[str]  # the same, for the words just before the date


@dataclass
class _Entry:
    mentions: list[_Mention]
    value: str  # the most precise compatible date

    def dates(self) -> list[str]:
        return sorted({m.event.value for m in self.mentions})


def _stems(text: str) -> frozenset[str]:
    return frozenset(t for t in content_words(text) if not t.isdigit())


def _similarity(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / math.sqrt(len(a) * len(b)) if a and b else 0.0


def compatible(a: str, b: str) -> bool:
    """Whether two date values can name the same time ("2015" and "2015-02" can).

    >>> compatible("2015", "2015-02"), compatible("2015-02", "2015-03"), compatible("2014", "2015")
    (True, False, False)
    """
    return a.startswith(b) or b.startswith(a)


def _events(item: AnalyzedArticle) -> tuple[DatedEvent, ...]:
    article = item.article
    if article.date_from_ingest:
        return tuple(find_dates(article.text, None, list(item.analysis.sentences)))
    return item.analysis.dates


def _mentions(item: AnalyzedArticle) -> list[_Mention]:
    text = item.article.text
    posts = [(p.start, p.end) for p in item.analysis.posts]
    events = _events(item)
    out = []
    for e in events:
        s, t = e.sentence_start, e.sentence_end
        sentence = text[s:t]
        if any(ps < t and s < pe for ps, pe in posts) or SIGNATURE.search(sentence) or _NOTICE.match(sentence):
            continue
        if len(sentence.split()) < MIN_WORDS:
            continue
        if _aside(sentence, e.start - s, e.end - s) and any(
                s <= o.start and o.end <= t and not _aside(sentence, o.start - s, o.end - s) for o in events):
            continue  # "reported Monday that X (which axed Y last July) is ...": background in an aside
        if _since_or_set_off(sentence, e.start - s, e.end - s) and any(
                s <= o.start and o.end <= t and o is not e and not _since_or_set_off(sentence, o.start - s, o.end - s)
                for o in events):
            continue  # "In 2013, it made the first landing since 1976": the sentence's event is 2013
        # the sentence without its date expressions, for comparing what happened
        bare = sentence
        for other in events:
            if s <= other.start and other.end <= t:
                a, b = other.start - s, other.end - s
                bare = bare[:a] + " " * (b - a) + bare[b:]
        lead = bare[max(0, e.start - s - 60) : e.start - s]
        out.append(_Mention(item, e, sentence, _stems(bare), _stems(lead)))
    return out


#: A line about the article, not the story: "This article was amended on 4 November 2016",
#: "Updated: Feb. 3, 2020", "First published on Monday".
_NOTICE = re.compile(
    r"\W*(?:(?:this|the)\s+(?:article|story|report|post|piece|page|headline|caption)\s+"
    r"(?:was|has\s+been|had\s+been)\s+(?:amended|updated|corrected|changed|edited|revised)|"
    r"(?:last\s+)?updated\b|first\s+published\b|"
    r"published\s*:|posted\s*:)", re.IGNORECASE)
_SINCE = re.compile(r"\b(?:since|Since)\s+(?:the\s+)?$")
#: A clause set off by commas that opens with a participle or a relative word (", expected to
#: be launched in 2018,"; ", founded in 1998,"; ", which opened in May,"), up to the date.
_SET_OFF = re.compile(r",\s+(?:(?:which|who|when)\b|(?!(?:then|even|often|seven|eleven|women|children|open|"
                      r"indeed|need)\b)[a-z]{3,}(?:ed|en)\b)[^,;:()]*$")


def _since_or_set_off(sentence: str, start: int, end: int) -> bool:
    """Whether ``sentence[start:end]`` only starts a span ("the first landing since 1976"),
    or lies in a clause set off by commas that describes something in passing (", expected to
    be launched in 2018,"): with another date in the sentence, that one is its event.

    >>> _since_or_set_off("It landed in 2013, the first since 1976.", 35, 39)
    True
    >>> _since_or_set_off("In May, NASA asked for a rocket, expected to fly in 2018, to be built.", 52, 56)
    True
    >>> _since_or_set_off("In May, NASA asked for a rocket to fly in 2018.", 42, 46)
    False
    """
    before = sentence[:start]
    if _SINCE.search(before):
        return True
    return bool(_SET_OFF.search(before)) and re.match(r"[^,;:()]*,", sentence[end:]) is not None


def _aside(sentence: str, start: int, end: int) -> bool:
    """Whether ``sentence[start:end]`` is inside parentheses of its sentence.

    >>> _aside("It said Monday (it cut jobs in July) that", 28, 32), _aside("It said Monday", 8, 14)
    (True, False)
    """
    before, after = sentence[:start], sentence[end:]
    return before.count("(") > before.count(")") and ")" in after


def _place(entries: list[_Entry], m: _Mention) -> None:
    """Add ``m`` to the entry of the same event, or start a new one."""
    for entry in entries:
        same_sentence = any(
            o.item is m.item and o.event.sentence_start == m.event.sentence_start for o in entry.mentions
        )
        if compatible(entry.value, m.event.value):
            if any(_similarity(o.words, m.words) >= MERGE_SIMILARITY for o in entry.mentions) and not (
                same_sentence and entry.value != m.event.value
            ):
                if len(m.event.value) > len(entry.value):
                    entry.value = m.event.value
                entry.mentions.append(m)
                return
        elif not same_sentence and any(
            o.item is not m.item and _similarity(o.lead, m.lead) >= CONFLICT_SIMILARITY
            and _similarity(o.words, m.words) >= MERGE_SIMILARITY
            for o in entry.mentions
        ):
            entry.mentions.append(m)  # the same event with another date: a conflict
            return
    entries.append(_Entry([m], m.event.value))


def _story_start(analyzed: list[AnalyzedArticle], story_start: str | None) -> dt.date | None:
    if story_start:
        return dt.date.fromisoformat(story_start[:10])
    days = [
        day
        for a in analyzed
        if a.article.published and not a.article.date_from_ingest and len(a.article.published) >= 10
        and (day := a.article.published_day) is not None
    ]
    return dt.date.fromisoformat(min(days)) if days else None


def _entry_dict(entry: _Entry, start: dt.date | None, latest: str) -> dict:
    precise = [m for m in entry.mentions if m.event.value == entry.value] or entry.mentions
    best = min(precise, key=lambda m: (len(m.sentence) > 300, len(m.sentence)))
    values = entry.dates()
    conflicting = sorted({v for v in values if any(not compatible(v, w) for w in values)})
    date = entry.value
    if conflicting:  # the date most sources give, the earliest on a tie
        support = {v: sum(compatible(v, m.event.value) for m in entry.mentions) for v in conflicting}
        date = max(conflicting, key=lambda v: (support[v], len(v), [-ord(c) for c in v]))
        best = next(m for m in entry.mentions if m.event.value == date)
    first, last = period(date)
    if start is not None:
        kind = "background" if last < start else "development"
    else:  # no publication dates: the latest dated events are taken as the news
        kind = "development" if date >= latest else "background"
    sources, seen = [], set()
    for m in sorted(entry.mentions, key=lambda m: m is not best):
        if m.item.article.id in seen:
            continue
        seen.add(m.item.article.id)
        src = source(m.item, m.event.sentence_start, m.event.sentence_end)
        src["date"] = m.event.value
        src["scheduled"] = m.event.scheduled
        sources.append(src)
    out = {
        "date": date,
        "precision": {4: "year", 7: "month"}.get(len(date), "day"),
        "text": best.sentence,
        "kind": kind,
        # still to come as every source reports it; once one reports it done, it is not
        "scheduled": all(m.event.scheduled for m in entry.mentions),
        "sources": sources,
    }
    if conflicting:
        out["conflict"] = True
        out["conflicting_dates"] = conflicting
    return out


def build_timeline(analyzed: list[AnalyzedArticle], story_start: str | None = None) -> list[dict]:
    """The ``timeline`` section of the brief of ``analyzed`` (see DESIGN.md); the story
    starts at ``story_start`` ("YYYY-MM-DD"), else at its earliest publication day."""
    mentions = [m for item in analyzed for m in _mentions(item)]
    mentions.sort(key=lambda m: (-len(m.event.value), m.event.value))  # precise dates first
    entries: list[_Entry] = []
    for m in mentions:
        _place(entries, m)
    start = _story_start(analyzed, story_start)
    latest = max((e.value for e in entries), default="")
    out = [_entry_dict(e, start, latest) for e in entries]
    out.sort(key=lambda e: (e["date"], -len(e["sources"]), e["text"]))
    log.debug("timeline: %d entries from %d mentions", len(out), len(mentions))
    return out


__all__ = ["build_timeline", "compatible"]
