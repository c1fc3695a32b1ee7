"""The writer's side of post streams: storing each post a stream brings, linking it to the
story of a stored article it links to, and saving each stream's cursor only after its
posts are stored (so a watcher killed at any point re-reads them on restart and finds
them stored: no gap, no duplicate)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

from ..desk import Desk
from ..model import Rejection
from ..store import feeds as db
from ..stories.trend_evidence import PostItem
from .clock import Clock, iso
from .streams import StreamError
from .urls import canonical_url

log = logging.getLogger(__name__)

#: Real seconds between two saves of a busy stream's cursor.
CURSOR_EVERY = 1.0


@dataclass
class StreamPost:
    """One item a stream's thread hands the writer: a post, a rejected one, or the
    stream's error, with the cursor after it."""

    spec: str
    item: PostItem | Rejection | StreamError
    cursor: str | None


@dataclass
class _StreamState:
    cursor: str | None = None
    new: int = 0
    saved_at: float = field(default_factory=time.monotonic)


class PostIntake:
    """Stores the posts of a watcher's streams; the watcher's counters are ``stats``."""

    def __init__(self, desk: Desk, clock: Clock, stats):
        self.desk = desk
        self.clock = clock
        self.stats = stats
        self._state: dict[str, _StreamState] = {}

    def resume(self, spec: str) -> str | None:
        """The cursor a stream starts from: the one saved by the last run, if any."""
        saved = db.stream_state(self.desk.store, spec)
        state = self._state[spec] = _StreamState(cursor=saved["cursor"] if saved else None)
        return state.cursor

    def store(self, item: StreamPost) -> None:
        state = self._state.setdefault(item.spec, _StreamState())
        now = iso(self.clock.time())
        if isinstance(item.item, StreamError):
            log.warning("post stream %s: %s", item.spec, item.item.message)
            db.save_stream(self.desk.store, item.spec, now, error=item.item.message)
            return
        if isinstance(item.item, Rejection):
            self.stats.rejected += 1
            self.desk.store.add_rejection(item.item)
        else:
            post = item.item
            story_id = self._linked_story(post)
            if self.desk.tracker.add_post(post, story_id=story_id):
                self.stats.posts += 1
                self.stats.posts_linked += story_id is not None
                state.new += 1
        if item.cursor is not None:
            state.cursor = item.cursor
        if time.monotonic() - state.saved_at >= CURSOR_EVERY:
            self._save_cursor(item.spec, state, now)

    def flush(self) -> None:
        """Save every stream's cursor (when the watcher stops)."""
        now = iso(self.clock.time())
        for spec, state in self._state.items():
            try:
                self._save_cursor(spec, state, now)
            except Exception:  # the store may be closing under a crash: the cursor lags a second
                log.exception("could not save the cursor of %s", spec)

    def _linked_story(self, post: PostItem) -> str | None:
        """The story of a stored article the post links to."""
        store = self.desk.store
        for link in post.links:
            article_id = db.article_with_url(store, [u for u in (canonical_url(link), link) if u is not None])
            if article_id is not None:
                return db.story_of_article(store, article_id)
        return None

    def _save_cursor(self, spec: str, state: _StreamState, now: str) -> None:
        db.save_stream(self.desk.store, spec, now, cursor=state.cursor, new_posts=state.new)
        state.new, state.saved_at = 0, time.monotonic()
