"""The join decision of the online grouper (:class:`~.grouping.StoryGrouper`): which
active stories an arriving article may join, how similar it is to each, and which it
joins. The active stories' centroids are posted by term, so an article is compared only
with the stories it shares a term with.

An article joins the story whose centroid it is most similar to, above ``threshold``
(``undated_threshold`` when neither side has a time), less a time penalty of
``time_penalty`` per doubling of its distance from the story's nearest member beyond
``window_days`` (:meth:`JoinDecision.penalty`), if it shares ``min_shared`` terms with
it and its cosine with the story's recent members (:mod:`.members`) is ``recent_floor``
or more. The dated stories it could join are returned too: one of them may be the same
story split by arrival order (:mod:`.merging`).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from ..vectors import cosine
from .members import recent_centroid
from .story_state import StoryState, nearest_gap


class JoinDecision:
    """The grouper's active stories as a term index and the join decision over them (a
    mixin of :class:`~.grouping.StoryGrouper`, which sets these attributes)."""

    threshold: float
    undated_threshold: float
    min_shared: int
    link_threshold: float
    recent_floor: float
    time_penalty: float
    max_terms: int
    _window: timedelta
    _horizon: timedelta
    _stories: dict[str, StoryState]
    _postings: dict[str, set[str]]  # term -> active stories whose centroid has it

    def _candidates(self, t: datetime | None) -> list[StoryState]:
        h = self._horizon
        if t is None:
            return list(self._stories.values())
        # differences, not t ± h: those overflow at the ends of the calendar (issue 16)
        return [s for s in self._stories.values() if not s.dated or (s.first - t <= h and t - s.last <= h)]

    def penalty(self, t: datetime | None, story: StoryState) -> float:
        """What an article ``t`` away from a story's nearest member in time loses in
        similarity: nothing within the window, then ``time_penalty`` per doubling of the
        gap (nothing when the article's time is unknown). The nearest member, not the
        story's first-to-last span: a story that took one article weeks after the others
        does not take everything in between for free."""
        if t is None or not story.dated:
            return 0.0
        gap = nearest_gap(story.times, t)
        excess = (gap - self._window) / self._window
        return self.time_penalty * math.log2(1.0 + excess) if excess > 0 else 0.0

    def similarity(self, vec: dict[str, float], story: StoryState) -> float:
        if story.norm2 <= 0:
            return 0.0
        c = story.centroid
        dot = sum(w * c.get(t, 0.0) for t, w in vec.items())
        return dot / math.sqrt(story.norm2)

    def _post(self, story_id: str, terms) -> None:
        for t in terms:
            self._postings.setdefault(t, set()).add(story_id)

    def _unpost(self, story_id: str, terms) -> None:
        for t in terms:
            ids = self._postings.get(t)
            if ids is not None:
                ids.discard(story_id)
                if not ids:
                    del self._postings[t]

    def _add(self, story: StoryState, vec: dict[str, float]) -> None:
        c = story.centroid
        dot = sum(w * c.get(t, 0.0) for t, w in vec.items())
        story.norm2 += 2 * dot + sum(w * w for w in vec.values())
        self._post(story.id, [t for t in vec if t not in c])
        for t, w in vec.items():
            c[t] = c.get(t, 0.0) + w
        self._trim(story)

    def _trim(self, story: StoryState) -> None:
        """Keep a centroid to its ``max_terms`` strongest terms once it grows past 1.5x."""
        c = story.centroid
        if len(c) > self.max_terms * 3 // 2:
            kept = sorted(c.items(), key=lambda kv: (-kv[1], kv[0]))[: self.max_terms]
            story.centroid = dict(kept)
            story.norm2 = sum(w * w for _, w in kept)
            self._unpost(story.id, [t for t in c if t not in story.centroid])

    def _dots(self, vec: dict[str, float]) -> dict[str, tuple[float, int]]:
        """Dot products of ``vec`` with every active centroid sharing a term with it, and
        how many terms they share (through the postings, so stories with nothing in
        common cost nothing)."""
        acc: dict[str, list] = {}
        stories = self._stories
        for t, w in vec.items():
            for sid in self._postings.get(t, ()):
                entry = acc.get(sid)
                if entry is None:
                    entry = acc[sid] = [0.0, 0]
                entry[0] += w * stories[sid].centroid[t]
                entry[1] += 1
        return {sid: (dot, n) for sid, (dot, n) in acc.items()}


    def _join(
        self, vec: dict[str, float], t: datetime | None
    ) -> tuple[StoryState | None, float, list[tuple[float, StoryState]]]:
        """The story an article of vector ``vec`` at time ``t`` joins (None: it starts
        one), its similarity to it, and the ``(similarity, story)`` of every dated story
        it could have joined (when it is dated)."""
        best, best_sim = None, self.threshold
        joinable: list[tuple[float, StoryState]] = []
        dots = self._dots(vec)
        need = min(self.min_shared, len(vec))  # a two-word headline can share two words at most
        for story in self._candidates(t):
            found = dots.get(story.id)
            if found is None or story.norm2 <= 0 or found[1] < need:
                continue
            if found[0] < self.link_threshold * story.size:  # the mean cosine to its articles
                continue
            sim = found[0] / math.sqrt(story.norm2) - self.penalty(t, story)
            # with a time on neither side nothing keeps a story to its days: ask more
            floor = self.threshold if t is not None or story.dated else self.undated_threshold
            if sim <= floor:
                continue
            # close to its recent coverage too, not only to its whole centroid (cheap: few get here)
            if self.recent_floor and cosine(vec, recent_centroid(story.recent)) < self.recent_floor:
                continue
            if t is not None and story.dated:  # only dated stories merge: time backs the bridge
                joinable.append((sim, story))
            if best is None or sim > best_sim or (sim == best_sim and story.id < best.id):
                best, best_sim = story, sim
        return best, best_sim, joinable
