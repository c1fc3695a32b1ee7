"""What :class:`storydesk.Desk` answers about stories and trends: plain functions over
the store, in the shapes the CLI and the web desk consume."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

from ..config import Settings
from ..model import Rejection
from ..store import Store
from ..store import stories as db
from .features import parse_time
from .postfile import read_posts
from .tracker import PostItem, StoryTracker, iso
from .trends import bucket_floor
from .when import parse_duration, resolve_since


#: Trends window when none is given.
DEFAULT_WINDOW = "7d"


@dataclass
class PostReport:
    """What one ``ingest --posts`` did (exit status as the CLI documents it)."""

    stored: int = 0
    already: int = 0
    rejected: list[Rejection] = field(default_factory=list)

    @property
    def exit_status(self) -> int:
        return 3 if self.rejected else 0


def ingest_posts(
    tracker: StoryTracker,
    store: Store,
    path: str,
    *,
    max_bytes: int,
    on_result: Callable[[PostItem | Rejection, bool], None] | None = None,
) -> PostReport:
    """Store and count the posts of a JSON Lines file (see :mod:`.postfile`)."""
    report = PostReport()
    try:
        if path != "-" and Path(path).stat().st_size > max_bytes:
            results = [Rejection(path, f"file is larger than max_input_bytes ({max_bytes})")]
        else:
            results = None
        handle = None if results is not None else open(path, encoding="utf-8") if path != "-" else None
    except OSError as exc:
        results, handle = [Rejection(path, f"cannot read posts file: {exc.strerror or exc}")], None
    if results is None:
        import sys

        stream = handle if handle is not None else sys.stdin
        try:
            results = list(read_posts(stream, path, max_bytes))
        except UnicodeDecodeError as exc:
            results = [Rejection(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})")]
        finally:
            if handle is not None:
                handle.close()
    for result in results:
        if isinstance(result, Rejection):
            store.add_rejection(result)
            report.rejected.append(result)
            is_new = False
        else:
            is_new = tracker.add_post(result)
            if is_new:
                report.stored += 1
            else:
                report.already += 1
        if on_result is not None:
            on_result(result, is_new)
    return report


def _floor(settings: Settings) -> Callable[[str], str]:
    def floor(moment: str) -> str:
        parsed = parse_time(moment)
        return iso(bucket_floor(parsed, settings.trend_bucket_hours)) if parsed else moment

    return floor


def _scored(store: Store, settings: Settings, row: dict) -> dict:
    """A story row with its trend score: the highest burst score of its terms from the
    start of the bucket it began in to its last activity."""
    floor = _floor(settings)
    row["trend_score"] = db._trend_score(store, row["id"], row["first_seen"], row["last_seen"],
                                         floor(row["first_seen"]))
    return row


def list_stories(store: Store, settings: Settings, *, since: str | None, limit: int, offset: int) -> list[dict]:
    """Story rows, newest activity first (see :func:`storydesk.store.stories.list_stories`),
    with their trend scores."""
    if limit < 0 or offset < 0:
        raise ValueError("limit and offset must be at least 0")
    start = resolve_since(since, db.latest_activity(store)) if since else None
    return [_scored(store, settings, row) for row in db.list_stories(store, since=start, limit=limit, offset=offset)]


def get_story(store: Store, settings: Settings, story_id: str) -> dict:
    return _scored(store, settings, db.get_story(store, story_id))


def trends(store: Store, settings: Settings, *, window: str | None) -> list[dict]:
    """Terms flagged within ``window`` of the newest bucket, highest burst score first,
    each with its volume (over twice the window, so the baseline shows) and the story
    that explains it."""
    span = parse_duration(window or DEFAULT_WINDOW)
    latest = db.latest_bucket(store)
    if latest is None:
        return []
    end = datetime.fromisoformat(latest)
    start = iso(bucket_floor(end - span, settings.trend_bucket_hours))
    history = iso(bucket_floor(end - 2 * span, settings.trend_bucket_hours))
    out = []
    for key, label, kind, score in db.flagged_since(store, start):
        story = db.explaining_story(store, key, start)
        out.append({
            "term": label,
            "kind": kind,
            "score": round(float(score), 4),
            "volume": db.volume(store, key, history),
            "story_id": story[0] if story else None,
            "headline": story[1] if story else None,
        })
    return out
