"""Where the grouper's parameters come from: the development sets, never giveme5w1h (the
evaluation set of ``benchmarks/grouping.py``).

* NeuS/AllSides **train**, the first ``--stories`` stories: 3 outlets' leads a story,
  undated (the data carries no dates), so every story competes with every other: BCubed
  against the stories.
* The same stories' **titles** alone (a headline-only stream), and with ``--headlines``
  three more headline streams: the titles of stories 400-999 (a second sample), a
  **mixed** stream of stories 0-399 (one outlet's lead, the other two outlets' titles,
  shuffled), and the event set's articles as their first lines alone (dated titles,
  scored against its continuing stories; ``benchmarks/labels/events/``).
* **timeline17**, 2,000 articles evenly spaced by date: dated, gold = the 9 topics. A
  topic holds hundreds of events, so only precision against topics is a guard (stories
  must not cross topics); recall against topics is no objective (a story is an event, and
  a topic's events are meant to be apart).

Each set is ingested once through ``Desk.ingest`` (the product path: real analysis) into
a cached store under ``--cache``; then, as a side path kept for speed, the stored
articles are regrouped in the ingest's order by the same grouper and features with each
setting of a small grid, from their stored analyses (a grid of full ingests would take
hours on this machine).

    .venv/bin/python -m benchmarks.grouping_dev [--data DIR] [--json] [--cache DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import default_data, parser, report, require  # noqa: E402
from benchmarks.grouping import bcubed, storydesk_labels  # noqa: E402

GRID = [  # (label, grouper parameters)
    ("defaults", {}),
    ("time_penalty 0.035, no reported days (before round 9)", {"time_penalty": 0.035, "use_reported_days": False}),
    ("time_penalty 0.035 (with reported days)", {"time_penalty": 0.035}),
    ("no reported days (time_penalty 0.08 alone)", {"use_reported_days": False}),
    ("recent_floor 0 (before round 7)", {"recent_floor": 0.0}),
    ("time_penalty 0.06", {"time_penalty": 0.06}),
    ("time_penalty 0.1", {"time_penalty": 0.1}),
    ("time_penalty 0.15", {"time_penalty": 0.15}),
    ("recent_floor 0.08", {"recent_floor": 0.08}),
    ("recent_floor 0.12", {"recent_floor": 0.12}),
    ("recent_vectors 8", {"recent_vectors": 8}),
    ("recent_vectors 32", {"recent_vectors": 32}),
    ("threshold 0.2", {"threshold": 0.2}),
    ("threshold 0.25", {"threshold": 0.25}),
    ("threshold 0.25, link_threshold 0.15", {"threshold": 0.25, "link_threshold": 0.15}),
    ("link_threshold 0.15 (a mean cosine to the story's articles)", {"link_threshold": 0.15}),
    ("undated_threshold 0.3 (before round 6)", {"undated_threshold": 0.3}),
    ("undated_threshold 0.35", {"undated_threshold": 0.35}),
    ("undated_threshold 0.45", {"undated_threshold": 0.45}),
    ("min_shared 1", {"min_shared": 1}),
    ("merge_threshold 0.5", {"merge_threshold": 0.5}),
    ("no merges", {"merge_threshold": 1.0}),
    ("refine_threshold 0.2", {"refine_threshold": 0.2}),
    ("refine_threshold 0.3", {"refine_threshold": 0.3}),
    ("fold_headlines off (before round 10: a title's words as written)", {"fold_headlines": False}),
]


def neus_records(path: Path, stories: int, titles_only: bool) -> list[dict]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()[:stories]):
        for k, part in enumerate(line.split(" [SEP] ")):
            title, _, text = part.strip().removeprefix("TITLE=>").partition("ARTICLE=>")
            title, text = title.strip().rstrip("."), text.strip()
            if title and (titles_only or text):
                out.append({"title": title, "text": title if titles_only else text,
                            "outlet": f"outlet{k}", "gold": n})
    return out


def mixed_records(path: Path, stories: int) -> list[dict]:
    """Stories ``0..stories-1`` as a mixed stream: outlet 0's lead, the other outlets'
    titles alone, in a fixed shuffle."""
    import random

    records = ([r for r in neus_records(path, stories, False) if r["outlet"] == "outlet0"]
               + [r for r in neus_records(path, stories, True) if r["outlet"] != "outlet0"])
    random.Random(7).shuffle(records)
    return records


def event_first_lines(folder: Path) -> list[dict]:
    """The event set's labelled articles as their first lines alone (dated; ``gold`` is
    the article's continuing story)."""
    from benchmarks.grouping_events import labelled_records, read_labels, story_of

    rows = read_labels()
    stories = story_of(rows)
    return [{"title": r["title"], "text": r["title"], "published": r["published"], "outlet": r["outlet"],
             "url": r["url"], "gold": stories[e]} for r, e in labelled_records(folder, rows, False) if e is not None]


