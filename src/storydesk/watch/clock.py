"""The time the watcher runs on: the system's, or a faster one for replays and benchmarks
(a simulated day in minutes). Every wait goes through the clock and stops early when the
stop event is set, so a stop request is honoured at once.

>>> import threading
>>> clock = ScaledClock(start=1_000_000.0, factor=1000.0)
>>> before = clock.time()
>>> clock.sleep(50.0, threading.Event())  # 50 simulated seconds: 0.05 s of real time
True
>>> 49.0 < clock.time() - before < 60.0
True
>>> iso(0.0), iso(1_580_566_400.5)
('1970-01-01T00:00:00', '2020-02-01T14:13:20')
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime
from typing import Protocol


def iso(seconds: float) -> str:
    """Naive-UTC ISO time of an epoch time, to the second (what the store compares)."""
    return datetime.fromtimestamp(int(seconds), UTC).replace(tzinfo=None).isoformat()


def epoch(text: str | None) -> float | None:
    """Epoch seconds of a naive-UTC ISO time written by :func:`iso`."""
    if not text:
        return None
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


class Clock(Protocol):
    def time(self) -> float:
        """Seconds since the epoch."""

    def sleep(self, seconds: float, stop: threading.Event) -> bool:
        """Wait ``seconds`` (clock time); False when ``stop`` was set meanwhile."""


class SystemClock:
    """Real time."""

    def time(self) -> float:
        return time.time()

    def sleep(self, seconds: float, stop: threading.Event) -> bool:
        return not stop.wait(max(0.0, seconds))


class ScaledClock:
    """Time running ``factor`` times faster than real time from ``start`` on."""

    def __init__(self, start: float, factor: float):
        if factor <= 0:
            raise ValueError(f"factor must be positive, got {factor}")
        self.start = start
        self.factor = factor
        self._origin = time.monotonic()

    def time(self) -> float:
        return self.start + (time.monotonic() - self._origin) * self.factor

    def sleep(self, seconds: float, stop: threading.Event) -> bool:
        return not stop.wait(max(0.0, seconds) / self.factor)
