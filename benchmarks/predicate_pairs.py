"""Mine pairs of predicates that outlets use for the same event, for summary citations.

    .venv/bin/python -m benchmarks.predicate_pairs [--data DIR]     # about 4 minutes

Two outlets rarely tell one event with the same verb: Sanders "ended" or "suspended" his
campaign, a mayor "fired" or "terminated" an official, Biden "won" or "swept" three
primaries. storydesk's citation model (``brief/claims.py``) asks whether the main claim of
a summary sentence is the main claim of another outlet's sentence; with stems alone it
misses every such pair. This writes ``src/storydesk/brief/predicate_pairs.json``: lemma
pairs that the lead sentences of different outlets on the same NeuS/AllSides *train*
story use together far more often than chance.

For each train story (2,452 stories, three outlets each), the first three sentences of
each article (and of the editor's summary) are parsed; a sentence's predicates are the
lemmas of its main, non-reporting clauses (``analyze/clauses.py``), light verbs left
out. Two sentences of different articles that share a named entity are taken to tell
the same thing, and each pair of their predicates is counted once per story. A pair is
kept when it is seen in at least ``--min-count`` stories and its pointwise mutual
information over stories is at least ``--min-pmi``. The val split is never read.
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from pathlib import Path

from benchmarks._common import ROOT, parser, require
from benchmarks.summary import load

OUT = ROOT / "src" / "storydesk" / "brief" / "predicate_pairs.json"
LEAD_CHARS = 600
LEAD_SENTENCES = 3
_NAMED = frozenset({"PERSON", "ORG", "GPE", "NORP", "FAC", "EVENT", "LAW"})


def lead_sentences(doc) -> list[tuple[set[str], set[str]]]:
    """``(predicates, names)`` of the first sentences of a parsed lead."""
    from storydesk.analyze.clauses import find_clauses
    from storydesk.brief.claims import LIGHT_PREDICATES

    out = []
    for sent in list(doc.sents)[:LEAD_SENTENCES]:
        predicates = {c.lemma for c in find_clauses(doc, sent.start_char, sent.end_char)
                      if c.main and not c.reporting and c.lemma not in LIGHT_PREDICATES}
        names = {e.text.lower() for e in doc.ents if e.label_ in _NAMED
                 and sent.start_char <= e.start_char and e.end_char <= sent.end_char}
        out.append((predicates, names))
    return out


def count_pairs(stories: list[list[list[tuple[set[str], set[str]]]]]) -> tuple[Counter, Counter, int]:
    """``(single, pair, n)``: in how many stories each predicate and each pair (sorted)
    of predicates of two name-sharing sentences of different articles occur.

    >>> story = [[({"end"}, {"sanders"})], [({"suspend"}, {"sanders"})], [({"win"}, {"biden"})]]
    >>> single, pair, n = count_pairs([story])
    >>> sorted(pair), n
    ([('end', 'suspend')], 1)
    """
    single: Counter = Counter()
    pair: Counter = Counter()
    for articles in stories:
        seen: set[str] = set()
        pairs: set[tuple[str, str]] = set()
        sentences = [(a, preds, names) for a, lead in enumerate(articles) for preds, names in lead]
        for a, preds, names in sentences:
            seen |= preds
            for b, others, their_names in sentences:
                if a != b and names & their_names:
                    pairs |= {(x, y) for x in preds for y in others if x < y}
        single.update(seen)
        pair.update(pairs)
    return single, pair, len(stories)


def related_pairs(single: Counter, pair: Counter, n: int, min_count: int, min_pmi: float) -> list[list]:
    """``[[a, b, pmi, stories], ...]`` of the pairs kept, sorted."""
    out = []
    for (x, y), c in sorted(pair.items()):
        if c >= min_count:
            pmi = math.log(n * c / (single[x] * single[y]))
            if pmi >= min_pmi:
                out.append([x, y, round(pmi, 2), c])
    return out


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--min-count", type=int, default=3)
    p.add_argument("--min-pmi", type=float, default=1.0)
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    require(args.data / "train.source")

    from storydesk.analyze import load_nlp
    from storydesk.config import Settings

    nlp = load_nlp(Settings().spacy_model)
    raw = load(args.data, "train", None)
    texts, owners = [], []
    for index, (_, parts, reference) in enumerate(raw):
        for _, body in parts:
            texts.append(body[:LEAD_CHARS])
            owners.append(index)
        texts.append(reference[:LEAD_CHARS])
        owners.append(index)
    stories: list[list] = [[] for _ in raw]
    for k, (index, doc) in enumerate(zip(owners, nlp.pipe(texts, batch_size=64)), 1):
        stories[index].append(lead_sentences(doc))
        if k % 2000 == 0:
            print(f"{k} of {len(texts)} leads parsed", file=sys.stderr)
    single, pair, n = count_pairs(stories)
    pairs = related_pairs(single, pair, n, args.min_count, args.min_pmi)
    about = (f"Predicate lemma pairs used for the same event by different outlets' leads: {n} "
             f"NeuS/AllSides train stories, stories >= {args.min_count}, PMI >= {args.min_pmi} "
             "(benchmarks/predicate_pairs.py); each pair: [lemma, lemma, PMI, stories]")
    lines = ",\n".join("  " + json.dumps(pair) for pair in pairs)
    args.out.write_text(f'{{\n "version": "1",\n "about": {json.dumps(about)},\n "pairs": [\n{lines}\n ]\n}}\n',
                        encoding="utf-8")
    print(f"{len(pairs)} predicate pairs written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
