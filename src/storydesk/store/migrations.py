"""Schema changes, named and ordered, and the runner that applies them.

Each migration runs once and is recorded in ``schema_migrations``. Append new ones (any
order of appending: they are applied in name order); never edit one that has shipped.

:func:`migrate` reads what is applied and applies what is missing inside one write
transaction (``BEGIN IMMEDIATE``), so two processes opening a new or older store at once
never both apply a migration: the second waits for the first (the connection's busy
timeout), then finds nothing left to do.
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime

log = logging.getLogger(__name__)


def statements(script: str) -> list[str]:
    """The SQL statements of ``script``, split where SQLite says a statement is complete
    (so a trigger's body, or a ``;`` inside a string, stays in its statement).

    >>> statements("CREATE TABLE a (x); CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;")
    ['CREATE TABLE a (x);', 'CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;']
    """
    out, buf = [], ""
    *pieces, last = script.split(";")
    for piece in pieces:
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    buf += last
    rest = "\n".join(ln for ln in buf.splitlines() if not ln.strip().startswith("--")).strip()
    if rest:
        raise ValueError(f"incomplete SQL statement at the end of a migration: {rest[:60]!r}")
    return out


def pending(conn: sqlite3.Connection, migrations=None) -> list[tuple[str, str]]:
    """The migrations not yet applied to ``conn``'s database, in name order (read
    without a write lock; an empty list means the schema is current)."""
    migrations = MIGRATIONS if migrations is None else migrations
    names = [name for name, _ in migrations]
    if len(set(names)) != len(names):
        raise ValueError(f"two migrations share a name: {sorted(n for n in names if names.count(n) > 1)}")
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    done = {r[0] for r in conn.execute("SELECT name FROM schema_migrations")} if has_table else set()
    return sorted((m for m in migrations if m[0] not in done), key=lambda m: m[0])


def migrate(conn: sqlite3.Connection, where: str = "", migrations=None) -> list[str]:
    """Apply the missing migrations to ``conn`` (autocommit mode, with a busy timeout)
    in one write transaction; returns the names applied. A failure rolls all of them
    back and raises :class:`sqlite3.DatabaseError` naming the migration."""
    if not pending(conn, migrations):
        return []
    conn.execute("BEGIN IMMEDIATE")  # waits (busy timeout) while another process migrates
    applied: list[str] = []
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
        )
        for name, sql in pending(conn, migrations):  # read again, under the write lock
            log.info("applying migration %s to %s", name, where or "the store")
            try:
                for statement in statements(sql):
                    conn.execute(statement)
            except sqlite3.DatabaseError as exc:
                raise type(exc)(f"migration {name} failed: {exc}") from exc
            now = datetime.now(UTC).isoformat(timespec="seconds")
            conn.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", (name, now))
            applied.append(name)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return applied


MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_articles",
        """
        CREATE TABLE articles (
            id TEXT PRIMARY KEY,
            source TEXT NOT NULL,
            format TEXT NOT NULL,
            title TEXT,
            outlet TEXT,
            published TEXT,
            precision TEXT,
            url TEXT,
            authors TEXT NOT NULL DEFAULT '[]',
            text TEXT NOT NULL,
            raw TEXT NOT NULL,
            date_from_ingest INTEGER NOT NULL DEFAULT 0,
            ingested_at TEXT NOT NULL
        );
        CREATE INDEX articles_published ON articles(published);
        CREATE TABLE rejections (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL,
            line INTEGER,
            reason TEXT NOT NULL,
            at TEXT NOT NULL,
            UNIQUE (source, line, reason)
        );
        """,
    ),
    (
        "0002_analyses",
        """
        CREATE TABLE analyses (
            article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
            version TEXT NOT NULL,
            data TEXT NOT NULL,
            PRIMARY KEY (article_id, version)
        );
        """,
    ),
    (
        "0003_search",
        """
        CREATE VIRTUAL TABLE articles_fts USING fts5(
            title, text, content='articles', content_rowid='rowid'
        );
        CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
            INSERT INTO articles_fts(rowid, title, text)
            VALUES (new.rowid, coalesce(new.title, ''), new.text);
        END;
        CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
            INSERT INTO articles_fts(articles_fts, rowid, title, text)
            VALUES ('delete', old.rowid, coalesce(old.title, ''), old.text);
        END;
        """,
    ),
    (
        "0004_stories",
        """
        CREATE TABLE stories (
            id TEXT PRIMARY KEY,
            headline TEXT,
            first_seen TEXT NOT NULL,
            last_seen TEXT NOT NULL,
            state TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX stories_last_seen ON stories(last_seen);
        CREATE INDEX stories_first_seen ON stories(first_seen);
        CREATE TABLE story_articles (
            article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
            story_id TEXT NOT NULL REFERENCES stories(id),
            seen_at TEXT NOT NULL,
            similarity REAL NOT NULL,
            duplicate_of TEXT,
            position INTEGER NOT NULL
        );
        CREATE INDEX story_articles_story ON story_articles(story_id);
        CREATE TABLE grouping_df (bucket INTEGER PRIMARY KEY, df INTEGER NOT NULL);
        CREATE TABLE desk_state (key TEXT PRIMARY KEY, value BLOB NOT NULL);
        CREATE TABLE posts (
            id TEXT PRIMARY KEY,
            time TEXT NOT NULL,
            platform TEXT,
            author TEXT,
            handle TEXT,
            text TEXT NOT NULL,
            source TEXT NOT NULL,
            article_id TEXT
        );
        CREATE TABLE term_volume (
            term TEXT NOT NULL,
            bucket TEXT NOT NULL,
            label TEXT NOT NULL,
            kind TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (term, bucket)
        );
        CREATE INDEX term_volume_bucket ON term_volume(bucket);
        CREATE TABLE story_terms (
            story_id TEXT NOT NULL,
            term TEXT NOT NULL,
            label TEXT NOT NULL,
            kind TEXT NOT NULL,
            n INTEGER NOT NULL,
            last_seen TEXT NOT NULL,
            PRIMARY KEY (story_id, term)
        );
        CREATE INDEX story_terms_term ON story_terms(term);
        CREATE TABLE trend_flags (
            term TEXT NOT NULL,
            bucket TEXT NOT NULL,
            label TEXT NOT NULL,
            kind TEXT NOT NULL,
            score REAL NOT NULL,
            count INTEGER NOT NULL,
            PRIMARY KEY (term, bucket)
        );
        CREATE INDEX trend_flags_bucket ON trend_flags(bucket);
        """,
    ),
    (
        "0005_desk_changes",
        """
        CREATE TABLE desk_changes (
            version INTEGER PRIMARY KEY,
            story_id TEXT NOT NULL,
            df_buckets TEXT NOT NULL
        );
        """,
    ),
    (
        "0006_quarantine",
        """
        ALTER TABLE articles ADD COLUMN encoding TEXT;
        ALTER TABLE articles ADD COLUMN headline_only INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE article_notes (
            article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
            stage TEXT NOT NULL,
            reason TEXT NOT NULL,
            quarantined INTEGER NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (article_id, stage)
        );
        CREATE INDEX article_notes_stage ON article_notes(stage, quarantined);
        """,
    ),
    (
        "0007_feeds",
        """
        CREATE TABLE feeds (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            given_url TEXT NOT NULL,
            title TEXT,
            site_url TEXT,
            added_at TEXT NOT NULL,
            parked TEXT,
            etag TEXT,
            last_modified TEXT,
            ttl_s REAL,
            not_before TEXT,
            interval_s REAL,
            next_poll TEXT NOT NULL,
            last_poll TEXT,
            last_status INTEGER,
            last_error TEXT,
            failures INTEGER NOT NULL DEFAULT 0,
            polls INTEGER NOT NULL DEFAULT 0,
            not_modified INTEGER NOT NULL DEFAULT 0,
            entries_seen INTEGER NOT NULL DEFAULT 0,
            articles_stored INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX feeds_next_poll ON feeds(next_poll);
        CREATE TABLE feed_entries (
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            entry_key TEXT NOT NULL,
            entry_hash TEXT NOT NULL,
            article_id TEXT,
            published TEXT,
            first_seen TEXT NOT NULL,
            last_seen TEXT NOT NULL,
            PRIMARY KEY (feed_id, entry_key)
        );
        CREATE INDEX feed_entries_first_seen ON feed_entries(feed_id, first_seen);
        CREATE INDEX feed_entries_published ON feed_entries(feed_id, published);
        CREATE INDEX feed_entries_article ON feed_entries(article_id);
        CREATE TABLE article_keys (
            key TEXT PRIMARY KEY,
            article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE
        );
        CREATE INDEX article_keys_article ON article_keys(article_id);
        CREATE INDEX articles_url ON articles(url);
        CREATE INDEX articles_ingested_at ON articles(ingested_at);
        CREATE TABLE article_edits (
            id INTEGER PRIMARY KEY,
            article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
            at TEXT NOT NULL
        );
        CREATE INDEX article_edits_article ON article_edits(article_id);
        CREATE INDEX article_edits_at ON article_edits(at);
        CREATE TABLE streams (
            spec TEXT PRIMARY KEY,
            cursor TEXT,
            posts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            updated_at TEXT NOT NULL
        );
        """,
    ),
    (
        "0008_story_merges",
        """
        CREATE TABLE story_merges (
            story_id TEXT PRIMARY KEY,
            into_id TEXT NOT NULL,
            merged_at TEXT NOT NULL
        );
        CREATE INDEX story_merges_into ON story_merges(into_id);
        ALTER TABLE desk_changes ADD COLUMN merged TEXT NOT NULL DEFAULT '[]';
        CREATE INDEX articles_grouping_order
            ON articles(date_from_ingest, coalesce(published, ''), id);
        CREATE INDEX stories_undated ON stories(json_extract(state, '$.dated'));
        CREATE INDEX story_articles_position ON story_articles(position);
        """,
    ),
    (
        "0009_trends",
        """
        CREATE TABLE term_sources (
            term TEXT NOT NULL,
            bucket TEXT NOT NULL,
            source TEXT NOT NULL,
            story_id TEXT NOT NULL DEFAULT '',
            n INTEGER NOT NULL,
            PRIMARY KEY (term, bucket, source, story_id)
        );
        CREATE INDEX term_sources_bucket ON term_sources(bucket, source);
        CREATE TABLE bucket_sources (
            bucket TEXT NOT NULL,
            source TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (bucket, source)
        );
        CREATE TABLE term_types (
            term TEXT NOT NULL,
            type TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (term, type)
        );
        CREATE TABLE word_case (
            word TEXT PRIMARY KEY,
            upper INTEGER NOT NULL DEFAULT 0,
            lower INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE outlet_lines (
            outlet TEXT NOT NULL,
            line TEXT NOT NULL,
            stories INTEGER NOT NULL,
            last_story TEXT NOT NULL,
            PRIMARY KEY (outlet, line)
        );
        ALTER TABLE trend_flags ADD COLUMN expected REAL NOT NULL DEFAULT 0;
        """,
    ),
    (
        # 0003_search indexed only articles stored after it: index the older ones too.
        "0010_search_rebuild",
        """
        INSERT INTO articles_fts(articles_fts) VALUES ('rebuild');
        """,
    ),
    (
        # A live desk keeps only recent stories in memory; these let it find in the store
        # the older stories a late article or a merge still needs (stories/tracker.py):
        # each story's centroid terms (raw weights, its squared norm beside it) and each
        # grouped article's MinHash band keys (dedup.py: 16 bands of 16 signature bytes,
        # the key is the band number, two digits, then the band's bytes in hex).
        "0011_watch3",
        """
        ALTER TABLE stories ADD COLUMN norm2 REAL NOT NULL DEFAULT 0;
        UPDATE stories SET norm2 = coalesce(json_extract(state, '$.norm2'), 0);
        CREATE TABLE story_postings (
            term TEXT NOT NULL,
            story_id TEXT NOT NULL,
            weight REAL NOT NULL,
            PRIMARY KEY (term, story_id)
        ) WITHOUT ROWID;
        CREATE INDEX story_postings_story ON story_postings(story_id);
        INSERT OR IGNORE INTO story_postings (term, story_id, weight)
            SELECT j.key, s.id, j.value FROM stories s, json_each(s.state, '$.centroid') j;
        CREATE TABLE article_bands (
            key TEXT NOT NULL,
            article_id TEXT NOT NULL,
            PRIMARY KEY (key, article_id)
        ) WITHOUT ROWID;
        CREATE INDEX article_bands_article ON article_bands(article_id);
        WITH RECURSIVE band(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM band WHERE i < 15)
        INSERT OR IGNORE INTO article_bands (key, article_id)
            SELECT printf('%02d', band.i) || substr(m.value, band.i * 32 + 1, 32), m.key
            FROM stories s, json_each(s.state, '$.members') m, band;
        CREATE TRIGGER stories_postings_delete AFTER DELETE ON stories BEGIN
            DELETE FROM story_postings WHERE story_id = old.id;
        END;
        CREATE TRIGGER story_articles_bands_delete AFTER DELETE ON story_articles BEGIN
            DELETE FROM article_bands WHERE article_id = old.article_id;
        END;
        """,
    ),
)
