"""Story grouping against *events* and *stories*: the event-labelled timeline17 dev set
(``benchmarks/labels/events/``), through the product path, beside TF-IDF + agglomerative.

The tuning sets of ``benchmarks/grouping_dev.py`` cannot see a grouper that chains separate
events of one topic: NeuS train is three leads a story, undated, and timeline17's gold is
the topic (the BP oil spill holds hundreds of events). This set labels timeline17 articles
in a few dense windows of several topics (several outlets covering the same days) with the
specific happening each reports, at giveme5w1h's granularity (a hearing, a failed
containment attempt, an air strike, a vote); roundups and opinion pieces are ``null`` and
left out. Same-topic events days apart are the hard negatives. Each event also belongs to
one continuing *story* (the top kill, its failure and the riser cut are one; the $20bn fund
and the congressional hearings are others), the granularity a storydesk story is meant to
have: ``--level event|story`` scores against either (default both, one block of rows each).

The labelled articles (the records ``benchmarks/web_load_store.py`` makes of timeline17,
one JSON file each) go through ``Desk.ingest`` with the real analysis exactly as
``benchmarks/grouping.py`` runs giveme5w1h (its ``ingest_in_order``), in two arrival
orders: publication order and a fixed shuffle (the dates are days, so the shuffle changes
the order within a day). BCubed P/R/F1 and ARI against the events; beside them TF-IDF +
agglomerative at its best threshold on this very data and level (an advantage storydesk
does not get). ``--with-unlabelled`` also ingests the windows' unlabelled articles (roundups,
opinion: the bridges a real stream has) and scores the labelled ones only (storydesk rows
only; the baseline's best threshold is chosen on labelled articles).

Below them, one row per system and level gives BCubed F1 within each topic (``f1 bpoil`` ...): the
storydesk rows restrict each order's stories to the topic's articles; the baseline row is
re-run on each topic at that topic's best threshold (a further advantage to it). Rows are
prefixed with their level (``story: ...``).
``--agreement [PASS2]`` only compares a second labelling pass with ``--labels`` (see the
labels' README).

Each order is a fresh ``Desk.ingest`` (about 8 articles/s here, minutes for the set).
``--grid`` adds a side path for tuning, labelled as such: the set is ingested once into a
store cached under ``--cache`` (keyed by the labels and the analyzer version), then
regrouped from its stored analyses with each setting of ``grouping_dev.GRID``, as
``benchmarks/grouping_dev.py`` does for its sets (seconds a setting), scored at each level.

    PYTHONPATH=. .venv/bin/python -m benchmarks.grouping_events [--data DIR] [--json]
        [--labels FILE] [--level event|story] [--with-unlabelled] [--order publication|shuffled]
        [--assignments FILE]
        [--grid [--cache DIR]] [--agreement [PASS2]]
"""

from __future__ import annotations

import hashlib
import json
import random
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks._common import ROOT, parser, report, require
from benchmarks.grouping import SHUFFLE_SEED, bcubed, ingest_in_order, scores, storydesk_labels, tfidf_agglomerative
from benchmarks.web_load_store import timeline17_records
from storydesk import Settings

LABELS = ROOT / "benchmarks" / "labels" / "events" / "events.jsonl"
PASS2 = LABELS.with_name("pass2.jsonl")
STORY_PAIRS = LABELS.with_name("story_pairs.jsonl")
FIELDS = ("folder", "id", "date", "event", "description", "story", "sha1")
LEVELS = ("event", "story")


