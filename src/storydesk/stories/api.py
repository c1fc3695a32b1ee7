"""What :class:`storydesk.Desk` answers about stories and trends: plain functions over
the store, in the shapes the CLI and the web desk consume."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ..config import Settings
from ..errors import ConfigError
from ..model import Rejection
from ..store import Store
from ..store import stories as db
from .features import iso, parse_time
from .postfile import read_posts
from .tracker import StoryTracker
from .trend_evidence import PostItem
from .trend_list import DEFAULT_WINDOW, list_trends
from .trends import bucket_floor
from .when import resolve_since

__all__ = ["DEFAULT_WINDOW", "PostReport", "get_story", "ingest_posts", "list_stories", "resolve_at", "trends"]


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
    settings: Settings | None = None,
) -> PostReport:
    """Store and count the posts of a JSON Lines file (see :mod:`.postfile`). Reading is
    bounded by the bytes actually read (a device or a pipe costs no more than a file);
    with ``settings``, a post whose time is not plausible (``date_min``,
    ``date_future_hours``) is rejected, so one post cannot move the trend clock."""
    import io

    from ..ingest.sources import read_input
    from ..plausible import implausible_time

    report = PostReport()
    read = read_input(path, max_bytes)
    if isinstance(read, Rejection):
        results: list = [Rejection(path, f"cannot read posts file: {read.reason}")]
    else:
        try:
            text = read.data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            results = [Rejection(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})")]
        else:
            check = (lambda moment: implausible_time(moment, settings)) if settings is not None else None
            results = list(read_posts(io.StringIO(text, newline=None), path, max_bytes, check=check))
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
    row["trend_score"] = db.story_trend_score(store, row["id"], row["first_seen"], row["last_seen"],
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


def trends(store: Store, settings: Settings, *, window: str | None, at: str | None = None) -> dict:
    """What is trending in ``window`` ending ``at`` (an ISO date or time; a date means the
    end of that day; default: now in a live desk, else the newest activity that is not an
    outlier): ``{"at", "mode", "window", "notes", "trends"}`` (see :mod:`.trend_list`)."""
    return list_trends(store, settings, window=window, at=resolve_at(at))


def resolve_at(value: str | None) -> datetime | None:
    """``--at``: an ISO date (the end of that day) or date and time, as naive UTC.

    >>> resolve_at("2020-02-03").isoformat(), resolve_at("2020-02-03T10:00:00+01:00").isoformat()
    ('2020-02-04T00:00:00', '2020-02-03T09:00:00')
    """
    if value is None or not value.strip():
        return None
    moment = parse_time(value)
    if moment is None:
        raise ConfigError(f"--at takes an ISO date or time (2020-02-03, 2020-02-03T12:00); got {value!r}")
    if len(value.strip()) == 10:
        moment += timedelta(days=1)
    return moment
