"""Stories that are one, merged: by a late article that bridges two stories split by
arrival order (:meth:`StoryMerging._merge_bridged`, in the online pass) and by the batch
refinement's average link (:meth:`StoryMerging.refine`). The story that started first
keeps its id; the other's id is reported so that the caller can redirect it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from datetime import datetime

from ..vectors import dot
from .join import JoinDecision, folded, shared
from .members import merge_members
from .story_state import StoryState, merge_times, times_gap


class StoryMerging(JoinDecision):
    """Merging active stories (a mixin of :class:`~.grouping.StoryGrouper`, which sets
    these attributes)."""

    merge_threshold: float
    refine_threshold: float
    recent_vectors: int
    fold_headlines: bool
    _story_of: dict[str, str]
    admit: Callable[[StoryState], None] | None
    merged_away: set[str]

    def _keep_recent(self, story: StoryState) -> None:  # the grouper's: which members stay in memory
        raise NotImplementedError

    def _cosine(self, a: StoryState, b: StoryState) -> float:
        """Cosine of two stories' centroids."""
        if a.norm2 <= 0 or b.norm2 <= 0:
            return 0.0
        return dot(a.centroid, b.centroid) / math.sqrt(a.norm2 * b.norm2)

    def _merge(self, keep: StoryState, gone: StoryState) -> None:
        """Fold ``gone`` into ``keep``: one centroid (the sum of all their articles'
        vectors), one span, one member list."""
        self._unpost(gone.id, gone.centroid)
        del self._stories[gone.id]
        c = keep.centroid
        self._post(keep.id, [t for t in gone.centroid if t not in c])
        for t, w in gone.centroid.items():
            c[t] = c.get(t, 0.0) + w
        keep.norm2 = sum(w * w for w in c.values())
        self._trim(keep)
        if gone.dated and not keep.dated:
            keep.first, keep.last, keep.dated = gone.first, gone.last, True
        elif gone.dated:
            keep.first, keep.last = min(keep.first, gone.first), max(keep.last, gone.last)
        keep.times = merge_times(keep.times, gone.times)
        keep.recent = merge_members(keep.recent, gone.recent, self.recent_vectors)
        keep.size += gone.size
        keep.headlines += gone.headlines
        keep.duplicates += gone.duplicates
        keep.members.update(gone.members)
        for article_id in gone.members:
            self._story_of[article_id] = keep.id
        self._keep_recent(keep)
        self.merged_away.add(gone.id)


    def _merge_bridged(
        self, story: StoryState, joinable: list[tuple[float, StoryState]], before: list[datetime]
    ) -> tuple[StoryState, tuple[str, ...]]:
        """The article just added to ``story`` could also have joined the other
        ``joinable`` stories: each of those whose centroid is now as close to the story's
        as ``merge_threshold``, and with a member within ``window_days`` of one of
        ``before`` (the story's member times before the article, as :meth:`refine` asks
        of two stories), is
        the same story split by arrival order and is merged (the one that started first
        keeps its id). Returns the story the article is in and the ids merged away."""
        merged: list[str] = []
        for _, other in sorted(joinable, key=lambda so: (-so[0], so[1].id)):
            if other.id == story.id or other.id not in self._stories:
                continue
            # close dates are evidence from the stories as wholes: an article that could
            # join both (with a time penalty) does not make one story of coverage weeks apart
            if not before or not other.times or times_gap(other.times, before) > self._window:
                continue
            if self._cosine(story, other) < self.merge_threshold:
                continue
            before = merge_times(before, other.times)
            keep, gone = (story, other) if _older(story, other) else (other, story)
            self._merge(keep, gone)
            merged.append(gone.id)
            story = keep
        return story, tuple(merged)


    # -- batch refinement --------------------------------------------------------------
    def _mergeable(self, a: StoryState, b: StoryState) -> bool:
        """Whether two stories may be one in time: both dated with members within
        ``window_days`` of each other, or both undated."""
        if a.dated != b.dated:
            return False
        if not a.dated:
            return True
        return bool(a.times and b.times) and times_gap(a.times, b.times) <= self._window

    def _links(self, story: StoryState) -> list[tuple[float, str]]:
        """``(average link, id)`` of the active stories that could be one with ``story``:
        at least ``min_shared`` centroid terms in common, close in time, and linked at
        ``refine_threshold`` or more. The average link is the mean cosine of an article
        of one with an article of the other: a centroid is the sum of its articles' unit
        vectors, so it is their dot product over the product of the sizes."""
        if self.admit is not None:
            self.admit(story)
        acc: dict[str, list] = {}
        for t, w in story.centroid.items():
            for sid in self._postings.get(t, ()):
                if sid != story.id:
                    entry = acc.setdefault(sid, [0.0, 0])
                    entry[0] += w * self._stories[sid].centroid[t]
                    entry[1] += 1
        out = []
        fold: dict[str, float] | None = None
        for sid, (link, n) in acc.items():
            other = self._stories[sid]
            if self.fold_headlines and (story.headline_only or other.headline_only):
                fold = folded(story.centroid) if fold is None else fold
                link, n = shared(fold, folded(other.centroid))
            if n < self.min_shared or not self._mergeable(story, other):
                continue
            score = link / (max(story.size, 1) * max(other.size, 1))
            if score >= self.refine_threshold:
                out.append((score, sid))
        return out

    def refine(self, story_ids: Iterable[str]) -> list[tuple[str, str]]:
        """After a batch: merge the stories ``story_ids`` (those the batch touched) with
        the active stories they are one with, best-linked pair first, until no pair of a
        touched story is linked at ``refine_threshold`` (average link: every article of
        one is, on average, that close to every article of the other, so one shared word
        cannot chain stories). The result does not depend on the order the batch's
        articles were grouped in beyond that grouping itself. Returns ``(kept id,
        merged id)`` pairs in the order they were merged (the older story keeps its id)."""
        pending = {sid for sid in story_ids if sid in self._stories}
        best: dict[str, tuple[float, str]] = {}

        def update(sid: str) -> None:
            links = self._links(self._stories[sid])
            if links:
                best[sid] = max(links, key=lambda si: (si[0], _neg(si[1])))
            else:
                best.pop(sid, None)

        for sid in sorted(pending):
            update(sid)
        merges: list[tuple[str, str]] = []
        while best:
            sid, (_, other_id) = max(best.items(), key=lambda kv: (kv[1][0], _neg(kv[0]), _neg(kv[1][1])))
            a, b = self._stories[sid], self._stories[other_id]
            keep, gone = (a, b) if _older(a, b) else (b, a)
            self._merge(keep, gone)
            merges.append((keep.id, gone.id))
            pending.discard(gone.id)
            pending.add(keep.id)
            best.pop(gone.id, None)
            stale = [s for s, (_, o) in best.items() if o in (keep.id, gone.id)]
            for s in {keep.id, *stale}:
                update(s)
            for score, s in self._links(keep):  # a pending story may now link best to keep
                if s in pending and (s not in best or score > best[s][0]):
                    best[s] = (score, keep.id)
        return merges




def _neg(story_id: str) -> tuple[int, ...]:
    """A sort key that orders ids backwards (ties go to the smaller id under ``max``)."""
    return tuple(-ord(c) for c in story_id)


def _older(a: StoryState, b: StoryState) -> bool:
    """Whether story ``a`` started before ``b`` (dated before undated; ties by id)."""
    return (not a.dated, a.first, a.id) <= (not b.dated, b.first, b.id)
