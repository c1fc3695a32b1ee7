"""Whole briefs on the project's annotated multi-outlet stories (``benchmarks/story_set.py``).

    .venv/bin/python -m benchmarks.briefs [--data DIR] [--split dev|test] [--json]

Each story goes through the path a user takes: a ``Desk`` on a fresh store ingests the
story's files (analysis and grouping included) and briefs the story it grouped them
into (when grouping split them, the brief of all of them, as ``storydesk brief PATH...``
gives, and the table says so). Reported per split (``dev`` stories are for tuning, ``test``
stories only ever reported):

- ``repeats``: pairs of summary sentences whose content words overlap by ``REPEAT`` or
  more (Jaccard of :func:`storydesk.brief.terms.content_terms`);
- ``fig_labelled`` / ``fig_found`` / ``fig_flagged`` / ``fig_false``: figures outlets
  disagree on, or that changed over time, as labelled in
  ``benchmarks/labels/stories/figures.jsonl``; how many the brief flags (conflict or
  evolution on an entry citing at least two labelled values of different articles); how
  many entries it flags in all; how many flagged entries match no label;
  ``fig_kind_ok``: found ones flagged as the right kind (conflict vs evolution);
- ``fig_distinct`` / ``fig_merged``: figures that must stay apart (``"label": "distinct"``:
  the bill and the corrected bill, the injured and the seriously injured), and how many
  of them one brief figure entry cites together;
- ``origin_ok``: stories whose origin is the labelled outlet, or null where none is
  credited with the scoop (``origin.jsonl``);
- whatever ``benchmarks.story_quotes.score`` and ``benchmarks.story_citations.score``
  return for each split, when those modules exist (called as ``score(stories, briefs)``
  over each split's stories labelled in their label file, and their briefs; "not available"
  otherwise).

The baseline row is what a reader would otherwise do: take the outlet of the earliest
article as the origin, and flag every pair of articles that print different numbers of
the same kind and unit (storydesk's own figures, compared naively).
"""

from __future__ import annotations

import importlib
import json
import sys
from itertools import combinations
from pathlib import Path

from benchmarks._common import parser, report, require
from benchmarks.story_set import LABELS, STORIES, LoadedStory, load_story_set, text_hash

#: Summary sentences sharing this share of content words (Jaccard) or more repeat each other.
REPEAT = 0.5
#: The label file each external scorer reads (it scores only the stories labelled there).
_EXTERNAL_LABELS = {"story_quotes": "quotes", "story_citations": "citations"}


def load_labels(name: str) -> list[dict]:
    path = LABELS / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def check_labels(stories: list[LoadedStory], figures: list[dict], origins: list[dict]) -> None:
    """Every labelled span still holds the text it was labelled on."""
    by_name = {s.name: s for s in stories}
    for record in figures + origins:
        story = by_name.get(record["story"])
        if story is None:
            continue
        for span in record.get("values", []) + record.get("credits", []):
            text = story.by_file(span["file"]).text[span["start"] : span["end"]]
            if text_hash(text) != span["sha1"]:
                raise SystemExit(f"label of {record['story']} no longer matches {span['file']}:"
                                 f"{span['start']}-{span['end']} (text changed?)")


def brief_story(story: LoadedStory, data: Path) -> tuple[dict, bool]:
    """(the brief, whether ingest grouped the story's articles as one story)."""
    from storydesk import Desk, Settings

    paths = [str(data / "data" / Path(a.source).name) for a in story.articles]
    with Desk(Settings(db=":memory:")) as desk:
        desk.ingest(paths)
        ids = {a.id for a in story.articles}
        holding = [s for s in desk.stories(limit=1000) if ids & {a["id"] for a in s.get("articles", [])}]
        if len(holding) == 1:
            return desk.brief_story(holding[0]["id"]), True
        return desk.brief_articles(list(story.articles)), False


def repeats(brief: dict) -> int:
    from storydesk.brief.terms import content_terms

    terms = [set(content_terms(s["text"])) for s in brief.get("summary", [])]
    return sum(1 for a, b in combinations(terms, 2) if a and b and len(a & b) / len(a | b) >= REPEAT)


def _span_hit(sources: list[dict], story: LoadedStory, span: dict) -> bool:
    article_id = story.by_file(span["file"]).id
    return any(s["article_id"] == article_id and s["start"] < span["end"] and span["start"] < s["end"]
               for s in sources)


def _entry_sources(entry: dict) -> list[dict]:
    rows = entry.get("values") or []
    return list(entry.get("sources", [])) + [s for r in rows for s in r.get("sources", [])]


def figure_scores(flagged: list[dict], story: LoadedStory, labels: list[dict]) -> dict[str, int]:
    """Labels found (and of the right kind), entries flagged, flagged entries matching none."""
    found = kind_ok = 0
    matched: set[int] = set()
    for label in labels:
        for i, entry in enumerate(flagged):
            sources = _entry_sources(entry)
            hit = {story.by_file(v["file"]).id for v in label["values"] if _span_hit(sources, story, v)}
            if len(hit) >= 2:
                found += 1
                matched.add(i)
                kind_ok += (label["label"] == "evolution") == bool(entry.get("evolution"))
                break
    return {"fig_labelled": len(labels), "fig_found": found, "fig_kind_ok": kind_ok,
            "fig_flagged": len(flagged), "fig_false": len(flagged) - len(matched)}


