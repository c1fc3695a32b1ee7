"""Dated events: date expressions normalised against the publication date.

Regular expressions first (fast enough for thousands of articles); a spaCy ``doc`` is
used only as a hint, to accept a bare year that no preposition marks as a date.

What is found, in the order that wins overlaps:

* explicit dates: "Feb. 3, 2020", "3 February 2020", "2020-02-03", "14/02/2020"
  (numeric only when day and month cannot be swapped), "February 2015", "in 2015";
* dates missing their year ("on 20 April", "in March"), given the publication year;
* relative dates: "yesterday", "tomorrow", "today", "Tuesday", "last year",
  "next month", "two weeks ago";
* anchored dates: "less than two years later", "the following year", "that year",
  resolved from the closest earlier date in the text.

Each date is resolved at the precision its words support (a year stays a year). A date
that needs the publication date is skipped when ``published`` is None. An
underspecified date ("in March", "on Tuesday") is resolved forwards only when the text
says so ("will", "is set to", "next"); otherwise it is the latest one not after
publication.

Precision first: "Pirates of the Caribbean 5", "2-1", "555-2015", "$2015", "Heard, 33",
"2010/11" and "the 1990s" are not dates.

>>> from storydesk.model import Sentence
>>> text = "The couple married in February 2015, but split less than two years later."
>>> [(d.text, d.value, d.precision) for d in find_dates(text, "2020-02-03", [Sentence(0, len(text))])]
[('February 2015', '2015-02', 'month'), ('less than two years later', '2016', 'year')]
"""

from __future__ import annotations

import bisect
import datetime as dt
import logging
import re

from ..model import DatedEvent, Sentence
from . import dates_patterns as P
from .dates_sentences import split_sentences
from .dates_tense import FUTURE, PRESENT, tense_at

log = logging.getLogger(__name__)

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
#: Anchored expressions look this many characters back for their anchor date.
ANCHOR_WINDOW = 600


