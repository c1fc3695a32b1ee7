"""What an ingest asks the store about its own progress: which articles already have an
analysis, and which stored articles still wait to be grouped, in the order they are
grouped in (publication order, undated ones last by ingest time, then id)."""

from __future__ import annotations

from collections.abc import Iterator

from .db import Store

#: The order articles are grouped in: dated by publication time, then the undated ones
#: (dated by ingest time), ties by id, so the order of files on disk never matters.
GROUPING_ORDER = "a.date_from_ingest, coalesce(a.published, ''), a.id"


def has_analysis(store: Store, article_id: str, version: str) -> bool:
    found = store.execute(
        "SELECT 1 FROM analyses WHERE article_id = ? AND version = ?", (article_id, version)
    )
    return found.fetchone() is not None


def count_ungrouped(store: Store) -> int:
    """Stored articles in no story yet (cheap when there are none: two counts)."""
    n_articles = store.execute("SELECT count(*) FROM articles").fetchone()[0]
    n_grouped = store.execute("SELECT count(*) FROM story_articles").fetchone()[0]
    if n_grouped >= n_articles:
        return 0
    return store.execute(
        "SELECT count(*) FROM articles a WHERE NOT EXISTS "
        "(SELECT 1 FROM story_articles s WHERE s.article_id = a.id)"
    ).fetchone()[0]


def ungrouped_in_order(store: Store, page: int = 500) -> Iterator[str]:
    """Ids of the stored articles in no story yet, in :data:`GROUPING_ORDER`, read a page
    at a time (so ten million waiting articles never sit in memory at once). An article
    grouped by another writer meanwhile is still yielded; the tracker skips it."""
    after: tuple = (-1, "", "")
    while True:
        rows = store.execute(
            "SELECT a.date_from_ingest, coalesce(a.published, ''), a.id FROM articles a "
            "WHERE (a.date_from_ingest, coalesce(a.published, ''), a.id) > (?, ?, ?) "
            "AND NOT EXISTS (SELECT 1 FROM story_articles s WHERE s.article_id = a.id) "
            f"ORDER BY {GROUPING_ORDER} LIMIT ?",
            (*after, page),
        ).fetchall()
        if not rows:
            return
        for row in rows:
            yield row[2]
        after = tuple(rows[-1])
