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
)
