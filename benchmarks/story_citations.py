"""Summary citations on the project's own multi-outlet stories (``benchmarks/story_set.py``).

    .venv/bin/python -m benchmarks.story_citations [--data DIR] [--json]
    .venv/bin/python -m benchmarks.story_citations --pool /tmp/story-pool.jsonl   # pairs to label
    .venv/bin/python -m benchmarks.story_citations --merge /tmp/story-pool.jsonl \\
        --annotations /tmp/story-labels.jsonl                                     # write the labels

Each story is read as ``storydesk ingest`` reads it, analyzed with spaCy and briefed by
``build_brief``. For each summary sentence *s* and each other article B that does not
print it word for word, the brief either cites one sentence of B as a paraphrase or
cites nothing. ``benchmarks/labels/stories/citations.jsonl`` says, for B's sentences
pooled as ``benchmarks/citations_pool.py`` pools them (the top 3 by TF-IDF cosine, by
shared terms/names/numbers and by storydesk's own model), whether each reports s's
central claim (``same``), part of it (``part``) or not (``no``), following
``benchmarks/labels/GUIDE.md``.

- ``P``/``R``: article level, strict; B should be cited when one of its labelled
  sentences is ``same``. ``unlabelled`` counts (s, B) pairs whose summary sentence has no
  labels (the summary changed since labelling): they are left out, not guessed.
- ``paraphrase_share``: share of all summary citations that are paraphrases (``kind``),
  the rest printing the sentence word for word.
- ``repeats``: pairs of summary sentences that restate each other (half or more of the
  shorter one's content terms in the other; ``content_overlap`` >= 0.5).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from benchmarks._common import parser, report, require
from benchmarks.story_set import LABELS, LoadedStory, load_story_set, text_hash

LABEL_FILE = LABELS / "citations.jsonl"
TOP = 3
REPEAT = 0.5


def read_labels(path: Path = LABEL_FILE) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def brief_stories(stories: list[LoadedStory]):
    """``(analyzed, brief)`` of each story, through spaCy and ``build_brief``."""
    from storydesk.analyze import analyze_articles, load_nlp
    from storydesk.brief import build_brief
    from storydesk.brief.story_names import resolve_story
    from storydesk.config import Settings
    from storydesk.model import AnalyzedArticle

    nlp = load_nlp(Settings().spacy_model)
    out = []
    for story in stories:
        articles = list(story.articles)
        analyzed = resolve_story([AnalyzedArticle(a, x) for a, x in zip(articles, analyze_articles(articles, nlp))])
        out.append((analyzed, build_brief(analyzed)))
    return out


def _file(article) -> str:
    return Path(article.source).name


def score(stories: list[LoadedStory], briefs: list[dict], labels: list[dict] | None = None) -> dict:
    """Citation precision/recall, share of paraphrase citations and repeated summary
    sentences of ``briefs`` (one per story, the ``build_brief`` JSON) on the labels."""
    from storydesk.brief.summary import content_overlap

    labels = read_labels() if labels is None else labels
    by_s: dict[tuple, dict[str, dict[int, str]]] = {}
    for r in labels:
        by_s.setdefault((r["story"], r["s_file"], r["s_start"], r["s_sha1"]), {}).setdefault(
            r["t_file"], {})[r["t_start"]] = r["label"]
    tp = fp = fn = unlabelled = citations = paraphrases = repeats = ok = 0
    for story, brief in zip(stories, briefs):
        files = {a.id: _file(a) for a in story.articles}
        texts = [entry["text"] for entry in brief["summary"]]
        repeats += sum(content_overlap(a, b) >= REPEAT for i, a in enumerate(texts) for b in texts[:i])
        for entry in brief["summary"]:
            sources = entry["sources"]
            citations += len(sources)
            paraphrases += sum(src.get("kind") == "paraphrase" for src in sources)
            first = sources[0]
            s_file = files[first["article_id"]]
            labelled = by_s.get((story.name, s_file, first["start"], text_hash(first["excerpt"])))
            printed = {files[src["article_id"]] for src in sources if src.get("kind") != "paraphrase"}
            cited = {files[src["article_id"]]: src["start"] for src in sources if src.get("kind") == "paraphrase"}
            for article in story.articles:
                b = _file(article)
                if b in printed:
                    continue
                if labelled is None:
                    unlabelled += 1
                    continue
                positive = "same" in labelled.get(b, {}).values()
                if b in cited:
                    tp += positive
                    fp += not positive
                    ok += labelled.get(b, {}).get(cited[b]) == "same"
                else:
                    fn += positive
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"P": round(p, 3), "R": round(r, 3), "cited": tp + fp, "should_cite": tp + fn,
            "excerpt_ok": round(ok / (tp + fp), 3) if tp + fp else 0.0, "unlabelled": unlabelled,
            "paraphrase_share": round(paraphrases / citations, 3) if citations else 0.0,
            "repeats": repeats, "summary_sentences": sum(len(b["summary"]) for b in briefs)}


def pool(stories: list[LoadedStory], briefed, out: Path) -> int:
    """Write the pairs to label (with their texts, outside the repository)."""
    from benchmarks.citations_pool import overlap_score
    from storydesk.brief.citations import LEXICAL, StorySentences
    from storydesk.brief.similarity import cosine, tfidf
    from storydesk.brief.terms import content_terms

    rows = []
    for story, (analyzed, brief) in zip(stories, briefed):
        sents = StorySentences(analyzed)
        index = {item.article.id: k for k, item in enumerate(analyzed)}
        for n, entry in enumerate(brief["summary"]):
            first = entry["sources"][0]
            a, span = index[first["article_id"]], (first["start"], first["end"])
            printed = {index[s["article_id"]] for s in entry["sources"] if s.get("kind") != "paraphrase"}
            for b, item in enumerate(analyzed):
                if b in printed or not sents.pieces[b]:
                    continue
                texts = [item.article.text[s:e] for s, e in sents.pieces[b]]
                vectors = tfidf([content_terms(t) for t in [entry["text"], *texts]])
                rankers = [[cosine(vectors[0], v) for v in vectors[1:]],
                           [overlap_score(analyzed[a], span, item, piece) for piece in sents.pieces[b]],
                           [LEXICAL.probability(f) for f in sents.model_features(a, span, b, LEXICAL)]]
                chosen = set()
                for scores in rankers:
                    chosen.update(sorted(range(len(texts)), key=lambda k: -scores[k])[:TOP])
                for k in sorted(chosen):
                    st, en = sents.pieces[b][k]
                    rows.append({"story": story.name, "s": n, "s_file": _file(analyzed[a].article),
                                 "s_start": span[0], "s_end": span[1], "s_sha1": text_hash(entry["text"]),
                                 "s_text": entry["text"], "t_file": _file(item.article), "t_start": st,
                                 "t_end": en, "t_sha1": text_hash(texts[k]), "t_text": texts[k],
                                 "t_before": texts[k - 1] if k else ""})
    with out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(rows)


def merge(pooled: Path, annotations: list[Path], out: Path = LABEL_FILE) -> int:
    """Append the labelled pooled pairs to ``out`` without their texts ({"id": row
    number in the pool, "label"} lines in the annotations)."""
    labels = {}
    for path in annotations:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                labels[int(row["id"])] = row["label"]
    n = 0
    with out.open("a", encoding="utf-8") as fh:
        for i, line in enumerate(pooled.read_text(encoding="utf-8").splitlines()):
            if i in labels:
                row = {k: v for k, v in json.loads(line).items() if k not in ("s_text", "t_text", "t_before")}
                fh.write(json.dumps({**row, "label": labels[i]}) + "\n")
                n += 1
    return n


def main(argv: list[str] | None = None) -> dict:
    p = parser(__doc__.splitlines()[0], "giveme5w1h-news-cluster")
    p.add_argument("--pool", type=Path, metavar="OUT", help="write the pairs to label to OUT instead")
    p.add_argument("--merge", type=Path, metavar="POOL", help="append POOL's labelled pairs to the labels")
    p.add_argument("--annotations", type=Path, nargs="*", default=[], help='{"id", "label"} JSONL (--merge)')
    args = p.parse_args(argv)
    if args.merge:
        print(f"{merge(args.merge, args.annotations)} labels added to {LABEL_FILE}", file=sys.stderr)
        return {}
    require(args.data)
    results = {}
    for split in ("dev", "test"):
        stories = load_story_set(args.data, split)
        briefed = brief_stories(stories)
        if args.pool:
            out = args.pool.with_name(f"{args.pool.stem}-{split}{args.pool.suffix}")
            print(f"{pool(stories, briefed, out)} pairs written to {out}", file=sys.stderr)
            continue
        results[f"storydesk ({split})"] = score(stories, [brief for _, brief in briefed])
    if results:
        report(results, args.json, "summary citations on the project's own stories (labelled pairs)")
    return results


if __name__ == "__main__":
    main()
