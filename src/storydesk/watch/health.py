"""Feed health, as ``storydesk feeds list`` and the web desk's feeds page show it, and
the feed-list changes those commands make (add, remove, resume)."""

from __future__ import annotations

from collections.abc import Iterable

from ..model import Rejection
from ..store import Store
from ..store import feeds as db
from .clock import iso
from .feedlist import FeedRef

#: The fields of a health row, in display order.
HEALTH_FIELDS = ("id", "url", "title", "state", "last_poll", "last_status", "entries_seen",
                 "articles_stored", "next_poll", "failures", "last_error", "polls", "not_modified",
                 "interval_s")


def state_of(feed: dict) -> str:
    """What ``feeds list`` calls the feed's state.

    >>> state_of({"parked": "410 Gone", "failures": 1, "polls": 3})
    'parked'
    >>> state_of({"parked": None, "failures": 2, "polls": 3}), state_of({"parked": None, "failures": 0, "polls": 0})
    ('failing', 'new')
    """
    if feed.get("parked"):
        return "parked"
    if feed.get("failures"):
        return "failing"
    return "ok" if feed.get("polls") else "new"


def feed_health(store: Store) -> list[dict]:
    """One row per feed: its state (ok, new, failing, parked) and counters."""
    rows = []
    for feed in db.list_feeds(store):
        row = {k: feed.get(k) for k in HEALTH_FIELDS if k != "state"}
        row["state"] = state_of(feed)
        if feed.get("parked"):
            row["last_error"] = f"parked: {feed['parked']}" + (f" (last error: {feed['last_error']})"
                                                               if feed.get("last_error") else "")
        rows.append({k: row.get(k) for k in HEALTH_FIELDS})
    return rows


def add(store: Store, refs: Iterable[FeedRef], now: float) -> list[tuple[dict, bool]]:
    return [db.add_feed(store, r.url, iso(now), title=r.title, site_url=r.site_url) for r in refs]


def remove(store: Store, refs: Iterable[str]) -> tuple[list[dict], list[Rejection]]:
    """Stop watching feeds named by id or URL (their articles stay)."""
    removed, unknown = [], []
    for ref in refs:
        feed = db.find_feed(store, ref)
        if feed is None:
            unknown.append(Rejection(ref, "no such feed (give its id or URL, see `storydesk feeds list`)"))
            continue
        db.remove_feed(store, feed["id"])
        removed.append(feed)
    return removed, unknown


def resume(
    store: Store, refs: Iterable[str], now: float, *, everything: bool = False
) -> tuple[list[dict], list[Rejection]]:
    """Poll parked feeds again, at once, their failure count cleared."""
    feeds = [f for f in db.list_feeds(store) if f["parked"]] if everything else []
    unknown = []
    for ref in refs:
        feed = db.find_feed(store, ref)
        if feed is None:
            unknown.append(Rejection(ref, "no such feed (give its id or URL, see `storydesk feeds list`)"))
        else:
            feeds.append(feed)
    for feed in feeds:
        db.update_feed(store, feed["id"], parked=None, failures=0, next_poll=iso(now), not_before=None)
    return feeds, unknown
