"""The load benchmark's store: its corpus, and its build through ``storydesk ingest``.

The store holds the example articles, then all of timeline17, then AllSides articles from
neus-allsides-neutral-mds to make up ``--articles``. Every article goes through the real
``storydesk ingest`` path (a subprocess): stored, analyzed with spaCy, grouped into a
story and counted for trends, exactly as a user's ingest does. Nothing is stored without
analysis.

The build is bounded by a wall-time budget. An ingest stopped by the budget keeps every
article it committed (each in its own transaction); the next build resumes where it
stopped. A build that ran out of budget leaves a *partial* store, and the benchmark runs
on it and says how many articles it held. Build time and contents are kept in a JSON file
next to the store, so a report can say exactly what was measured.
"""

from __future__ import annotations

import gzip
import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, require  # noqa: E402

EXAMPLES = ROOT / "examples" / "seeds"
_PTB = ((" -LRB- ", " ("), ("-LRB- ", "("), (" -RRB-", ")"), ("-RRB-", ")"), ("`` ", '"'),
        (" ''", '"'), (" n't", "n't"), (" 's", "'s"), (" 're", "'re"), (" ,", ","), (" .", "."),
        (" ;", ";"), (" :", ":"), (" ?", "?"), (" !", "!"), (" %", "%"), ("$ ", "$"))


def detokenize(line: str) -> str:
    """Penn-Treebank tokens back to plain text, roughly ("Cairo 's" -> "Cairo's").

    >>> print(detokenize("Cairo 's square -LRB- CNN -RRB- , `` yes '' ."))
    Cairo's square (CNN), "yes".
    """
    for token, text in _PTB:
        line = line.replace(token, text)
    return line


def timeline17_records(folder: Path):
    """Records of every timeline17 article: PTB-tokenised sentences, one a line."""
    for topic in sorted(p for p in folder.iterdir() if p.is_dir()):
        outlet = topic.name.split("_", 1)[-1]
        with gzip.open(topic / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                lines = [detokenize(l.strip()) for l in row["text"].splitlines() if l.strip()]
                if not lines:
                    continue
                title = " ".join(lines[0].split()[:14])
                yield {"title": title, "text": "\n\n".join(lines), "published": row["time"],
                       "outlet": outlet, "url": f"timeline17://{topic.name}/{row['id']}"}


def allsides_records(path: Path):
    """Records of the AllSides articles (three outlets' leads per line), undated."""
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f):
            for k, part in enumerate(line.split(" [SEP] ")):
                title, _, text = part.partition("ARTICLE=>")
                title = title.replace("TITLE=>", "").strip().rstrip(".")
                if text.strip():
                    yield {"title": title, "text": text.strip(),
                           "url": f"allsides://{path.stem}/{n}/{k}"}


def write_corpus(data: Path, cache: Path, n_articles: int) -> tuple[Path, Path]:
    """The folder ``corpus-N/`` (the store's articles besides the examples, in JSONL files
    of 500 records, each well under max_input_bytes) and ``fresh.jsonl`` (articles
    ingested during the load); written once."""
    corpus, fresh = cache / f"corpus-{n_articles}", cache / "fresh.jsonl"
    allsides = data.parent / "neus-allsides-neutral-mds"
    if not corpus.exists():
        wanted = n_articles - len(list(EXAMPLES.glob("*.txt")))
        seen, rows = set(), []
        sources = [timeline17_records(data), allsides_records(require(allsides / "train.source"))]
        for source in sources:
            for r in source:
                if len(rows) >= wanted:
                    break
                if r["text"] not in seen:
                    seen.add(r["text"])
                    rows.append(r)
        tmp = corpus.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        for i in range(0, len(rows), 500):
            part = "".join(json.dumps(r) + "\n" for r in rows[i:i + 500])
            (tmp / f"part-{i // 500:03d}.jsonl").write_text(part, encoding="utf-8")
        tmp.rename(corpus)
    if not fresh.exists():
        rows = list(allsides_records(require(allsides / "val.source")))
        fresh.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return corpus, fresh


def storydesk_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "storydesk", *args]


