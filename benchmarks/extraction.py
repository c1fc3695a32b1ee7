"""Ingest benchmark: HTML extraction quality and ingest throughput.

1. Extraction, on the Zyte/Scrapinghub article-extraction-benchmark (181 gzipped pages
   with gold article bodies): storydesk's extraction (``storydesk.ingest.html.extract_html``,
   the code path ``storydesk ingest`` uses for HTML) beside plain ``trafilatura.extract``
   (defaults, as upstream's ``run_trafilatura.py`` calls it) and readability-lxml
   (``Document(html).summary()`` reduced to text), scored with the benchmark's own metric
   (a re-implementation of upstream ``evaluate.py``: per-document 4-gram shingles over
   ``\\w+`` tokens, tp/fp/fn normalised per document, precision and recall averaged over
   documents, F1 of the averages; accuracy = exact token-sequence match).
2. Throughput, on the 4,650 timeline17 articles written out as JSONL: storydesk's ingest
   (``Desk.ingest(..., process=False)``: detect, parse, hash, store with full-text index)
   against the plain floor of ``json.loads`` + one ``sqlite3 executemany`` of the same
   records, in the same run, as a ratio.

    .venv/bin/python benchmarks/extraction.py [--data DIR] [--json] [--limit N]
        [--only extraction|throughput] [--worst N]
"""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` and `storydesk` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import default_data, parser, report, require  # noqa: E402
from storydesk.ingest.markup import fragment_text  # noqa: E402

# -- the benchmark's own metric (upstream evaluate.py) -----------------------------------

_TOKEN = re.compile(r"\w+", re.UNICODE | re.MULTILINE | re.IGNORECASE | re.DOTALL)


def tokenize(text: str | None) -> list[str]:
    """Upstream's tokens: runs of word characters.

    >>> tokenize("Don't stop — it's 5pm.")
    ['Don', 't', 'stop', 'it', 's', '5pm']
    """
    return _TOKEN.findall(text or "")


def shingles(text: str | None, n: int = 4) -> Counter:
    tokens = tokenize(text)
    grams = (tuple(tokens[i : i + n]) for i in range(max(1, len(tokens) - n + 1)))
    return Counter(g for g in grams if g)


def shingle_match(true: str | None, pred: str | None, n: int = 4) -> tuple[float, float, float]:
    """(tp, fp, fn) over 4-gram shingles, normalised to sum to 1 (upstream's
    ``string_shingle_matching``).

    >>> shingle_match("a b c d e", "a b c d e")
    (1.0, 0.0, 0.0)
    >>> shingle_match("a b c d e", "")
    (0.0, 0.0, 1.0)
    """
    t, p = shingles(true, n), shingles(pred, n)
    tp = fp = fn = 0.0
    for key in t.keys() | p.keys():
        tc, pc = t.get(key, 0), p.get(key, 0)
        tp += min(tc, pc)
        fp += max(0, pc - tc)
        fn += max(0, tc - pc)
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (tp, fp, fn)


def _share(tp: float, extra: float, fp: float, fn: float) -> float:
    """``tp / (tp + extra)``; 1.0 for a perfect match, 0.0 when both are zero (upstream's
    ``precision_score`` with ``extra=fp``, ``recall_score`` with ``extra=fn``)."""
    if fp == fn == 0:
        return 1.0
    if tp == extra == 0:
        return 0.0
    return tp / (tp + extra)


def _precision(tp: float, fp: float, fn: float) -> float:
    return _share(tp, fp, fp, fn)


def _recall(tp: float, fp: float, fn: float) -> float:
    return _share(tp, fn, fp, fn)


def score(gold: dict[str, str], predicted: dict[str, str | None]) -> dict[str, float]:
    """Upstream's f1/precision/recall/accuracy for ``predicted`` bodies against ``gold``.

    >>> score({"a": "one two three four five"}, {"a": "one two three four five"})
    {'f1': 1.0, 'precision': 1.0, 'recall': 1.0, 'accuracy': 1.0}
    """
    triples = [shingle_match(gold[k], predicted.get(k) or "") for k in gold]
    precision = statistics.mean(_precision(*x) for x in triples if x[0] + x[1] > 0)
    recall = statistics.mean(_recall(*x) for x in triples if x[0] + x[2] > 0)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    accuracy = statistics.mean(
        float(tokenize(gold[k]) == tokenize(predicted.get(k) or "")) for k in gold
    )
    return {"f1": f1, "precision": precision, "recall": recall, "accuracy": accuracy}


def doc_f1(true: str, pred: str | None) -> float:
    """One document's F1 (to find the pages where a system does worst)."""
    match = shingle_match(true, pred or "")
    p, r = _precision(*match), _recall(*match)
    return 2 * p * r / (p + r) if p + r else 0.0


# -- the systems -------------------------------------------------------------------------

def run_storydesk(html: str) -> str | None:
    from storydesk.ingest.html import extract_html

    found = extract_html(html)
    return found.text if found else None


def run_trafilatura(html: str) -> str | None:
    import trafilatura

    return trafilatura.extract(html, include_comments=False)


def run_trafilatura_precision(html: str) -> str | None:
    """trafilatura at the setting a user who wants the article and nothing else would
    pick: precision mode (its strongest on this benchmark)."""
    import trafilatura

    return trafilatura.extract(html, include_comments=False, favor_precision=True)


def run_readability(html: str) -> str | None:
    from readability import Document

    return fragment_text(Document(html).summary(html_partial=True))


SYSTEMS: dict[str, Callable[[str], str | None]] = {
    "storydesk": run_storydesk,
    "trafilatura (precision)": run_trafilatura_precision,
    "trafilatura": run_trafilatura,
    "readability-lxml": run_readability,
}


def load_pages(data: Path, limit: int | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(gold bodies, HTML pages) by item id, in sorted id order."""
    truth = json.loads((data / "ground-truth.json").read_text(encoding="utf-8"))
    ids = sorted(truth)[:limit] if limit else sorted(truth)
    gold = {k: truth[k].get("articleBody", "") for k in ids}
    pages = {}
    for k in ids:
        with gzip.open(data / "html" / f"{k}.html.gz", "rt", encoding="utf-8") as f:
            pages[k] = f.read()
    return gold, pages


def run_extraction(
    data: Path, limit: int | None = None, systems: Iterable[str] = SYSTEMS
) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, str | None]], dict[str, str]]:
    """Scores of each system, each system's predictions, and the gold bodies."""
    gold, pages = load_pages(data, limit)
    results: dict[str, dict[str, float]] = {}
    predictions: dict[str, dict[str, str | None]] = {}
    for name in systems:
        fn = SYSTEMS[name]
        start = time.perf_counter()
        predictions[name] = {k: fn(html) for k, html in pages.items()}
        elapsed = time.perf_counter() - start
        results[name] = score(gold, predictions[name]) | {"ms_per_page": 1000 * elapsed / len(pages)}
    return results, predictions, gold


# -- throughput --------------------------------------------------------------------------


def write_timeline17(data: Path, out: Path) -> int:
    """The timeline17 articles written out as one JSONL file per topic; returns the count."""
    count = 0
    for src in sorted(data.glob("*/articles.tokenized.jsonl.gz")):
        with gzip.open(src, "rt", encoding="utf-8") as f, (out / f"{src.parent.name}.jsonl").open(
            "w", encoding="utf-8"
        ) as w:
            for line in f:
                if line.strip():
                    w.write(line if line.endswith("\n") else line + "\n")
                    count += 1
    return count


def _rows(folder: Path) -> list[tuple]:
    rows = []
    for file in sorted(folder.glob("*.jsonl")):
        for line in file.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                r = json.loads(line)
                rows.append((f"{file.name}:{r.get('id')}", r.get("time"), r.get("text"), line))
    return rows


def baseline_ingest(folder: Path, db: Path) -> int:
    """The floor: json.loads every line and executemany them into one SQLite table."""
    rows = _rows(folder)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE articles (id TEXT PRIMARY KEY, published TEXT, text TEXT, raw TEXT)")
    with conn:
        conn.executemany("INSERT OR IGNORE INTO articles VALUES (?, ?, ?, ?)", rows)
    conn.close()
    return len(rows)


def durable_baseline_ingest(folder: Path, db: Path) -> int:
    """The same records with storydesk's storage guarantees and search but none of its
    reading: WAL, one transaction per record (a kill loses nothing committed), and an
    FTS5 index kept by trigger."""
    rows = _rows(folder)
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.executescript(
        "CREATE TABLE articles (id TEXT PRIMARY KEY, published TEXT, text TEXT, raw TEXT);"
        "CREATE VIRTUAL TABLE fts USING fts5(text, content='articles', content_rowid='rowid');"
        "CREATE TRIGGER ai AFTER INSERT ON articles BEGIN "
        "INSERT INTO fts(rowid, text) VALUES (new.rowid, new.text); END;"
    )
    for row in rows:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT OR IGNORE INTO articles VALUES (?, ?, ?, ?)", row)
        conn.execute("COMMIT")
    conn.close()
    return len(rows)


def storydesk_ingest(folder: Path, db: Path) -> tuple[int, int, int]:
    from storydesk import Desk, Settings

    with Desk(Settings(db=str(db))) as desk:
        r = desk.ingest([str(folder)], process=False)
        return len(r.stored), len(r.already), len(r.rejected)


def run_throughput(data: Path) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="storydesk-bench-") as tmp:
        folder = Path(tmp) / "t17"
        folder.mkdir()
        n = write_timeline17(data, folder)
        timed = {}
        for name, fn in (("json+sqlite", baseline_ingest),
                         ("json+sqlite, txn/record, fts5", durable_baseline_ingest),
                         ("storydesk", storydesk_ingest)):
            start = time.perf_counter()
            result = fn(folder, Path(tmp) / f"{len(timed)}.db")
            timed[name] = (time.perf_counter() - start, result)
    base = timed["json+sqlite"][0]
    out = {name: {"articles": n, "seconds": t, "articles_per_s": n / t, "x_baseline_time": t / base}
           for name, (t, _) in timed.items()}
    stored, already, rejected = timed["storydesk"][1]
    out["storydesk"] |= {"stored": stored, "duplicates": already, "rejected": rejected}
    return {"storydesk": out.pop("storydesk")} | out


def main(argv: list[str] | None = None) -> int:
    p = parser(__doc__.splitlines()[0], "article-extraction-benchmark")
    p.add_argument("--timeline17", type=Path, default=default_data("timeline17"),
                   help="timeline17 folder for the throughput part")
    p.add_argument("--limit", type=int, help="only the first N pages (development)")
    p.add_argument("--only", choices=("extraction", "throughput"))
    p.add_argument("--worst", type=int, default=0,
                   help="also list the N pages where storydesk scores lowest")
    args = p.parse_args(argv)
    out: dict[str, dict] = {}
    if args.only != "throughput":
        results, predictions, gold = run_extraction(require(args.data), args.limit)
        if args.json:
            out["extraction"] = results
        else:
            report(results, False, f"HTML extraction, {len(gold)} pages (upstream metric)")
            print()
        if args.worst:
            worst = sorted(gold, key=lambda k: doc_f1(gold[k], predictions["storydesk"][k]))
            for k in worst[: args.worst]:
                row = "  ".join(f"{name}={doc_f1(gold[k], predictions[name][k]):.3f}" for name in predictions)
                print(f"{k[:12]}  {row}", file=sys.stderr)
    if args.only != "extraction":
        results = run_throughput(require(args.timeline17))
        if args.json:
            out["throughput"] = results
        else:
            report(results, False, "Ingest throughput, timeline17 as JSONL (single process)")
    if args.json:
        # One JSON object, {system: {metric: value}}: extraction metrics under the system
        # names, throughput metrics prefixed with "ingest_".
        merged: dict[str, dict[str, float]] = {}
        for name, row in out.get("extraction", {}).items():
            merged.setdefault(name, {}).update(row)
        for name, row in out.get("throughput", {}).items():
            merged.setdefault(name, {}).update({f"ingest_{k}": v for k, v in row.items()})
        print(json.dumps(merged, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
