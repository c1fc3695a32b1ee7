"""An article's time for comparing its figures with other outlets'.

Feeds and archives often give a page's day but not its hour, while the page prints both
in its dateline ("Thursday 11 June 2009 16.17 BST", "June 11, 2009 4:17 pm"): two
pages of one outlet on one day are then an earlier and a later report, not one time's
disagreement. :func:`article_time` adds the dateline's hour to a day-only ``published``
when the opening of the text prints that same day with a time; the time zone is not
converted (it is compared with the outlet's other pages, which print the same zone).

>>> article_time("2009-06-11", "UK plays down ... Thursday 11 June 2009 16.17 BST Nicola Sturgeon said")
'2009-06-11T16:17'
>>> article_time("2009-06-11", "Posted June 11, 2009 at 4:05 pm. The WHO said")
'2009-06-11T16:05'
>>> article_time("2009-06-11", "The WHO met on 10 June 2009 at 16.17 BST.") is None
True
>>> same_time("2009-06-11", "2009-06-11T16:17"), same_time("2009-06-11T18:39", "2009-06-11T16:17")
(True, False)
"""

from __future__ import annotations

import re

from ..analyze.dates_patterns import MONTHS

#: A dateline's day (either order, an optional weekday before it) and its time right after.
_DATELINE = re.compile(
    r"\b(?:(?P<d1>\d{1,2})\s+(?P<m1>[A-Z][a-z]+)\.?|(?P<m2>[A-Z][a-z]+)\.?\s+(?P<d2>\d{1,2}),?)\s+(?P<y>\d{4})"
    r"[\s,]{1,3}(?:at\s+)?(?P<h>\d{1,2})[.:](?P<mi>\d{2})\s*(?P<ap>[ap]\.?m\.?)?", re.IGNORECASE)
#: How far into the text a dateline may be (after a headline and a standfirst).
_REACH = 400


def article_time(published: str | None, text: str) -> str | None:
    """``published`` with the dateline's hour ("YYYY-MM-DDTHH:MM"), or None when
    ``published`` already has one, has no day, or the dateline prints no time of that day."""
    if not published or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", published):
        return None
    for m in _DATELINE.finditer(text[:_REACH]):
        month = MONTHS.get((m.group("m1") or m.group("m2")).lower(), 0)
        day = int(m.group("d1") or m.group("d2"))
        if f"{m.group('y')}-{month:02d}-{day:02d}" != published:
            continue
        hour, minute = int(m.group("h")), int(m.group("mi"))
        ap = (m.group("ap") or "").lower()[:1]
        hour = hour % 12 + 12 if ap == "p" else hour % 12 if ap == "a" else hour
        if hour < 24 and minute < 60:
            return f"{published}T{hour:02d}:{minute:02d}"
    return None


def same_time(a: str | None, b: str | None) -> bool:
    """Two times that cannot be told apart: equal, or a day and a time of that day."""
    if a is None or b is None:
        return a == b
    short, long_ = sorted((a, b), key=len)
    return long_.startswith(short)


__all__ = ["article_time", "same_time"]
