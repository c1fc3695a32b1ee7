"""When a feed is polled next (Miniflux's rule, and what the server asks for).

- The rate: a week divided by the entries the feed published last week, clamped to
  ``watch_min_interval``..``watch_max_interval``; a feed carrying a trending story is
  polled ``watch_trending_speedup`` times more often than that.
- What the feed and server allow: never sooner than the feed's RSS ``<ttl>``, its
  ``Cache-Control: max-age`` or a ``Retry-After``.
- Faults: 429 and 503 wait for ``Retry-After`` or else back off; other faults back off
  too, doubling from the minimum interval per consecutive failure, with ±25 % jitter so
  that feeds failing together do not come back together.

>>> from storydesk.config import Settings
>>> s = Settings(watch_min_interval=300, watch_max_interval=86400)
>>> rate_interval(14, s), rate_interval(0, s), rate_interval(100_000, s)
(43200.0, 86400.0, 300.0)
>>> rate_interval(14, s, trending=True), rate_interval(100_000, s, trending=True), rate_interval(0, s, trending=True)
(10800.0, 75.0, 21600.0)
>>> rate_interval(2000, s, ttl_s=3600.0)
3600.0
>>> max_age({"cache-control": "public, max-age=600"}), max_age({"cache-control": "no-cache"})
(600.0, None)
>>> retry_after({"retry-after": "120"}, now=0.0)
120.0
>>> retry_after({"retry-after": "Thu, 01 Jan 1970 00:10:00 GMT"}, now=0.0)
600.0
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from email.utils import parsedate_to_datetime

from ..config import Settings

WEEK = 7 * 24 * 3600.0
JITTER = 0.25
_MAX_AGE = re.compile(r"(?:^|[,\s])max-age\s*=\s*\"?(\d+)", re.IGNORECASE)


def rate_interval(entries_last_week: int, settings: Settings, *, trending: bool = False,
                  ttl_s: float | None = None) -> float:
    """Seconds until the next poll of a feed that published ``entries_last_week``."""
    speedup = settings.watch_trending_speedup if trending else 1.0
    base = WEEK / entries_last_week if entries_last_week > 0 else settings.watch_max_interval
    clamped = min(max(base, settings.watch_min_interval), settings.watch_max_interval)
    return max(clamped / speedup, ttl_s or 0.0)


def max_age(headers: Mapping[str, str]) -> float | None:
    """``Cache-Control: max-age`` in seconds (None when absent; ``no-store``/``no-cache``
    ask nothing of a poller's schedule)."""
    found = _MAX_AGE.search(headers.get("cache-control", "") or "")
    return float(found.group(1)) if found else None


def retry_after(headers: Mapping[str, str], now: float) -> float | None:
    """``Retry-After`` (seconds, or an HTTP date) as seconds from ``now``."""
    value = (headers.get("retry-after") or "").strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - now)
    except (TypeError, ValueError, IndexError):
        return None


def backoff(failures: int, settings: Settings, rng: random.Random) -> float:
    """Seconds to wait after ``failures`` consecutive failures, jittered.

    >>> from storydesk.config import Settings
    >>> s, rng = Settings(watch_min_interval=300, watch_max_interval=86400), random.Random(1)
    >>> [0.75 * 2 ** (n - 1) <= backoff(n, s, rng) / 300 <= 1.25 * 2 ** (n - 1) for n in (1, 2, 3)]
    [True, True, True]
    >>> 0.75 * 86400 <= backoff(30, s, rng) <= 86400
    True
    """
    base = min(settings.watch_min_interval * 2 ** max(0, failures - 1), settings.watch_max_interval)
    return min(base * rng.uniform(1 - JITTER, 1 + JITTER), settings.watch_max_interval)
