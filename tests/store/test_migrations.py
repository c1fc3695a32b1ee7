"""Schema migrations: applied once, in name order, safely from several processes at once
(issue 15: two processes opening a new store failed with "table stories already exists"
or "database is locked", 2 runs in 20), and an upgrade from the oldest schema keeps
every row."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3

import pytest

from storydesk.errors import StoreError
from storydesk.store import Store
from storydesk.store.migrations import MIGRATIONS, migrate, pending, statements

#: Processes opening one store at once, and how many times.
PROCESSES, ROUNDS = 4, 12


def _open(path: str, barrier, errors) -> None:
    barrier.wait(timeout=60)  # all processes open the store at the same moment
    try:
        with Store(path) as store:
            store.count_articles()
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which asserts
        errors.put(f"{type(exc).__name__}: {exc}")


def _race(path: str) -> list[str]:
    ctx = multiprocessing.get_context("fork")
    barrier, errors = ctx.Barrier(PROCESSES), ctx.Queue()
    procs = [ctx.Process(target=_open, args=(path, barrier, errors)) for _ in range(PROCESSES)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
    found = []
    while not errors.empty():
        found.append(errors.get())
    assert all(p.exitcode == 0 for p in procs), [p.exitcode for p in procs]
    return found


def _applied(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY rowid")]


def test_several_processes_open_a_new_store_at_once(tmp_path):
    for i in range(ROUNDS):
        path = str(tmp_path / f"new{i}.db")
        assert _race(path) == [], f"round {i}"
        assert _applied(path) == sorted(name for name, _ in MIGRATIONS)


def _oldest_store(path) -> None:
    """A store as the first release made it: the first migration only, with rows."""
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, migrations=MIGRATIONS[:1])
    for i in range(3):
        conn.execute(
            "INSERT INTO articles (id, source, format, title, outlet, published, precision, url, "
            "authors, text, raw, date_from_ingest, ingested_at) "
            "VALUES (?, ?, 'text', ?, 'Wire', '2020-02-0' || ?, 'day', NULL, ?, ?, ?, 0, '2020-02-05')",
            (f"a{i}", f"wire{i}.txt", f"Harbour story {i}", i + 1, json.dumps(["Ann Lee"]),
             f"Body {i} about the harbour.", f"raw {i}"),
        )
    conn.execute("INSERT INTO rejections (source, line, reason, at) VALUES ('bad.jsonl', 3, 'malformed', 'x')")
    conn.close()


def test_several_processes_upgrade_an_old_store_at_once(tmp_path):
    for i in range(ROUNDS // 2):
        path = str(tmp_path / f"old{i}.db")
        _oldest_store(path)
        assert _race(path) == [], f"round {i}"
        assert _applied(path) == sorted(name for name, _ in MIGRATIONS)


def test_upgrading_the_oldest_schema_loses_nothing(tmp_path):
    path = tmp_path / "old.db"
    _oldest_store(path)
    with Store(path) as store:
        assert store.count_articles() == 3
        article = store.get_article("a1")
        assert (article.title, article.outlet, article.published, article.authors, article.raw) == (
            "Harbour story 1", "Wire", "2020-02-02", ("Ann Lee",), "raw 1")
        assert [(r.source, r.line, r.reason) for r in store.rejections()] == [("bad.jsonl", 3, "malformed")]
        # the newest schema works on the old rows: stories, analyses, new articles
        assert store.execute("SELECT count(*) FROM stories").fetchone()[0] == 0
        assert pending(store._conn) == []
    assert _applied(path) == sorted(name for name, _ in MIGRATIONS)


def test_missing_migrations_are_applied_in_name_order_each_once(tmp_path):
    """Helpers append migrations in parallel: whatever is missing is applied, by name."""
    extra = (("0102_b", "CREATE TABLE b (x);"), ("0101_a", "CREATE TABLE a (x); INSERT INTO a VALUES (1);"))
    conn = sqlite3.connect(tmp_path / "s.db", isolation_level=None)
    assert migrate(conn, migrations=MIGRATIONS[:2]) == [MIGRATIONS[0][0], MIGRATIONS[1][0]]
    assert migrate(conn, migrations=MIGRATIONS + extra) == [n for n, _ in MIGRATIONS[2:]] + ["0101_a", "0102_b"]
    assert migrate(conn, migrations=MIGRATIONS + extra) == []
    assert conn.execute("SELECT count(*) FROM a").fetchone()[0] == 1


def test_a_failing_migration_applies_nothing_and_names_itself(tmp_path):
    conn = sqlite3.connect(tmp_path / "s.db", isolation_level=None)
    broken = MIGRATIONS[:1] + (("0002_broken", "CREATE TABLE ok (x); CREATE TABLE articles (y);"),)
    with pytest.raises(sqlite3.OperationalError, match="0002_broken"):
        migrate(conn, migrations=broken)
    assert not conn.in_transaction
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "articles" not in tables and "ok" not in tables  # one transaction, all rolled back


def test_two_migrations_with_one_name_are_refused(tmp_path):
    conn = sqlite3.connect(":memory:")
    with pytest.raises(ValueError, match="share a name"):
        pending(conn, MIGRATIONS + MIGRATIONS[:1])


def test_statements_keep_trigger_bodies_and_strings_whole():
    got = statements("CREATE TABLE t (x);\n-- a comment\nINSERT INTO t VALUES ('a;b');\n"
                     "CREATE TRIGGER g AFTER INSERT ON t BEGIN INSERT INTO t VALUES ('c'); END;\n")
    assert len(got) == 3 and "'a;b'" in got[1] and got[2].endswith("END;")
    with pytest.raises(ValueError, match="incomplete"):
        statements("CREATE TABLE t (x")


def test_a_store_that_does_not_exist_is_not_created_for_reading(tmp_path):
    missing = tmp_path / "typo" / "news.db"
    for kwargs in ({"create": False}, {"readonly": True}):
        with pytest.raises(StoreError, match="does not exist"):
            Store(missing, **kwargs)
    assert not missing.parent.exists()
    with pytest.raises(StoreError, match="does not exist"):  # a folder is not a store
        Store(tmp_path, create=False)


def test_articles_stored_before_search_existed_are_found_after_the_upgrade(tmp_path):
    path = tmp_path / "old.db"
    _oldest_store(path)
    with Store(path) as store:
        assert sorted(a.id for a, _ in store.search("harbour")) == ["a0", "a1", "a2"]