def store_paths(cache: Path, n_articles: int) -> tuple[Path, Path]:
    """The finished store and the partial one being built. The analyzer version is not in
    the name (a build takes most of an hour); :func:`contents` reports it instead."""
    store = cache / f"store-{n_articles}-ingest.db"
    return store, store.with_suffix(".partial.db")


def contents(db: Path) -> dict:
    """What a store holds: articles, analyzed articles (and by which analyzer versions),
    articles grouped into stories, and stories.

    >>> import tempfile
    >>> from storydesk.store import Store
    >>> path = Path(tempfile.mkdtemp()) / "empty.db"
    >>> Store(path).close()
    >>> contents(path)
    {'articles': 0, 'analyzed': 0, 'analyzer_versions': {}, 'grouped': 0, 'stories': 0}
    """
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as c:
        one = lambda sql: c.execute(sql).fetchone()[0]  # noqa: E731
        versions = c.execute("SELECT version, count(*) FROM analyses GROUP BY version ORDER BY version")
        return {
            "articles": one("SELECT count(*) FROM articles"),
            "analyzed": one("SELECT count(DISTINCT article_id) FROM analyses"),
            "analyzer_versions": dict(versions.fetchall()),
            "grouped": one("SELECT count(DISTINCT article_id) FROM story_articles"),
            "stories": one("SELECT count(*) FROM stories"),
        }


def copy_store(source: Path, target: Path) -> None:
    """A consistent copy of a store, its write-ahead log included (SQLite's backup API)."""
    with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as src, \
            closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def _ingest(paths: list[str], db: Path, seconds: float) -> bool:
    """``storydesk ingest PATHS --db DB``; stopped (SIGINT, then SIGTERM) after
    ``seconds``. True when it finished on its own."""
    proc = subprocess.Popen(storydesk_cmd("ingest", *paths, "--db", str(db)))
    try:
        status = proc.wait(timeout=max(seconds, 1))
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.terminate()
            proc.wait(timeout=60)
        return False
    if status not in (0, 3):
        sys.exit(f"storydesk ingest failed (exit status {status}) building {db}")
    return True


def build_store(corpus: Path, cache: Path, n_articles: int, minutes: float) -> tuple[Path, dict]:
    """The store to load-test and a record of its build.

    Returns the finished store when one exists. Otherwise builds (or resumes) it through
    ``storydesk ingest`` for at most ``minutes`` of wall time; when the budget runs out,
    returns the partial store as it is. The record (``.json`` next to the store) holds
    ``build_seconds`` summed over every resumed build, ``complete`` and :func:`contents`.
    With ``minutes`` 0 a partial store is measured as it is, not resumed."""
    store, partial = store_paths(cache, n_articles)
    record_path = store.with_suffix(".json")
    record = json.loads(record_path.read_text()) if record_path.exists() else {"build_seconds": 0.0}
    if store.exists():
        return store, record
    if minutes <= 0 and partial.exists() and "complete" in record:
        return partial, record
    deadline = time.monotonic() + minutes * 60
    started = time.monotonic()
    print(f"building {partial} through storydesk ingest (budget {minutes:g} min) ...", file=sys.stderr)
    done = (_ingest([str(EXAMPLES)], partial, deadline - time.monotonic())
            and _ingest([str(corpus)], partial, deadline - time.monotonic()))
    # An ingest stopped by the budget may have stored its last article without grouping
    # it: finish that one through the same path (analysis, then grouping).
    from storydesk.config import Settings
    from storydesk.desk import Desk

    with Desk(Settings(db=str(partial))) as desk:
        desk.update_stories()
    record["build_seconds"] = round(record["build_seconds"] + time.monotonic() - started, 1)
    record.update(contents(partial), wanted=n_articles, complete=done)
    record_path.write_text(json.dumps(record, indent=1))
    print(f"built {record}", file=sys.stderr)
    if not done:
        return partial, record
    copy_store(partial, store)
    for suffix in ("", "-wal", "-shm"):
        Path(str(partial) + suffix).unlink(missing_ok=True)
    return store, record
