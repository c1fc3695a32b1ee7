"""Direct quotes and their speakers on PolNeAR: storydesk beside textacy and the
previous rules.

    python -m benchmarks.quotes [--data DIR] [--json] [--limit N]

Data: a folder in PolNeAR layout (default ../shared/data/polnear/dev): ``text/NAME.txt``
and ``attributions/NAME_ANNOTATOR.ann`` (brat standoff; T lines Source/Cue/Content,
E lines tie them into one attribution).

Systems, all on the very same spaCy ``Doc`` per article:

- ``storydesk``: the speaker model at its shipped threshold (what users get);
- ``storydesk full coverage``: the same model with threshold 0 (every quote with a
  candidate gets its most likely one), for accuracy at full coverage;
- ``previous rules``: the attribution rules alone (``SpeakerModel.rules_only()``), the
  rules storydesk used before the model, run live on the same quote spans;
- ``textacy``: ``textacy.extract.triples.direct_quotations(doc)``.

Choices, stated so the figures can be checked:

- Several annotators for one article: the first ``.ann`` file in name order is the gold
  for that article (deterministic, and no article counts twice).
- Only attributions whose Content contains a double quotation mark are scored. The gold
  quote is the *quoted part* of the Content: in each fragment, the words between its
  first and last quotation mark (to the fragment's edge when it holds a single mark,
  i.e. a quote continued across fragments). Mixed attributions (`said that X was "true"`)
  thus ask for the quoted words, which is what a direct-quote extractor returns. The
  same figures against the whole Content span are reported as ``*_content``.
- The most literal reading, ``*_pure``: only attributions whose whole Content is a
  quotation, scored against the whole Content span; predictions matching the
  attributions this leaves out count neither way.
- Matching: a gold quote is found when the predicted quotes that overlap it together
  cover at least half of its word tokens; a predicted quote is correct when at least
  half of its word tokens lie in a found gold quote. Precision, recall and F1 follow.
- Speakers, over found gold quotes (the prediction overlapping most gives the speaker),
  one decision per predicted quote: when nested attributions make several gold quotes of
  the same words (a newspaper quoting a person quoting another), the speaker is right if
  it is the Source of any of them.
  A quote *has a speaker* when the system shows one (a name or an unnamed role; a
  pronoun it cannot resolve is no speaker). The speaker is right when its mention holds
  the head word of the gold Source (so "Clinton" in "Clinton spokesman Jesse Lehrich"
  is wrong), or, for a speaker carried from elsewhere, when its name has the gold
  Source's last word. ``speaker_precision`` = right / with a speaker;
  ``speaker_coverage`` = with a speaker / found; ``speaker_accuracy`` = right / found.
  Gold quotes whose Source is missing or marked on a verb (annotation slips: "said" as
  the Source) cannot judge a speaker and are left out of these three.
  A pronoun mention resolved to a name counts as right when the mention is (PolNeAR
  marks the mention, not whom it names).
- ``speaker_accuracy_lenient`` is the earlier definition (any overlap of the mention
  with the Source span, mentions without a name included), kept for comparison with
  older figures.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402

_MARKS = '"“”«»'
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Gold:
    quoted: frozenset[int]  # word-token start offsets of the quoted words
    content: frozenset[int]  # word-token start offsets of the whole Content
    source: tuple[tuple[int, int], ...]  # Source fragments (char spans)
    source_text: str
    pure: bool = False  # the whole Content is a quotation (see _pure)
    heads: tuple[int, ...] = ()  # char offsets of the Source fragments' head words
    head_names: tuple[bool, ...] = ()  # whether each head word is a proper noun
    scorable: bool = True  # the Source can be judged (not empty, not a verb: see with_heads)


@dataclass(frozen=True)
class Pred:
    start: int
    end: int
    speaker_start: int | None
    speaker_end: int | None
    speaker: str | None
    probability: float | None = None


def _words(text: str, start: int, end: int) -> set[int]:
    return {start + m.start() for m in _WORD.finditer(text[start:end])}


def _quoted_part(text: str, start: int, end: int) -> tuple[int, int] | None:
    marks = [i for i in range(start, end) if text[i] in _MARKS]
    if not marks:
        return None
    if len(marks) >= 2:
        return marks[0] + 1, marks[-1]
    m = marks[0]
    after = text[m + 1] if m + 1 < len(text) else " "
    return (m + 1, end) if not after.isspace() else (start, m)


def read_ann(path: Path) -> dict[str, list]:
    spans, events = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if line.startswith("T") and len(parts) >= 2:
            kind, _, where = parts[1].partition(" ")
            frags = [tuple(int(x) for x in f.split()) for f in where.split(";")]
            spans[parts[0]] = (kind, frags, parts[2] if len(parts) > 2 else "")
        elif line.startswith("E") and len(parts) >= 2:
            events.append(dict(p.split(":", 1) for p in parts[1].split() if ":" in p))
    return {"spans": spans, "events": events}


def gold_quotes(text: str, ann: dict) -> list[Gold]:
    out = []
    for ev in ann["events"]:
        content = ann["spans"].get(ev.get("Content", ""))
        if content is None or not any(c in content[2] for c in _MARKS):
            continue
        quoted: set[int] = set()
        whole: set[int] = set()
        for s, e in content[1]:
            whole |= _words(text, s, e)
            part = _quoted_part(text, s, e)
            if part:
                quoted |= _words(text, *part)
        if not quoted:
            continue
        src = ann["spans"].get(ev.get("Source", ""))
        out.append(Gold(frozenset(quoted), frozenset(whole),
                        tuple(src[1]) if src else (), src[2] if src else "",
                        _pure(text, content[1]) and quoted == whole))
    return out


def _pure(text: str, frags) -> bool:
    """Whether a Content starts and ends with a quotation mark, up to punctuation and
    space: `"We won."` and `"We won",` are, `said that "we won"` is not."""
    body = text[frags[0][0]:frags[-1][1]]
    edge = " \t\n,.;:!?-–—()"
    body = body.strip(edge)
    return len(body) >= 2 and body[0] in _MARKS and body[-1] in _MARKS


def _last_word(name: str) -> str:
    words = _WORD.findall(name.lower())
    return words[-1] if words else ""


def _lenient_ok(p: Pred, g: Gold) -> bool:
    """The earlier rule: the mention overlaps the Source, or the name ends the same."""
    if not g.source:
        return False
    if p.speaker_start is not None and any(p.speaker_start < e and s < p.speaker_end for s, e in g.source):
        return True
    if p.speaker:
        src = g.source_text.lower()
        name = p.speaker.lower()
        return bool(src) and (_last_word(name) == _last_word(src) or src in name)
    return False


def speaker_ok(p: Pred, g: Gold) -> bool:
    """Whether ``p``'s shown speaker is ``g``'s Source (see the module docstring)."""
    if not g.source or not p.speaker:
        return False
    if p.speaker_start is not None:
        heads = g.heads or tuple(s for s, _ in g.source)
        if any(p.speaker_start <= h < p.speaker_end for h in heads):
            return True
        if any(p.speaker_start < e and s < p.speaker_end for s, e in g.source):
            # part of the Source but not its head: right only as the name in apposition
            # to a role ("Another critic, Laurence Tribe"), never as a name beside
            # another name ("Clinton" in "Clinton spokesman Jesse Lehrich")
            return not any(g.head_names)
    src = g.source_text.lower()
    name = p.speaker.lower()
    return bool(src) and _last_word(src) not in _PRONOUNS and (
        _last_word(name) == _last_word(src) or src in name)


_PRONOUNS = frozenset("he she they it we i who that which".split())


def with_heads(golds: list[Gold], doc) -> list[Gold]:
    """``golds`` with the head word of each Source fragment, from ``doc``'s parse. A gold
    whose Source is missing, or whose head is a verb (an annotation slip: the Source
    marked on "said"), cannot judge a speaker and is left out of the speaker scores."""
    out = []
    for g in golds:
        heads, names = [], []
        for s, e in g.source:
            span = doc.char_span(s, e, alignment_mode="expand")
            if span is not None and len(span):
                heads.append(span.root.idx)
                names.append(span.root.pos_ == "PROPN")
        verb = bool(heads) and all(doc.char_span(h, h + 1, alignment_mode="expand").root.pos_ in ("VERB", "AUX")
                                   for h in heads)
        out.append(replace(g, heads=tuple(heads), head_names=tuple(names),
                           scorable=bool(heads) and bool(g.source_text.strip()) and not verb))
    return out


def _judged(found) -> list[tuple[Pred, list[Gold]]]:
    """Each prediction that is the best match of found, scorable gold quotes, with those
    golds: one speaker decision per printed quote, even when nested attributions make
    several gold quotes of its words (a quote of a quote)."""
    by_pred: dict[int, tuple[Pred, list[Gold]]] = {}
    for g, p in found:
        if g.scorable:
            by_pred.setdefault(id(p), (p, []))[1].append(g)
    return list(by_pred.values())


def speaker_decisions(docs) -> list[tuple[float | None, bool]]:
    """``(probability, right)`` of each shown speaker (one per judged quote)."""
    out = []
    for _text, _golds, found in _found(docs):
        for p, golds in _judged(found):
            if p.speaker:
                out.append((p.probability, any(speaker_ok(p, g) for g in golds)))
    return out


def _match(text: str, golds: list[Gold], preds: list[Pred], use: str = "quoted"):
    """The gold quotes found by ``preds`` (see the module docstring), each with the
    prediction overlapping it most: [(gold, its word set, prediction)]."""
    ptoks = [_words(text, p.start, p.end) for p in preds]
    out = []
    for g in golds:
        G = g.quoted if use == "quoted" else g.content
        over = [(len(P & G), p) for P, p in zip(ptoks, preds) if P & G]
        if over and len(set().union(*(P & G for P in ptoks if P & G))) * 2 >= len(G):
            out.append((g, G, max(over, key=lambda x: x[0])[1]))
    return out


def _found(docs, use: str = "quoted"):
    """For each document: (text, golds, [(gold, the prediction overlapping it most)])."""
    for text, golds, preds in docs:
        yield text, golds, [(g, p) for g, _, p in _match(text, golds, preds, use)]


def score(docs: list[tuple[str, list[Gold], list[Pred]]], use: str = "quoted",
          pure_only: bool = False) -> dict[str, float]:
    """The scores of the module docstring; ``use`` "quoted" or "content" picks the gold
    span; ``pure_only`` keeps only golds whose whole Content is a quotation, and leaves
    out of precision the predictions that match the golds it drops."""
    tp_gold = n_gold = tp_pred = n_pred = 0
    shown = right = lenient = judged = 0
    for text, golds, preds in docs:
        ptoks = [_words(text, p.start, p.end) for p in preds]
        if pure_only:
            dropped = [g.content for g in golds if not g.pure]
            golds = [g for g in golds if g.pure]
            kept = [i for i, P in enumerate(ptoks)
                    if not any(P and len(P & D) * 2 >= len(P) for D in dropped)]
            ptoks, preds = [ptoks[i] for i in kept], [preds[i] for i in kept]
        matched = _match(text, golds, preds, use)
        n_gold += len(golds)
        tp_gold += len(matched)
        found = [G for _, G, _ in matched]
        pairs = [(g, best) for g, _, best in matched]
        lenient += sum(_lenient_ok(best, g) for g, best in pairs)
        for p, judged_golds in _judged(pairs):
            judged += 1
            shown += bool(p.speaker)
            right += any(speaker_ok(p, g) for g in judged_golds)
        for P in ptoks:
            n_pred += 1
            tp_pred += any(len(P & G) * 2 >= len(P) for G in found) if P else 0
    precision = tp_pred / n_pred if n_pred else 0.0
    recall = tp_gold / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1,
            "speaker_precision": right / shown if shown else 0.0,
            "speaker_coverage": shown / judged if judged else 0.0,
            "speaker_accuracy": right / judged if judged else 0.0,
            "speaker_accuracy_lenient": lenient / tp_gold if tp_gold else 0.0,
            "speaker_judged": judged,
            "gold": n_gold, "predicted": n_pred}


def load(folder: Path, limit: int | None = None) -> list[tuple[str, str, list[Gold]]]:
    out = []
    for txt in sorted((folder / "text").glob("*.txt"))[:limit]:
        anns = sorted((folder / "attributions").glob(f"{txt.stem}_*.ann"))
        if not anns:
            continue
        text = txt.read_text(encoding="utf-8")
        out.append((txt.stem, text, gold_quotes(text, read_ann(anns[0]))))
    return out


def storydesk_preds(article, doc, model=None) -> list[Pred]:
    from storydesk.analyze import analyze_parsed

    analysis = analyze_parsed(article, doc, speaker_model=model)
    return [Pred(q.start, q.end, q.speaker_start, q.speaker_end, q.speaker, q.speaker_probability)
            for q in analysis.quotes]


def textacy_preds(doc) -> list[Pred]:
    from textacy.extract.triples import direct_quotations

    out = []
    try:
        triples = list(direct_quotations(doc))
    except ValueError:  # textacy refuses unbalanced quotation marks
        return out
    for t in triples:
        start, end = t.content[0].idx, t.content[-1].idx + len(t.content[-1].text)
        while start < end and doc.text[start] in _MARKS + "'‘’ ":
            start += 1
        while end > start and doc.text[end - 1] in _MARKS + "'‘’ ,":
            end -= 1
        if t.speaker:
            s = min(x.idx for x in t.speaker)
            e = max(x.idx + len(x.text) for x in t.speaker)
            out.append(Pred(start, end, s, e, " ".join(x.text for x in t.speaker)))
        else:
            out.append(Pred(start, end, None, None, None))
    return out


def systems() -> dict:
    """The speaker models compared: name -> SpeakerModel (None: textacy)."""
    from dataclasses import replace as copy

    from storydesk.analyze.speaker_model import SpeakerModel, load_model

    shipped = load_model()
    return {"storydesk": shipped, "storydesk full coverage": copy(shipped, threshold=0.0),
            "previous rules": SpeakerModel.rules_only(), "textacy": None}


def predictions(folder: Path, models: dict, limit: int | None = None, docs=None) -> dict[str, list]:
    """``{system: [(text, golds, preds)]}`` for the articles of ``folder`` (``docs``: their
    spaCy docs, already parsed, in ``load`` order; parsed here when not given)."""
    from storydesk.analyze import load_nlp
    from storydesk.config import Settings
    from storydesk.model import Article

    data = load(folder, limit)
    if docs is None:
        nlp = load_nlp(Settings().spacy_model)
        docs = nlp.pipe((t for _, t, _ in data), batch_size=16)
    out: dict[str, list] = {name: [] for name in models}
    for (name, text, golds), doc in zip(data, docs):
        golds = with_heads(golds, doc)
        article = Article(id=name, text=text, source=name, format="text")
        for system, model in models.items():
            preds = textacy_preds(doc) if model is None else storydesk_preds(article, doc, model)
            out[system].append((text, golds, preds))
    return out


def run(folder: Path, limit: int | None = None) -> dict[str, dict[str, float]]:
    results = {}
    for system, docs in predictions(folder, systems(), limit).items():
        row = score(docs)
        full = score(docs, use="content")
        row.update({"f1_content": full["f1"]})
        pure = score(docs, use="content", pure_only=True)
        row.update({"f1_pure": pure["f1"], "speaker_precision_pure": pure["speaker_precision"],
                    "speaker_coverage_pure": pure["speaker_coverage"], "gold_pure": pure["gold"]})
        results[system] = row
    return results


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    p = parser(__doc__.splitlines()[0], "polnear/dev")
    p.add_argument("--limit", type=int, default=None, help="only the first N articles")
    args = p.parse_args(argv)
    require(args.data / "text")
    results = run(args.data, args.limit)
    report(results, args.json, title=f"Direct quotes and speakers on {args.data}")
    return results


if __name__ == "__main__":
    main()
