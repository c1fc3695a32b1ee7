"""What the grouper knows about one story (:class:`StoryState`, saved in the store as
:meth:`StoryState.to_dict`) and where one article went (:class:`Assignment`), and the
story's member times: a join is judged by the gap to its nearest member in time
(:func:`nearest_gap`), not to its first-to-last span, so a story that once took a late
article does not take everything in between at no cost."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime, timedelta

#: Distinct member times a story keeps (its newest; like the newest member signatures).
MEMBER_TIMES = 32


@dataclass(frozen=True)
class Assignment:
    """Where one article went."""

    article_id: str
    story_id: str
    similarity: float  # to the story it joined (1.0 for a story's first article)
    new_story: bool
    duplicate_of: str | None = None
    #: Hashed document-frequency buckets this article incremented (to persist).
    df_buckets: tuple[int, ...] = ()
    #: Stories this article showed to be one with ``story_id`` and that were merged into
    #: it (their ids now redirect to ``story_id``).
    merged: tuple[str, ...] = ()


@dataclass
class StoryState:
    """What the grouper knows about one story; :meth:`to_dict` is its stored form."""

    id: str
    first: datetime
    last: datetime
    centroid: dict[str, float] = field(default_factory=dict)
    norm2: float = 0.0
    size: int = 0  # articles counted as evidence (duplicates excluded)
    #: article id -> MinHash signature of its newest members, oldest first (all of them,
    #: unless the grouper keeps ``recent_members``: the others are in the store's band index)
    members: dict[str, bytes] = field(default_factory=dict)
    duplicates: int = 0
    dated: bool = True  # False while all its articles are undated (its span is ingest time)
    #: The distinct publication times of its dated members, ascending, the newest
    #: ``MEMBER_TIMES`` of them (empty while the story is undated).
    times: list[datetime] = field(default_factory=list)
    #: Its newest members' vectors (see :mod:`.members`; empty unless the grouper keeps them).
    recent: list[list] = field(default_factory=list)
    #: Members that are their title alone (:attr:`.features.Features.title_only`); a
    #: story of such members only is compared by its terms' full stems (see :mod:`.join`).
    headlines: int = 0

    @property
    def headline_only(self) -> bool:
        """Whether every member counted in :attr:`size` is its title alone."""
        return 0 < self.size <= self.headlines

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "first": self.first.isoformat(),
            "last": self.last.isoformat(),
            "centroid": self.centroid,
            "norm2": self.norm2,
            "size": self.size,
            "members": {k: v.hex() for k, v in self.members.items()},
            "duplicates": self.duplicates,
            "dated": self.dated,
            "times": [t.isoformat() for t in self.times],
            "recent": self.recent,
            "headlines": self.headlines,
        }

    @classmethod
    def from_dict(cls, data: dict) -> StoryState:
        return cls(
            id=data["id"],
            first=datetime.fromisoformat(data["first"]),
            last=datetime.fromisoformat(data["last"]),
            centroid=dict(data["centroid"]),
            norm2=float(data["norm2"]),
            size=int(data["size"]),
            members={k: bytes.fromhex(v) for k, v in data["members"].items()},
            duplicates=int(data.get("duplicates", 0)),
            dated=bool(data.get("dated", True)),
            times=_stored_times(data),
            recent=[[a, t, dict(v)] for a, t, v in data.get("recent", ())],
            headlines=int(data.get("headlines", 0)),  # a story stored before they were counted: none
        )


def _stored_times(data: dict) -> list[datetime]:
    """A stored story's member times (a story saved before they were kept: its span's ends)."""
    if "times" in data:
        return [datetime.fromisoformat(t) for t in data["times"]]
    if not data.get("dated", True):
        return []
    return sorted({datetime.fromisoformat(data["first"]), datetime.fromisoformat(data["last"])})


def add_time(times: list[datetime], t: datetime, keep: int = MEMBER_TIMES) -> None:
    """Add a member time to ascending distinct ``times``, keeping the newest ``keep`` (the
    result does not depend on the order times are added in).

    >>> ts = []
    >>> for day in (3, 1, 2, 3): add_time(ts, datetime(2020, 1, day), keep=2)
    >>> [t.day for t in ts]
    [2, 3]
    """
    i = bisect.bisect_left(times, t)
    if i < len(times) and times[i] == t:
        return
    times.insert(i, t)
    if len(times) > keep:
        del times[: len(times) - keep]


def merge_times(a: list[datetime], b: list[datetime], keep: int = MEMBER_TIMES) -> list[datetime]:
    """The newest ``keep`` distinct times of two ascending lists."""
    return sorted(set(a) | set(b))[-keep:]


def nearest_gap(times: list[datetime], t: datetime) -> timedelta:
    """How far ``t`` is from the nearest of ascending ``times`` (zero when there are none)."""
    if not times:
        return timedelta(0)
    i = bisect.bisect_left(times, t)
    gaps = [abs(times[j] - t) for j in (i - 1, i) if 0 <= j < len(times)]
    return min(gaps)


def times_gap(a: list[datetime], b: list[datetime]) -> timedelta:
    """The smallest gap between a time of ``a`` and one of ``b`` (both ascending, non-empty).

    >>> times_gap([datetime(2020, 1, 1), datetime(2020, 1, 9)], [datetime(2020, 1, 6)])
    datetime.timedelta(days=3)
    """
    return min(nearest_gap(b, t) for t in a)