def merged_distinct(brief_figures: list[dict], story: LoadedStory, labels: list[dict]) -> int:
    """``distinct`` labels two or more of whose spans one brief figure entry cites together."""
    return sum(any(sum(_span_hit(_entry_sources(entry), story, v) for v in label["values"]) >= 2
                   for entry in brief_figures) for label in labels)


def naive_flags(brief_figures: list[dict], story: LoadedStory) -> list[dict]:
    """The baseline: every two articles' figures of one kind and unit with different values."""
    flagged = []
    entries = [(f, s) for f in brief_figures for s in f.get("sources", [])]
    seen = set()
    for (f1, s1), (f2, s2) in combinations(entries, 2):
        if (s1["article_id"] != s2["article_id"] and f1.get("kind") == f2.get("kind")
                and f1.get("unit") == f2.get("unit") and f1.get("value") != f2.get("value")):
            key = tuple(sorted((id(f1), id(f2))))
            if key not in seen:
                seen.add(key)
                flagged.append({"sources": [s1, s2], "evolution": False})
    return flagged


def _same_outlet(found: str | None, label: str | None) -> bool:
    from storydesk.brief.origin import outlet_key

    if found is None or label is None:
        return found is None and label is None
    return outlet_key(found) == outlet_key(label)


def _external(module: str):
    """``module.score`` when another part of the project has written it, else None."""
    try:
        return importlib.import_module(module).score
    except (ImportError, AttributeError):
        return None


def evaluate(data: Path, split: str | None = None) -> tuple[dict, list[str]]:
    stories = load_story_set(data, split, needs=("figures", "origin"))
    figures, origins = load_labels("figures.jsonl"), load_labels("origin.jsonl")
    check_labels(stories, figures, origins)
    externals = {name: _external(f"benchmarks.{name}") for name in ("story_quotes", "story_citations")}
    notes = [f"{name}.score: not available" for name, fn in externals.items() if fn is None]
    results: dict[str, dict] = {}
    briefed: dict[str, list] = {}
    for story in stories:
        brief, as_one = brief_story(story, data)
        ours = results.setdefault(f"storydesk {story.split}", {"stories": 0, "grouped_as_one": 0})
        base = results.setdefault(f"baseline {story.split}", {"stories": 0})
        for row in (ours, base):
            row["stories"] += 1
        ours["grouped_as_one"] += as_one
        ours["repeats"] = ours.get("repeats", 0) + repeats(brief)
        labels = [f for f in figures if f["story"] == story.name and f["label"] != "distinct"]
        distinct = [f for f in figures if f["story"] == story.name and f["label"] == "distinct"]
        ours["fig_distinct"] = ours.get("fig_distinct", 0) + len(distinct)
        ours["fig_merged"] = ours.get("fig_merged", 0) + merged_distinct(brief.get("figures", []), story, distinct)
        flagged = [f for f in brief.get("figures", []) if f.get("conflict") or f.get("evolution")]
        for row, entries in ((ours, flagged), (base, naive_flags(brief.get("figures", []), story))):
            for k, v in figure_scores(entries, story, labels).items():
                row[k] = row.get(k, 0) + v
        (origin_label,) = [o for o in origins if o["story"] == story.name]
        found = (brief.get("origin") or {}).get("outlet")
        earliest = min(story.articles, key=lambda a: a.published or "9999").outlet
        ours["origin_ok"] = ours.get("origin_ok", 0) + _same_outlet(found, origin_label["outlet"])
        base["origin_ok"] = base.get("origin_ok", 0) + _same_outlet(earliest, origin_label["outlet"])
        if not as_one:
            notes.append(f"{story.name}: ingest split the story; briefed its articles together")
        briefed.setdefault(story.split, []).append((story, brief))
    for split, pairs in briefed.items():  # scores over a split's stories, not sums of ratios
        ours = results[f"storydesk {split}"]
        for name, fn in externals.items():
            if fn is None:
                continue
            labelled = {spec.name for spec in STORIES if _EXTERNAL_LABELS[name] in spec.labels}
            chosen = [(st, b) for st, b in pairs if st.name in labelled]
            if not chosen:
                continue
            try:
                scores = fn([st for st, _ in chosen], [b for _, b in chosen])
            except Exception as exc:  # noqa: BLE001 - another module's failure is reported, not fatal
                notes.append(f"{name}.score failed on {split}: {type(exc).__name__}: {exc}")
                continue
            for k, v in (scores or {}).items():
                if isinstance(v, (int, float)):
                    ours[f"{name.split('_')[1]}_{k}"] = v
    return results, notes


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "giveme5w1h-news-cluster")
    p.add_argument("--split", choices=("dev", "test"), default=None, help="one split (default: both)")
    args = p.parse_args(argv)
    results, notes = evaluate(require(args.data), args.split)
    report(results, args.json, title="Briefs on the annotated stories (giveme5w1h, benchmarks/story_set.py)")
    if not args.json:
        for note in notes:
            print(f"note: {note}")
    else:
        print(json.dumps({"notes": notes}), file=sys.stderr)


if __name__ == "__main__":
    main()
