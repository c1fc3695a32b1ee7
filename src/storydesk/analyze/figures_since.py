"""A duration that is the time since the last such event: "the first flu pandemic in 41
years", "the first pandemic for 40 years".

Such a duration has one subject, the story's event itself (what it is the first of for
so long), so outlets that print it differently disagree on it without naming anyone in
common. The figure is the words "in 41 years" (or "for 40 years"); its ``context`` the
noun it is the first of ("pandemic"), and its ``measure`` is ``since``.

>>> [(f.text, f.value, f.unit, f.context, f.measure) for f in since_last(
...     "It is the world's first official pandemic in 41 years, the WHO said.")]
[('in 41 years', 41.0, 'years', 'pandemic', 'since')]
>>> since_last("The first payment is due in 5 years.")
[]
"""

from __future__ import annotations

import re

from ..model import Figure
from .figures_measure import bound
from .numbers import NUMBER, number_value

_SINCE = re.compile(
    rf"\bfirst\s+(?:[\w'’-]+\s+){{0,4}}?(?P<noun>[a-z][a-z-]+)\s+"
    rf"(?P<fig>(?:in|for)\s+(?:(?:more|less)\s+than\s+|over\s+|nearly\s+|almost\s+|about\s+|around\s+)?"
    rf"(?P<num>{NUMBER})\s+(?P<unit>year|decade|month)s?)\b(?!\s+(?:ago|old|time))",
    re.IGNORECASE)
#: Nouns that are no event: "the first payment is due in 5 years", "the first time in 40 years"
#: (a time is not what is counted since).
_NOT_EVENTS = frozenset("payment instalment installment due time step phase stage one".split())


def since_last(text: str) -> list[Figure]:
    """The since-last durations of ``text`` (see the module doc)."""
    out = []
    for m in _SINCE.finditer(text):
        value = number_value(m.group("num"))
        noun = m.group("noun").lower()
        if value is None or noun in _NOT_EVENTS or not noun.isalpha():
            continue
        if re.search(r"\b(?:due|expected|set|scheduled|planned|will)\b", text[m.start("noun") : m.start("fig")]):
            continue
        out.append(Figure(m.start("fig"), m.end("fig"), m.group("fig"), value, m.group("unit").lower() + "s",
                          "duration", noun, measure="since", bound=bound(text[: m.start("num")])))
    return out


__all__ = ["since_last"]
