"""Stories merged into one (all their SQL): a late article can show that two stories are
one event. The story that started first keeps its id; the other's articles, term counts
and span move to it, and its id is kept in ``story_merges`` so that links to it (pages,
API, saved ids) are redirected rather than broken."""

from __future__ import annotations

import sqlite3

from .db import Store


def merge_stories(conn: sqlite3.Connection, keep: str, gone: str, at: str) -> None:
    """Move story ``gone`` into ``keep`` (inside the writer's transaction); ids that
    redirected to ``gone`` now redirect to ``keep``."""
    conn.execute("UPDATE story_articles SET story_id = ? WHERE story_id = ?", (keep, gone))
    conn.execute(
        "INSERT INTO story_terms (story_id, term, label, kind, n, last_seen) "
        "SELECT ?, term, label, kind, n, last_seen FROM story_terms WHERE story_id = ? AND true "
        "ON CONFLICT (story_id, term) DO UPDATE SET n = n + excluded.n, "
        "last_seen = max(last_seen, excluded.last_seen), "
        "kind = CASE WHEN excluded.kind = 'entity' THEN 'entity' ELSE kind END",
        (keep, gone),
    )
    conn.execute("DELETE FROM story_terms WHERE story_id = ?", (gone,))
    conn.execute("DELETE FROM stories WHERE id = ?", (gone,))
    conn.execute("UPDATE story_merges SET into_id = ? WHERE into_id = ?", (keep, gone))
    conn.execute(
        "INSERT INTO story_merges (story_id, into_id, merged_at) VALUES (?, ?, ?) "
        "ON CONFLICT (story_id) DO UPDATE SET into_id = excluded.into_id, merged_at = excluded.merged_at",
        (gone, keep, at),
    )


def merged_into(store: Store, story_id: str) -> str | None:
    """The story ``story_id`` was merged into (None if it was not merged)."""
    row = store.execute("SELECT into_id FROM story_merges WHERE story_id = ?", (story_id,)).fetchone()
    return row[0] if row else None
