"""The trend half of the live desk's tracker (:class:`~storydesk.stories.tracker.StoryTracker`):
each article's and post's terms counted in the trend detector, once per source, the undated
articles held back until the stream's clock is known, and the replay of the detector over
the stored history when a batch came out of time order. Every change is written in the
tracker's write transaction (the ``conn`` each method takes), so a restart resumes from
the store.
"""

from __future__ import annotations

import logging
from datetime import datetime

from ..config import Settings
from ..model import Analysis, Article
from ..store import Store
from ..store import stories as db
from ..store import trends as tdb
from .features import iso, parse_time
from .terms import TREND_ENTITY_TYPES, Term, case_counts, clean_name, lines, name_words, post_terms, term_key
from .trend_evidence import PostItem, article_source, evidence
from .trends import Flag, TrendDetector

log = logging.getLogger(__name__)

#: Undated articles held back (in the store) while no dated article has told the time.
MAX_PENDING = 20
#: A line an outlet has already printed in this many other stories is its boilerplate
#: (forms, navigation, bylines, credits): it gives no trend terms.
BOILERPLATE_STORIES = 2
#: A batch in which at least this share of the items (and ``LATE_MIN`` of them, unless the
#: batch is most of the store) came after their bucket was finished was an archive read
#: out of time order: the detector is replayed over the stored history in time order
#: (:meth:`TrendCounts.replay_needed`).
LATE_SHARE = 0.05
LATE_MIN = 10


def detector_for(settings: Settings) -> TrendDetector:
    """The trend detector the settings describe."""
    return TrendDetector(settings.trend_bucket_hours, settings.trend_threshold,
                         settings.trend_table_size, min_share=settings.trend_min_share)


