"""Reads and writes of the SQLite store.

One writer, many readers: the database runs in WAL mode, so readers (the web server)
never block the writer (ingest). Every write happens in a short transaction, so a killed
process loses at most the write in progress and leaves the file usable.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import NotFound, StoreError
from ..model import Analysis, Article, Rejection, from_dict, to_dict
from .migrations import migrate

log = logging.getLogger(__name__)

#: How long a connection waits for another process's write lock before giving up.
BUSY_SECONDS = 30.0

_ARTICLE_COLUMNS = (
    "id, source, format, title, outlet, published, precision, url, authors, text, raw, "
    "date_from_ingest, encoding, headline_only"
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _row_to_article(row: sqlite3.Row) -> Article:
    return Article(
        id=row["id"],
        source=row["source"],
        format=row["format"],
        title=row["title"],
        outlet=row["outlet"],
        published=row["published"],
        precision=row["precision"],
        url=row["url"],
        authors=tuple(json.loads(row["authors"])),
        text=row["text"],
        raw=row["raw"] if "raw" in row.keys() else "",
        date_from_ingest=bool(row["date_from_ingest"]),
        encoding=row["encoding"],
        headline_only=bool(row["headline_only"]),
    )


class Store:
    """A storydesk database file. Use as a context manager, or call :meth:`close`.

    >>> with Store(":memory:") as store:
    ...     store.count_articles()
    0
    """

    def __init__(self, path: str | Path, *, readonly: bool = False, create: bool = True):
        """Open the store at ``path`` (``":memory:"`` for one held in memory), applying
        any missing migrations. With ``create=False`` (every command that only reads)
        a missing file is a :class:`~storydesk.errors.StoreError` and nothing is created,
        not even its folder; a read-only store is never created."""
        self.path = str(path)
        self.readonly = readonly
        self._lock = threading.RLock()
        if (readonly or not create) and not self.exists(self.path):
            raise StoreError(f"store {self.path} does not exist (`storydesk ingest --db {self.path}` creates one)")
        try:
            if readonly:
                uri = f"file:{Path(self.path).resolve()}?mode=ro"
                self._conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            else:
                if self.path != ":memory:":
                    Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                self._conn = sqlite3.connect(
                    self.path, isolation_level=None, check_same_thread=False, timeout=BUSY_SECONDS
                )
            self._conn.row_factory = sqlite3.Row
            self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
            if not readonly:
                self._wal()
                self._conn.execute("PRAGMA synchronous = NORMAL")
                self._conn.execute("PRAGMA foreign_keys = ON")
                self._migrate()
        except sqlite3.DatabaseError as exc:
            if getattr(self, "_conn", None) is not None:
                self._conn.close()
            raise StoreError(f"cannot open store {self.path}: {exc}") from exc

    def _wal(self) -> None:
        """Switch to WAL. Two processes opening a new file at once can find it locked
        for the switch (SQLite does not always wait on its busy handler here): retry for
        as long as the busy timeout."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                self._conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    @staticmethod
    def exists(path: str | Path) -> bool:
        """Whether ``path`` names a store that can be opened without creating one."""
        return str(path) == ":memory:" or Path(path).is_file()

    # -- lifecycle ---------------------------------------------------------------------
    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on error)."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreError(f"cannot write to store {self.path}: {exc}") from exc
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            else:
                self._conn.execute("COMMIT")

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        """Run one read statement (other store modules use this; callers outside
        ``storydesk.store`` should not)."""
        with self._lock:
            return self._conn.execute(sql, params)

    def _migrate(self) -> None:
        with self._lock:
            try:
                migrate(self._conn, self.path)
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"{exc} (store {self.path})") from exc

    # -- articles ----------------------------------------------------------------------
    def add_article(self, article: Article) -> bool:
        """Store ``article``; returns False when an article with its id is already stored."""
        with self.transaction() as conn:
            cur = conn.execute(
                f"INSERT OR IGNORE INTO articles ({_ARTICLE_COLUMNS}, ingested_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    article.id,
                    article.source,
                    article.format,
                    article.title,
                    article.outlet,
                    article.published,
                    article.precision,
                    article.url,
                    json.dumps(list(article.authors)),
                    article.text,
                    article.raw,
                    int(article.date_from_ingest),
                    article.encoding,
                    int(article.headline_only),
                    _now(),
                ),
            )
            return cur.rowcount == 1

    def has_article(self, article_id: str) -> bool:
        return self.execute("SELECT 1 FROM articles WHERE id = ?", (article_id,)).fetchone() is not None

    def get_article(self, article_id: str) -> Article:
        """The article with this id, or with this unique id prefix."""
        row = self.execute(
            f"SELECT {_ARTICLE_COLUMNS} FROM articles WHERE id = ?", (article_id,)
        ).fetchone()
        if row is None and article_id:
            rows = self.execute(
                f"SELECT {_ARTICLE_COLUMNS} FROM articles WHERE id LIKE ? LIMIT 2",
                (article_id.replace("%", "").replace("_", "") + "%",),
            ).fetchall()
            if len(rows) == 1:
                row = rows[0]
            elif len(rows) > 1:
                raise NotFound(f"article id prefix {article_id!r} is ambiguous")
        if row is None:
            raise NotFound(f"no article with id {article_id!r} in {self.path}")
        return _row_to_article(row)

    def get_articles(self, ids: list[str]) -> list[Article]:
        return [self.get_article(i) for i in ids]

    def list_articles(
        self, *, since: str | None = None, limit: int | None = None, with_raw: bool = False
    ) -> list[Article]:
        """Stored articles, oldest publication first (undated last)."""
        cols = _ARTICLE_COLUMNS if with_raw else _ARTICLE_COLUMNS.replace(" raw,", "")
        sql = f"SELECT {cols} FROM articles"
        params: list[Any] = []
        if since:
            sql += " WHERE published >= ?"
            params.append(since)
        sql += " ORDER BY published IS NULL, published, rowid"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_row_to_article(r) for r in self.execute(sql, params).fetchall()]

    def latest_published(self) -> str | None:
        """The newest publication time of any stored article."""
        return self.execute("SELECT max(published) FROM articles").fetchone()[0]

    def count_articles(self) -> int:
        return self.execute("SELECT count(*) FROM articles").fetchone()[0]

    def search(self, query: str, limit: int = 20) -> list[tuple[Article, str]]:
        """Full-text search; each hit with a snippet of its text, every matched word between
        ``\\x02`` and ``\\x03`` (control characters, not brackets, which articles print)."""
        terms = [t for t in "".join(c if c.isalnum() else " " for c in query).split() if t]
        if not terms:
            return []
        match = " ".join(f'"{t}"' for t in terms)
        rows = self.execute(
            f"SELECT {', '.join('a.' + c.strip() for c in _ARTICLE_COLUMNS.replace(' raw,', '').split(','))}, "
            "snippet(articles_fts, 1, char(2), char(3), '…', 16) AS snippet "
            "FROM articles_fts JOIN articles a ON a.rowid = articles_fts.rowid "
            "WHERE articles_fts MATCH ? ORDER BY rank LIMIT ?",
            (match, limit),
        ).fetchall()
        return [(_row_to_article(r), r["snippet"]) for r in rows]

    # -- rejections ----------------------------------------------------------------------
    def add_rejection(self, rejection: Rejection) -> None:
        """Record why an input was not stored (once per source, line and reason)."""
        log.debug("rejected %s", rejection)  # the caller reports it (the CLI prints it once)
        """Record why an input was not stored; the same rejection seen again only updates
        its time. (The table's UNIQUE constraint treats NULL lines as distinct, so the
        match is done here with ``IS``.)"""
        with self.transaction() as conn:
            cur = conn.execute(
                "UPDATE rejections SET at = ? WHERE source = ? AND line IS ? AND reason = ?",
                (_now(), rejection.source, rejection.line, rejection.reason),
            )
            if cur.rowcount == 0:
                conn.execute(
                    "INSERT INTO rejections (source, line, reason, at) VALUES (?, ?, ?, ?)",
                    (rejection.source, rejection.line, rejection.reason, _now()),
                )

    def rejections(self) -> list[Rejection]:
        rows = self.execute("SELECT source, line, reason FROM rejections ORDER BY id").fetchall()
        return [Rejection(source=r[0], line=r[1], reason=r[2]) for r in rows]

    # -- analyses ----------------------------------------------------------------------
    def get_analysis(self, article_id: str, version: str) -> Analysis | None:
        row = self.execute(
            "SELECT data FROM analyses WHERE article_id = ? AND version = ?",
            (article_id, version),
        ).fetchone()
        return from_dict(Analysis, json.loads(row[0])) if row else None

    def put_analysis(self, analysis: Analysis) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO analyses (article_id, version, data) VALUES (?, ?, ?)",
                (analysis.article_id, analysis.version, json.dumps(to_dict(analysis))),
            )

    def integrity_ok(self) -> bool:
        return self.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
