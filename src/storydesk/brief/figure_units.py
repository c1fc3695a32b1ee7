"""Values as the brief compares them (:mod:`.figures`): one unit per dimension, and the
values a printed figure allows.

**Units.**
Outlets print one measured amount in different units: a leak in barrels a day in one,
in gallons a day in another; a distance in miles or in kilometres. Before figures are
grouped, a quantity in a unit of this table is converted to the dimension's common unit
(its rate kept: "gallons/day" becomes "barrels/day"), so the two values are one figure,
compared. A converted value is as exact as its rounding: an exact "210,000 gallons" allows
what its last printed digit hides (``bound`` "approx"), no more, so 5,000 barrels agrees
with it and 1,000 barrels does not. The text printed (``Figure.text``) is unchanged.

**Agreement** (:func:`agree`): a value keeps its bound and its rounding (:func:`interval`).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from ..model import Figure

#: unit -> (common unit, factor): US gallons to the oil barrel (42), litres, metric
#: distances and weights to the units US and UK news print most.
_COMMON: dict[str, tuple[str, float]] = {
    "gallons": ("barrels", 1 / 42),
    "litres": ("barrels", 1 / 158.987),
    "liters": ("barrels", 1 / 158.987),
    "km": ("miles", 0.621371),
    "kilometers": ("miles", 0.621371),
    "kilometres": ("miles", 0.621371),
    "meters": ("feet", 3.28084),
    "metres": ("feet", 3.28084),
    "kg": ("pounds", 2.20462),
    "kilograms": ("pounds", 2.20462),
}


def in_common_unit(fig: Figure) -> Figure:
    """``fig`` in its dimension's common unit, or ``fig`` itself (not a quantity, or
    already in it).

    >>> f = in_common_unit(Figure(0, 15, "210,000 gallons", 210000.0, "gallons/day", "quantity"))
    >>> round(f.value), f.unit, f.bound
    (5000, 'barrels/day', 'approx')
    """
    if fig.kind != "quantity" or fig.value is None or not fig.unit:
        return fig
    base, slash, rate = fig.unit.partition("/")
    common = _COMMON.get(base.lower())
    if common is None:
        return fig
    unit, factor = common
    return replace(fig, value=fig.value * factor, unit=unit + slash + rate, bound=fig.bound or "approx")


def value_of(fig: Figure) -> float:
    """The value of a figure the brief compares (figures without one are left out first)."""
    assert fig.value is not None
    return fig.value


def interval(fig: Figure) -> tuple[float, float]:
    """The values a figure allows: "at least 84" is [84, inf), "nearly 80" [60, 80].

    >>> interval(Figure(0, 2, "84", 84.0, "people", "count", bound="min"))
    (84.0, inf)
    """
    v = value_of(fig)
    if fig.bound == "min":
        return v, math.inf
    if fig.bound == "max":
        return v * 0.75, v
    if fig.bound == "approx":  # "about 130" allows 128, "some $146 billion" not $148.9 billion
        spread = min(0.1 * abs(v), _place(fig)) or 0.1 * abs(v)
        return v - spread, v + spread
    return v, v


def _place(fig: Figure) -> float:
    """The place value of the last non-zero digit printed ("130" -> 10, "146" -> 1, "1.5
    billion" -> 100 million): how far a rounded figure may be from the true one."""
    digits = re.search(r"\d[\d,]*(?:\.\d+)?", fig.text)
    v = value_of(fig)
    if digits is None or not v:
        return 0.1 * abs(v)
    printed = digits.group().replace(",", "")
    whole, _, frac = printed.partition(".")
    frac = frac.rstrip("0")
    if frac:
        step = 10.0 ** -len(frac)
    else:
        step = 10.0 ** (len(whole) - len(whole.rstrip("0")))
    return step * abs(v) / float(printed) if float(printed) else 0.1 * abs(v)


def agree(a: Figure, b: Figure) -> bool:
    """Whether two figures of one thing can both be right."""
    (lo1, hi1), (lo2, hi2) = interval(a), interval(b)
    return lo1 <= hi2 and lo2 <= hi1


__all__ = ["agree", "in_common_unit", "interval", "value_of"]