class TrendCounts:
    """The trend detector of one store, the undated articles it holds back and how late
    the current batch's items came (see the module docstring)."""

    def __init__(self, store: Store, settings: Settings):
        self._store = store
        self._settings = settings
        self._detector = detector_for(settings)
        self._pending: list[dict] = []
        self._batch = [0, 0]  # items counted, items late for the detector, since the last settle

    def load(self) -> None:
        """The trend state from the store: the detector's baselines, the buckets it has
        not finished yet and the undated articles held back."""
        self._detector = detector_for(self._settings)
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
        for bucket, n in tdb.items_since(self._store, start):
            self._detector.replay_items(datetime.fromisoformat(bucket), n)
        self._pending = db.load_pending(self._store)

    def plausible(self, at: datetime) -> bool:
        """Trend evidence dated after the plausible range (``date_future_hours`` from
        now) is not counted: a wrong date would move the detector's clock and make
        every later item late. (Articles stored through the desk were already moved to
        their ingest time; this guards direct use of the tracker.)"""
        from ..plausible import plausible_range, utc_now

        return at <= plausible_range(self._settings, utc_now())[1]

    def record_evidence(self, conn, article: Article, analysis: Analysis | None, story_id: str) -> dict:
        """The article's trend evidence, its outlet's boilerplate lines left out; records
        the store-wide evidence later listings read (lines the outlet printed, how words
        are written, the types its names were given)."""
        outlet = article_source(article)
        found_lines = lines(article.text)
        printed = tdb.outlet_lines(conn, outlet, [k for _, _, k in found_lines])
        boiler = [(s, e) for s, e, k in found_lines if printed.get(k, 0) >= BOILERPLATE_STORIES]
        tdb.add_outlet_lines(conn, outlet, [k for _, _, k in found_lines], story_id)
        tdb.add_word_case(conn, case_counts(article.text, boiler))
        if analysis is not None:
            typed = set()
            for e in analysis.entities:
                if any(s <= e.start < end for s, end in boiler):
                    continue
                if e.type in TREND_ENTITY_TYPES:
                    typed.add((term_key(clean_name(e.canonical)), e.type))
                else:
                    typed |= {(w, e.type) for w in {term_key(e.text), *name_words(e.text)}}
            for d in analysis.dates:  # "Dec" of "Dec. 27": each word of a date counts as one
                if not any(s <= d.start < end for s, end in boiler):
                    typed |= {(w, "DATE") for w in name_words(d.text) if not w.isdigit()}
            tdb.add_term_types(conn, sorted(typed))
        return evidence(article, analysis, boiler)

    def count_or_hold(self, conn, found: dict, at: datetime, story_id: str, dated: bool,
                     clock_known: bool) -> None:
        """Count an article's evidence now, or — undated, with no clock yet (``clock_known``:
        no article has told the stream's time) — hold it in the store until the first dated
        article tells the time."""
        if dated or clock_known:
            self._flush_pending(conn, at)
            self._count_evidence(conn, found, at, story_id)
            return
        self._pending.append({**found, "story_id": story_id, "at": iso(at)})
        if len(self._pending) >= MAX_PENDING:
            self._flush_pending(conn, None)
        else:
            db.save_pending(conn, self._pending)

    def _flush_pending(self, conn, at: datetime | None) -> None:
        """Count the undated articles held back, at ``at`` (else at their ingest times)."""
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        for item in pending:
            self._count_evidence(conn, item, at or datetime.fromisoformat(item["at"]), item["story_id"])
        db.save_pending(conn, [])

    def _count_evidence(self, conn, found: dict, at: datetime, story_id: str) -> None:
        source = found.get("counts_as") or f"source:{found['source']}"
        self._count(conn, [Term(*t) for t in found["terms"]], at, story_id, source)
        for post in found["posts"]:
            posted = parse_time(post["date"])
            item = PostItem(
                time=posted if posted is not None and posted <= at else at,
                text=post["text"], source=found["source"], platform=post["platform"],
                author=post["author"], handle=post["handle"], hashtags=tuple(post["hashtags"]),
                article_id=found["article_id"], counts_as=source,
            )
            self.add_post(conn, item, story_id)

    def add_post(self, conn, post: PostItem, story_id: str | None) -> bool:
        """Store one post and count its terms; False if it was already stored."""
        new = db.add_post(conn, {
            "id": post.key, "time": iso(post.time), "platform": post.platform, "author": post.author,
            "handle": post.handle, "text": post.text, "source": post.source, "article_id": post.article_id,
        })
        if new and self.plausible(post.time):
            self._count(conn, post_terms(post.text, post.hashtags), post.time, story_id, post.account)
        return new

    def _count(self, conn, terms: list[Term], at: datetime, story_id: str | None, source: str) -> list[Flag]:
        """Count one document of ``source``: in the detector, each source counts once per
        term and bucket (and once in the bucket's items), so one prolific outlet or
        account cannot make a burst; its documents still count in its story."""
        before = (self._detector.finished_upto, self._detector.newest)
        bucket = iso(self._detector.bucket_start(self._detector.bucket_of(at)))
        first = tdb.count_source(conn, bucket, source)
        seen = set() if first else tdb.source_terms(conn, bucket, source)
        new = [t for t in terms if t.key not in seen]
        late, newest = self._detector.late_items, self._detector.newest
        flags = self._detector.learn_one(new, at, items=1 if first else 0)
        # skipped (its bucket was finished), or counted into a bucket older than one the
        # detector had already seen: a stream read in time order would have flagged otherwise
        behind = newest is not None and self._detector.bucket_of(at) < newest
        self._batch[self._detector.late_items > late or behind] += 1
        db.add_terms(conn, [(t.key, t.text, t.kind) for t in terms], bucket, story_id, iso(at),
                     counted={t.key for t in new})
        tdb.add_term_sources(conn, [t.key for t in terms], bucket, source, story_id)
        if flags:
            db.add_flags(conn, [
                (f.term.key, iso(f.bucket), f.term.text, f.term.kind, f.score, f.count, f.expected)
                for f in flags
            ])
        if (self._detector.finished_upto, self._detector.newest) != before:
            db.save_trend_state(conn, self._detector.save())
        return flags

    def replay_needed(self) -> bool:
        """Whether the items counted since the last call must be replayed in time order
        (:meth:`rebuild`): many came after a newer time bucket, so the detector skipped or
        mis-scored them. Starts the next batch's count."""
        counted, late = self._batch
        self._batch = [0, 0]
        if not late or late < LATE_SHARE * (counted + late):
            return False
        # a replay reads the whole store: worth it for many late items, or when the batch
        # is most of what the store holds (a first ingest), where it costs about as much
        if late < LATE_MIN and 2 * (counted + late) < sum(n for _, n in tdb.activity(self._store)):
            return False
        log.info("%d of %d items arrived after their time bucket was finished; trend detection "
                 "replayed over the stored history in time order", late, counted + late)
        return True

    def rebuild(self, conn) -> None:
        """Replay the detector over every stored bucket in time order (each bucket whole:
        its terms' counts of sources and its number of sources), replacing the flags and
        the saved baselines."""
        detector = detector_for(self._settings)
        items = dict(tdb.activity(self._store))
        tdb.clear_flags(conn)
        bucket: str | None = None
        counts: list = []

        def flush() -> None:
            assert bucket is not None  # flushed only once a bucket is open
            flags = detector.learn_bucket(counts, datetime.fromisoformat(bucket), items.get(bucket, 0))
            db.add_flags(conn, [(f.term.key, iso(f.bucket), f.term.text, f.term.kind, f.score, f.count,
                                 f.expected) for f in flags])

        for b, key, label, kind, n in tdb.all_volumes(self._store).fetchall():
            if b != bucket and bucket is not None:
                flush()
                counts = []
            bucket = b
            counts.append((Term(key, label, kind), n))
        if bucket is not None:
            flush()
        db.save_trend_state(conn, detector.save())
        self._detector = detector
