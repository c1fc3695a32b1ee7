"""What the grouper knows about one story (:class:`StoryState`, saved in the store as
:meth:`StoryState.to_dict`) and where one article went (:class:`Assignment`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


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
        )
