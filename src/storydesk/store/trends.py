"""Reads and writes of the trend evidence issue 14 added: which source (outlet, account)
mentioned which term in which bucket and story, how many sources were active in each
bucket, how the store writes each word (capitalised or not), the entity types each name
was given, and the lines each outlet repeats.

Writes take the connection of the caller's transaction (see :mod:`.stories`). Times
are naive-UTC ISO strings, so they compare as text.
"""

from __future__ import annotations

import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable

from .db import Store

#: Rows per ``IN (...)`` list (well under SQLite's variable limit).
_CHUNK = 400


def _chunks(items: list, size: int = _CHUNK):
    for i in range(0, len(items), size):
        yield items[i:i + size]


# -- writes --------------------------------------------------------------------------------


def count_source(conn: sqlite3.Connection, bucket: str, source: str) -> bool:
    """Count one item of ``source`` in ``bucket``; True when it is the source's first there."""
    new = conn.execute("SELECT 1 FROM bucket_sources WHERE bucket = ? AND source = ?",
                       (bucket, source)).fetchone() is None
    conn.execute("INSERT INTO bucket_sources (bucket, source, n) VALUES (?, ?, 1) "
                 "ON CONFLICT (bucket, source) DO UPDATE SET n = n + 1", (bucket, source))
    return new


def source_terms(conn: sqlite3.Connection, bucket: str, source: str) -> set[str]:
    """Terms ``source`` already mentioned in ``bucket``."""
    rows = conn.execute("SELECT DISTINCT term FROM term_sources WHERE bucket = ? AND source = ?",
                        (bucket, source)).fetchall()
    return {r[0] for r in rows}


def add_term_sources(conn: sqlite3.Connection, keys: Iterable[str], bucket: str, source: str,
                     story_id: str | None) -> None:
    conn.executemany(
        "INSERT INTO term_sources (term, bucket, source, story_id, n) VALUES (?, ?, ?, ?, 1) "
        "ON CONFLICT (term, bucket, source, story_id) DO UPDATE SET n = n + 1",
        [(k, bucket, source, story_id or "") for k in keys])


def add_term_types(conn: sqlite3.Connection, typed: Iterable[tuple[str, str]]) -> None:
    conn.executemany("INSERT INTO term_types (term, type, n) VALUES (?, ?, 1) "
                     "ON CONFLICT (term, type) DO UPDATE SET n = n + 1", list(typed))


def add_word_case(conn: sqlite3.Connection, counts: Counter) -> None:
    """Add ``{(word, "upper"|"lower"): n}`` to the store's capitalisation evidence."""
    rows: defaultdict[str, list[int]] = defaultdict(lambda: [0, 0])
    for (word, case), n in counts.items():
        rows[word][case == "lower"] += n
    conn.executemany("INSERT INTO word_case (word, upper, lower) VALUES (?, ?, ?) "
                     "ON CONFLICT (word) DO UPDATE SET upper = upper + excluded.upper, "
                     "lower = lower + excluded.lower",
                     [(w, u, lo) for w, (u, lo) in rows.items()])


def outlet_lines(conn: sqlite3.Connection, outlet: str, keys: list[str]) -> dict[str, int]:
    """In how many stories ``outlet`` already printed each line (by key)."""
    out: dict[str, int] = {}
    for chunk in _chunks(sorted(set(keys))):
        marks = ",".join("?" * len(chunk))
        out.update(conn.execute(f"SELECT line, stories FROM outlet_lines WHERE outlet = ? AND line IN ({marks})",
                                [outlet, *chunk]).fetchall())
    return out


def add_outlet_lines(conn: sqlite3.Connection, outlet: str, keys: Iterable[str], story_id: str) -> None:
    """Record that ``outlet`` printed these lines in ``story_id`` (a story counts once)."""
    conn.executemany(
        "INSERT INTO outlet_lines (outlet, line, stories, last_story) VALUES (?, ?, 1, ?) "
        "ON CONFLICT (outlet, line) DO UPDATE SET "
        "stories = stories + (last_story != excluded.last_story), last_story = excluded.last_story",
        [(outlet, k, story_id) for k in set(keys)])


def clear_flags(conn: sqlite3.Connection) -> None:
    """Forget every flag (before the detector is replayed over the stored history)."""
    conn.execute("DELETE FROM trend_flags")


# -- reads ---------------------------------------------------------------------------------


def all_volumes(store: Store):
    """``(bucket, key, label, kind, sources)`` of every counted term, oldest bucket first."""
    return store.execute("SELECT bucket, term, label, kind, n FROM term_volume ORDER BY bucket, term")