def read_labels(path: Path = LABELS) -> list[dict]:
    """The label rows (every article of the windows read; ``event`` null when excluded);
    a ValueError naming the file and line for a malformed row."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{n}: not JSON ({exc})") from None
        if not isinstance(row, dict) or set(row) != set(FIELDS):
            raise ValueError(f"{path}:{n}: expected the fields {', '.join(FIELDS)}")
        rows.append(row)
    return rows


def story_of(rows: list[dict]) -> dict[str, str]:
    """Event -> its story; a ValueError naming the event when it sits in none or in two."""
    out: dict[str, str] = {}
    for r in rows:
        if r["event"] is None:
            continue
        if not r["story"] or out.setdefault(r["event"], r["story"]) != r["story"]:
            raise ValueError(f"event {r['event']}: every article of an event needs the same story "
                             f"({out.get(r['event'])!r}, {r['story']!r})")
    return out


def level_gold(events: list[str], stories: dict[str, str]) -> dict[str, list[str]]:
    """The gold of ``events`` at each level: the events themselves and their stories."""
    return {"event": list(events), "story": [stories[e] for e in events]}


def text_sha1(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def data_texts(folder: Path, keys: set[tuple[str, str]]) -> dict[tuple[str, str], dict]:
    """``(folder, id)`` -> the data's raw record (``id``, ``time``, ``text``) for ``keys``."""
    import gzip

    out = {}
    for topic in sorted({f for f, _ in keys}):
        with gzip.open(folder / topic / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                if (topic, record["id"]) in keys:
                    out[(topic, record["id"])] = record
    return out


def mismatches(rows: list[dict], folder: Path) -> list[str]:
    """Rows whose article is missing from the data or whose text or date changed."""
    found = data_texts(folder, {(r["folder"], r["id"]) for r in rows})
    bad = []
    for r in rows:
        record = found.get((r["folder"], r["id"]))
        if record is None:
            bad.append(f"{r['folder']}/{r['id']}: not in the data")
        elif text_sha1(record["text"]) != r["sha1"] or record["time"] != r["date"]:
            bad.append(f"{r['folder']}/{r['id']}: text or date differs from the labelled one")
    return bad


def labelled_records(folder: Path, rows: list[dict], with_unlabelled: bool) -> list[tuple[dict, str | None]]:
    """(ingest record, event or None) of the rows' articles, as ``Desk.ingest`` reads them."""
    wanted = {f"timeline17://{r['folder']}/{r['id']}": r["event"] for r in rows
              if r["event"] is not None or with_unlabelled}
    out = [(rec, wanted[rec["url"]]) for rec in timeline17_records(folder) if rec["url"] in wanted]
    missing = sorted({u for u, e in wanted.items() if e is not None} - {rec["url"] for rec, _ in out})
    if missing:  # timeline17_records skips empty texts: none may be labelled
        raise ValueError(f"labelled articles with no text in {folder}: {', '.join(missing[:5])}")
    return out


def read_pass(path: Path) -> dict[tuple[str, str], str | None]:
    """A second labelling pass (``pass2.jsonl``: ``folder``, ``id``, ``event`` a line, its own
    event ids) as ``(folder, id)`` -> event."""
    out = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        row = json.loads(line)
        if not isinstance(row, dict) or set(row) != {"folder", "id", "event"}:
            raise ValueError(f"{path}:{n}: expected the fields folder, id, event")
        out[(row["folder"], row["id"])] = row["event"]
    return out


def agreement(first: dict[tuple[str, str], str | None], second: dict[tuple[str, str], str | None]) -> dict:
    """How far two labelling passes agree on ``second``'s articles (event ids need not match):
    labelled-or-null agreement and Cohen's kappa; over same-topic pairs both passes labelled,
    the share of pairs both call same-or-different and the same-event pairs' P/R/F1 (``second``
    against ``first``); BCubed of ``second`` against ``first`` on the articles both labelled."""
    keys = sorted(second)
    n = len(keys)
    a = sum(1 for k in keys if first[k] is not None)
    b = sum(1 for k in keys if second[k] is not None)
    observed = sum((first[k] is None) == (second[k] is None) for k in keys) / n
    chance = (a * b + (n - a) * (n - b)) / (n * n)
    both = [k for k in keys if first[k] is not None and second[k] is not None]
    pairs = [(x, y) for i, x in enumerate(both) for y in both[i + 1:] if _topic(x[0]) == _topic(y[0])]
    same1 = {(x, y) for x, y in pairs if first[x] == first[y]}
    same2 = {(x, y) for x, y in pairs if second[x] == second[y]}
    hit = len(same1 & same2)
    pp, pr = hit / max(len(same2), 1), hit / max(len(same1), 1)
    p, r, f = bcubed([second[k] for k in both], [first[k] for k in both])
    return {"articles": n, "labelled_1": a, "labelled_2": b, "null_agreement": round(observed, 4),
            "kappa": round((observed - chance) / (1 - chance), 4) if chance < 1 else 1.0,
            "both_labelled": len(both), "pairs": len(pairs),
            "pair_agreement": round(1 - len(same1 ^ same2) / max(len(pairs), 1), 4),
            "pair_p": round(pp, 4), "pair_r": round(pr, 4),
            "pair_f1": round(2 * pp * pr / (pp + pr), 4) if pp + pr else 0.0,
            "bcubed_p": round(p, 4), "bcubed_r": round(r, 4), "bcubed_f1": round(f, 4)}


def _topic(folder: str) -> str:
    return folder.split("_")[0]


def topic_f1(predicted: list, gold: list, topics: list[str]) -> dict[str, float]:
    """BCubed F1 within each topic: ``predicted`` restricted to the topic's articles (a story
    spanning topics counts as its part in each), against ``gold``; keys ``f1 <topic>``."""
    out = {}
    for topic in sorted(set(topics), key=str.lower):
        idx = [i for i, t in enumerate(topics) if t == topic]
        out[f"f1 {topic}"] = round(bcubed([predicted[i] for i in idx], [gold[i] for i in idx])[2], 4)
    return out


def run_order(records: list[tuple[dict, str | None]], order: str, settings: Settings) -> list[str]:
    """Story id of each record after one ``Desk.ingest`` of them all, arriving in ``order``."""
    with tempfile.TemporaryDirectory(prefix="storydesk-events-") as tmp:
        src = Path(tmp) / "records"
        src.mkdir()
        files = []
        for n, (record, _) in enumerate(records):
            path = src / f"{n:04d}.json"
            path.write_text(json.dumps(record), encoding="utf-8")
            files.append(path)
        if order == "publication":
            files.sort(key=lambda f: (records[int(f.stem)][0]["published"], f.name))
        else:
            random.Random(SHUFFLE_SEED).shuffle(files)
        work = Path(tmp) / "work"
        work.mkdir()
        stories, _ = ingest_in_order(files, work, settings)
    return [stories[f"{n:04d}.json"] for n in range(len(records))]


def grid_rows(records: list[tuple[dict, str | None]], stories: dict[str, str], labels: Path, cache: Path,
              levels: list[str]) -> dict[str, dict]:
    """Side path: the scored records ingested once into a cached store (``grouping_dev.build``)
    and regrouped from their stored analyses with each ``grouping_dev.GRID`` setting, scored
    at each of ``levels``."""
    from benchmarks.grouping_dev import GRID, build
    from storydesk.analyze import ANALYZER_VERSION

    key = text_sha1(labels.read_text(encoding="utf-8"))[:10]
    db = build(f"events-{key}-{ANALYZER_VERSION}", [{**rec, "gold": event, "story": stories[event]}
                                                    for rec, event in records if event is not None], cache)
    out = {}
    for label, params in GRID:
        predicted, gold = regroup_levels(db, **params)
        for level in levels:
            out[f"{level}: side path: regrouped from cached analyses, {label}"] = {
                **scores(predicted, gold[level]), "stories": len(set(predicted))}
    return out


def regroup_levels(db: Path, **params) -> tuple[list[str], dict[str, list[str]]]:
    """``grouping_dev.regroup``'s side path (the stored articles regrouped in the ingest's
    order with ``params``), returning the story of each article and its gold at each level
    instead of one level's scores."""
    from storydesk.analyze import ANALYZER_VERSION
    from storydesk.store import Store
    from storydesk.store.progress import GROUPING_ORDER

    with Store(db) as store:
        ids = [r[0] for r in store.execute(f"SELECT a.id FROM articles a ORDER BY {GROUPING_ORDER}").fetchall()]
        articles = [store.get_article(i) for i in ids]
        analyses = {i: store.get_analysis(i, ANALYZER_VERSION) for i in ids}
    raw = [json.loads(a.raw) for a in articles]
    return storydesk_labels(articles, analyses, **params), {"event": [r["gold"] for r in raw],
                                                            "story": [r["story"] for r in raw]}


def main() -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--labels", type=Path, default=LABELS)
    p.add_argument("--level", action="append", choices=LEVELS,
                   help="score against the events or the stories they belong to (default: both)")
    p.add_argument("--with-unlabelled", action="store_true",
                   help="also ingest the windows' unlabelled articles (scored: labelled ones only)")
    p.add_argument("--order", action="append", choices=("publication", "shuffled", "none"),
                   help="arrival order(s) of the product path (default: both; none: only --grid)")
    p.add_argument("--assignments", type=Path, metavar="FILE",
                   help="also write each article's story per order (JSON Lines) to FILE, to see what merged")
    p.add_argument("--grid", action="store_true",
                   help="also regroup a cached ingest with grouping_dev's parameter grid (side path)")
    p.add_argument("--cache", type=Path, default=Path("/tmp/storydesk-bench/grouping-events"),
                   help="where --grid keeps its ingested store")
    p.add_argument("--agreement", nargs="?", type=Path, const=PASS2, metavar="PASS2",
                   help="only compare a second labelling pass (default: pass2.jsonl) with --labels, "
                        "no ingest")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                   help="a storydesk setting for the ingests")
    args = p.parse_args()
    rows = read_labels(args.labels)
    if args.agreement:
        first = {(r["folder"], r["id"]): r["event"] for r in rows}
        report({f"{args.agreement.name} against {args.labels.name}": agreement(first, read_pass(args.agreement))},
               args.json, "agreement of two labelling passes on the second pass's sample")
        return
    folder = require(args.data)
    bad = mismatches(rows, folder)
    if bad:
        raise SystemExit(f"{args.labels}: {len(bad)} label(s) do not match {folder}: " + "; ".join(bad[:5]))
    try:
        stories = story_of(rows)
    except ValueError as exc:
        raise SystemExit(f"{args.labels}: {exc}") from None
    levels = [lv for lv in LEVELS if lv in (args.level or LEVELS)]
    settings = Settings().apply(args.sets)
    records = labelled_records(folder, rows, args.with_unlabelled)
    scored = [i for i, (_, e) in enumerate(records) if e is not None]
    gold = level_gold([records[i][1] for i in scored], stories)
    topics = [_topic(records[i][0]["url"].split("/")[2]) for i in scored]
    runs = {}
    assigned = []
    extra = ", with unlabelled" if args.with_unlabelled else ""
    for order in [] if args.order == ["none"] else args.order or ["publication", "shuffled"]:
        labels = run_order(records, order, settings)
        assigned += [{"order": order, "article": rec["url"], "date": rec["published"], "event": event,
                      "gold_story": stories.get(event), "story": story}
                     for (rec, event), story in zip(records, labels)]
        runs[f"storydesk ingest, {order} order{extra}"] = [labels[i] for i in scored]
    texts = [f"{records[i][0]['title']}\n{records[i][0]['text']}" for i in scored]
    results = {}
    for level in levels:
        results.update(level_rows(level, runs, gold[level], texts, topics))
    if args.grid:
        results.update(grid_rows(records, stories, args.labels, args.cache, levels))
    if args.assignments:
        args.assignments.write_text("".join(json.dumps(a) + "\n" for a in assigned), encoding="utf-8")
    plural = {"event": "events", "story": "stories"}
    counts = "; ".join(f"{len(set(g))} {plural[lv]}, {sum(1 for v in Counter(g).values() if v > 1)} with 2+ articles"
                       for lv, g in gold.items() if lv in levels)
    report(results, args.json, f"grouping vs events and stories: timeline17 event set ({len(scored)} articles; "
           f"{counts}) through Desk.ingest; baseline at its best threshold on the scored data and level")


def level_rows(level: str, runs: dict[str, list[str]], gold: list[str], texts: list[str],
               topics: list[str]) -> dict[str, dict]:
    """One level's block of rows: each storydesk run and the spread of F1 across them, the
    baseline at its best threshold, then BCubed F1 within each topic for each."""
    rows = {f"{level}: {name}": scores(labels, gold) for name, labels in runs.items()}
    f1s = [row["bcubed_f1"] for row in rows.values()]
    if len(f1s) > 1:
        rows[f"{level}: storydesk ingest, spread of F1 across orders"] = {"bcubed_f1": round(max(f1s) - min(f1s), 4)}
    rows[f"{level}: tfidf+agglomerative (best threshold, batch)"] = tfidf_agglomerative(texts, gold)
    for name, labels in runs.items():
        rows[f"{level}: per topic: {name}"] = topic_f1(labels, gold, topics)
    rows[f"{level}: per topic: tfidf+agglomerative (best threshold for each topic)"] = {
        f"f1 {t}": tfidf_agglomerative([x for x, u in zip(texts, topics) if u == t],
                                       [g for g, u in zip(gold, topics) if u == t])["bcubed_f1"]
        for t in sorted(set(topics), key=str.lower)}
    return rows


if __name__ == "__main__":
    main()
