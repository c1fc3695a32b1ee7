"""The regular expressions :mod:`storydesk.analyze.dates` matches, and the calendar
arithmetic it resolves them with.

Month and weekday names are matched case-sensitively (capitalised), so "may", "march"
and "sun" used as ordinary words are never dates. Every pattern tolerates the spacing of
tokenised text ("Feb. 3 , 2020").

>>> MONTHS["sept"], number_word("two"), number_word("12"), number_word("dozen")
(9, 2, 12, None)
>>> shift_months(2015, 2, 22)
(2016, 12)
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4,
    "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11,
    "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip

_FULL_MONTH = (
    r"January|February|March|April|May|June|July|August|September|October|November|December"
)
# Abbreviations only where a day or a year follows them (the patterns below require it).
_ANY_MONTH = _FULL_MONTH + r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept\.?|Sep\.?|Oct\.?|Nov\.?|Dec\.?"
_MON = rf"(?P<mon>{_ANY_MONTH})"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>1[6-9]\d\d|20\d\d)"
_COMMA = r"\s*,?\s*"
# A year is not followed by more digits, a decimal part, a range/season ("2010-11",
# "2010/11"), a plural ("1990s"), a percentage or a multiplier.
_YEAR_END = r"(?![\d]|[.,]\d|\s*[-/–]\s*\d|s\b|\s*%|\s+(?:per\s*cent|percent|million|billion|thousand|GMT|BST|hours|hrs)\b)"  # noqa: E501 - one pattern
_NO_DIGIT_BEFORE = r"(?<![\d$£€¥#./:\-–])"

MDY = re.compile(rf"{_NO_DIGIT_BEFORE}\b{_MON}\s*{_DAY}\b{_COMMA}{_YEAR}\b{_YEAR_END}")
DMY = re.compile(rf"{_NO_DIGIT_BEFORE}\b{_DAY}\s+(?:of\s+)?{_MON}{_COMMA}{_YEAR}\b{_YEAR_END}")
ISO = re.compile(rf"(?<![\w\-/.]){_YEAR}-(?P<mm>[01]\d)-(?P<dd>[0-3]\d)(?![\w\-/])")
NUMERIC = re.compile(r"(?<![\w/.\-])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<year>1[6-9]\d\d|20\d\d)(?![\w/])")
MONTH_YEAR = re.compile(rf"\b{_MON}(?:\s+of)?{_COMMA}{_YEAR}\b{_YEAR_END}")
MONTH_DAY = re.compile(rf"\b{_MON}\s*{_DAY}\b(?!\s*[,.]?\s*\d|\s*[:%])")
DAY_MONTH = re.compile(rf"{_NO_DIGIT_BEFORE}\b{_DAY}\s+(?:of\s+)?{_MON}(?!\w)")
MONTH_ALONE = re.compile(
    rf"\b(?P<prep>in|In|since|Since|until|Until|till|by|By|during|During|from|From|"
    rf"before|Before|after|After|through|last|Last|this|This|next|Next|the end of|"
    rf"the beginning of|the middle of|the start of|early|late|mid-?)\s+"
    rf"(?:(?:early|late|mid)-?\s*)?(?P<mon>{_FULL_MONTH})\b(?!\s*[,.]?\s*\d)"
)
YEAR = re.compile(rf"{_NO_DIGIT_BEFORE}\b{_YEAR}\b{_YEAR_END}")
WEEKDAY = re.compile(
    r"\b(?:(?P<mod>last|next|this|Last|Next|This)\s+)?(?P<wd>"
    + "|".join(WEEKDAYS)
    + r")\b(?!\s*,?\s*(?:" + _ANY_MONTH + r")\s*\d)"
)
DAY_WORD = re.compile(r"\b(?P<word>[Yy]esterday|[Tt]omorrow|[Tt]oday)\b(?!['’]s)")
#: A copyright notice just before a year ("Copyright 2017 The Associated Press", "© 2018").
COPYRIGHT = re.compile(r"(?:\bcopyright|©|\(c\))\s*$", re.IGNORECASE)
#: A superlative or comparison in the words before "today" ("the most powerful rocket in
#: use today", "more powerful than any other flying today"): "today" is "nowadays" there.
_NOWADAYS_BEFORE = re.compile(r"\b(?:most|least|best|biggest|largest|\w+est|than|any other|ever)\b[^.;:!?]*$",
                              re.IGNORECASE)


def nowadays(text: str, start: int, end: int) -> bool:
    """Whether "today" at ``start:end`` means "at present" rather than the day of
    publication: it follows a superlative or comparison in its sentence and no
    preposition ("on today", "until today") or "is"/"was" makes it the day itself.

    >>> t = "The most powerful rocket in use today. Voting ends today."
    >>> nowadays(t, t.index("today"), t.index("today") + 5), nowadays(t, t.rindex("today"), len(t) - 1)
    (True, False)
    """
    before = text[max(0, start - 120):start]
    if re.search(r"\b(?:on|until|till|by|from|since|is|was|are|were)\s+$", before, re.IGNORECASE):
        return False
    return _NOWADAYS_BEFORE.search(before) is not None


REL_UNIT = re.compile(r"\b(?P<mod>last|this|next|Last|This|Next)\s+(?P<unit>year|month)\b")
AGO = re.compile(
    r"\b(?P<qual>(?:about|nearly|almost|some|more than|less than|over|under|around)\s+)?"
    r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
    r"\s+(?P<unit>day|week|month|year)s?\s+ago\b",
    re.IGNORECASE,
)
LATER = re.compile(
    r"\b(?P<qual>(?:about|nearly|almost|some|more than|less than|over|under|around|"
    r"just over|just under|within)\s+)?"
    r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2})"
    r"\s+(?P<unit>day|week|month|year)s?\s+(?:later|afterwards)\b"
    r"|\bthe\s+(?P<fol>following|next)\s+(?P<unit2>day|month|year)\b"
    r"|\b(?P<same>that|the same)\s+(?P<unit3>year|month)\b",
    re.IGNORECASE,
)

#: Words before a bare year that make it a date ("in 2015", "mid-2010", "since 1998").
YEAR_PREPOSITIONS = re.compile(
    r"(?:\b(?:in|In|since|Since|by|By|until|Until|till|during|During|from|From|of|to|"
    r"before|Before|after|After|and|or|through|between|circa|year|spring|summer|autumn|"
    r"fall|winter|early|late|mid|end)\s+(?:the\s+)?(?:(?:early|late|mid)-?\s*)?|\bmid-)$"
)
#: A determiner before a bare year used as a modifier ("a 2015 therapy session").
YEAR_DETERMINER = re.compile(r"\b(?:a|an|the|his|her|their|its|this|that)\s+$", re.IGNORECASE)
#: Future markers that license resolving an underspecified date forwards.
FUTURE_CUE = re.compile(
    r"\b(?:will|shall|'ll|would(?!\s+have)|set to|due to|due|scheduled|expected|plans? to|planned|"
    r"going to|is to|are to|upcoming|coming|later this)\b",
    re.IGNORECASE,
)
#: Verbs of reporting that close a future cue's scope ("will resign, he said on Tuesday").
PAST_REPORT = re.compile(r"\b(?:said|told|announced|added|wrote|reported|confirmed)\b")


_NOT_PLURAL = frozenset(
    "was has is as this his its us thus plus less unless across always perhaps towards "
    "afterwards news series status crisis analysis basis".split()
)


def counted_noun_after(after: str) -> bool:
    """Whether the text after a number starts with a plural noun ("2000 troops"), as a
    count does and a year rarely does ("2015 was").

    >>> counted_noun_after(" troops were sent"), counted_noun_after(" was a hard year")
    (True, False)
    """
    m = re.match(r"\s+([a-z]{3,})\b", after)
    return m is not None and m.group(1).endswith("s") and m.group(1) not in _NOT_PLURAL


def number_word(token: str) -> int | None:
    """The integer a count word or numeral stands for, or None."""
    token = token.lower()
    if token.isdigit():
        return int(token)
    return _NUMBER_WORDS.get(token)


def month_number(name: str) -> int:
    return MONTHS[name.rstrip(".").lower()]


def valid_day(year: int, month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1]


def shift_months(year: int, month: int, delta: int) -> tuple[int, int]:
    """(year, month) ``delta`` months later (earlier when negative)."""
    index = year * 12 + (month - 1) + delta
    return index // 12, index % 12 + 1


def shift_days(day: dt.date, delta: int) -> dt.date:
    return day + dt.timedelta(days=delta)


def fmt(year: int, month: int | None = None, day: int | None = None) -> tuple[str, str]:
    """(value, precision) of a calendar date at the precision given."""
    if month is None:
        return f"{year:04d}", "year"
    if day is None:
        return f"{year:04d}-{month:02d}", "month"
    return f"{year:04d}-{month:02d}-{day:02d}", "day"


def fmt_date(day: dt.date) -> tuple[str, str]:
    return fmt(day.year, day.month, day.day)


#: Date precisions, coarsest first, as ranks.
PRECISIONS_ORDER = {"year": 0, "month": 1, "day": 2}


def period(value: str) -> tuple[dt.date, dt.date]:
    """First and last day of a date value ("2015" → the whole year).

    >>> period("2016-02")
    (datetime.date(2016, 2, 1), datetime.date(2016, 2, 29))
    """
    parts = [int(p) for p in value[:10].split("-")]
    if len(parts) == 1:
        return dt.date(parts[0], 1, 1), dt.date(parts[0], 12, 31)
    if len(parts) == 2:
        return dt.date(parts[0], parts[1], 1), dt.date(parts[0], parts[1], calendar.monthrange(*parts)[1])
    day = dt.date(*parts)
    return day, day
