"""A mixed news archive replayed day by day through the desk, for judging trend lists.

The store: every Giveme5W1H news_cluster article (383, 111 outlets, 2013-2018) and the
timeline17 H1N1 articles of three outlets (BBC, Guardian, Reuters: 405, 2009), read by
``storydesk ingest`` (timeline17's records are written as JSON Lines with their outlet
under /tmp first). A seed store with every article stored and analyzed is built once per
analyzer version under /tmp/storydesk-bench; each replay copies it and feeds the
articles, in publication order, one day at a time to the tracker, exactly as
``storydesk ingest`` does after analysis (``Desk.tracker.add_article``), and asks
``Desk.trends()`` for the list at the end of each day (the window ending that day).

    from benchmarks.trends_replay import replay
    days = replay(data_dir)        # [(day, [trend rows])]
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import sqlite3
from collections import Counter
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from storydesk import Desk, Settings
from storydesk.model import Article

log = logging.getLogger(__name__)

WORK = Path("/tmp/storydesk-bench")
#: timeline17 folders in the mixed store and the outlet each one is.
T17_FOLDERS = {"H1N1_bbc": "bbc.co.uk", "H1N1_guardian": "theguardian.com", "H1N1_reuters": "reuters.com"}


def _t17_jsonl(data: Path, folder: str, outlet: str) -> Path:
    """A timeline17 folder as a news-please JSON Lines file (its outlet named)."""
    out = WORK / "t17" / f"{folder}.jsonl"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".part")
    with gzip.open(data / "timeline17" / folder / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as fh, \
            tmp.open("w", encoding="utf-8") as dst:
        for line in fh:
            r = json.loads(line)
            dst.write(json.dumps({"maintext": r["text"], "date_publish": r["time"],
                                  "source_domain": outlet, "url": f"t17:{folder}/{r['id']}"}) + "\n")
    tmp.rename(out)
    return out


def inputs(data: Path) -> list[str]:
    """The paths ``storydesk ingest`` reads for the mixed store."""
    g5 = data / "giveme5w1h-news-cluster" / "data"
    paths = [str(p) for p in sorted(g5.glob("*.json"))]
    return paths + [str(_t17_jsonl(data, f, o)) for f, o in T17_FOLDERS.items()]


def seed_store(data: Path, settings: Settings | None = None) -> Path:
    """Every article stored and analyzed, nothing grouped (built once per analyzer version)."""
    from storydesk.analyze import ANALYZER_VERSION

    paths = inputs(data)
    names = [Path(p).name for p in paths]  # the same store wherever the data folder is
    key = hashlib.sha1("\n".join([ANALYZER_VERSION, *names]).encode()).hexdigest()[:10]
    seed = WORK / f"trends-seed-{key}.db"
    if seed.exists():
        return seed
    tmp = seed.with_suffix(".part")
    tmp.unlink(missing_ok=True)
    with Desk(Settings(db=str(tmp)) if settings is None else settings.replace(db=str(tmp))) as desk:
        report = desk.ingest(paths, process=False)
        log.info("seed store: %d articles stored, %d rejected", len(report.stored), len(report.rejected))
        ids = [r[0] for r in desk.store.execute("SELECT id FROM articles ORDER BY id").fetchall()]
        for i in range(0, len(ids), 50):
            desk.analyze(desk.store.get_articles(ids[i:i + 50]))
    tmp.rename(seed)
    return seed


def _copy(src: Path, dst: Path) -> None:
    dst.unlink(missing_ok=True)
    for suffix in ("-wal", "-shm"):
        Path(str(dst) + suffix).unlink(missing_ok=True)
    with sqlite3.connect(src) as a, sqlite3.connect(dst) as b:
        a.backup(b)


def replay(
    data: Path,
    *,
    window: str = "7d",
    settings: Settings | None = None,
    name: str = "replay",
    at_day: Callable[[Desk, str], list[dict]] | None = None,
) -> tuple[Path, list[tuple[str, list[dict]]]]:
    """Replay the mixed store day by day: ``(store path, [(day, trends listed that day)])``.
    ``at_day(desk, day)`` lists the trends of a day (default: ``desk.trends(window=...)``)."""
    seed = seed_store(data, settings)
    db = WORK / f"trends-{name}.db"
    _copy(seed, db)
    settings = Settings(db=str(db)) if settings is None else settings.replace(db=str(db))
    days: list[tuple[str, list[dict]]] = []
    with Desk(settings) as desk:
        rows = desk.store.execute("SELECT id, published FROM articles").fetchall()
        order = sorted(rows, key=lambda r: (r[1] or "", r[0]))
        by_day: dict[str, list[str]] = {}
        for article_id, published in order:
            by_day.setdefault((published or "")[:10], []).append(article_id)
        for day, ids in by_day.items():
            for article in desk.store.get_articles(ids):
                analysis = desk.analyze([article])[0].analysis
                desk.tracker.add_article(article, analysis)
            listed = at_day(desk, day) if at_day is not None else desk.trends(window=window)
            days.append((day, listed))
    return db, days


def store_articles(db: Path) -> list[Article]:
    with Desk(Settings(db=str(db))) as desk:
        ids = [r[0] for r in desk.store.execute("SELECT id FROM articles").fetchall()]
        return desk.store.get_articles(ids)


def day_end(day: str) -> str:
    return datetime.fromisoformat(day).replace(hour=23, minute=59, second=59).isoformat()


def story_of(db: Path) -> dict[str, str]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT article_id, story_id FROM story_articles").fetchall())


def analyses(db: Path) -> dict:
    from storydesk.analyze import ANALYZER_VERSION

    with Desk(Settings(db=str(db))) as desk:
        ids = [r[0] for r in desk.store.execute("SELECT id FROM articles").fetchall()]
        found = {i: desk.store.get_analysis(i, ANALYZER_VERSION) for i in ids}
    return {k: v for k, v in found.items() if v is not None}


def term_quality(db: Path, days: list[tuple[str, list[dict]]], window_days: float,
                 dump: Path | None = None) -> dict[str, float]:
    """Noise share of the day-by-day lists (by :mod:`benchmarks.trend_noise`'s rules) and
    the why-link precision. ``dump`` writes every (day, term, class) for labelling."""
    from benchmarks.trend_noise import Evidence, judge_day, why_links

    articles = store_articles(db)
    evidence = Evidence(articles, analyses(db))
    classes: Counter = Counter()
    distinct: dict[str, str | None] = {}
    rows_out = []
    for day, rows in days:
        judged = judge_day([r["term"] for r in rows], evidence)
        for r in rows:
            c = judged[r["term"]]
            classes[c or "ok"] += 1
            distinct.setdefault(r["term"], c)
            rows_out.append({"day": day, "term": r["term"], "kind": r.get("kind"), "class": c,
                             "story_id": r.get("story_id")})
    listed = sum(classes.values())
    out: dict[str, float] = {
        "days": len(days), "listed": listed,
        "noise_share": round((listed - classes["ok"]) / listed, 4) if listed else 0.0,
        "distinct_terms": len(distinct),
        "noise_share_distinct": round(sum(c is not None for c in distinct.values()) / len(distinct), 4)
        if distinct else 0.0,
    }
    for c in ("fragment", "boilerplate", "generic"):
        out[c] = classes[c]
    out.update(why_links(days, articles, story_of(db), window_days))
    if dump is not None:
        dump.write_text("\n".join(json.dumps(r) for r in rows_out) + "\n", encoding="utf-8")
    return out


def volume_baseline(db: Path, days: list[str], window_days: float, top: int = 10) -> list[tuple[str, list[dict]]]:
    """The list a user gets without burst detection: each day, the ``top`` names and
    hashtags the most articles of the window mention (the analysis's canonical names, as
    tagged), each linked to the story that mentions it most."""
    from datetime import timedelta

    from storydesk.stories.terms import TREND_ENTITY_TYPES

    found = analyses(db)
    stories = story_of(db)
    dated = []
    for a in store_articles(db):
        if not a.published or a.id not in found:
            continue
        names = {e.canonical for e in found[a.id].entities if e.type in TREND_ENTITY_TYPES}
        names |= {t.text for t in found[a.id].tags if t.kind == "hashtag"}
        dated.append((datetime.fromisoformat(a.published[:19]), a.id, names))
    out = []
    for day in days:
        end = datetime.fromisoformat(day) + timedelta(days=1)
        start = end - timedelta(days=window_days)
        docs: Counter = Counter()
        by_story: dict[str, Counter] = {}
        for when, article_id, names in dated:
            if start <= when < end:
                for name in names:
                    docs[name] += 1
                    by_story.setdefault(name, Counter())[stories.get(article_id)] += 1
        ranked = sorted(docs.items(), key=lambda kv: (-kv[1], kv[0]))[:top]  # ties by name: the same every run
        rows = [{"term": name, "kind": "entity",
                 "story_id": min(by_story[name].items(), key=lambda kv: (-kv[1], kv[0] or ""))[0]}
                for name, _ in ranked]
        out.append((day, rows))
    return out


def replay_unordered(data: Path, days: list[str], *, name: str = "unordered",
                     settings: Settings | None = None) -> tuple[Path, list[tuple[str, list[dict]]]]:
    """The same store ingested as ``storydesk ingest`` reads the folders (file order, not
    time order), then asked with ``at`` = the end of each of ``days``."""
    seed = seed_store(data, settings)
    db = WORK / f"trends-{name}.db"
    _copy(seed, db)
    settings = Settings(db=str(db)) if settings is None else settings.replace(db=str(db))
    with Desk(settings) as desk:
        ids = [r[0] for r in desk.store.execute("SELECT id FROM articles ORDER BY rowid").fetchall()]
        for article in desk.store.get_articles(ids):
            desk.tracker.add_article(article, desk.analyze([article])[0].analysis)
        desk.tracker.settle_trends()  # what the end of an ingest does
        return db, [(day, desk.trends(at=day)) for day in days]


def gate_results(data: Path) -> dict[str, dict[str, float]]:
    """What the trends gate checks (``benchmarks/floors.json``), from the day-by-day replay
    of the mixed store under ``data``: the share of listed terms that are not noise (by
    :mod:`benchmarks.trend_noise`'s rules), the why-link precision and the terms listed a
    day, for storydesk and for the top 10 names by volume."""
    db, days = replay(data, name="gate")
    q = term_quality(db, days, 7.0)
    base = term_quality(db, volume_baseline(db, [d for d, _ in days], 7.0), 7.0)

    def row(r: dict) -> dict[str, float]:
        return {"clean_share": round(1.0 - r["noise_share"], 4), "why_precision": round(r["why_precision"], 4),
                "terms_per_day": round(r["listed"] / max(1, r["days"]), 3)}

    return {"storydesk": row(q), "top 10 names by volume": row(base)}
