"""Numbers written in news text: digits with separators, number words, scale words.

>>> number_value("1,200.5"), number_value("twenty-five"), number_value("three"), number_value("19 , 000")
(1200.5, 25.0, 3.0, 19000.0)
>>> scale_value("bn"), scale_value("Million"), scale_value(None)
(1000000000.0, 1000000.0, 1.0)
"""

from __future__ import annotations

import re

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_WORDS = {w: i for i, w in enumerate(_UNITS)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_SCALES = {
    "thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "mln": 1e6,
    "billion": 1e9, "bn": 1e9, "b": 1e9, "trillion": 1e12, "tn": 1e12,
    "lakh": 1e5, "crore": 1e7,
}

#: A number: "1,200", "7", "1.2", "twenty-five", "three" (not "one": too often not a count).
NUMBER = (  # a tokenised text splits its thousands: "19 , 000" is 19,000
    r"(?:\d{1,3}(?:,\d{3}|\s,\s\d{3}(?![\d.]))+(?:\.\d+)?|\d+(?:\.\d+)?|"
    rf"(?:{'|'.join(_TENS)})(?:-(?:{'|'.join(_UNITS[1:10])}))?|"
    rf"(?:{'|'.join(sorted(_UNITS[2:], key=len, reverse=True))}))"
)
#: A scale word or abbreviation after a number ("million", "bn", "m").
SCALE = r"(?:thousand|million|billion|trillion|lakh|crore|mln|mn|bn|tn|m|b|k)(?![\w])"


def number_value(text: str) -> float | None:
    """The value of a :data:`NUMBER` match, or None."""
    t = re.sub(r"\s*,\s*(?=\d{3})", "", text.lower()).replace(",", "")
    if re.fullmatch(r"\d+(?:\.\d+)?", t):
        return float(t)
    if t in _WORDS:
        return float(_WORDS[t])
    tens, _, unit = t.partition("-")
    if tens in _WORDS and unit in _WORDS:
        return float(_WORDS[tens] + _WORDS[unit])
    return None


def scale_value(scale: str | None) -> float:
    """The multiplier of a :data:`SCALE` word (1 when there is none)."""
    return _SCALES.get(scale.lower(), 1.0) if scale else 1.0


__all__ = ["NUMBER", "SCALE", "number_value", "scale_value"]