def timeline17_records(folder: Path, n: int) -> list[dict]:
    from benchmarks.scale import sample

    out = []
    for record in sample(folder, n):
        topic = record["url"].split("//", 1)[1].split("_", 1)[0]
        out.append({**record, "gold": topic})
    return out


def build(name: str, records: list[dict], cache: Path) -> Path:
    """The cached store of ``records``, ingested through ``Desk.ingest`` once."""
    from storydesk import Desk, Settings

    db = cache / f"{name}.db"
    done = cache / f"{name}.done"
    if done.exists():
        return db
    cache.mkdir(parents=True, exist_ok=True)
    source = cache / f"{name}.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    with Desk(Settings(db=str(db))) as desk:
        desk.ingest([str(source)])
    done.write_text("ok")
    return db


def regroup(db: Path, **params) -> dict[str, float]:
    """Side path: the stored articles regrouped in the ingest's order with ``params``."""
    from storydesk.analyze import ANALYZER_VERSION
    from storydesk.store import Store
    from storydesk.store.progress import GROUPING_ORDER

    with Store(db) as store:
        ids = [r[0] for r in store.execute(f"SELECT a.id FROM articles a ORDER BY {GROUPING_ORDER}").fetchall()]
        articles = [store.get_article(i) for i in ids]
        analyses = {i: store.get_analysis(i, ANALYZER_VERSION) for i in ids}
    labels = storydesk_labels(articles, analyses, **params)
    p, r, f = bcubed(labels, [json.loads(a.raw)["gold"] for a in articles])
    return {"bcubed_p": round(p, 4), "bcubed_r": round(r, 4), "bcubed_f1": round(f, 4),
            "stories": len(set(labels))}


def main() -> None:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--timeline17", type=Path, default=default_data("timeline17"))
    p.add_argument("--stories", type=int, default=400, help="NeuS train stories used")
    p.add_argument("--cache", type=Path, default=Path("/tmp/storydesk-bench/grouping-dev"))
    p.add_argument("--headlines", action="store_true", help="also the three more headline streams")
    args = p.parse_args()
    train = require(args.data) / "train.source"
    sets = {
        "NeuS train leads": build("neus-leads", neus_records(train, args.stories, False), args.cache),
        "NeuS train titles": build("neus-titles", neus_records(train, args.stories, True), args.cache),
    }
    if args.headlines:
        second = [r for r in neus_records(train, 1000, True) if r["gold"] >= 400]
        sets["NeuS train titles, stories 400-999"] = build("neus-titles-400-999", second, args.cache)
        sets["NeuS train mixed (a lead, two titles)"] = build("neus-mixed", mixed_records(train, 400), args.cache)
        if args.timeline17.exists():
            sets["event set first lines (dated titles, story level)"] = build(
                "event-first-lines", event_first_lines(args.timeline17), args.cache)
    if args.timeline17.exists():
        sets["timeline17 (vs topics)"] = build("t17", timeline17_records(args.timeline17, 2000), args.cache)
    results = {}
    for label, params in GRID:
        for name, db in sets.items():
            results[f"{name}: {label}"] = regroup(db, **params)
    report(results, args.json, "grouping development sets (parameters chosen here; giveme5w1h is "
                               "left for evaluation); side path: regrouped from stored analyses")


if __name__ == "__main__":
    main()