def activity(store: Store) -> list[tuple[str, int]]:
    """``(bucket, active sources)`` of every bucket, oldest first."""
    return store.execute("SELECT bucket, count(*) FROM bucket_sources GROUP BY bucket ORDER BY bucket").fetchall()


def items_since(store: Store, bucket: str) -> list[tuple[str, int]]:
    return store.execute("SELECT bucket, count(*) FROM bucket_sources WHERE bucket >= ? GROUP BY bucket",
                         (bucket,)).fetchall()


def flags_between(store: Store, start: str, end: str) -> list[tuple]:
    """``(key, label, kind, bucket, score, count, expected)``: each term's strongest flag
    with a bucket in [start, end]."""
    rows = store.execute(
        "SELECT term, label, kind, bucket, score, count, expected FROM trend_flags "
        "WHERE bucket >= ? AND bucket <= ? ORDER BY term, score DESC, bucket DESC", (start, end)).fetchall()
    best: dict[str, tuple] = {}
    for row in rows:
        best.setdefault(row[0], row)
    return list(best.values())


def mentions_between(store: Store, terms: list[str], start: str, end: str) -> dict[str, list[tuple[str, str, int]]]:
    """For each term: ``(source, story id or "", documents)`` in buckets [start, end]. A
    story merged into another since it was counted is read as the one it is now."""
    out: dict[str, list] = defaultdict(list)
    for chunk in _chunks(sorted(set(terms))):
        marks = ",".join("?" * len(chunk))
        for term, source, story, n in store.execute(
                "SELECT ts.term, ts.source, coalesce(m.into_id, ts.story_id), sum(ts.n) FROM term_sources ts "
                f"LEFT JOIN story_merges m ON m.story_id = ts.story_id WHERE ts.term IN ({marks}) "
                "AND ts.bucket >= ? AND ts.bucket <= ? GROUP BY 1, 2, 3", [*chunk, start, end]):
            out[term].append((source, story, n))
    return out


def volumes_between(store: Store, terms: list[str], start: str, end: str) -> dict[str, list[dict]]:
    """Each term's sources per bucket in [start, end] (what the detector counted)."""
    out: dict[str, list] = defaultdict(list)
    for chunk in _chunks(sorted(set(terms))):
        marks = ",".join("?" * len(chunk))
        for term, bucket, n in store.execute(
                f"SELECT term, bucket, n FROM term_volume WHERE term IN ({marks}) AND bucket >= ? "
                "AND bucket <= ? ORDER BY term, bucket", [*chunk, start, end]):
            out[term].append({"bucket": bucket, "count": n})
    return out


def word_case(store: Store, words: Iterable[str]) -> dict[str, tuple[int, int]]:
    """``word -> (capitalised, lower case)`` occurrences away from sentence starts."""
    out: dict[str, tuple[int, int]] = {}
    for chunk in _chunks(sorted(set(words))):
        marks = ",".join("?" * len(chunk))
        for w, u, lo in store.execute(f"SELECT word, upper, lower FROM word_case WHERE word IN ({marks})", chunk):
            out[w] = (u, lo)
    return out


def term_types(store: Store, terms: Iterable[str]) -> dict[str, Counter]:
    """The entity types each name was tagged with, in how many articles."""
    out: dict[str, Counter] = defaultdict(Counter)
    for chunk in _chunks(sorted(set(terms))):
        marks = ",".join("?" * len(chunk))
        for t, kind, n in store.execute(f"SELECT term, type, n FROM term_types WHERE term IN ({marks})", chunk):
            out[t][kind] += n
    return out


def story_names(store: Store, story_ids: Iterable[str]) -> dict[str, list[tuple[str, str, str, int]]]:
    """``story id -> [(key, label, kind, articles)]`` of the names (not hashtags) it holds."""
    out: dict[str, list] = defaultdict(list)
    for chunk in _chunks(sorted(set(story_ids))):
        marks = ",".join("?" * len(chunk))
        for sid, key, label, kind, n in store.execute(
                f"SELECT story_id, term, label, kind, n FROM story_terms WHERE story_id IN ({marks}) "
                "AND kind != 'hashtag'", chunk):
            out[sid].append((key, label, kind, n))
    return out


def headlines(store: Store, story_ids: Iterable[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for chunk in _chunks(sorted(set(story_ids))):
        marks = ",".join("?" * len(chunk))
        out.update(store.execute(f"SELECT id, headline FROM stories WHERE id IN ({marks})", chunk).fetchall())
    return out
