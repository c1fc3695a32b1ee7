"""Schema changes, named and ordered. Each runs once, in its own transaction, and is
recorded in ``schema_migrations``. Append new ones; never edit one that has shipped."""

from __future__ import annotations

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
)
