"""The stored index that lets a live desk keep only recent stories in memory (all its
SQL): each story's centroid terms, and each grouped article's MinHash band keys. With
them the tracker finds, for an arriving article, every stored story it could join or
whose article it could copy, and loads only those (:mod:`storydesk.stories.tracker`).

Rows are written with the story state (:func:`index_story`, called by every save of a
story) and removed with the story (a trigger of migration ``0011_watch3``), so they are
current whoever wrote last.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable

from .db import Store

#: MinHash bands of a signature and the signature bytes in each (``stories/dedup.py``).
BANDS = 16
BAND_BYTES = 16


def band_keys(signature_hex: str) -> list[str]:
    """The stored keys of a signature's bands (what migration ``0011_watch3`` computes in
    SQL for the articles grouped before it): the band number, then its bytes in hex.

    >>> band_keys("ab" * 256)[1][:6]
    '01abab'
    """
    step = 2 * BAND_BYTES
    return [f"{i:02d}" + signature_hex[i * step:(i + 1) * step] for i in range(BANDS)]


def index_story(conn: sqlite3.Connection, state: dict) -> None:
    """Replace a story's indexed centroid terms and squared norm with those of ``state``."""
    conn.execute("UPDATE stories SET norm2 = ? WHERE id = ?", (state["norm2"], state["id"]))
    conn.execute("DELETE FROM story_postings WHERE story_id = ?", (state["id"],))
    conn.executemany(
        "INSERT INTO story_postings (term, story_id, weight) VALUES (?, ?, ?)",
        [(term, state["id"], weight) for term, weight in state["centroid"].items()],
    )


def add_bands(conn: sqlite3.Connection, article_id: str, signature_hex: str) -> None:
    """Index one grouped article's MinHash bands."""
    conn.executemany(
        "INSERT OR IGNORE INTO article_bands (key, article_id) VALUES (?, ?)",
        [(key, article_id) for key in band_keys(signature_hex)],
    )


def articles_sharing_bands(store: Store, signature_hex: str) -> list[tuple[str, str]]:
    """``(article id, story id)`` of the grouped articles that share an LSH band with the
    signature (candidate originals of a copy), by article id."""
    rows = store.execute(
        "SELECT DISTINCT sa.article_id, sa.story_id FROM article_bands b "
        "JOIN story_articles sa ON sa.article_id = b.article_id "
        "WHERE b.key IN (SELECT value FROM json_each(?)) ORDER BY sa.article_id",
        (json.dumps(band_keys(signature_hex)),),
    ).fetchall()
    return [(r[0], r[1]) for r in rows]


def signatures(store: Store, article_ids: Iterable[str]) -> dict[str, str]:
    """The MinHash signatures (hex) of grouped articles, put together from their band
    keys (the bands are the whole signature: ``BANDS * BAND_BYTES`` bytes)."""
    parts: dict[str, list[str]] = {}
    for article_id, key in store.execute(
        "SELECT article_id, key FROM article_bands WHERE article_id IN (SELECT value FROM json_each(?)) "
        "ORDER BY article_id, key",
        (json.dumps(sorted(set(article_ids))),),
    ):
        parts.setdefault(article_id, []).append(key[2:])
    return {a: "".join(p) for a, p in parts.items() if len(p) == BANDS}


def stories_like(
    store: Store, vector: dict[str, float], need: int, floor: float, exclude: Iterable[str] = ()
) -> list[str]:
    """Stories, but those in ``exclude``, whose stored centroid shares at least ``need``
    terms with the unit ``vector`` and whose cosine with it is above ``floor``: every
    story an article of that vector could join (a time penalty only lowers the cosine).

    Only stories sharing one of the vector's strongest terms are scored: a story that
    shares none of them has a cosine of at most the norm of the remaining terms (the
    centroid is a unit vector once normalised), which is kept at or below ``floor``."""
    terms = sorted(vector.items(), key=lambda tw: (-tw[1], tw[0]))
    rest = sum(w * w for _, w in terms)
    prefix = []
    for term, w in terms:
        if math.sqrt(max(rest, 0.0)) <= floor:
            break
        prefix.append(term)
        rest -= w * w
    if not prefix:
        return []
    rows = store.execute(
        "WITH v(term, w) AS (SELECT key, value FROM json_each(:vector)), "
        "c(id) AS (SELECT DISTINCT story_id FROM story_postings WHERE term IN (SELECT value FROM json_each(:prefix)) "
        "          AND story_id NOT IN (SELECT value FROM json_each(:exclude))) "
        "SELECT c.id, sum(v.w * p.weight) AS dot, count(*) AS n, s.norm2 "
        "FROM c JOIN stories s ON s.id = c.id JOIN v JOIN story_postings p ON p.term = v.term AND p.story_id = c.id "
        "GROUP BY c.id HAVING n >= :need AND dot > 0 AND dot * dot > :floor2 * s.norm2",
        {"vector": json.dumps(vector), "prefix": json.dumps(prefix), "exclude": json.dumps(sorted(exclude)),
         "need": need, "floor2": floor * floor},
    ).fetchall()
    return sorted(r[0] for r in rows)


def stories_in_reach(store: Store, start: str, end: str) -> list[str]:
    """Dated stories whose active span comes within [start, end] (those a dated story
    spanning the range, widened by the window, may merge with)."""
    rows = store.execute(
        "SELECT id FROM stories WHERE last_seen >= ? AND first_seen <= ? "
        "AND coalesce(json_extract(state, '$.dated'), 1) != 0",
        (start, end),
    ).fetchall()
    return [r[0] for r in rows]


def undated_stories(store: Store) -> list[str]:
    """Stories none of whose articles had a date (any two of them may merge)."""
    rows = store.execute("SELECT id FROM stories WHERE json_extract(state, '$.dated') = 0").fetchall()
    return [r[0] for r in rows]


def story_count(store: Store) -> int:
    return store.execute("SELECT count(*) FROM stories").fetchone()[0]
