"""``--since WHEN`` and ``--window DURATION`` values.

A duration is a number and a unit: ``90m``, ``36h``, ``7d``, ``2w``. Relative times are
counted back from the newest activity in the store, not from the clock, so a replayed
archive (last year's articles) reads the same as a live feed.

>>> parse_duration("36h")
datetime.timedelta(days=1, seconds=43200)
>>> resolve_since("2d", "2020-02-03T10:00:00")
'2020-02-01T10:00:00'
>>> resolve_since("2020-02-01", None)
'2020-02-01T00:00:00'
"""

from __future__ import annotations

import re
from datetime import timedelta

from ..errors import ConfigError
from .features import parse_time

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([mhdw])\s*$", re.IGNORECASE)
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_duration(value: str) -> timedelta:
    match = _DURATION.match(value or "")
    if match is None:
        raise ConfigError(
            f"duration must be a number and a unit (m, h, d or w), like 36h or 7d; got {value!r}"
        )
    amount, unit = float(match.group(1)), match.group(2).lower()
    if amount <= 0:
        raise ConfigError(f"duration must be positive, got {value!r}")
    return timedelta(**{_UNITS[unit]: amount})


def resolve_since(value: str, latest: str | None) -> str:
    """``value`` (an ISO date/time, or a duration back from ``latest``) as an ISO time."""
    if _DURATION.match(value or ""):
        end = parse_time(latest) if latest else None
        if end is None:
            return ""
        return (end - parse_duration(value)).replace(microsecond=0).isoformat()
    moment = parse_time(value)
    if moment is None:
        raise ConfigError(
            f"--since takes an ISO date or time (2020-02-01, 2020-02-01T12:00) or a duration "
            f"(36h, 7d); got {value!r}"
        )
    return moment.replace(microsecond=0).isoformat()
