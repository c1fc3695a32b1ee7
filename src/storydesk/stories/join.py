"""The join decision of the online grouper (:class:`~.grouping.StoryGrouper`): which
active stories an arriving article may join, how similar it is to each, and which it
joins. The active stories' centroids are posted by term, so an article is compared only
with the stories it shares a term with.

An article joins the story whose centroid it is most similar to, above ``threshold``
(``undated_threshold`` when neither side has a time), less a time penalty of
``time_penalty`` per doubling of its distance from the story's nearest member beyond
``window_days`` (:meth:`JoinDecision.penalty`; the distance from its own time or from an
earlier day its lead reports, whichever is nearer), if it shares ``min_shared`` terms with
it and its cosine with the story's recent members (:mod:`.members`) is ``recent_floor``
or more. The dated stories it could join are returned too: one of them may be the same
story split by arrival order (:mod:`.merging`). When the article is a title alone or the
story holds only such articles (``fold_headlines``), both sides are compared by their
terms' full stems (:func:`folded`): a title's terms are full stems already, a full
article's are not.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from ..vectors import cosine
from .features import full_stem
from .members import recent_centroid
from .story_state import StoryState, nearest_gap

#: Prefix of entity features in a vector (a character no word contains).
ENTITY_PREFIX = "\x01"

#: What the learned join decision looks at, for an article and one candidate story.
JOIN_FEATURES = (
    "bias",
    "cosine",  # with the story's centroid
    "cosine if undated",  # the same, when the article or the story has no time
    "recent cosine",  # with the sum of the story's newest members (see .members)
    "entity cosine",  # the entities' part of the centroid cosine
    "shared terms",  # log2(1 + terms in common with the centroid)
    "title cosine",  # the article's title words with the centroid
    "undated",  # 1 when the article or the story has no time
    "gap",  # log2 of the distance to the nearest member in windows beyond the first (as the penalty)
    "newest gap",  # log2(1 + days to the story's newest member)
    "size",  # log2(1 + articles)
    "span",  # log2(1 + days from the story's first to its newest member)
)

#: The fitted weights shipped with storydesk (``benchmarks/fit_join.py`` writes them).
JOIN_WEIGHTS = Path(__file__).with_name("join_weights.json")


def folded(vector: dict[str, float]) -> dict[str, float]:
    """``vector`` with its terms under their full stems (:func:`.features.full_stem`;
    grouping terms drop only a plural ``s``), the weights of the terms one stem gathers
    added; entities as they are.

    >>> folded({"strike": 0.5, "striking": 0.25, ENTITY_PREFIX + "strikes": 0.25})[ENTITY_PREFIX + "strikes"]
    0.25
    >>> folded({"strike": 0.5, "striking": 0.25})
    {'strike': 0.75}
    """
    out: dict[str, float] = {}
    for term, w in vector.items():
        key = term if term.startswith(ENTITY_PREFIX) else full_stem(term)
        out[key] = out.get(key, 0.0) + w
    return out


def shared(a: dict[str, float], b: dict[str, float]) -> tuple[float, int]:
    """The dot product of two sparse vectors and how many terms they share."""
    if len(b) < len(a):
        a, b = b, a
    found = [w * b[t] for t, w in a.items() if t in b]
    return sum(found), len(found)


@dataclass(frozen=True)
class JoinModel:
    """A logistic join decision: the probability that an article belongs to a candidate
    story is the logistic of ``weights`` dotted with its :data:`JOIN_FEATURES`; it joins
    the likeliest story at ``threshold`` or more."""

    weights: tuple[float, ...]
    threshold: float
    version: str = ""

    def __post_init__(self) -> None:
        if len(self.weights) != len(JOIN_FEATURES):
            raise ValueError(f"a join model needs {len(JOIN_FEATURES)} weights, got {len(self.weights)}")
        if not 0.0 < self.threshold < 1.0:
            raise ValueError(f"the join probability threshold must be in (0, 1), got {self.threshold!r}")

    def probability(self, x: list[float]) -> float:
        z = sum(w * v for w, v in zip(self.weights, x))
        return 1.0 / (1.0 + math.exp(-z)) if z > -500 else 0.0

    @classmethod
    def load(cls, path: Path = JOIN_WEIGHTS) -> JoinModel:
        """The model saved at ``path`` (a clear error naming the file when it is not one)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if list(data["features"]) != list(JOIN_FEATURES):
                raise ValueError("its features are not this storydesk's")
            return cls(tuple(float(data["weights"][f]) for f in JOIN_FEATURES), float(data["threshold"]),
                       str(data.get("version", "")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not a join model: {exc}") from exc


class JoinDecision:
    """The grouper's active stories as a term index and the join decision over them (a
    mixin of :class:`~.grouping.StoryGrouper`, which sets these attributes)."""

    threshold: float
    undated_threshold: float
    min_shared: int
    link_threshold: float
    recent_floor: float
    fold_headlines: bool
    time_penalty: float
    headline_time_penalty: float
    max_terms: int
    _window: timedelta
    _horizon: timedelta
    _stories: dict[str, StoryState]
    _postings: dict[str, set[str]]  # term -> active stories whose centroid has it
    #: The learned join decision (None: the hand-set rules above).
    join_model: JoinModel | None

    def _candidates(self, t: datetime | None) -> list[StoryState]:
        h = self._horizon
        if t is None:
            return list(self._stories.values())
        # differences, not t ± h: those overflow at the ends of the calendar (issue 16)
        return [s for s in self._stories.values() if not s.dated or (s.first - t <= h and t - s.last <= h)]

    def penalty(self, t: datetime | None, story: StoryState, reported: tuple[datetime, ...] = (),
                lead: bool = True) -> float:
        """What an article ``t`` away from a story's nearest member in time loses in
        similarity: nothing within the window, then ``time_penalty`` per doubling of the
        gap (nothing when the article's time is unknown). The nearest member, not the
        story's first-to-last span: a story that took one article weeks after the others
        does not take everything in between for free. ``reported``: earlier days the
        article reports (:func:`.features.reported_days`); the gap is the smallest from
        its time or one of them, so a follow-up weeks later that names the day its event
        happened is as close to that event's coverage as the coverage itself. An article
        with no ``lead`` (a headline, a blurb) can report no such day, so it pays the gentler
        ``headline_time_penalty`` instead."""
        if t is None or not story.dated:
            return 0.0
        gap = min(nearest_gap(story.times, x) for x in (t, *reported))
        excess = (gap - self._window) / self._window
        rate = self.time_penalty if lead else self.headline_time_penalty
        return rate * math.log2(1.0 + excess) if excess > 0 else 0.0

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


    def join_features(
        self, vec: dict[str, float], title: set[str], t: datetime | None, story: StoryState, found: tuple[float, int]
    ) -> list[float]:
        """The :data:`JOIN_FEATURES` of an article (vector ``vec``, title terms ``title``,
        time ``t``) and a candidate ``story`` (``found``: the dot product of ``vec`` with
        its centroid and how many terms they share)."""
        norm = math.sqrt(story.norm2)
        cos = found[0] / norm
        c = story.centroid
        entity = sum(w * c.get(k, 0.0) for k, w in vec.items() if k.startswith(ENTITY_PREFIX)) / norm
        title_vec = {k: vec[k] for k in title if k in vec}
        title_cos = (sum(w * c.get(k, 0.0) for k, w in title_vec.items())
                     / (norm * math.sqrt(sum(w * w for w in title_vec.values())))) if title_vec else 0.0
        recent = cosine(vec, recent_centroid(story.recent)) if story.recent else cos
        dated = t is not None and story.dated
        gap = newest = 0.0
        if t is not None and story.dated:
            excess = (nearest_gap(story.times, t) - self._window) / self._window
            gap = math.log2(1.0 + excess) if excess > 0 else 0.0
            newest = math.log2(1.0 + abs((t - story.last).total_seconds()) / 86400.0)
        span = math.log2(1.0 + (story.last - story.first).total_seconds() / 86400.0) if story.dated else 0.0
        return [1.0, cos, 0.0 if dated else cos, recent, entity, math.log2(1.0 + found[1]), title_cos,
                0.0 if dated else 1.0, gap, newest, math.log2(1.0 + story.size), span]

    def _join(
        self, vec: dict[str, float], t: datetime | None, title: set[str] | None = None,
        reported: tuple[datetime, ...] = (), lead: bool = True, title_only: bool = False,
    ) -> tuple[StoryState | None, float, list[tuple[float, StoryState]]]:
        """The story an article of vector ``vec`` at time ``t`` joins (None: it starts
        one), its similarity to it, and the ``(similarity, story)`` of every dated story
        it could have joined (when it is dated). ``title``: the article's title terms
        (the learned decision looks at them); ``reported``: the earlier days it reports
        and whether it has a ``lead`` (see :meth:`penalty`); ``title_only``: whether it
        is its title alone (compared by full stems)."""
        if self.join_model is not None:
            return self._join_learned(self.join_model, vec, t, title or set(), reported, lead)
        best, best_sim = None, self.threshold
        joinable: list[tuple[float, StoryState]] = []
        dots = self._dots(vec)
        need = min(self.min_shared, len(vec))  # a two-word headline can share two words at most
        fold: dict[str, float] | None = None
        for story in self._candidates(t):
            found = dots.get(story.id)
            if found is None or story.norm2 <= 0:
                continue
            short = self.fold_headlines and (title_only or story.headline_only)
            if short:  # a title, or a story of titles: by full stems (a title's own terms are)
                fold = folded(vec) if fold is None else fold
                c = folded(story.centroid)
                dot, n = shared(fold, c)
                cos = dot / math.sqrt(sum(w * w for w in c.values()) * sum(w * w for w in fold.values()))
            else:
                cos, n = found[0] / math.sqrt(story.norm2), found[1]
            if n < need or found[0] < self.link_threshold * story.size:  # the mean cosine to its articles
                continue
            sim = cos - self.penalty(t, story, reported, lead)
            # with a time on neither side nothing keeps a story to its days: ask more
            floor = self.threshold if t is not None or story.dated else self.undated_threshold
            if sim <= floor:
                continue
            # close to its recent coverage too, not only to its whole centroid (cheap: few get here)
            recent = recent_centroid(story.recent) if self.recent_floor else {}
            if self.recent_floor and (cosine(fold, folded(recent)) if short and fold is not None
                                      else cosine(vec, recent)) < self.recent_floor:
                continue
            if not self._allow(vec, title, t, story, found):
                continue
            if t is not None and story.dated:  # only dated stories merge: time backs the bridge
                joinable.append((sim, story))
            if best is None or sim > best_sim or (sim == best_sim and story.id < best.id):
                best, best_sim = story, sim
        return best, best_sim, joinable

    def _allow(self, vec: dict[str, float], title: set[str] | None, t: datetime | None,
               story: StoryState, found: tuple[float, int]) -> bool:
        """Whether a story the rules let ``vec`` join stays a candidate: always, here; a
        hook for experiments that veto some (``benchmarks/fit_join.py``)."""
        return True

    def _join_learned(
        self, model: JoinModel, vec: dict[str, float], t: datetime | None, title: set[str],
        reported: tuple[datetime, ...] = (), lead: bool = True,
    ) -> tuple[StoryState | None, float, list[tuple[float, StoryState]]]:
        """:meth:`_join` by the learned decision: the likeliest story at the model's
        threshold, ``min_shared`` terms in common still asked (one common word does not
        chain headlines); its similarity is the centroid cosine less the time penalty."""
        best, best_p, best_sim = None, model.threshold, 0.0
        joinable: list[tuple[float, StoryState]] = []
        dots = self._dots(vec)
        need = min(self.min_shared, len(vec))
        for story in self._candidates(t):
            found = dots.get(story.id)
            if found is None or story.norm2 <= 0 or found[1] < need:
                continue
            p = model.probability(self.join_features(vec, title, t, story, found))
            if p < model.threshold:
                continue
            if t is not None and story.dated:
                joinable.append((p, story))
            if best is None or p > best_p or (p == best_p and story.id < best.id):
                best, best_p = story, p
                best_sim = found[0] / math.sqrt(story.norm2) - self.penalty(t, story, reported, lead)
        return best, best_sim, joinable
