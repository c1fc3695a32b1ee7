"""Where the trends window ends: now in a live desk; in a replayed archive, at the time
the user gives, else at the newest activity that is not an outlier.

A desk is live when its newest activity (a bucket in which some source was counted) is
within one window of the wall clock: the window ends now. Otherwise the store is an
archive being read later, and the window ends with the newest bucket of activity,
leaving out any that stand apart from the rest: a run of buckets after a gap longer than
the window and longer than all the time the rest of the store covers, holding at most
``OUTLIER_SHARE`` of all activity (or a single item) while the rest holds four times
as much. One article dated years
after the rest therefore does not move the window; the answer says so.

>>> from datetime import datetime, timedelta
>>> act = [("2020-02-01T00:00:00", 40), ("2020-02-02T00:00:00", 55), ("2029-05-01T00:00:00", 1)]
>>> c = window_end(act, at=None, now=datetime(2030, 1, 1), span=timedelta(days=7), bucket_hours=24)
>>> c.end.isoformat(), c.mode
('2020-02-03T00:00:00', 'replay')
>>> c.notes[1]
'1 item dated 2029-05-01 stands far apart from the rest of the store and does not move the window'
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

#: At most this share of all activity can be set aside as outlying dates.
OUTLIER_SHARE = 0.05


@dataclass(frozen=True)
class Clock:
    end: datetime  # the window ends here (exclusive)
    mode: str  # "live" | "replay" | "given"
    notes: tuple[str, ...] = ()


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("" if n == 1 else "s")


def window_end(
    activity: list[tuple[str, int]], *, at: datetime | None, now: datetime, span: timedelta, bucket_hours: float
) -> Clock:
    """The window's end for ``activity`` (``(bucket start, items)``, oldest first)."""
    width = timedelta(hours=bucket_hours)
    if at is not None:
        return Clock(at, "given", (f"window ends at {at.isoformat()} (given)",))
    if not activity:
        return Clock(now, "live")
    times = [(datetime.fromisoformat(b), n) for b, n in activity]
    if times[-1][0] + width >= now - span:
        return Clock(now, "live")
    total = sum(n for _, n in times)
    cut, tail = len(times), 0
    for i in range(len(times) - 1, 0, -1):
        tail += times[i][1]
        if tail > max(1, OUTLIER_SHARE * total) or total - tail < 4 * tail:
            break
        gap, rest = times[i][0] - times[i - 1][0], times[i - 1][0] - times[0][0]
        if gap > max(span, rest + width):
            cut = i
    notes = []
    if cut < len(times):
        outlying = times[cut:]
        n = sum(c for _, c in outlying)
        days = sorted({b.date().isoformat() for b, _ in outlying})
        shown = ", ".join(days[:3]) + (f" and {len(days) - 3} more days" if len(days) > 3 else "")
        notes.append(f"{_count(n, 'item')} dated {shown} {'stands' if n == 1 else 'stand'} far apart from "
                     "the rest of the store and does not move the window")
    end = times[cut - 1][0] + width
    notes.insert(0, f"replaying an archive: the window ends with its newest activity, {end.isoformat()} "
                    "(give --at to choose another time)")
    return Clock(end, "replay", tuple(notes))
