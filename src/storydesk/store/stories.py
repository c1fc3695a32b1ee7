"""Reads and writes of stories, grouping state, posts and trend counts (all their SQL).

Times are naive-UTC ISO strings ("YYYY-MM-DDTHH:MM:SS"), so they compare as text.

Writes take the connection of a transaction the caller holds
(``with store.transaction() as conn``), so that everything one article or post changes
is committed together, with the state version (:func:`bump_version`) that tells other
writers of the same file that their copy of the state is stale.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from ..errors import NotFound
from .db import Store
from .story_index import add_bands, index_story

TOP_ENTITIES = 5
TOP_HASHTAGS = 5


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- grouping state ------------------------------------------------------------------------


def load_df(store: Store) -> tuple[int, dict[int, int]]:
    """(number of documents, document frequency per hashed bucket)."""
    df = dict(store.execute("SELECT bucket, df FROM grouping_df").fetchall())
    return n_docs(store), df


def n_docs(store: Store) -> int:
    row = store.execute("SELECT value FROM desk_state WHERE key = 'n_docs'").fetchone()
    return int(row[0]) if row else 0


def is_grouped(store: Store, article_id: str) -> bool:
    found = store.execute("SELECT 1 FROM story_articles WHERE article_id = ?", (article_id,))
    return found.fetchone() is not None




def state_version(store: Store) -> int:
    """How many grouping/trend writes the store has seen (any writer)."""
    row = store.execute("SELECT value FROM desk_state WHERE key = 'version'").fetchone()
    return int(row[0]) if row else 0


#: Writes whose story changes are kept for other writers; one further behind reloads all.
CHANGE_LOG = 512


def bump_version(conn: sqlite3.Connection, version: int, change: tuple | None = None) -> int:
    """Record one more write after ``version`` (inside the writer's transaction), with the
    story it changed, the document-frequency buckets it counted and the stories it
    merged into that story (``(story id, buckets[, merged ids])``)."""
    new = version + 1
    _put_state(conn, [("version", str(new))])
    if change is not None:
        merged = list(change[2]) if len(change) > 2 else []
        conn.execute("INSERT OR REPLACE INTO desk_changes (version, story_id, df_buckets, merged) "
                     "VALUES (?, ?, ?, ?)",
                     (new, change[0], json.dumps(list(change[1])), json.dumps(merged)))
    conn.execute("DELETE FROM desk_changes WHERE version <= ?", (new - CHANGE_LOG,))
    return new


def changes_since(store: Store, version: int) -> list[tuple[str, list[int]]] | None:
    """``(story id, df buckets)`` of each write after ``version``, in order (a story
    merged away comes with no buckets, so a reader drops it); None when those writes
    are no longer all kept."""
    if state_version(store) - version >= CHANGE_LOG:
        return None
    rows = store.execute(
        "SELECT story_id, df_buckets, merged FROM desk_changes WHERE version > ? ORDER BY version", (version,)
    ).fetchall()
    out: list[tuple[str, list[int]]] = []
    for story_id, buckets, merged in rows:
        out.append((story_id, json.loads(buckets)))
        out.extend((gone, []) for gone in json.loads(merged))
    return out


def _put_state(conn: sqlite3.Connection, rows: Iterable[tuple[str, Any]]) -> None:
    conn.executemany(
        "INSERT INTO desk_state (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        list(rows),
    )


def save_pending(conn: sqlite3.Connection, items: list[dict]) -> None:
    """The trend evidence of undated articles waiting for the stream's clock."""
    _put_state(conn, [("pending_trend_items", json.dumps(items))])


def load_pending(store: Store) -> list[dict]:
    row = store.execute("SELECT value FROM desk_state WHERE key = 'pending_trend_items'").fetchone()
    return json.loads(row[0]) if row else []


def latest_activity(store: Store) -> str | None:
    """The newest ``last_seen`` of any story."""
    return store.execute("SELECT max(last_seen) FROM stories").fetchone()[0]


def load_story_states(store: Store, ids: Iterable[str]) -> list[dict]:
    out = []
    for sid in ids:
        row = store.execute("SELECT state FROM stories WHERE id = ?", (sid,)).fetchone()
        if row is not None:
            out.append(json.loads(row[0]))
    return out


def save_assignment(
    conn: sqlite3.Connection,
    *,
    article_id: str,
    state: dict,
    seen_at: str,
    similarity: float,
    duplicate_of: str | None,
    df_buckets: Iterable[int],
    n_docs: int,
) -> None:
    """Record where one article went and the grouping state it changed."""
    _upsert_story(conn, state)  # the row first: the membership below references it
    position = conn.execute("SELECT coalesce(max(position), 0) + 1 FROM story_articles").fetchone()[0]
    conn.execute(
        "INSERT OR IGNORE INTO story_articles "
        "(article_id, story_id, seen_at, similarity, duplicate_of, position) VALUES (?, ?, ?, ?, ?, ?)",
        (article_id, state["id"], seen_at, similarity, duplicate_of, position),
    )
    signature = state["members"].get(article_id)
    if signature is not None:
        add_bands(conn, article_id, signature)
    conn.executemany(
        "INSERT INTO grouping_df (bucket, df) VALUES (?, 1) "
        "ON CONFLICT (bucket) DO UPDATE SET df = df + 1",
        [(b,) for b in df_buckets],
    )
    conn.execute(
        "INSERT INTO desk_state (key, value) VALUES ('n_docs', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (str(n_docs),),
    )
    _set_headline(conn, state["id"])


def save_story(conn: sqlite3.Connection, state: dict) -> None:
    """Store a story's grouping state (its span and centroid) and its headline: the
    title of its first original article."""
    _upsert_story(conn, state)
    _set_headline(conn, state["id"])


def _upsert_story(conn: sqlite3.Connection, state: dict) -> None:
    conn.execute(
        "INSERT INTO stories (id, headline, first_seen, last_seen, state, updated_at) "
        "VALUES (?, NULL, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
        "first_seen = excluded.first_seen, last_seen = excluded.last_seen, "
        "state = excluded.state, updated_at = excluded.updated_at",
        (state["id"], state["first"], state["last"], json.dumps(state), _now()),
    )
    index_story(conn, state)


def _set_headline(conn: sqlite3.Connection, story_id: str) -> None:
    conn.execute(
        "UPDATE stories SET headline = (SELECT a.title FROM story_articles s "
        "JOIN articles a ON a.id = s.article_id WHERE s.story_id = ? AND a.title IS NOT NULL "
        "AND a.title != '' ORDER BY s.duplicate_of IS NOT NULL, s.seen_at, s.position LIMIT 1) "
        "WHERE id = ?",
        (story_id, story_id),
    )


# -- posts and terms -----------------------------------------------------------------------


def add_post(conn: sqlite3.Connection, post: dict[str, Any]) -> bool:
    """Store one social post; False when a post with its id is already stored."""
    cur = conn.execute(
        "INSERT OR IGNORE INTO posts (id, time, platform, author, handle, text, source, article_id) "
        "VALUES (:id, :time, :platform, :author, :handle, :text, :source, :article_id)",
        post,
    )
    return cur.rowcount == 1


def add_terms(
    conn: sqlite3.Connection, terms: Iterable[tuple[str, str, str]], bucket: str, story_id: str | None,
    seen_at: str, counted: set[str] | None = None,
) -> None:
    """Count one document's distinct ``(key, label, kind)`` terms in its story, and those
    whose key is in ``counted`` (all when None: the terms its source had not yet
    mentioned in ``bucket``) in the bucket's volume. An entity seen once upgrades a
    phrase of the same text."""
    terms = list(terms)
    conn.executemany(
        "INSERT INTO term_volume (term, bucket, label, kind, n) VALUES (?, ?, ?, ?, 1) "
        "ON CONFLICT (term, bucket) DO UPDATE SET n = n + 1, "
        "kind = CASE WHEN excluded.kind = 'entity' THEN 'entity' ELSE kind END",
        [(key, bucket, label, kind) for key, label, kind in terms if counted is None or key in counted],
    )
    if story_id is not None:
        conn.executemany(
            "INSERT INTO story_terms (story_id, term, label, kind, n, last_seen) "
            "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (story_id, term) DO UPDATE SET n = n + 1, "
            "last_seen = max(last_seen, excluded.last_seen), "
            "kind = CASE WHEN excluded.kind = 'entity' THEN 'entity' ELSE kind END",
            [(story_id, key, label, kind, seen_at) for key, label, kind in terms],
        )


def add_flags(conn: sqlite3.Connection, flags: Iterable[tuple[str, str, str, str, float, int, float]]) -> None:
    """Record ``(key, bucket, label, kind, score, count, expected)`` flags, keeping each
    term's highest score per bucket (with the count and expected count it was measured at)."""
    conn.executemany(
        "INSERT INTO trend_flags (term, bucket, label, kind, score, count, expected) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (term, bucket) DO UPDATE SET "
        "count = CASE WHEN excluded.score > score THEN excluded.count ELSE count END, "
        "expected = CASE WHEN excluded.score > score THEN excluded.expected ELSE expected END, "
        "score = max(score, excluded.score)",
        list(flags),
    )


def save_trend_state(conn: sqlite3.Connection, state: dict) -> None:
    blobs = {k: v for k, v in state.items() if isinstance(v, bytes)}
    meta = {k: v for k, v in state.items() if not isinstance(v, bytes)}
    _put_state(conn, [(f"trend_{k}", v) for k, v in blobs.items()] + [("trend_meta", json.dumps(meta))])


def load_trend_state(store: Store) -> dict | None:
    rows = dict(store.execute("SELECT key, value FROM desk_state WHERE key LIKE 'trend_%'").fetchall())
    if "trend_meta" not in rows:
        return None
    state = json.loads(rows.pop("trend_meta"))
    state.update({k[len("trend_"):]: v for k, v in rows.items()})
    return state


def volumes_since(store: Store, bucket: str) -> list[tuple[str, str, str, str, int]]:
    """``(key, label, kind, bucket, n)`` of every term counted in ``bucket`` or later."""
    return store.execute(
        "SELECT term, label, kind, bucket, n FROM term_volume WHERE bucket >= ?", (bucket,)
    ).fetchall()


# -- reading stories -----------------------------------------------------------------------


#: Each story's articles, in the order they joined it, as one JSON array per story;
#: the body text only for untitled articles (their lead stands in for a title).
_ARTICLES_JSON = (
    "(SELECT json_group_array(json_object('id', x.id, 'source', x.source, 'outlet', x.outlet, "
    "'title', x.title, 'published', x.published, 'date_from_ingest', x.date_from_ingest, "
    "'duplicate_of', x.duplicate_of, 'text', x.lead)) FROM ("
    "SELECT a.id, a.source, a.outlet, a.title, a.published, a.date_from_ingest, s.duplicate_of, "
    "CASE WHEN coalesce(trim(a.title), '') = '' THEN substr(a.text, 1, :lead) END AS lead "
    "FROM story_articles s JOIN articles a ON a.id = s.article_id "
    "WHERE s.story_id = st.id ORDER BY s.seen_at, s.position) x)"
)


def _top_terms_json(kind: str, limit: int) -> str:
    return (f"(SELECT json_group_array(label) FROM (SELECT label FROM story_terms "
            f"WHERE story_id = st.id AND kind = '{kind}' ORDER BY n DESC, term LIMIT {int(limit)}))")


_STORY_SELECT = (
    f"SELECT st.id, st.first_seen, st.last_seen, {_ARTICLES_JSON} AS articles, "
    f"{_top_terms_json('entity', TOP_ENTITIES)} AS entities, "
    f"{_top_terms_json('hashtag', TOP_HASHTAGS)} AS hashtags FROM stories st"
)


def _story_row(row: sqlite3.Row) -> dict:
    """A story as its one query returns it. Untitled articles carry the start of their
    body as ``text`` (for the headline: the layer that presents chooses it)."""
    articles = json.loads(row["articles"])
    for a in articles:
        a["date_from_ingest"] = bool(a["date_from_ingest"])
        if a["text"] is None:
            del a["text"]
    evidence = [a for a in articles if a["duplicate_of"] is None]
    return {
        "id": row["id"],
        "articles": articles,
        "n_articles": len(articles),
        "n_duplicates": len(articles) - len(evidence),
        "n_outlets": len({a["outlet"] or a["source"] for a in evidence}),
        "first_seen": row["first_seen"],
        "last_seen": row["last_seen"],
        "dates_from_ingest": any(a["date_from_ingest"] for a in articles),
        "top_entities": json.loads(row["entities"]),
        "hashtags": json.loads(row["hashtags"]),
    }


def list_stories(store: Store, *, since: str | None, limit: int, offset: int, lead_chars: int = 1000) -> list[dict]:
    """Stories, newest activity first, each with its articles, top entities and hashtags,
    in one query (see :func:`_story_row`; ``lead_chars`` of an untitled article's body)."""
    sql = _STORY_SELECT + (" WHERE st.last_seen >= :since" if since else "")
    sql += " ORDER BY st.last_seen DESC, st.id LIMIT :limit OFFSET :offset"
    params = {"since": since, "limit": limit, "offset": offset, "lead": lead_chars}
    return [_story_row(r) for r in store.execute(sql, params).fetchall()]


def get_story(store: Store, story_id: str, *, lead_chars: int = 1000) -> dict:
    row = store.execute(_STORY_SELECT + " WHERE st.id = :id", {"id": story_id, "lead": lead_chars}).fetchone()
    if row is None:
        raise NotFound(f"no story with id {story_id!r} in {store.path}")
    return _story_row(row)


def story_trend_score(store: Store, story_id: str, first: str, last: str, bucket_start: str) -> float:
    row = store.execute(
        "SELECT max(f.score) FROM trend_flags f JOIN story_terms t ON t.term = f.term "
        "WHERE t.story_id = ? AND f.bucket >= ? AND f.bucket <= ?",
        (story_id, bucket_start, last),
    ).fetchone()
    return float(row[0] or 0.0)


def story_article_ids(store: Store, story_id: str) -> list[str]:
    if store.execute("SELECT 1 FROM stories WHERE id = ?", (story_id,)).fetchone() is None:
        raise NotFound(f"no story with id {story_id!r} in {store.path}")
    rows = store.execute(
        "SELECT article_id FROM story_articles WHERE story_id = ? ORDER BY seen_at, position", (story_id,)
    ).fetchall()
    return [r[0] for r in rows]


def stories_of(store: Store, article_ids: Iterable[str]) -> dict[str, str]:
    """The story of each of ``article_ids`` that is in one (article id -> story id)."""
    ids = list(dict.fromkeys(article_ids))
    out: dict[str, str] = {}
    for i in range(0, len(ids), 500):  # SQLite's limit on bound parameters
        chunk = ids[i:i + 500]
        rows = store.execute(
            f"SELECT article_id, story_id FROM story_articles WHERE article_id IN ({','.join('?' * len(chunk))})",
            chunk,
        ).fetchall()
        out.update({r[0]: r[1] for r in rows})
    return out