class _Ref:
    """The publication date at the precision it is known (a value, not state)."""

    __slots__ = ("year", "month", "day", "small_hours")

    def __init__(self, published: str | None):
        self.year: int | None = None
        self.month: int | None = None
        self.day: dt.date | None = None
        # stamped between midnight and 6 a.m.: written on the day before (see _relative)
        self.small_hours = bool(published and re.match(r"\d{4}-\d{2}-\d{2}[T ]0[0-5]:", published))
        if not published:
            return
        m = re.match(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", published)
        if not m:
            return
        self.year = int(m.group(1))
        if m.group(2):
            self.month = int(m.group(2))
        if m.group(3) and self.month and P.valid_day(self.year, self.month, int(m.group(3))):
            self.day = dt.date(self.year, self.month, int(m.group(3)))


class _Found(list):
    """Date spans found so far, kept sorted and non-overlapping: (start, end, value, precision)."""

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect.bisect_left(self, (start,))
        return (i > 0 and self[i - 1][1] > start) or (i < len(self) and self[i][0] < end)

    def add(self, start: int, end: int, value: str, precision: str) -> bool:
        """Keep the span unless an earlier-found one overlaps it; says whether it was kept."""
        if self.overlaps(start, end):
            return False
        bisect.insort(self, (start, end, value, precision))
        return True

    def last_before(self, pos: int, window: int):
        """The found date ending closest before ``pos``, within ``window`` characters."""
        i = bisect.bisect_left(self, (pos,))
        for item in reversed(self[max(0, i - 3) : i]):
            if pos - window <= item[1] <= pos:
                return item
        return None


def _future(text: str, start: int, floor: int) -> bool:
    """Whether the words just before ``start`` (from ``floor``) put it in the future."""
    window = text[max(floor, start - 80) : start]
    cues = list(P.FUTURE_CUE.finditer(window))
    if not cues:
        return False
    return not P.PAST_REPORT.search(window[cues[-1].end() :])


class _Direction:
    """Whether a date's clause points forwards: its tense in the parse
    (:mod:`.dates_tense`), else a future cue in the words before it. Answers are kept,
    since the same date is asked about by its resolver and again when it is output."""

    __slots__ = ("text", "doc", "floor_of", "_seen")

    def __init__(self, text: str, doc, floor_of):
        self.text, self.doc, self.floor_of = text, doc, floor_of
        self._seen: dict[int, str | None] = {}

    def tense(self, start: int, end: int) -> str | None:
        """FUTURE (a modal, a plan), PRESENT (a schedule), PAST or None."""
        if start not in self._seen:
            tense = tense_at(self.doc, start, end)
            if tense is None and _future(self.text, start, self.floor_of(start)):
                tense = FUTURE
            self._seen[start] = tense
        return self._seen[start]

    def __call__(self, start: int, end: int) -> bool:
        """Whether the date is read forwards from the publication date."""
        return self.tense(start, end) in (FUTURE, PRESENT)


class _Sentences:
    """Finds the sentence holding a position: the given ones first, else a regex split."""

    __slots__ = ("text", "spans", "starts", "_fallback")

    def __init__(self, text: str, sentences: list[Sentence]):
        self.text = text
        self.spans = sorted((s.start, s.end) for s in sentences)
        self.starts = [s for s, _ in self.spans]
        self._fallback: list[tuple[int, int]] | None = None

    def around(self, pos: int) -> tuple[int, int]:
        found = self._lookup(self.spans, self.starts, pos)
        if found:
            return self._paragraph(found, pos)
        if self._fallback is None:
            self._fallback = split_sentences(self.text)
        found = self._lookup(self._fallback, [s for s, _ in self._fallback], pos)
        return found or (pos, min(len(self.text), pos + 1))

    def _paragraph(self, span: tuple[int, int], pos: int) -> tuple[int, int]:
        """``span`` cut to the paragraph holding ``pos``: a sentence never crosses a blank line."""
        start, end = span
        text = self.text
        for m in _PARAGRAPH_BREAK.finditer(text, start, end):
            if m.end() <= pos:
                start = m.end()
            elif m.start() > pos:
                end = m.start()
                break
        return start, end

    @staticmethod
    def _lookup(spans, starts, pos):
        i = bisect.bisect_right(starts, pos) - 1
        if i >= 0 and spans[i][0] <= pos < spans[i][1]:
            return spans[i]
        return None


def _explicit(text: str, found: _Found) -> None:
    for pattern in (P.MDY, P.DMY):
        for m in pattern.finditer(text):
            year, month, day = int(m["year"]), P.month_number(m["mon"]), int(m["day"])
            if P.valid_day(year, month, day) and not found.overlaps(m.start(), m.end()):
                found.add(m.start(), m.end(), *P.fmt(year, month, day))
    for m in P.ISO.finditer(text):
        year, month, day = int(m["year"]), int(m["mm"]), int(m["dd"])
        if P.valid_day(year, month, day) and not found.overlaps(m.start(), m.end()):
            found.add(m.start(), m.end(), *P.fmt(year, month, day))
    for m in P.NUMERIC.finditer(text):
        a, b, year = int(m["a"]), int(m["b"]), int(m["year"])
        if a > 12 and b <= 12:
            day, month = a, b
        elif b > 12 and a <= 12:
            month, day = a, b
        else:  # 03/02/2020 could be either: refuse to guess
            continue
        if P.valid_day(year, month, day) and not found.overlaps(m.start(), m.end()):
            found.add(m.start(), m.end(), *P.fmt(year, month, day))
    for m in P.MONTH_YEAR.finditer(text):
        if not found.overlaps(m.start(), m.end()):
            found.add(m.start(), m.end(), *P.fmt(int(m["year"]), P.month_number(m["mon"])))


def _month_day(text: str, ref: _Ref, found: _Found, forward_of: _Direction) -> None:
    """"20 April", "April 20": the year comes from the publication date (the next year for
    a date read forwards that is past this year, when it is at most :data:`FORWARD_DAYS`
    ahead)."""
    if ref.day is None:
        return
    for pattern in (P.MONTH_DAY, P.DAY_MONTH):
        for m in pattern.finditer(text):
            if found.overlaps(m.start(), m.end()):
                continue
            if pattern is P.MONTH_DAY and _in_name(text, m.start()):
                continue  # "the Long March 9 rocket": a name's word, not a date
            month, day = P.month_number(m["mon"]), int(m["day"])
            year = ref.day.year
            if forward_of.doc is not None and forward_of.tense(m.start(), m.end()) is None:
                year = _nearest_year(ref.day, month, day)  # the parse finds no tense: the nearer
            else:
                forward = forward_of(m.start(), m.end())
                candidate = (year, month, day)
                pub = (ref.year, ref.month, ref.day.day)
                if forward and candidate < pub and _soon(ref.day, year + 1, month, day):
                    year += 1
                elif not forward and candidate > pub:
                    year -= 1
            if P.valid_day(year, month, day):
                found.add(m.start(), m.end(), *P.fmt(year, month, day))


#: Capitalised words that may stand right before a month and its day ("On March 9",
#: "Sunday March 9", "Updated March 9"): any other, inside a sentence, makes the month a
#: word of a name ("the Long March 9 rocket", "a Hot August Night").
_BEFORE_MONTH = frozenset(
    "On In By Since Until From Before After During Through Late Early Mid Last Next This Updated Published "
    "Posted Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Tues Wed Thu Thur Thurs Fri Sat "
    "Sun".split())


def _in_name(text: str, start: int) -> bool:
    """Whether the month at ``start`` follows a capitalised word of a name, inside a
    sentence (not its first word, nor a word that dates: see :data:`_BEFORE_MONTH`).

    >>> _in_name("It is the Long March 9 rocket.", 15), _in_name("On March 9 it flew.", 3)
    (True, False)
    """
    m = re.search(r"(?:^|(?P<lead>[^\s]+)\s+)(?P<word>[A-Z][a-z]+)\s+$", text[max(0, start - 40) : start])
    if m is None or m["word"] in _BEFORE_MONTH:
        return False
    lead = m["lead"]
    return lead is not None and not re.search(r"[.!?:;\"“”'‘’—–•●-]$", lead) and not lead[:1].isdigit()


def _nearest_year(published: dt.date, month: int, day: int) -> int:
    """The year that puts ``month``/``day`` nearest to ``published``: with no tense to say
    which way a date points, "on Jan. 13" in a text of Dec. 30 is the coming one, and "on
    April 20" in one of June 10 the one just past."""
    years = [y for y in (published.year - 1, published.year, published.year + 1) if P.valid_day(y, month, day)]
    if not years:
        return published.year
    return min(years, key=lambda y: (abs((dt.date(y, month, day) - published).days), -y))


#: A date with no year read forwards goes to next year only within this many days: news
#: gives the year of a date further ahead, so "beginning with a Dec. 8 flight" in a text
#: published on Dec. 27 is the Dec. 8 just past (a stale line), not the next one.
FORWARD_DAYS = 183


def _soon(published: dt.date, year: int, month: int, day: int) -> bool:
    """Whether ``year-month-day`` is a valid day at most :data:`FORWARD_DAYS` after ``published``."""
    return P.valid_day(year, month, day) and (dt.date(year, month, day) - published).days <= FORWARD_DAYS


def _month_alone(text: str, ref: _Ref, found: _Found, forward_of: _Direction) -> None:
    """"in March", "last April", "since June": the year comes from the publication date."""
    if ref.year is None or ref.month is None:
        return
    for m in P.MONTH_ALONE.finditer(text):
        start = m.start("mon")
        if found.overlaps(start, m.end()):
            continue
        month, prep = P.month_number(m["mon"]), m["prep"].lower()
        year = ref.year
        if prep == "last":
            year -= 1 if month >= ref.month else 0
        elif prep == "next":
            year += 1 if month <= ref.month else 0
        elif prep == "this":
            pass
        elif prep in ("since", "Since"):
            year -= 1 if month > ref.month else 0
        elif forward_of(start, m.end()):
            year += 1 if month < ref.month else 0
        else:
            year -= 1 if month > ref.month else 0
        found.add(start, m.end(), *P.fmt(year, month))


def _bare_years(text: str, ref: _Ref, found: _Found, hints: list[tuple[int, int]]) -> None:
    for m in P.YEAR.finditer(text):
        start, end = m.start(), m.end()
        if found.overlaps(start, end):
            continue
        year = int(m["year"])
        if ref.year is not None and year > ref.year + 50:
            continue
        before = text[max(0, start - 30) : start]
        after = text[end : end + 20]
        if P.COPYRIGHT.search(before):
            continue  # "Copyright 2017 The Associated Press": the notice's year, not an event's
        plural_after = P.counted_noun_after(after)
        if P.YEAR_PREPOSITIONS.search(before):
            ok = not (plural_after and re.search(r"\b(?:of|to|and|or|between|from)\s+$", before))
        elif P.YEAR_DETERMINER.search(before):
            ok = re.match(r"\s+[a-z]", after) is not None and not (plural_after and year % 100 == 0)
        elif re.match(r"['’]s\b", after):
            ok = True
        else:
            ok = any(s <= start and end <= e for s, e in hints)
        if ok:
            found.add(start, end, *P.fmt(year))


def _relative(text: str, ref: _Ref, found: _Found, forward_of: _Direction) -> None:
    if ref.day is not None:
        for m in P.DAY_WORD.finditer(text):
            word = m["word"].lower()
            if found.overlaps(m.start(), m.end()) or re.search(r"\bthe\s+$", text[max(0, m.start() - 5) : m.start()]):
                continue
            if word == "today" and P.nowadays(text, m.start(), m.end()):
                continue  # "the most powerful rocket in use today": now, not this day
            delta = {"yesterday": -1, "today": 0, "tomorrow": 1}[word]
            found.add(m.start(), m.end(), *P.fmt_date(P.shift_days(ref.day, delta)))
        for m in P.WEEKDAY.finditer(text):
            if found.overlaps(m.start(), m.end()):
                continue
            prev = re.search(r"([A-Z][a-z]+)\s+$", text[max(0, m.start() - 20) : m.start()])
            if prev and not m["mod"] and prev.group(1) not in ("On", "By", "Since", "Until", "From", "Late", "Early"):
                continue  # "Black Friday", "Bloody Sunday": names, not this week's days
            wd = P.WEEKDAYS.index(m["wd"])
            mod = (m["mod"] or "").lower()
            back = (ref.day.weekday() - wd) % 7
            ahead = (wd - ref.day.weekday()) % 7
            if mod == "last":
                delta = -(back or 7)
            elif mod == "next":
                delta = ahead or 7
            elif forward_of(m.start(), m.end()):
                delta = ahead
                if ahead == 6 and ref.small_hours:
                    delta = -1  # "Monday will see the biggest moon" stamped 3:32 a.m. Tuesday: that Monday
            else:
                delta = -back
            found.add(m.start(), m.end(), *P.fmt_date(P.shift_days(ref.day, delta)))
    for m in P.AGO.finditer(text):
        if m["qual"] or found.overlaps(m.start(), m.end()):
            continue  # "more than two years ago" is a range, not a date
        n, unit = P.number_word(m["n"]), m["unit"].lower()
        assert n is not None  # the pattern matches count words only
        value = _shift(ref, -n, unit)
        if value:
            found.add(m.start(), m.end(), *value)
    if ref.year is not None:
        for m in P.REL_UNIT.finditer(text):
            if found.overlaps(m.start(), m.end()):
                continue
            delta = {"last": -1, "this": 0, "next": 1}[m["mod"].lower()]
            if m["unit"] == "year":
                found.add(m.start(), m.end(), *P.fmt(ref.year + delta))
            elif ref.month is not None:
                found.add(m.start(), m.end(), *P.fmt(*P.shift_months(ref.year, ref.month, delta)))


def _shift(ref: _Ref, n: int, unit: str) -> tuple[str, str] | None:
    """``ref`` moved by ``n`` units, at the unit's precision; None when ``ref`` is too coarse."""
    if unit == "year":
        return P.fmt(ref.year + n) if ref.year is not None else None
    if unit == "month":
        if ref.year is None or ref.month is None:
            return None
        return P.fmt(*P.shift_months(ref.year, ref.month, n))
    if ref.day is None:
        return None
    return P.fmt_date(P.shift_days(ref.day, n * (7 if unit == "week" else 1)))


def _anchored(text: str, found: _Found) -> None:
    """"two years later", "the following year", "that year": from the closest earlier date."""
    for m in P.LATER.finditer(text):
        if found.overlaps(m.start(), m.end()):
            continue
        earlier = found.last_before(m.start(), ANCHOR_WINDOW)
        if earlier is None:
            continue
        _, _, value, precision = earlier
        anchor = _Ref(value)
        if m["same"]:
            unit, n = m["unit3"].lower(), 0
        elif m["fol"]:
            unit, n = m["unit2"].lower(), 1
        else:
            unit, count = m["unit"].lower(), P.number_word(m["n"])
            assert count is not None  # the pattern matches count words only
            n = count
            qual = (m["qual"] or "").strip().lower()
            if qual in ("less than", "under", "within", "just under"):
                n -= 1  # the range [anchor, anchor + n) is centred on anchor + n - 1
                if n <= 0:
                    continue
        needs = {"year": "year", "month": "month", "week": "day", "day": "day"}[unit]
        if P.PRECISIONS_ORDER[precision] < P.PRECISIONS_ORDER[needs]:
            continue
        shifted = _shift(anchor, n, unit)
        if shifted:
            found.add(m.start(), m.end(), *shifted)


def _scheduled(ref: _Ref, value: str, future_clause: bool) -> bool:
    """Whether a date is still to come when its article was published: it starts after
    the publication day, or its clause is in the future tense (not merely the present
    of a schedule) and it does not end before that day."""
    if ref.day is None:
        return future_clause
    first, last = P.period(value)
    return first > ref.day or (future_clause and last >= ref.day)


def find_dates(
    text: str, published: str | None, sentences: list[Sentence], doc=None
) -> list[DatedEvent]:
    """Dated events of ``text``, each attached to the sentence that states it.

    ``published`` (ISO date or datetime, possibly only "YYYY" or "YYYY-MM") anchors
    relative dates; ``sentences`` are the article's sentences (others are cut around the
    date when it falls outside them); ``doc`` (a spaCy Doc of ``text``) is optional.
    """
    if not text:
        return []
    ref = _Ref(published)
    where = _Sentences(text, sentences)
    hints = [(e.start_char, e.end_char) for e in getattr(doc, "ents", ()) if e.label_ == "DATE"]

    def floor_of(pos: int) -> int:
        return where.around(pos)[0]

    found = _Found()
    forward_of = _Direction(text, doc, floor_of)
    _explicit(text, found)
    _month_day(text, ref, found, forward_of)
    _month_alone(text, ref, found, forward_of)
    _bare_years(text, ref, found, hints)
    _relative(text, ref, found, forward_of)
    _anchored(text, found)
    out = []
    for start, end, value, precision in found:
        s_start, s_end = where.around(start)
        scheduled = _scheduled(ref, value, forward_of.tense(start, end) == FUTURE)
        out.append(DatedEvent(start, end, text[start:end], value, precision, s_start, s_end, scheduled))
    log.debug("%d dates found in %d characters", len(out), len(text))
    return out


__all__ = ["find_dates"]
