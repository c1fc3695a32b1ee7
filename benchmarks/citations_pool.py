"""Candidate sentence pairs for labelling which articles report a summary sentence's content.

    .venv/bin/python -m benchmarks.citations_pool --split val --stories 15 --out /tmp/pool-val.jsonl

For the first N NeuS/AllSides stories of a split (three articles from different outlets
each), the articles are analyzed with spaCy and summarized by ``build_summary``. For each
summary sentence *s* (taken from article A) and each other article B, the sentences of B
most likely to say the same thing are pooled: the top 3 by TF-IDF cosine, the top 3 by
MiniLM cosine (needs the ``embeddings`` extra) and the top 3 by shared content terms,
entities and numbers.

With ``--hard`` (the second round of labels, stories from ``--first`` on) the pool takes
the top ``--top`` (2) of those rankers and of storydesk's own citation model, and adds
hard negatives: up to two sentences of B that share a name with s and whose parse or
numbers clash with it (a negation flip, the doer and done-to reversed, a different
doer, different numbers or dates; see ``storydesk.brief.claims``), so that the labels
hold pairs with the same names and a different claim.

With ``--partial`` (the fourth round) the pool is storydesk's model's top 1 of each
(s, B), up to ``--top`` short sentences of B that share one detail with s (a name or a
number) and have at most ``PARTIAL_SHARE`` of its items, ranked by the model, and one
clash as above: the pairs that a partial report cited as if it reported the claim comes
from. No other ranker is used and MiniLM is not needed.

With ``--near`` (the fifth round) the pool is, for each (s, B), the model's top ``--top``
sentences whose probability is at least ``NEAR`` and one clash as above: the pairs
around and above the shipped threshold, where a strict precision is read (``--floor``
sets that probability: 0.6 for the sixth round). MiniLM is not needed.

Each pooled pair is one JSON line with both texts, for a person to label; the labels
file in ``benchmarks/labels/`` keeps only offsets and text hashes, never
the data's text (see benchmarks/citations.py, which reads it).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from benchmarks._common import parser, require
from benchmarks.summary import load

TOP = 3
#: A short sentence for ``--partial``: at most this share of s's items (terms, names, numbers).
PARTIAL_SHARE = 0.6
#: ``--near``: the lowest probability of the shipped model a pooled sentence has.
NEAR = 0.5
CLASHES = ("negation_flip", "role_swap", "agent_clash", "numbers_clash", "dates_clash")


def text_hash(text: str) -> str:
    """A short hash of a sentence, to check a label still points at the same words."""
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:12]


def overlap_score(item_a, span_a: tuple[int, int], item_b, span_b: tuple[int, int]) -> float:
    """Share of span A's items that span B also has; entities and numbers count double."""
    from storydesk.brief.citations import key_items

    a, b = key_items(item_a, *span_a), key_items(item_b, *span_b)
    if not a:
        return 0.0

    def weight(x: str) -> float:
        return 2.0 if x[0] in "@#" else 1.0

    return sum(weight(x) for x in a & b) / sum(weight(x) for x in a)


def analyze_story(parts, nlp):
    from storydesk.analyze import analyze_articles
    from storydesk.ingest.common import make_article
    from storydesk.model import AnalyzedArticle

    articles = [make_article(text=body, source=f"neus:{i}", format="text", raw=body, title=title)
                for i, (title, body) in enumerate(parts)]
    from storydesk.brief.story_names import resolve_story

    return resolve_story([AnalyzedArticle(a, x) for a, x in zip(articles, analyze_articles(articles, nlp))])


def pair_id(row: dict) -> str:
    return f"{row['split']}-{row['story']}-{row['s']}-{row['b_article']}-{row['t_start']}"


def merge_labels(pool: Path, annotations: list[Path], out: Path) -> int:
    """Write the labels file: each pooled pair with its label, offsets and text hashes,
    without the texts. Returns the number of labelled pairs."""
    labels = {}
    for path in annotations:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                labels[row["id"]] = row["label"]
    n = 0
    with out.open("w", encoding="utf-8") as fh:
        for line in pool.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            label = labels.get(pair_id(row))
            if label is None:
                continue
            keep = {k: v for k, v in row.items() if not k.endswith("_text") and k not in ("t_before", "scores")}
            fh.write(json.dumps({**keep, "label": label}) + "\n")
            n += 1
    return n


def pool_row(split: str, story: int, n: int, a: int, span: tuple[int, int], s_text: str, b: int,
             t_span: tuple[int, int], t_text: str, t_before: str, scores: dict) -> dict:
    """One pooled pair, with both texts (for the annotator) and their hashes."""
    return {"split": split, "story": story, "s": n, "s_article": a, "s_start": span[0], "s_end": span[1],
            "s_hash": text_hash(s_text), "s_text": s_text, "b_article": b, "t_start": t_span[0],
            "t_end": t_span[1], "t_hash": text_hash(t_text), "t_text": t_text, "t_before": t_before,
            "scores": scores}


