"""The live desk's stateful part: one :class:`StoryTracker` per store groups each new
article into a story and counts its terms (and its embedded posts' terms) for trend
detection, persisting every change, so a restart resumes from the store.

The store is the authority. Everything one article (or post) changes — its story, the
document frequencies, its term counts, flags, the trend baselines, the undated articles
still waiting for the stream's clock — is written in one transaction, together with the
store's state version. A tracker that finds the version moved since its own last write
(another writer on the same file: ``storydesk serve`` taking POSTs while ``storydesk
ingest`` runs) reloads its state inside that transaction before deciding anything, so
two writers make the same decisions one writer would. A change log in the store names
the story and document frequencies each write changed, so catching up costs the
other writer's changes, not the store's size (a tracker further behind than the log
reloads everything); trend baselines and open counts are reloaded. The trend counting
itself (the detector, the undated articles held back) is :mod:`.trend_counting`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import numpy as np

from ..config import Settings
from ..model import Analysis, Article
from ..store import Store, story_index
from ..store import stories as db
from ..store.merges import merge_stories
from .dedup import from_bytes, signature, to_bytes
from .features import Features, article_features, iso, parse_time, shifted
from .grouping import StoryGrouper
from .story_state import Assignment, StoryState
from .trend_counting import TrendCounts
from .trend_evidence import PostItem

log = logging.getLogger(__name__)

#: How long after its window a story stays in memory (:attr:`StoryTracker._keep`).
KEEP_MARGIN = timedelta(days=1)
#: Members whose MinHash signatures a story keeps in memory (its newest): a story that
#: stays active for weeks holds no more than this; copies of its older articles are found
#: through the store's band index (:meth:`StoryTracker._recall`).
RECENT_MEMBERS = 32


def _final(story_id: str, into: dict[str, str]) -> str:
    while story_id in into:
        story_id = into[story_id]
    return story_id


class StoryTracker:
    """Grouping and trend state of one store, loaded from it on the first write and
    reloaded whenever another writer changed it."""

    def __init__(self, store: Store, settings: Settings):
        self._store = store
        self._settings = settings
        self._version: int | None = None  # the store's state version memory matches
        self._grouper = self._new_grouper()
        #: Stories last active longer ago than this before the newest article are evicted
        #: from memory: the window in which an article joins a story without a penalty,
        #: and a margin for articles arriving late (older ones are loaded when they come).
        self._keep = timedelta(days=settings.story_window_days) + KEEP_MARGIN
        self._reached: set[tuple] = set()  # spans whose mergeable stories refine made active
        self._complete = False  # every stored story is in memory: nothing to look up
        self._trends = TrendCounts(store, settings)
        self._change: tuple | None = None  # what the write in progress grouped (and merged)
        self._touched: set[str] = set()  # stories articles joined since the last refine
        self._bands: tuple[str, list[tuple[str, str]]] | None = None  # a signature's stored band mates

    # -- state -------------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator:
        """One write transaction in which memory matches the store: reload when the
        state version is not the one of this tracker's last write; memory that a failed
        write may have changed is reloaded next time."""
        with self._store.transaction() as conn:
            version = db.state_version(self._store)
            if version != self._version:
                changes = None if self._version is None else db.changes_since(self._store, self._version)
                if changes is None:
                    self._load()
                else:
                    log.debug("%s was changed by another writer; state refreshed", self._store.path)
                    self._refresh(changes)
            self._version, self._change = None, None
            self._grouper.merged_away.clear()  # every merge before this write is in the store
            yield conn
            written = db.bump_version(conn, version, self._change)
        self._version = written

    def _load(self) -> None:
        """Everything from the store (the first write, or far behind another writer)."""
        self._grouper = self._new_grouper()
        self._complete = story_index.story_count(self._store) == 0  # stories made here stay known
        n_docs, df = db.load_df(self._store)
        self._grouper.restore_df(n_docs, df, parse_time(db.latest_activity(self._store)))
        self._trends.load()

    def _refresh(self, changes: list[tuple[str, list[int]]]) -> None:
        """Catch up with another writer's ``changes`` (story id, document-frequency
        buckets), then reload the trend state and the undated articles held back."""
        n_docs, latest = db.n_docs(self._store), parse_time(db.latest_activity(self._store))
        for _, buckets in changes:
            self._grouper.count_df(buckets, n_docs, latest)
        changed = list(dict.fromkeys(story_id for story_id, _ in changes))
        for story_id in changed:
            self._grouper.forget(story_id)
        for state in db.load_story_states(self._store, changed):
            self._grouper.restore_story(StoryState.from_dict(state))
        self._trends.load()

    # -- stories in memory: the recent ones, and the stored ones an article or merge needs
    def _new_grouper(self) -> StoryGrouper:
        grouper = StoryGrouper(self._settings.story_threshold, self._settings.story_window_days,
                               recent_members=RECENT_MEMBERS)
        grouper.admit = self._admit_mergeable
        grouper.recall = self._recall
        return grouper

    def _restore(self, ids) -> None:
        """Make the stored stories ``ids`` active (but one whose articles are already in an
        active story: a stale row of a story merged away in memory, not yet in the store)."""
        g = self._grouper
        for data in db.load_story_states(self._store, sorted(set(ids) - g.active_ids() - g.merged_away)):
            state = StoryState.from_dict(data)
            if not any(g.story_of(a) is not None for a in state.members):
                g.restore_story(state)

    def _band_mates(self, sig_hex: str) -> list[tuple[str, str]]:
        """``(article id, story id)`` of the stored articles sharing an LSH band with a
        signature (asked once per article: :meth:`_admit_joinable` and :meth:`_recall`)."""
        if self._bands is None or self._bands[0] != sig_hex:
            self._bands = (sig_hex, story_index.articles_sharing_bands(self._store, sig_hex))
        return self._bands[1]

    def _recall(self, sig: np.ndarray) -> list[tuple[str, str, np.ndarray]]:
        """The grouper's :attr:`~StoryGrouper.recall` hook: the stored articles sharing
        an LSH band with ``sig`` that memory let go of (older members of active stories),
        with their signatures, so that a copy of one is found as if all were in memory."""
        g = self._grouper
        gone = [(a, s) for a, s in self._band_mates(to_bytes(sig).hex()) if g.story_of(a) is None]
        if not gone:
            return []
        sigs = story_index.signatures(self._store, [a for a, _ in gone])
        return [(a, s, from_bytes(bytes.fromhex(sigs[a]))) for a, s in gone if a in sigs]

    def _admit_joinable(self, features: Features) -> None:
        """Make active every stored story the article could join or copy an article of:
        those whose centroid is as close to its vector as the grouper's threshold, with
        enough terms in common, and those with an article sharing an LSH band with it. The
        grouper then decides exactly as if it had kept every story in memory."""
        if self._complete:
            return
        g = self._grouper
        active = g.active_ids()
        ids: set[str] = set()
        if features.shingles:
            sig = to_bytes(signature(features.shingles)).hex()
            ids.update(s for _, s in self._band_mates(sig) if s not in active)
        vector = g.vector(features)
        if vector:  # a rounding margin: the store sums the same products in another order
            need = min(g.min_shared, len(vector))
            ids.update(story_index.stories_like(self._store, vector, need, g.threshold - 1e-9, active))
        self._restore(ids)

    def _admit_mergeable(self, story: StoryState) -> None:
        """The grouper's :attr:`~StoryGrouper.admit` hook: make active the stored stories
        ``story`` could merge with (dated: spans within the window of its span; undated:
        every undated story), once per span and refinement."""
        span = (story.first, story.last, story.dated)
        if self._complete or span in self._reached:
            return
        self._reached.add(span)
        if story.dated:
            window = timedelta(days=self._settings.story_window_days)
            lo, hi = iso(shifted(story.first, -window)), iso(shifted(story.last, window))
            self._restore(story_index.stories_in_reach(self._store, lo, hi))
        else:
            self._restore(story_index.undated_stories(self._store))

    def _evict(self) -> None:
        """Drop from memory the stories last active ``_keep`` before the newest article
        (they are saved: every change was written with the article that made it)."""
        latest = self._grouper.latest
        if latest is not None and self._grouper.evict(shifted(latest, -self._keep)):
            self._complete = False

    def footprint(self) -> dict[str, int]:
        """What grouping holds in memory (:meth:`StoryGrouper.footprint`)."""
        return self._grouper.footprint()

    # -- articles ----------------------------------------------------------------------
    def add_article(
        self, article: Article, analysis: Analysis | None, *, count: bool = True
    ) -> Assignment | None:
        """Group one stored article and count its terms (unless ``count`` is False: an
        article quarantined from trend counting); None if it was grouped before (by this
        or another writer)."""
        if db.is_grouped(self._store, article.id):
            return None
        features = article_features(article, analysis)
        with self._writing() as conn:
            if db.is_grouped(self._store, article.id):
                return None
            # An undated article happens "now" on the stream's clock: the newest article
            # time seen (its ingest time only when nothing dated came before).
            at = features.time if features.time_known else (self._grouper.latest or features.time)
            self._admit_joinable(features)
            assignment = self._grouper.learn_one(features)
            state = self._grouper.story_state(assignment.story_id)
            for gone in assignment.merged:  # this article showed them to be one story
                merge_stories(conn, keep=assignment.story_id, gone=gone, at=iso(features.time))
            self._change = (assignment.story_id, assignment.df_buckets, assignment.merged)
            self._touched.add(assignment.story_id)
            db.save_assignment(
                conn,
                article_id=article.id,
                state=state.to_dict(),
                seen_at=iso(features.time),
                similarity=assignment.similarity,
                duplicate_of=assignment.duplicate_of,
                df_buckets=assignment.df_buckets,
                n_docs=self._grouper.n_docs,
            )
            if assignment.duplicate_of is None and count:  # a copy is not a second piece of evidence
                found = self._trends.record_evidence(conn, article, analysis, assignment.story_id)
                # An undated article that joins a dated story is counted when that story
                # broke (rewrites of a scoop follow it within hours), not at whatever the
                # stream's clock says when it happens to be read: the same trends in any
                # order of reading (issue 13).
                counted_at, dated = at, features.time_known
                if not dated and state.dated:
                    counted_at, dated = state.first, True
                if self._trends.plausible(counted_at):
                    self._trends.count_or_hold(conn, found, counted_at, assignment.story_id, dated,
                                               self._grouper.latest is not None)
                else:
                    log.warning("%s: dated %s, after the plausible range; not counted for trends",
                                article.source, iso(counted_at))
            self._evict()
        return assignment

    def refine(self) -> int:
        """After a batch: merge the stories its articles joined with the stories they
        are one with (:meth:`StoryGrouper.refine`), in the store as in memory (the older
        story keeps its id, the other redirects to it); returns how many merged away."""
        touched, self._touched = self._touched, set()
        if not touched:
            return 0
        n = 0
        with self._writing() as conn:
            self._restore(touched)  # a late article's story may have left memory again since
            self._reached = set()  # spans are looked up afresh in each refinement
            merges = self._grouper.refine(sorted(touched))
            if not merges:
                self._evict()
                return 0
            into = {gone: keep for keep, gone in merges}
            for keep, gone in merges:  # a story kept by one merge may be merged away by a later one
                at = iso(self._grouper.story_state(_final(keep, into)).last)
                merge_stories(conn, keep=keep, gone=gone, at=at)
            kept = sorted({_final(keep, into) for keep, _ in merges})
            for story_id in kept:
                db.save_story(conn, self._grouper.story_state(story_id).to_dict())
            # one change names one kept story: the others' are recorded as merged into it
            # too, which makes another writer reload every one of them from the store
            self._change = (kept[0], (), [gone for _, gone in merges] + kept[1:])
            n = len(merges)
            self._evict()
        log.info("batch refinement merged %d story(ies)", n)
        return n

    # -- posts and trends --------------------------------------------------------------
    def add_post(self, post: PostItem, *, story_id: str | None = None) -> bool:
        """Store one post and count its terms; False if it was already stored."""
        with self._writing() as conn:
            return self._trends.add_post(conn, post, story_id)

    # -- order ------------------------------------------------------------------------
    def settle_trends(self) -> bool:
        """At the end of a batch (an ingest, a posts file): when many of its items came
        after a newer time bucket (an archive read in file order, not time order; undated
        articles counted when their story broke), the detector skipped or mis-scored
        them; replay it over the stored history in time order so the flags are those a
        time-ordered stream would have raised (:meth:`TrendCounts.replay_needed`). True
        when it did."""
        if not self._trends.replay_needed():
            return False
        self.rebuild_trends()
        return True

    def rebuild_trends(self) -> None:
        """Replay the detector over every stored bucket in time order (each bucket whole:
        its terms' counts of sources and its number of sources), replacing the flags and
        the saved baselines."""
        with self._writing() as conn:
            self._trends.rebuild(conn)
