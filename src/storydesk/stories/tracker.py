"""The live desk's stateful part: one :class:`StoryTracker` per store groups each new
article into a story and counts its terms (and its embedded posts' terms) for trend
detection, persisting every change, so a restart resumes from the store.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..config import Settings
from ..model import Analysis, Article, Post
from ..store import Store
from ..store import stories as db
from .features import article_features, parse_time
from .grouping import Assignment, StoryGrouper, StoryState
from .terms import Term, article_terms, post_terms
from .trends import Flag, TrendDetector

log = logging.getLogger(__name__)

MAX_PENDING = 20


def iso(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat()


def post_id(platform: str | None, handle: str | None, text: str) -> str:
    """A post's id: the same post embedded by two outlets (or given twice) has one id."""
    key = "\x1f".join([(platform or "").lower(), (handle or "").lstrip("@").lower(), " ".join(text.split())])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class PostItem:
    """A social post in the stream (from ``ingest --posts`` or embedded in an article)."""

    time: datetime
    text: str
    source: str
    platform: str | None = None
    author: str | None = None
    handle: str | None = None
    hashtags: tuple[str, ...] = ()
    id: str | None = None  # computed from platform, handle and text when not given
    article_id: str | None = None

    @property
    def key(self) -> str:
        return self.id or post_id(self.platform, self.handle, self.text)


class StoryTracker:
    """Grouping and trend state of one store (restored when created)."""

    def __init__(self, store: Store, settings: Settings):
        self._store = store
        self._grouper = StoryGrouper(settings.story_threshold, settings.story_window_days)
        self._horizon = timedelta(days=self._grouper.horizon_days)
        self._loaded: tuple[datetime, datetime] | None = None
        #: Undated articles that arrived before any dated one: their trend counts wait
        #: for the stream's clock (at most MAX_PENDING; lost if the process stops first).
        self._pending: list[tuple[Article, Analysis | None, str, datetime]] = []
        n_docs, df = db.load_df(store)
        self._grouper.restore_df(n_docs, df, parse_time(db.latest_activity(store)))
        self._detector = TrendDetector(
            settings.trend_bucket_hours, settings.trend_threshold, settings.trend_table_size
        )
        self._restore_trends()

    # -- restore -----------------------------------------------------------------------
    def _restore_trends(self) -> None:
        state = db.load_trend_state(self._store)
        if state is not None:
            try:
                self._detector.restore(state)
            except ValueError as exc:
                log.warning("trend state not restored (%s); baselines start afresh", exc)
        done = self._detector.finished_upto
        start = iso(self._detector.bucket_start(done + 1)) if done is not None else ""
        for key, label, kind, bucket, n in db.volumes_since(self._store, start):
            self._detector.replay(Term(key, label, kind), datetime.fromisoformat(bucket), n)

    def _load_stories_near(self, t: datetime) -> None:
        """Make the stored stories an article at ``t`` may join active (once per range)."""
        lo, hi = t - self._horizon, t + self._horizon
        if self._loaded is not None and self._loaded[0] <= lo and hi <= self._loaded[1]:
            return
        ids = set(db.story_ids_between(self._store, iso(lo), iso(hi))) - self._grouper.active_ids()
        for state in db.load_story_states(self._store, sorted(ids)):
            self._grouper.restore_story(StoryState.from_dict(state))
        self._loaded = (lo, hi) if self._loaded is None else (min(lo, self._loaded[0]), max(hi, self._loaded[1]))

    # -- articles ----------------------------------------------------------------------
    def add_article(self, article: Article, analysis: Analysis | None) -> Assignment | None:
        """Group one stored article and count its terms; None if it was grouped before."""
        if db.is_grouped(self._store, article.id):
            return None
        features = article_features(article, analysis)
        # An undated article happens "now" on the stream's clock: the newest article time
        # seen (its ingest time only when nothing dated came before).
        at = features.time if features.time_known else (self._grouper.latest or features.time)
        self._load_stories_near(at)
        assignment = self._grouper.learn_one(features)
        state = self._grouper.story_state(assignment.story_id)
        db.save_assignment(
            self._store,
            article_id=article.id,
            state=state.to_dict(),
            seen_at=iso(features.time),
            similarity=assignment.similarity,
            duplicate_of=assignment.duplicate_of,
            df_buckets=assignment.df_buckets,
            n_docs=self._grouper.n_docs,
        )
        if assignment.duplicate_of is None:  # a copy is not a second piece of evidence
            if features.time_known or self._grouper.latest is not None:
                self._flush_pending(at)
                self._count_article(article, analysis, at, assignment.story_id)
            else:  # no clock yet: wait for the first dated article to tell the time
                self._pending.append((article, analysis, assignment.story_id, at))
                if len(self._pending) >= MAX_PENDING:
                    self._flush_pending(None)
        evicted = self._grouper.evict_inactive()
        if evicted and self._loaded is not None:
            self._loaded = (max(self._loaded[0], at - self._horizon), self._loaded[1])
        return assignment

    def _count_article(self, article: Article, analysis: Analysis | None, at: datetime, story_id: str) -> None:
        self._count(article_terms(article, analysis), at, story_id)
        for post in analysis.posts if analysis is not None else ():
            self.add_post(self._embedded(post, article, at), story_id=story_id)

    def _flush_pending(self, at: datetime | None) -> None:
        """Count the undated articles held back, at ``at`` (else at their ingest times)."""
        pending, self._pending = self._pending, []
        for article, analysis, story_id, ingested in pending:
            self._count_article(article, analysis, at or ingested, story_id)

    @staticmethod
    def _embedded(post: Post, article: Article, at: datetime) -> PostItem:
        posted = parse_time(post.date)
        return PostItem(
            time=posted if posted is not None and posted <= at else at,
            text=post.text, source=article.source, platform=post.platform, author=post.author,
            handle=post.handle, hashtags=post.hashtags, article_id=article.id,
        )

    # -- posts and trends --------------------------------------------------------------
    def add_post(self, post: PostItem, *, story_id: str | None = None) -> bool:
        """Store one post and count its terms; False if it was already stored."""
        new = db.add_post(self._store, {
            "id": post.key, "time": iso(post.time), "platform": post.platform, "author": post.author,
            "handle": post.handle, "text": post.text, "source": post.source, "article_id": post.article_id,
        })
        if new:
            self._count(post_terms(post.text, post.hashtags), post.time, story_id)
        return new

    def _count(self, terms: list[Term], at: datetime, story_id: str | None) -> list[Flag]:
        if not terms:
            return []
        before = (self._detector.finished_upto, self._detector.newest)
        flags = self._detector.learn_one(terms, at)
        bucket = iso(self._detector.bucket_start(self._detector.bucket_of(at)))
        db.add_terms(self._store, [(t.key, t.text, t.kind) for t in terms], bucket, story_id, iso(at))
        if flags:
            db.add_flags(self._store, [
                (f.term.key, iso(f.bucket), f.term.text, f.term.kind, f.score, f.count) for f in flags
            ])
        if (self._detector.finished_upto, self._detector.newest) != before:
            db.save_trend_state(self._store, self._detector.save())
        return flags
