"""Online story grouping: each arriving article joins the most similar active story, or
starts one. One pass, no re-clustering. This module keeps the grouper's state and its
online loop; the join decision is :mod:`.join`, the merges of stories that are one (a
bridging article, the batch refinement) are :mod:`.merging`.

An article is a TF-IDF vector of its words (title words weigh double) plus its entities'
canonical names; the document frequencies behind the IDF are kept incrementally in a
fixed table of hashed buckets, so memory does not grow with the vocabulary. A story is
the sum of its articles' unit vectors (its centroid). An article joins a story on
similarity alone when its time lies within ``window_days`` of one of the story's members
(the nearest in time, of its 32 newest distinct member times), so late and out-of-order
articles find the story they belong to; further away it needs more similarity (see
``time_penalty``), and a story whose newest member is ``horizon_days`` old takes
nothing. Stories can be dropped from memory (:meth:`StoryGrouper.evict`); a caller that
keeps them in a store restores the ones an article could join with
:meth:`StoryGrouper.restore_story` before :meth:`learn_one`, and those a merge needs
through the :attr:`StoryGrouper.admit` hook (see ``stories/tracker.py``). Such a caller
can also bound what a story that stays active holds (``recent_members``): only its
newest members' MinHash signatures stay in memory, and the :attr:`StoryGrouper.recall`
hook finds the older ones an article may copy.

Joining takes a similarity above ``threshold``, at least ``min_shared`` terms in common
with the story (so headlines do not chain through one common word: "roundup", "gas");
``link_threshold`` can also ask a mean cosine to the story's articles (a centroid of many
articles of one subject keeps the subject's words and loses each event's, so a big story
takes every article on its subject): off by default, see README (it lifts the event set
and lowers giveme5w1h, whose events are coarser). An undated article is
held to ``undated_threshold`` by a story that is undated too: with a time on neither
side nothing keeps a story to its days. When an article could have joined two dated
stories and, once it has joined one, their centroids are as close as ``merge_threshold``
and they have members within the window of each other (the joined one's before the
article), the two are one story split by arrival order and are merged: the one that
started first keeps its id (:attr:`Assignment.merged` names the other). These three were
chosen on NeuS/AllSides train (leads and titles, undated) and timeline17 (dated), see
``benchmarks/grouping_dev.py``; so was ``time_penalty`` (what an article loses per
doubling of its distance beyond the window: at 0.08 a story two months away needs a
match about 0.25 stronger, which keeps separate stories of one subject apart, Syria's
offensives months apart; the event set's continuing stories ask for 0.08 to 0.15). The
distance is from the article's time or from an earlier day its lead reports
(:attr:`.features.Features.reported`), whichever is nearer: a follow-up weeks later
that names the day its event happened is judged as close to that event's coverage, so
the stronger penalty keeps apart what is new and not what looks back (see README). A
headline or a blurb has no lead to report such a day, so it pays round 8's gentler
``headline_time_penalty`` (0.035) instead: a headline-only stream keeps what it had.

``join_model`` replaces these hand-set rules by a logistic decision over the same
evidence (:class:`.join.JoinModel`, fitted by ``benchmarks/fit_join.py``); it did not
beat the rules on the development sets, so none is shipped and the rules decide (see
README).

A story also keeps the vectors of its ``recent_vectors`` newest members (see
:mod:`.members`), and a joining article needs a cosine of ``recent_floor`` with their
sum as well: a long story's centroid keeps its subject's words, so another story of the
same subject (an inquiry beside a spill's containment) would otherwise join it through
them.

After a batch, :meth:`StoryGrouper.refine` merges the stories the batch touched with
the stories they are one with by *average link* (the mean cosine between their articles,
at ``refine_threshold``), best pair first: what the single pass split (an undated
headline short of ``undated_threshold``, a story founded before its coverage's common
words were known) is joined, and since every article of one story must on average be
that close to every article of the other, one shared word cannot chain stories. Chosen
on the same development sets (NeuS train leads and titles; it changes nothing on
timeline17's full articles, whose average links are lower).

An article that is its title alone (a headline-only feed; :attr:`.features.Features.title_only`)
has full Snowball stems for terms, and whenever it or a story of such articles only is
compared (a join, a refinement's average link), both sides are compared by their terms'
full stems (``fold_headlines``): in a dozen words "leaked" and "leaks" must count as one
word, while a full article has enough words without
(full stems for every article cost full articles precision, see README). A full article
and a story of full articles are compared as before. Chosen on NeuS train titles, the
event set's first lines (dated) and a NeuS train stream of one lead and two titles a story.

Near-duplicates (see :mod:`.dedup`) join their original's story but add nothing to its
centroid, to the document frequencies or to its outlets.

>>> from datetime import datetime
>>> from storydesk.stories.features import Features
>>> g = StoryGrouper(threshold=0.3, window_days=3)
>>> def feat(i, words, day):
...     return Features(f"a{i}", {w: 1.0 for w in words.split()}, frozenset(),
...                     datetime(2020, 2, day))
>>> g.learn_one(feat(1, "storm flood city river rain", 1)).new_story
True
>>> g.learn_one(feat(2, "storm flood river rain evacuation", 2)).story_id
's-a1'
>>> g.learn_one(feat(3, "election vote senate candidate", 2)).new_story
True
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

import numpy as np

from ..config import DEFAULTS
from ..model import story_id_for
from .dedup import LshIndex, from_bytes, signature, to_bytes
from .features import Features, full_stem, shifted, words
from .join import ENTITY_PREFIX, JoinModel
from .members import keep_member
from .merging import StoryMerging
from .story_state import Assignment, StoryState, add_time


def _bucket(term: str, size: int) -> int:
    return zlib.crc32(term.encode("utf-8")) % size


class StoryGrouper(StoryMerging):
    """Online grouping of articles into stories (river-style: parameters checked here,
    learned state in ``_private`` attributes, :meth:`learn_one` returns where the article
    went). All state can be saved and restored: :meth:`story_state`,
    :meth:`restore_story`, :meth:`restore_df`."""

    def __init__(
        self,
        threshold: float = DEFAULTS.story_threshold,
        window_days: float = DEFAULTS.story_window_days,
        *,
        entity_weight: float = 1.0,
        duplicate_threshold: float = 0.6,
        max_terms: int = 400,
        article_terms: int = 150,
        idf_buckets: int = 1 << 18,
        time_penalty: float = 0.08,
        headline_time_penalty: float = 0.035,
        horizon_days: float = 365.0,
        idf_warmup: int = 100,
        min_shared: int = 2,
        merge_threshold: float = 0.3,
        undated_threshold: float = 0.4,
        refine_threshold: float = 0.25,
        recent_members: int | None = None,
        link_threshold: float = 0.0,
        recent_vectors: int = 16,
        recent_terms: int = 60,
        recent_floor: float = 0.1,
        join_model: JoinModel | None = None,
        use_reported_days: bool = True,
        fold_headlines: bool = True,
    ):
        if not 0.0 < threshold < 1.0:
            raise ValueError(f"threshold must be between 0 and 1, got {threshold!r}")
        if window_days <= 0:
            raise ValueError(f"window_days must be positive, got {window_days!r}")
        if entity_weight < 0:
            raise ValueError(f"entity_weight must be at least 0, got {entity_weight!r}")
        if not 0.0 < duplicate_threshold <= 1.0:
            raise ValueError(f"duplicate_threshold must be in (0, 1], got {duplicate_threshold!r}")
        if max_terms < 10 or article_terms < 10 or idf_buckets < 1024:
            raise ValueError("max_terms and article_terms must be >= 10, idf_buckets >= 1024")
        if time_penalty < 0 or headline_time_penalty < 0 or horizon_days < window_days:
            raise ValueError("time_penalty and headline_time_penalty must be >= 0 and horizon_days >= window_days")
        if idf_warmup < 0:
            raise ValueError(f"idf_warmup must be at least 0, got {idf_warmup!r}")
        if min_shared < 1:
            raise ValueError(f"min_shared must be at least 1, got {min_shared!r}")
        if not 0.0 < merge_threshold <= 1.0:
            raise ValueError(f"merge_threshold must be in (0, 1], got {merge_threshold!r}")
        if not threshold <= undated_threshold < 1.0:
            raise ValueError(f"undated_threshold must be in [threshold, 1), got {undated_threshold!r}")
        if not 0.0 < refine_threshold <= 1.0:
            raise ValueError(f"refine_threshold must be in (0, 1], got {refine_threshold!r}")
        if not 0.0 <= link_threshold < 1.0:
            raise ValueError(f"link_threshold must be in [0, 1), got {link_threshold!r}")
        if recent_members is not None and recent_members < 1:
            raise ValueError(f"recent_members must be at least 1 (or None), got {recent_members!r}")
        if recent_vectors < 0 or recent_terms < 1:
            raise ValueError("recent_vectors must be at least 0 and recent_terms at least 1")
        if not 0.0 <= recent_floor < 1.0 or (recent_floor and not recent_vectors):
            raise ValueError(f"recent_floor must be in [0, 1) and needs recent_vectors, got {recent_floor!r}")
        self.link_threshold = link_threshold
        #: Whether refinement compares two stories of headlines by their words' full stems.
        self.fold_headlines = fold_headlines
        #: Whether an article's time penalty also counts from the earlier days it reports.
        self.use_reported_days = use_reported_days
        #: The learned join decision (:class:`.join.JoinModel`; None: the hand-set rules).
        self.join_model = join_model
        #: Newest member vectors a story keeps (:mod:`.members`), each cut to ``recent_terms``;
        #: a joining article needs a cosine of ``recent_floor`` with their sum.
        self.recent_vectors = recent_vectors
        self.recent_terms = recent_terms
        self.recent_floor = recent_floor
        #: Members whose signatures a story keeps in memory (its newest; None: all of them).
        self.recent_members = recent_members
        self.refine_threshold = refine_threshold
        self.min_shared = min_shared
        self.merge_threshold = merge_threshold
        self.undated_threshold = undated_threshold
        self.idf_warmup = idf_warmup
        self.time_penalty = time_penalty
        self.headline_time_penalty = headline_time_penalty
        self.horizon_days = horizon_days
        self._horizon = timedelta(days=horizon_days)
        self.threshold = threshold
        self.window_days = window_days
        self.entity_weight = entity_weight
        self.duplicate_threshold = duplicate_threshold
        self.max_terms = max_terms
        self.article_terms = article_terms
        self.idf_buckets = idf_buckets
        self._window = timedelta(days=window_days)
        self._df = np.zeros(idf_buckets, dtype=np.int64)
        self._n_docs = 0
        self._stories: dict[str, StoryState] = {}
        self._story_of: dict[str, str] = {}  # article id -> story id, active stories only
        self._postings: dict[str, set[str]] = {}  # term -> active stories whose centroid has it
        self._lsh = LshIndex()
        self._latest: datetime | None = None
        #: Called with a story before the stories that could merge with it are looked
        #: for (:meth:`refine`): a caller that evicted stories makes those active again.
        self.admit: Callable[[StoryState], None] | None = None
        #: Called with an article's MinHash signature before its copies are looked for:
        #: ``(article id, story id, signature)`` of the stored articles sharing an LSH band
        #: with it. A caller that set ``recent_members`` returns those memory let go of, so
        #: a copy of a story's old article is still found (ids already in memory are ignored).
        self.recall: Callable[[np.ndarray], Iterable[tuple[str, str, np.ndarray]]] | None = None
        #: Stories merged away since the caller last emptied this set (their stored rows
        #: may be stale until the caller writes the merge).
        self.merged_away: set[str] = set()

    # -- state -------------------------------------------------------------------------
    @property
    def n_docs(self) -> int:
        return self._n_docs

    def active_ids(self) -> set[str]:
        return set(self._stories)

    def footprint(self) -> dict[str, int]:
        """What memory holds: active stories, member signatures, centroid terms, and
        the distinct terms of the postings (counts, for measuring memory over time)."""
        stories = list(self._stories.values())
        return {"stories": len(stories), "members": len(self._lsh),
                "centroid terms": sum(len(s.centroid) for s in stories), "posted terms": len(self._postings)}

    def story_state(self, story_id: str) -> StoryState:
        return self._stories[story_id]

    def story_of(self, article_id: str) -> str | None:
        """The active story an article is in (None if not in an active story)."""
        return self._story_of.get(article_id)

    def restore_story(self, state: StoryState) -> None:
        """Make a stored story active again (after a restart, or for a late article)."""
        if state.id in self._stories:
            return
        self._stories[state.id] = state
        self._post(state.id, state.centroid)
        for article_id, sig in state.members.items():
            self._story_of[article_id] = state.id
            self._lsh.add(article_id, from_bytes(sig))
        self._keep_recent(state)

    def _remember(self, story: StoryState, article_id: str, sig: np.ndarray) -> None:
        """Make an article a member of ``story`` (its newest one)."""
        story.members[article_id] = to_bytes(sig)
        self._story_of[article_id] = story.id
        self._lsh.add(article_id, sig)
        self._keep_recent(story)

    def _keep_recent(self, story: StoryState) -> None:
        """Let go of a story's oldest members beyond ``recent_members`` (their signatures
        are the caller's to keep: :attr:`recall` gives them back)."""
        if self.recent_members is None:
            return
        members = story.members
        while len(members) > self.recent_members:
            article_id = next(iter(members))
            del members[article_id]
            self._story_of.pop(article_id, None)
            self._lsh.remove(article_id)

    @property
    def latest(self) -> datetime | None:
        """The newest known article time seen."""
        return self._latest

    def restore_df(self, n_docs: int, df: dict[int, int], latest: datetime | None = None) -> None:
        """Restore the document frequencies saved from :attr:`Assignment.df_buckets`
        and the newest article time."""
        self._n_docs = n_docs
        self._latest = latest
        self._df[:] = 0
        for bucket, count in df.items():
            self._df[bucket % self.idf_buckets] = count

    def count_df(self, buckets: Iterable[int], n_docs: int, latest: datetime | None) -> None:
        """Count the document-frequency buckets of an article another writer grouped,
        and take that writer's document count and newest article time."""
        for bucket in buckets:
            self._df[bucket % self.idf_buckets] += 1
        self._n_docs = n_docs
        self._latest = latest

    def evict(self, before: datetime) -> list[str]:
        """Drop stories last active before ``before`` from memory; returns their ids."""
        gone = [s.id for s in self._stories.values() if s.last < before]
        for sid in gone:
            self.forget(sid)
        return gone

    def forget(self, story_id: str) -> None:
        """Drop one story from memory (before restoring a newer state of it)."""
        state = self._stories.pop(story_id, None)
        if state is None:
            return
        self._unpost(story_id, state.centroid)
        for article_id in state.members:
            self._story_of.pop(article_id, None)
            self._lsh.remove(article_id)

    def evict_inactive(self) -> list[str]:
        """Drop stories inactive for twice the window before the newest article seen
        (call after saving them); returns their ids."""
        if self._latest is None:
            return []
        return self.evict(shifted(self._latest, -self._horizon))

    # -- learning ----------------------------------------------------------------------
    def _idf(self, term: str) -> float:
        """Smoothed IDF, faded in over the first ``idf_warmup`` documents (a handful of
        articles about one story would otherwise make its own words look common)."""
        df = self._df[_bucket(term, self.idf_buckets)]
        idf = math.log((self._n_docs + 1) / (df + 1))
        if self._n_docs < self.idf_warmup:
            idf *= self._n_docs / self.idf_warmup
        return idf + 1.0

    def _terms(self, features: Features) -> dict[str, float]:
        """An article's terms: a title alone's under their full stems (``fold_headlines``)."""
        if not (features.title_only and self.fold_headlines):
            return features.terms
        out: dict[str, float] = {}
        for term, count in features.terms.items():
            key = full_stem(term)
            out[key] = out.get(key, 0.0) + count
        return out

    def vector(self, features: Features) -> dict[str, float]:
        """The unit TF-IDF vector of an article (its ``article_terms`` strongest terms)."""
        weights = {t: (1.0 + math.log(c)) * self._idf(t) for t, c in self._terms(features).items() if c > 0}
        if self.entity_weight > 0:
            for name in features.entities:
                key = ENTITY_PREFIX + name
                weights[key] = self.entity_weight * self._idf(key)
        if len(weights) > self.article_terms:
            top = sorted(weights.items(), key=lambda kv: (-kv[1], kv[0]))[: self.article_terms]
            weights = dict(top)
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        return {t: w / norm for t, w in weights.items()}

    def _count_df(self, features: Features) -> tuple[int, ...]:
        keys = set(self._terms(features))
        if self.entity_weight > 0:
            keys |= {ENTITY_PREFIX + n for n in features.entities}
        buckets = tuple(sorted({_bucket(k, self.idf_buckets) for k in keys}))
        for b in buckets:
            self._df[b] += 1
        self._n_docs += 1
        return buckets

    def learn_one(self, features: Features) -> Assignment:
        """Assign one article to a story (or start one) and update the state."""
        t = features.time if features.time_known else None
        known = self._story_of.get(features.article_id)
        if known is not None:  # the same article again: nothing changes
            return Assignment(features.article_id, known, 1.0, False)
        if t is not None and (self._latest is None or t > self._latest):
            self._latest = t
        sig = signature(features.shingles)
        original = self._original(sig) if features.shingles else None
        if original is not None:
            story = self._stories[original[1]]
            self._remember(story, features.article_id, sig)
            story.duplicates += 1
            return Assignment(features.article_id, story.id, 1.0, False, duplicate_of=original[0])

        vec = self.vector(features)
        title = set(words(features.title)) if self.join_model is not None and features.title else set()
        reported = features.reported if t is not None and self.use_reported_days else ()
        best, best_sim, joinable = self._join(vec, t, title, reported, features.lead, features.title_only)
        buckets = self._count_df(features)
        if best is None:
            sid = story_id_for(features.article_id)
            best = StoryState(id=sid, first=features.time, last=features.time, dated=t is not None)
            self._stories[sid] = best
            best_sim, new = 1.0, True
        else:
            new = False
        # the member times before this article: a bridge must not make two stories close in time
        before = list(best.times) if best.dated or t is None else [t]
        self._add(best, vec)
        if t is not None and not best.dated:  # the first date replaces the ingest time
            best.first, best.last, best.dated = t, t, True
        elif t is not None:  # an undated article does not stretch its story's span
            best.first, best.last = min(best.first, t), max(best.last, t)
        if t is not None:
            add_time(best.times, t)
        best.size += 1
        if features.title_only:
            best.headlines += 1
        if self.recent_vectors:
            keep_member(best.recent, features.article_id, t, vec, keep=self.recent_vectors, terms=self.recent_terms)
        self._remember(best, features.article_id, sig)
        best, merged = self._merge_bridged(best, joinable, before)
        return Assignment(features.article_id, best.id, round(best_sim, 6), new, None, buckets, merged)

    def _original(self, sig: np.ndarray) -> tuple[str, str] | None:
        """The article (and its story) that ``sig`` copies: the most similar of those in
        memory and those :attr:`recall` gives back, at ``duplicate_threshold`` or more."""
        recalled: dict[str, np.ndarray] = {}
        story_of: dict[str, str] = {}
        for article_id, story_id, other in (self.recall(sig) if self.recall is not None else ()):
            if article_id not in self._story_of and story_id in self._stories:
                recalled[article_id], story_of[article_id] = other, story_id
        original = self._lsh.find(sig, self.duplicate_threshold, recalled)
        if original is None:
            return None
        return original, self._story_of.get(original) or story_of[original]
