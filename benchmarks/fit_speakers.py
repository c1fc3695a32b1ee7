"""Fit the speaker model on PolNeAR train, choose its threshold on PolNeAR dev.

    python -m benchmarks.fit_speakers [--data DIR] [--out PATH] [--precision 0.98] [--cache DIR]
                                      [--threshold-only]

Data: the PolNeAR folder (default ../shared/data/polnear) with ``train/`` and ``dev/``.

1. Every article of ``train`` is analyzed as ``storydesk analyze`` does, with the
   attribution rules alone; each quote's candidate speakers and their features
   (:mod:`storydesk.analyze.speaker_candidates`) are kept.
2. A quote that matches a gold quote (at least half of its words in the gold's quoted
   words) labels its candidates: a candidate is the speaker when its mention holds the
   head word of the gold Source. Quotes matching no gold quote, or a gold quote whose
   Source cannot be judged (missing, or marked on a verb), are left out.
3. A logistic regression (scikit-learn, L2, ``C`` picked from a few values by log loss
   on dev candidates) is fitted on the train candidates.
4. On ``dev``, storydesk runs with the fitted weights and threshold 0, scored as
   ``benchmarks/quotes.py`` scores it; the threshold is the lowest probability at which
   the shown speakers' precision is at least ``--precision``, raised ten decisions at a
   time until a run at that threshold meets it too (a quote can lose a speaker it would have
   carried over from a neighbour that falls below the threshold).
5. Weights, threshold and the dev figures are written to ``--out`` (the package's
   ``speaker_weights.json`` by default), small and versioned.

scikit-learn is needed here only (the ``bench`` extra, or the dev group); storydesk reads
the weights with plain Python.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, require  # noqa: E402
from benchmarks.quotes import Gold, _words, load, predictions, score, speaker_decisions, with_heads  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "src" / "storydesk" / "analyze" / "speaker_weights.json"
VERSION = "2"


def _docs(nlp, folder: Path, cache: Path | None, texts: list[str]):
    """spaCy docs of ``texts`` (parsed once and kept under ``cache`` when given)."""
    from spacy.tokens import DocBin

    path = cache / f"{folder.name}.spacy" if cache else None
    if path is not None and path.exists():
        docs = list(DocBin().from_disk(path).get_docs(nlp.vocab))
        if [d.text for d in docs] == texts:
            return docs
    docs = list(nlp.pipe(texts, batch_size=16))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        DocBin(store_user_data=False, docs=docs).to_disk(path)
    return docs


def candidates_of(article, doc, model):
    """``[(span, candidates)]`` of each quote storydesk keeps in ``article``."""
    from storydesk.analyze.entities import find_entities
    from storydesk.analyze.headlines import headline_spans
    from storydesk.analyze.posts import find_posts
    from storydesk.analyze.quotemarks import pair_quotes
    from storydesk.analyze.quotes import attribute_quotes
    from storydesk.analyze.sentences import find_sentences

    text = article.text
    posts = find_posts(text)
    headlines = headline_spans(text, find_sentences(doc, text))
    entities = find_entities(doc, posts, headlines)
    spans, _ = pair_quotes(text)
    explain: list = []
    attribute_quotes(doc, entities, posts, spans, headlines, model, explain)
    return explain


def _gold_for(text: str, span, golds: list[Gold]) -> Gold | None:
    words = _words(text, span.start, span.end)
    if not words:
        return None
    best = max(golds, key=lambda g: len(words & g.quoted), default=None)
    if best is None or len(words & best.quoted) * 2 < len(words):
        return None
    return best


def _label(cand, doc, gold: Gold) -> int:
    heads = gold.heads
    return int(any(doc[cand.start].idx <= h < doc[cand.end - 1].idx + len(doc[cand.end - 1]) for h in heads))


def examples(folder: Path, nlp, cache: Path | None, limit: int | None = None):
    """Feature dicts, labels and quote ids of the candidates of ``folder``'s quotes."""
    from storydesk.analyze.speaker_model import SpeakerModel
    from storydesk.model import Article

    data = load(folder, limit)
    docs = _docs(nlp, folder, cache, [t for _, t, _ in data])
    rules = SpeakerModel.rules_only()
    X, y, qid = [], [], []
    n_quotes = 0
    for (name, text, golds), doc in zip(data, docs):
        golds = with_heads(golds, doc)
        article = Article(id=name, text=text, source=name, format="text")
        for span, cands in candidates_of(article, doc, rules):
            gold = _gold_for(text, span, golds)
            if gold is None or not gold.scorable or not cands:
                continue
            n_quotes += 1
            for c in cands:
                X.append(c.features)
                y.append(_label(c, doc, gold))
                qid.append(n_quotes)
    return X, y, qid


def _matrix(rows, names):
    import numpy as np

    return np.array([[r.get(n, 0.0) for n in names] for r in rows], dtype=float)


