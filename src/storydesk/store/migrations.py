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
)
