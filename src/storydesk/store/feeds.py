"""Reads and writes of watched feeds, the entries they carried, the keys that make one
article of an entry seen in several feeds or again after an edit, and post-stream cursors
(all their SQL; the tables come from migration ``0007_feeds``).

Times are naive-UTC ISO strings ("YYYY-MM-DDTHH:MM:SS"), given by the caller (the watcher
runs on its own clock), so they compare as text.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any, overload

from .db import Store, _now

#: Columns of a feed row, in ``feeds list`` order after the identity columns.
FEED_COLUMNS = (
    "id", "url", "given_url", "title", "site_url", "added_at", "parked", "etag", "last_modified",
    "ttl_s", "not_before", "interval_s", "next_poll", "last_poll", "last_status", "last_error",
    "failures", "polls", "not_modified", "entries_seen", "articles_stored",
)
#: What a poll may change (anything else is the feed's identity).
_STATE = frozenset(FEED_COLUMNS) - {"id", "given_url", "added_at"}


@overload
def _row(row: sqlite3.Row) -> dict: ...
@overload
def _row(row: None) -> None: ...
def _row(row: sqlite3.Row | None) -> dict | None:
    return dict(zip(FEED_COLUMNS, row)) if row is not None else None


# -- the feed list ----------------------------------------------------------------------------


def add_feed(store: Store, url: str, now: str, *, title: str | None = None,
             site_url: str | None = None, given_url: str | None = None) -> tuple[dict, bool]:
    """Add a feed to poll at once; (its row, True) or, when its URL is already watched
    (as given or after a redirect), (that row, False)."""
    with store.transaction() as conn:
        found = conn.execute(
            f"SELECT {', '.join(FEED_COLUMNS)} FROM feeds WHERE url = ? OR given_url = ?", (url, url)
        ).fetchone()
        if found is not None:
            return _row(found), False
        conn.execute(
            "INSERT INTO feeds (url, given_url, title, site_url, added_at, next_poll) VALUES (?, ?, ?, ?, ?, ?)",
            (url, given_url or url, title, site_url, now, now),
        )
        row = conn.execute(f"SELECT {', '.join(FEED_COLUMNS)} FROM feeds WHERE url = ?", (url,)).fetchone()
    return _row(row), True


def find_feed(store: Store, ref: str) -> dict | None:
    """The feed with this id, URL or URL as first given."""
    row = store.execute(
        f"SELECT {', '.join(FEED_COLUMNS)} FROM feeds WHERE url = ? OR given_url = ? OR CAST(id AS TEXT) = ?",
        (ref, ref, ref),
    ).fetchone()
    return _row(row)


def remove_feed(store: Store, feed_id: int) -> None:
    """Stop watching a feed (its articles stay)."""
    with store.transaction() as conn:
        conn.execute("DELETE FROM feed_entries WHERE feed_id = ?", (feed_id,))
        conn.execute("DELETE FROM feeds WHERE id = ?", (feed_id,))


def list_feeds(store: Store) -> list[dict]:
    rows = store.execute(f"SELECT {', '.join(FEED_COLUMNS)} FROM feeds ORDER BY id").fetchall()
    return [_row(r) for r in rows]


def count_feeds(store: Store) -> int:
    return store.execute("SELECT count(*) FROM feeds WHERE parked IS NULL").fetchone()[0]


def due_feeds(store: Store, now: str, *, exclude: Iterable[int] = (), limit: int = 100) -> list[dict]:
    """Active feeds whose next poll is due at ``now``, most overdue first."""
    skip = sorted(set(exclude))
    where = f" AND id NOT IN ({', '.join('?' * len(skip))})" if skip else ""
    rows = store.execute(
        f"SELECT {', '.join(FEED_COLUMNS)} FROM feeds WHERE parked IS NULL AND next_poll <= ?{where} "
        "ORDER BY next_poll LIMIT ?",
        (now, *skip, limit),
    ).fetchall()
    return [_row(r) for r in rows]


def next_due(store: Store) -> str | None:
    """When the next active feed is due."""
    return store.execute("SELECT min(next_poll) FROM feeds WHERE parked IS NULL").fetchone()[0]


def update_feed(store: Store, feed_id: int, **state: Any) -> None:
    """Save what a poll learned (validators, schedule, status, counters)."""
    unknown = set(state) - _STATE
    if unknown:
        raise ValueError(f"not feed state: {sorted(unknown)}")
    if not state:
        return
    with store.transaction() as conn:
        if "url" in state:  # a permanent redirect onto a URL already watched: keep one row
            other = conn.execute("SELECT id FROM feeds WHERE url = ? AND id != ?", (state["url"], feed_id)).fetchone()
            if other is not None:
                moved_to = state.pop("url")
                state["parked"] = f"moved permanently to {moved_to}, already watched as feed {other[0]}"
        columns = ", ".join(f"{name} = ?" for name in state)
        conn.execute(f"UPDATE feeds SET {columns} WHERE id = ?", (*state.values(), feed_id))


def count_up(store: Store, feed_id: int, *, entries: int = 0, articles: int = 0) -> None:
    with store.transaction() as conn:
        conn.execute(
            "UPDATE feeds SET entries_seen = entries_seen + ?, articles_stored = articles_stored + ? WHERE id = ?",
            (entries, articles, feed_id),
        )


# -- entries and the keys of one article --------------------------------------------------------


def known_entry(store: Store, feed_id: int, entry_key: str) -> tuple[str | None, str] | None:
    """(article id, entry hash) of an entry this feed carried before, or None."""
    row = store.execute(
        "SELECT article_id, entry_hash FROM feed_entries WHERE feed_id = ? AND entry_key = ?",
        (feed_id, entry_key),
    ).fetchone()
    return (row[0], row[1]) if row else None


def article_for_keys(store: Store, keys: Iterable[str]) -> str | None:
    """The stored article one of ``keys`` (tried in order: GUID, canonical URL, content
    hash) already names, or None."""
    for key in keys:
        row = store.execute("SELECT article_id FROM article_keys WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return row[0]
    return None


def record_entry(store: Store, feed_id: int, entry_key: str, entry_hash: str, article_id: str | None,
                 keys: Iterable[str], now: str, published: str | None = None) -> bool:
    """Remember that the feed carried this entry (as ``article_id``) and that ``keys`` name
    that article; True when the entry is new to the feed."""
    with store.transaction() as conn:
        new = conn.execute("SELECT 1 FROM feed_entries WHERE feed_id = ? AND entry_key = ?",
                           (feed_id, entry_key)).fetchone() is None
        conn.execute(
            "INSERT INTO feed_entries (feed_id, entry_key, entry_hash, article_id, published, first_seen, last_seen) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (feed_id, entry_key) DO UPDATE SET "
            "entry_hash = excluded.entry_hash, article_id = coalesce(excluded.article_id, article_id), "
            "last_seen = excluded.last_seen",
            (feed_id, entry_key, entry_hash, article_id, min(published or now, now), now, now),
        )
        if article_id is not None:
            conn.executemany("INSERT OR IGNORE INTO article_keys (key, article_id) VALUES (?, ?)",
                             [(k, article_id) for k in keys])
    return new


def entries_since(store: Store, feed_id: int, since: str) -> int:
    """Entries this feed published (else first showed) since ``since``: its rate."""
    return store.execute(
        "SELECT count(*) FROM feed_entries WHERE feed_id = ? AND published >= ?", (feed_id, since)
    ).fetchone()[0]


def update_article(store: Store, article_id: str, *, text: str, title: str | None, raw: str,
                   published: str | None, precision: str | None, authors_json: str) -> None:
    """An edited article, in place: same id, story and keys; new text; its cached
    analyses dropped (they described the old text); the edit recorded at the store's
    time, as ingest times are."""
    with store.transaction() as conn:
        old = conn.execute("SELECT rowid, title, text FROM articles WHERE id = ?", (article_id,)).fetchone()
        if old is None:
            return
        conn.execute("INSERT INTO articles_fts(articles_fts, rowid, title, text) VALUES ('delete', ?, ?, ?)",
                     (old[0], old[1] or "", old[2]))
        conn.execute(
            "UPDATE articles SET text = ?, title = ?, raw = ?, published = coalesce(?, published), "
            "precision = coalesce(?, precision), authors = ? WHERE id = ?",
            (text, title, raw, published, precision, authors_json, article_id),
        )
        conn.execute("INSERT INTO articles_fts(rowid, title, text) VALUES (?, ?, ?)", (old[0], title or "", text))
        conn.execute("DELETE FROM analyses WHERE article_id = ?", (article_id,))
        conn.execute("INSERT INTO article_edits (article_id, at) VALUES (?, ?)", (article_id, _now()))


def feeds_of_stories(store: Store, story_ids: Iterable[str]) -> set[int]:
    """Feeds that carried an article of one of these stories."""
    ids = sorted(set(story_ids))
    if not ids:
        return set()
    rows = store.execute(
        "SELECT DISTINCT e.feed_id FROM feed_entries e JOIN story_articles s ON s.article_id = e.article_id "
        f"WHERE s.story_id IN ({', '.join('?' * len(ids))})",
        ids,
    ).fetchall()
    return {r[0] for r in rows}


def article_with_url(store: Store, urls: Iterable[str]) -> str | None:
    """A stored article whose key or URL is one of ``urls`` (however it was ingested)."""
    for url in dict.fromkeys(u for u in urls if u):
        found = article_for_keys(store, [f"url:{url}"])
        if found is None:
            row = store.execute("SELECT id FROM articles WHERE url = ? LIMIT 1", (url,)).fetchone()
            found = row[0] if row else None
        if found is not None:
            return found
    return None


def story_of_article(store: Store, article_id: str) -> str | None:
    row = store.execute("SELECT story_id FROM story_articles WHERE article_id = ?", (article_id,)).fetchone()
    return row[0] if row else None


# -- what changed, for the live pages ----------------------------------------------------------


def last_change(store: Store, story_id: str | None = None) -> str | None:
    """When the store (or one story) last gained or changed an article (ingest time)."""
    if story_id is None:
        added = store.execute("SELECT max(ingested_at) FROM articles").fetchone()[0]
        edited = store.execute("SELECT max(at) FROM article_edits").fetchone()[0]
    else:
        added = store.execute(
            "SELECT max(a.ingested_at) FROM articles a JOIN story_articles s ON s.article_id = a.id "
            "WHERE s.story_id = ?", (story_id,)).fetchone()[0]
        edited = store.execute(
            "SELECT max(e.at) FROM article_edits e JOIN story_articles s ON s.article_id = e.article_id "
            "WHERE s.story_id = ?", (story_id,)).fetchone()[0]
    return max((t for t in (added, edited) if t), default=None)


def changed_since(store: Store, since: str, story_id: str | None = None) -> dict[str, list[str]]:
    """Article ids added and edited after ``since`` (in one story, or anywhere)."""
    join = " JOIN story_articles s ON s.article_id = a.id AND s.story_id = ?" if story_id else ""
    params: tuple = (story_id, since) if story_id else (since,)
    added = store.execute(f"SELECT a.id FROM articles a{join} WHERE a.ingested_at > ? ORDER BY a.ingested_at",
                          params).fetchall()
    join_e = " JOIN story_articles s ON s.article_id = a.article_id AND s.story_id = ?" if story_id else ""
    edited = store.execute(f"SELECT DISTINCT a.article_id FROM article_edits a{join_e} WHERE a.at > ?",
                           params).fetchall()
    new = [r[0] for r in added]
    return {"added": new, "edited": [r[0] for r in edited if r[0] not in set(new)]}


def stories_changed_since(store: Store, since: str, limit: int = 200) -> dict[str, int]:
    """Story id → number of articles it gained after ``since``."""
    rows = store.execute(
        "SELECT s.story_id, count(*) FROM articles a JOIN story_articles s ON s.article_id = a.id "
        "WHERE a.ingested_at > ? GROUP BY s.story_id LIMIT ?", (since, limit)).fetchall()
    return {r[0]: r[1] for r in rows}


def edit_stamp(store: Store, article_ids: Iterable[str]) -> int:
    """How many edits these articles have had (a cache key part: a brief changes with it)."""
    ids = list(article_ids)
    if not ids:
        return 0
    total = 0
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        total += store.execute(
            f"SELECT count(*) FROM article_edits WHERE article_id IN ({', '.join('?' * len(chunk))})", chunk
        ).fetchone()[0]
    return total


# -- post streams --------------------------------------------------------------------------------


def stream_state(store: Store, spec: str) -> dict | None:
    row = store.execute("SELECT spec, cursor, posts, last_error, updated_at FROM streams WHERE spec = ?",
                        (spec,)).fetchone()
    return dict(row) if row else None


def list_streams(store: Store) -> list[dict]:
    rows = store.execute("SELECT spec, cursor, posts, last_error, updated_at FROM streams ORDER BY spec").fetchall()
    return [dict(r) for r in rows]


def save_stream(store: Store, spec: str, now: str, *, cursor: str | None = None, new_posts: int = 0,
                error: str | None = None) -> None:
    """Advance a stream's cursor (after its posts are stored: a restart re-reads at most
    the last post, which is then found stored) and count its posts."""
    with store.transaction() as conn:
        conn.execute(
            "INSERT INTO streams (spec, cursor, posts, last_error, updated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (spec) DO UPDATE SET cursor = coalesce(excluded.cursor, cursor), "
            "posts = posts + excluded.posts, last_error = excluded.last_error, updated_at = excluded.updated_at",
            (spec, cursor, new_posts, error, now),
        )
