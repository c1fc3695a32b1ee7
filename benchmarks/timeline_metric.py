"""Timeline evaluation as in news-tls: alignment-based ROUGE ("align+ m:1" of Martschat &
Markert, EACL 2017, as implemented by tilse) and date F1.

ROUGE counts follow ROUGE-1.5.5 run as tilse runs it (``-n 2 -m -s -t 2 -f A``): lower
case, non-alphanumerics to spaces, SMART stop words removed (``-s``), Porter stems
(``-m``), raw hit/peer/model n-gram counts. Timelines are ``{date: [sentence, ...]}``
with ``datetime.date`` keys.

The m:1 alignment maps every predicted date to the reference date of least cost, and
every reference date to the predicted date of least cost, where the cost of a pair is
``(1 - 1/(|days apart| + 1)) * (1 - approximate ROUGE-1 F1 of their summaries)``; a
pair's n-gram hits are weighted by ``1/(|days apart| + 1)``. Precision sums the weighted
hits over predicted dates, recall over reference dates.

>>> import datetime as dt
>>> d = dt.date(2010, 4, 20)
>>> ref = {d: ["An oil rig explodes in the Gulf of Mexico ."]}
>>> align_m1({d: ["The oil rig explodes ."]}, ref)["rouge_1"]["precision"]
1.0
>>> round(align_m1({d + dt.timedelta(days=1): ["The oil rig explodes ."]}, ref)["rouge_1"]["recall"], 3)
0.3
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from functools import lru_cache
from pathlib import Path

from nltk.stem.porter import PorterStemmer

# ROUGE-1.5.5's smart_common_words.txt is the SMART stop list plus these words.
_ROUGE_EXTRA_STOPWORDS = (
    "reuters ap jan feb mar apr may jun jul aug sep oct nov dec tech news index "
    "mon tue wed thu fri sat s"
).split()


def _smart_stopwords() -> frozenset[str]:
    import sumy

    path = Path(sumy.__file__).parent / "data" / "stopwords" / "english.txt"
    words = {w.strip().lower() for w in path.read_text(encoding="utf-8").splitlines() if w.strip()}
    return frozenset(words | set(_ROUGE_EXTRA_STOPWORDS))


class Rouge:
    """ROUGE-1/2 n-gram counts with stemming and stop-word removal (one per run: it
    caches stems)."""

    def __init__(self) -> None:
        self._stop = _smart_stopwords()
        stemmer = PorterStemmer("ORIGINAL_ALGORITHM")
        self._stem = lru_cache(maxsize=200_000)(stemmer.stem)

    def tokens(self, sentences: list[str]) -> list[str]:
        out = []
        for sentence in sentences:
            for tok in "".join(c if c.isalnum() and c.isascii() else " " for c in sentence.lower()).split():
                if tok in self._stop:
                    continue
                out.append(self._stem(tok) if len(tok) > 3 else tok)
        return out

    def counts(self, pred: list[str], ref: list[str]) -> dict[str, tuple[int, int, int]]:
        """{"rouge_1"|"rouge_2": (hits, peer n-grams, model n-grams)}."""
        p, r = self.tokens(pred), self.tokens(ref)
        out = {}
        for n in (1, 2):
            pc = Counter(tuple(p[i : i + n]) for i in range(len(p) - n + 1))
            rc = Counter(tuple(r[i : i + n]) for i in range(len(r) - n + 1))
            hits = sum(min(c, rc[g]) for g, c in pc.items())
            out[f"rouge_{n}"] = (hits, sum(pc.values()), sum(rc.values()))
        return out


def rouge_approximation(pred: list[str], ref: list[str]) -> float:
    """tilse's quick ROUGE-1 F1 (white-space tokens, no stemming), used only to align."""
    pc = Counter(tok for s in pred for tok in s.split())
    rc = Counter(tok for s in ref for tok in s.split())
    match = sum(min(c, rc[t]) for t, c in pc.items())
    p = match / sum(pc.values()) if pc else 0.0
    r = match / sum(rc.values()) if rc else 0.0
    return 2 * p * r / (p + r) if p + r else 0.0


def _weight(a: dt.date, b: dt.date) -> float:
    return 1.0 / (abs(a.toordinal() - b.toordinal()) + 1)


def _closest(source: dt.date, source_summary, targets, summaries, pred_first: bool) -> dt.date:
    best, best_cost = None, None
    for t in targets:
        pred, ref = (source_summary, summaries[t]) if pred_first else (summaries[t], source_summary)
        cost = (1 - _weight(source, t)) * (1 - rouge_approximation(pred, ref))
        if best_cost is None or cost < best_cost:
            best, best_cost = t, cost
    return best


def align_m1(pred: dict, ref: dict, rouge: Rouge | None = None) -> dict[str, dict[str, float]]:
    """Alignment-based ROUGE-1/2 precision, recall and F1 of ``pred`` against ``ref``."""
    rouge = rouge or Rouge()
    num_p, den_p, num_r, den_r = Counter(), Counter(), Counter(), Counter()
    pred_dates, ref_dates = sorted(pred), sorted(ref)
    for d in pred_dates:
        if not ref_dates:
            break
        r = _closest(d, pred[d], ref_dates, ref, pred_first=True)
        for m, (hits, peer, _) in rouge.counts(pred[d], ref[r]).items():
            num_p[m] += _weight(d, r) * hits
            den_p[m] += peer
    for r in ref_dates:
        if not pred_dates:
            for m, (_, _, model) in rouge.counts([], ref[r]).items():
                den_r[m] += model
            continue
        d = _closest(r, ref[r], pred_dates, pred, pred_first=False)
        for m, (hits, _, model) in rouge.counts(pred[d], ref[r]).items():
            num_r[m] += _weight(d, r) * hits
            den_r[m] += model
    out = {}
    for m in ("rouge_1", "rouge_2"):
        p = num_p[m] / den_p[m] if den_p[m] else 0.0
        r = num_r[m] / den_r[m] if den_r[m] else 0.0
        out[m] = {"precision": p, "recall": r, "f_score": f1(p, r)}
    return out


def date_scores(pred: dict, ref: dict) -> dict[str, float]:
    shared = len(set(pred) & set(ref))
    p = shared / len(pred) if pred else 0.0
    r = shared / len(ref) if ref else 0.0
    return {"precision": p, "recall": r, "f_score": f1(p, r)}


def f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def average(results: list[dict[str, dict[str, float]]]) -> dict[str, float]:
    """news-tls averaging: mean precision and recall over timelines, F1 of the means."""
    out = {}
    for key in results[0]:
        p = sum(r[key]["precision"] for r in results) / len(results)
        rec = sum(r[key]["recall"] for r in results) / len(results)
        out[key] = f1(p, rec)
    return out
