"""A story's newest members as vectors: an article joins a story only if it is also
close to the story's *recent* coverage, not only to its centroid.

A centroid is the sum of every article a story ever took, so a long story's centroid
keeps its subject's common words and loses each development's: an article on another
story of the same subject (a congressional inquiry beside a spill's containment, an
offensive months before a league's vote) can look close to it through those words
alone. A story therefore keeps the unit vectors of its newest ``keep`` members (by
publication time, undated ones oldest; each cut to its strongest ``terms`` terms),
stored with its state, and the grouper asks of a joining article a cosine with their
sum (:func:`recent_centroid`) as well. Single articles are a poor yardstick: two
articles of one story share few of their strongest words (cosines of 0.02 to 0.1 on
timeline17), so the members are compared summed, not one by one.

Entries are ``[article id, ISO time or None, {term: weight}]`` lists (JSON as stored).

>>> from storydesk.vectors import cosine
>>> members = []
>>> keep_member(members, "a1", None, {"storm": 0.8, "flood": 0.6}, keep=2, terms=10)
>>> keep_member(members, "a2", None, {"vote": 1.0}, keep=2, terms=10)
>>> keep_member(members, "a3", datetime(2020, 1, 1), {"storm": 1.0}, keep=2, terms=10)
>>> [m[0] for m in members]
['a2', 'a3']
>>> round(cosine({"storm": 1.0}, recent_centroid(members)), 3)
0.707
"""

from __future__ import annotations

from datetime import datetime

from ..vectors import total

Member = list  # [article id, ISO time or None, {term: weight}]


def _key(entry: Member) -> tuple[bool, str]:
    """Newest last: undated members count as older than dated ones."""
    return (entry[1] is not None, entry[1] or "")


def trim(vec: dict[str, float], terms: int) -> dict[str, float]:
    """The ``terms`` strongest entries of ``vec`` (ties by term)."""
    if len(vec) <= terms:
        return dict(vec)
    return dict(sorted(vec.items(), key=lambda kv: (-kv[1], kv[0]))[:terms])


def keep_member(
    members: list[Member], article_id: str, time: datetime | None, vec: dict[str, float], *, keep: int, terms: int
) -> None:
    """Add an article's vector to ``members`` and keep the ``keep`` newest by time
    (among equal times, the latest to arrive)."""
    members.append([article_id, time.isoformat() if time is not None else None, trim(vec, terms)])
    members.sort(key=_key)  # stable: among equal times, arrival order
    del members[: max(0, len(members) - keep)]


def merge_members(a: list[Member], b: list[Member], keep: int) -> list[Member]:
    """The ``keep`` newest of two stories' members."""
    out = sorted([*a, *b], key=_key)
    return out[max(0, len(out) - keep):]


def recent_centroid(members: list[Member]) -> dict[str, float]:
    """The sum of the members' vectors (a centroid of the story's newest articles)."""
    return total(vec for _, _, vec in members)