def _partial_rows(args, index: int, n: int, a: int, b: int, origin: dict, s_text: str, story, analyzed):
    """The ``--partial`` pool of one (s, B): the model's top 1, short sentences sharing a
    name or number with s, and one clash."""
    from storydesk.brief.citations import LEXICAL, VETOES, key_items

    span = (origin["start"], origin["end"])
    feats = story.model_features(a, span, b, LEXICAL)
    if not feats:
        return []
    probs = [LEXICAL.probability(f) for f in feats]
    mine = len(key_items(analyzed[a], *span))
    order = sorted(range(len(feats)), key=lambda k: -probs[k])
    short = [k for k in order if len(story.items[b][k]) <= PARTIAL_SHARE * mine
             and (feats[k]["entities"] > 0 or feats[k]["numbers_shared"])
             and not any(feats[k][v] for v in VETOES)]
    clash = [k for k in order if feats[k]["entities"] > 0 and any(feats[k][x] for x in CLASHES)]
    if args.near:
        near = [k for k in order[:args.top] if probs[k] >= args.floor]
        pool = {*near, *clash[:1]} if near else set()
    else:
        pool = {order[0], *short[:args.top], *clash[:1]}
    text = analyzed[b].article.text
    rows = []
    for k in sorted(pool):
        st, en = story.pieces[b][k]
        rows.append(pool_row(args.split, index, n, a, span, s_text, b, (st, en), text[st:en],
                             text[slice(*story.pieces[b][k - 1])] if k else "",
                             {"model": round(probs[k], 4)}))
    return rows


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--split", default="val")
    p.add_argument("--stories", type=int, default=15, help="the first N stories of the split")
    p.add_argument("--first", type=int, default=0, help="start at this story (with --stories N: N stories)")
    p.add_argument("--top", type=int, default=TOP, help="sentences each ranker pools")
    p.add_argument("--hard", action="store_true",
                   help="also pool storydesk's model's picks and hard negatives (see above)")
    p.add_argument("--partial", action="store_true",
                   help="pool the model's top 1, short one-detail sentences and a clash (see above)")
    p.add_argument("--near", action="store_true",
                   help="pool the model's top sentences above NEAR and a clash (see above)")
    p.add_argument("--floor", type=float, default=NEAR,
                   help="with --near: the lowest probability of a pooled sentence (default NEAR)")
    p.add_argument("--out", type=Path, required=True, help="JSONL file to write (outside the repository)")
    p.add_argument("--merge", type=Path, metavar="POOL",
                   help="instead: write to --out the labels of POOL's pairs from --annotations")
    p.add_argument("--annotations", type=Path, nargs="*", default=[],
                   help='JSONL files of {"id", "label"} lines (with --merge)')
    args = p.parse_args(argv)
    if args.merge:
        print(f"{merge_labels(args.merge, args.annotations, args.out)} labels written to {args.out}",
              file=sys.stderr)
        return
    require(args.data)

    from storydesk.analyze import load_nlp
    from storydesk.brief.citations import article_sentences
    from storydesk.brief.embeddings import load_embedder
    from storydesk.brief.similarity import cosine, tfidf
    from storydesk.brief.summary import build_summary
    from storydesk.brief.terms import content_terms
    from storydesk.config import Settings

    nlp = load_nlp(Settings().spacy_model)
    embed = None if args.partial or args.near else load_embedder()
    from storydesk.brief.citations import LEXICAL, StorySentences

    stories = load(args.data, args.split, args.first + args.stories)
    rows = []
    for index, (_, parts, _) in enumerate(stories):
        if index < args.first:
            continue
        analyzed = analyze_story(parts, nlp)
        story = StorySentences(analyzed)
        summary = build_summary(analyzed, Settings().summary_sentences)
        by_id = {item.article.id: k for k, item in enumerate(analyzed)}
        pieces = [article_sentences(item) for item in analyzed]
        for n, entry in enumerate(summary):
            origin = entry["sources"][0]
            a = by_id[origin["article_id"]]
            s_text = entry["text"]
            for b, item in enumerate(analyzed):
                if b == a or not pieces[b]:
                    continue
                if args.partial or args.near:
                    rows.extend(_partial_rows(args, index, n, a, b, origin, s_text, story, analyzed))
                    continue
                texts = [item.article.text[st:en] for st, en in pieces[b]]
                vectors = tfidf([content_terms(t) for t in [s_text, *texts]])
                lexical = [cosine(vectors[0], v) for v in vectors[1:]]
                rows_e = embed([s_text, *texts])
                dense = [float(rows_e[0] @ r) for r in rows_e[1:]]
                overlap = [overlap_score(analyzed[a], (origin["start"], origin["end"]), item, span)
                           for span in pieces[b]]
                rankers = [lexical, dense, overlap]
                hard: list[int] = []
                if args.hard:
                    feats = story.model_features(a, (origin["start"], origin["end"]), b, LEXICAL)
                    starts = [st for st, _ in story.pieces[b]]
                    model = [0.0] * len(texts)
                    for k, (st, _) in enumerate(pieces[b]):
                        if st in starts:
                            f = feats[starts.index(st)]
                            model[k] = LEXICAL.probability(f)
                            if f["entities"] > 0 and any(f[x] for x in CLASHES):
                                hard.append(k)
                    rankers.append(model)
                    hard = sorted(hard, key=lambda k: -lexical[k])[:2]
                pool: set[int] = set(hard)
                for scores in rankers:
                    pool.update(sorted(range(len(texts)), key=lambda k: -scores[k])[:args.top])
                for k in sorted(pool):
                    st, en = pieces[b][k]
                    rows.append(pool_row(args.split, index, n, a, (origin["start"], origin["end"]), s_text, b,
                                         (st, en), texts[k], texts[k - 1] if k else "",
                                         {"tfidf": round(lexical[k], 4), "minilm": round(dense[k], 4),
                                          "overlap": round(overlap[k], 4)}))
        print(f"story {index}: {len(rows)} pairs so far", file=sys.stderr)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} pairs written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
