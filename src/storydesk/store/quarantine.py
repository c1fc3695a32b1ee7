"""Notes on stored articles, per stage, and the stages each article is quarantined from.

A note says what a stage could not do with one article and why ("analysis took longer
than 30 s", "published date 9999-12-31 is not plausible"). A quarantined note also keeps
the stage from trying that article again (so ``update_stories`` does not retry an
article whose grouping failed, forever). One note per article and stage; a later note
for the same stage replaces it.

>>> from storydesk.store import Store
>>> from storydesk.model import Article
>>> with Store(":memory:") as store:
...     _ = store.add_article(Article(id="a1", text="Body.", source="x", format="text"))
...     add_note(store, "a1", "analyze", "took too long", quarantined=True)
...     notes_for(store, ["a1", "a2"]), quarantined_ids(store, "analyze")
({'a1': [('analyze', 'took too long', True)]}, {'a1'})
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from .db import Store

#: The stages a note can be about.
STAGES = ("date", "analyze", "group", "trends")


def add_note(store: Store, article_id: str, stage: str, reason: str, *, quarantined: bool) -> None:
    """Record (or replace) the note of ``stage`` on a stored article."""
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}, got {stage!r}")
    at = datetime.now(UTC).isoformat(timespec="seconds")
    with store.transaction() as conn:
        conn.execute(
            "INSERT OR REPLACE INTO article_notes (article_id, stage, reason, quarantined, at) "
            "VALUES (?, ?, ?, ?, ?)",
            (article_id, stage, reason, int(quarantined), at),
        )


def notes_for(store: Store, ids: Iterable[str]) -> dict[str, list[tuple[str, str, bool]]]:
    """(stage, reason, quarantined) of each of ``ids`` that has notes, in stage order."""
    ids = list(dict.fromkeys(ids))
    out: dict[str, list[tuple[str, str, bool]]] = {}
    for start in range(0, len(ids), 500):  # SQLite's parameter limit
        chunk = ids[start:start + 500]
        rows = store.execute(
            f"SELECT article_id, stage, reason, quarantined FROM article_notes "
            f"WHERE article_id IN ({', '.join('?' * len(chunk))})",
            chunk,
        ).fetchall()
        for article_id, stage, reason, quarantined in rows:
            out.setdefault(article_id, []).append((stage, reason, bool(quarantined)))
    for notes in out.values():
        notes.sort(key=lambda n: STAGES.index(n[0]))
    return out


def quarantined_ids(store: Store, stage: str) -> set[str]:
    """Ids of the articles quarantined from ``stage``."""
    rows = store.execute(
        "SELECT article_id FROM article_notes WHERE stage = ? AND quarantined = 1", (stage,)
    ).fetchall()
    return {r[0] for r in rows}


def is_quarantined(store: Store, article_id: str, stage: str) -> bool:
    row = store.execute(
        "SELECT 1 FROM article_notes WHERE article_id = ? AND stage = ? AND quarantined = 1",
        (article_id, stage),
    ).fetchone()
    return row is not None