def fit(X, y, Xd, yd, names):
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import log_loss

    A, Ad = _matrix(X, names), _matrix(Xd, names)
    best = None
    for C in (0.1, 0.3, 1.0, 3.0):
        m = LogisticRegression(C=C, fit_intercept=False, max_iter=5000)
        m.fit(A, y)
        loss = log_loss(yd, m.predict_proba(Ad)[:, 1])
        if best is None or loss < best[0]:
            best = (loss, C, m)
    loss, C, m = best
    weights = {n: round(float(w), 4) for n, w in zip(names, m.coef_[0]) if abs(w) >= 1e-4}
    return weights, C, loss


def choose_threshold(decisions: list[tuple[float | None, bool]], target: float) -> float:
    """The lowest probability at which the shown speakers' precision is at least ``target``."""
    ranked = sorted(((p or 0.0, ok) for p, ok in decisions), key=lambda d: -d[0])
    right = 0
    best = 1.0
    for n, (p, ok) in enumerate(ranked, 1):
        right += ok
        if right / n >= target and (n == len(ranked) or ranked[n][0] < p):
            best = p
    return best


def calibration(decisions, bins=(0.0, 0.5, 0.8, 0.9, 0.95, 0.98, 1.01)) -> list[dict]:
    """Observed precision of shown speakers per probability bin (is the model calibrated?)."""
    out = []
    for lo, hi in zip(bins, bins[1:]):
        inside = [ok for p, ok in decisions if lo <= (p or 0.0) < hi]
        if inside:
            out.append({"from": lo, "to": min(hi, 1.0), "n": len(inside),
                        "precision": round(sum(inside) / len(inside), 4)})
    return out


def main(argv: list[str] | None = None) -> dict:
    from storydesk.analyze import load_nlp
    from storydesk.analyze.speaker_candidates import FEATURES
    from storydesk.analyze.speaker_model import SpeakerModel
    from storydesk.config import Settings

    p = parser(__doc__.splitlines()[0], "polnear")
    p.add_argument("--out", type=Path, default=OUT, help=f"weights file to write (default {OUT})")
    p.add_argument("--precision", type=float, default=0.98,
                   help="speaker precision the threshold must give on dev (default 0.98, as issue 11 asks)")
    p.add_argument("--cache", type=Path, default=None, help="keep parsed documents here between runs")
    p.add_argument("--limit", type=int, default=None, help="only the first N train articles")
    p.add_argument("--threshold-only", action="store_true",
                   help="keep the weights already in --out and only choose the threshold on dev again")
    args = p.parse_args(argv)
    require(args.data / "train" / "text")
    require(args.data / "dev" / "text")
    if args.threshold_only:  # keep the weights of --out, choose the threshold again
        kept = json.loads(args.out.read_text(encoding="utf-8"))
        weights, fitted = kept["weights"], kept["fitted_on"]
    else:
        nlp = load_nlp(Settings().spacy_model)
        X, y, _ = examples(args.data / "train", nlp, args.cache, args.limit)
        Xd, yd, _ = examples(args.data / "dev", nlp, args.cache)
        weights, C, loss = fit(X, y, Xd, yd, list(FEATURES))
        fitted = {"train": "PolNeAR train", "candidates": len(y), "speakers": int(sum(y)),
                  "C": C, "dev_log_loss": round(loss, 4)}
    model = SpeakerModel(VERSION, weights, 0.0)
    dev_data = load(args.data / "dev")
    dev_docs = _docs(load_nlp(Settings().spacy_model), args.data / "dev", args.cache, [t for _, t, _ in dev_data])

    def run(m):
        return predictions(args.data / "dev", {"m": m}, docs=dev_docs)["m"]

    docs = run(model)
    decisions = speaker_decisions(docs)
    threshold = choose_threshold(decisions, args.precision)
    shipped = replace(model, threshold=threshold)
    dev = score(run(shipped))
    # a quote whose neighbour loses its speaker at the threshold can lose a carried one:
    # raise the threshold to the next decision until the run itself meets the target
    higher = sorted({p for p, _ in decisions if p is not None and p > threshold})
    for nxt in higher[9::10][:10]:  # ten decisions at a time, at most ten runs
        if dev["speaker_precision"] >= args.precision:
            break
        threshold, shipped = nxt, replace(model, threshold=nxt)
        dev = score(run(shipped))
    full = score(docs)
    report = {
        "version": VERSION,
        "threshold": round(threshold, 4),
        "weights": weights,
        "fitted_on": fitted,
        "dev": {"target_precision": args.precision,
                "speaker_precision": round(dev["speaker_precision"], 4),
                "speaker_coverage": round(dev["speaker_coverage"], 4),
                "speaker_accuracy_full_coverage": round(full["speaker_accuracy"], 4),
                "calibration": calibration(decisions)},
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "weights"}, indent=1))
    return report


if __name__ == "__main__":
    main()
