"""Fit the grouper's learned join decision (``stories/join.py``'s :class:`JoinModel`) on
the development sets, and compare it with the hand-set rules there.

The rules (join at a centroid cosine of 0.15, two shared terms, a time penalty, a cosine
of 0.1 with the story's recent members) are a linear decision in disguise. Here each dev
set is replayed in the grouping order (publication order, undated last) by the rules'
grouper, and at each article the :data:`JOIN_FEATURES` of its best candidate stories
(by centroid cosine) are recorded with the label "the story's majority gold story is the
article's". A logistic model (L2, Newton's method) is fitted on NeuS/AllSides train
(leads and titles) and the timeline17 event set's story level; each side is also held
out once (fitted on the other) to see whether it transfers. The join probability is
chosen on the dev sets (the best mean BCubed F1), never on giveme5w1h.

Sets: the stores ``benchmarks/grouping_dev.py`` and ``benchmarks/grouping_events.py
--grid`` cache (``Desk.ingest`` with the real analysis, built here when missing); the
regrouping is their side path (the stored analyses regrouped by the grouper alone, then
refined, as ``Desk.ingest`` does).

``--veto`` tries the other use of the same model: the rules decide, and a candidate they
let through is vetoed below a join probability (fitted on the candidates the rules let
through; scored in-sample on all three sets and, fitted on NeuS alone, on the event set).

    PYTHONPATH=. .venv/bin/python -m benchmarks.fit_join [--cache DIR] [--json] [--write] [--veto]
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from benchmarks._common import default_data, parser, report  # noqa: E402
from benchmarks.grouping import _follow, bcubed  # noqa: E402
from storydesk.stories.features import Features, article_features, words  # noqa: E402
from storydesk.stories.grouping import StoryGrouper  # noqa: E402
from storydesk.stories.join import JOIN_FEATURES, JOIN_WEIGHTS, JoinModel  # noqa: E402
from storydesk.stories.story_state import StoryState  # noqa: E402

#: Candidate stories recorded per article (the likeliest by centroid cosine).
TOP = 8
#: Join probabilities tried on the dev sets.
THRESHOLDS = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
#: The L2 penalty of the fit (on every weight but the bias).
L2 = 1.0
VERSION = "1"
#: Veto probabilities tried (``--veto``).
VETOES = (0.1, 0.2, 0.3, 0.4)


def load_set(db: Path, level: str) -> tuple[list[Features], list]:
    """The stored articles' features in the grouping order and each one's gold ``level``."""
    from storydesk.analyze import ANALYZER_VERSION
    from storydesk.store import Store
    from storydesk.store.progress import GROUPING_ORDER

    with Store(db) as store:
        ids = [r[0] for r in store.execute(f"SELECT a.id FROM articles a ORDER BY {GROUPING_ORDER}").fetchall()]
        articles = [store.get_article(i) for i in ids]
        analyses = {i: store.get_analysis(i, ANALYZER_VERSION) for i in ids}
    now = datetime(2000, 1, 1)  # undated articles: one fixed ingest time, so runs repeat
    feats = [article_features(a, analyses.get(a.id), now=now) for a in articles]
    return feats, [json.loads(a.raw)[level] for a in articles]


class _Recorder(StoryGrouper):
    """The rules' grouper, recording the join features of each article's candidates."""

    def __init__(self, gold: dict[str, object], **params):
        super().__init__(**params)
        self.gold = gold
        self.article: Features | None = None
        self.rows: list[tuple[list[float], int]] = []

    def _join(self, vec, t, title=None):
        article = self.article
        assert article is not None
        title = set(words(article.title or ""))
        dots = self._dots(vec)
        scored: list[tuple[float, StoryState, tuple[float, int]]] = []
        for story in self._candidates(t):
            found = dots.get(story.id)
            if found is not None and story.norm2 > 0:
                scored.append((found[0] / story.norm2 ** 0.5, story, found))
        scored.sort(key=lambda s: (-s[0], s[1].id))
        mine = self.gold[article.article_id]
        for _, story, found in scored[:TOP]:
            golds = Counter(self.gold[a] for a in story.members)
            same = int(golds[mine] * 2 >= sum(golds.values()))  # the story's majority is the article's
            self.rows.append((self.join_features(vec, title, t, story, found), same))
        return super()._join(vec, t, title)


def replay(feats: list[Features], gold: list) -> tuple[np.ndarray, np.ndarray]:
    """The candidates' features and labels met by the rules' grouper in order."""
    rec = _Recorder({f.article_id: g for f, g in zip(feats, gold)})
    for f in feats:
        rec.article = f
        rec.learn_one(f)
        rec.evict_inactive()
    x = np.array([r[0] for r in rec.rows], dtype=float)
    y = np.array([r[1] for r in rec.rows], dtype=float)
    return x, y


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2) -> np.ndarray:
    """Logistic regression weights by Newton's method (L2 on all but the bias)."""
    w = np.zeros(x.shape[1])
    reg = np.full(x.shape[1], l2)
    reg[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -50, 50)))
        grad = x.T @ (p - y) + reg * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(reg) + 1e-9 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


class _Veto(StoryGrouper):
    """The rules' decision with a learned veto: a candidate they let through is dropped
    when its join probability under ``w`` is below ``tau``; with ``gold``, records the
    features and labels of the candidates the rules let through."""

    def __init__(self, w=None, tau: float = 0.0, gold: dict | None = None, **params):
        super().__init__(**params)
        self.w, self.tau, self.gold = w, tau, gold
        self.rows: list[tuple[list[float], int]] = []
        self.article: Features | None = None

    def _join(self, vec, t, title=None):
        assert self.article is not None
        return super()._join(vec, t, set(words(self.article.title or "")))

    def _allow(self, vec, title, t, story, found):
        x = self.join_features(vec, title or set(), t, story, found)
        if self.gold is not None:
            golds = Counter(self.gold[a] for a in story.members)
            mine = self.gold[self.article.article_id]
            self.rows.append((x, int(golds[mine] * 2 >= sum(golds.values()))))
        return self.w is None or 1 / (1 + math.exp(-float(np.dot(self.w, x)))) >= self.tau


def veto_run(feats: list[Features], gold: list, w=None, tau: float = 0.0,
             record: bool = False) -> tuple[list[tuple[list[float], int]], dict[str, float]]:
    """The set regrouped by the rules with a veto (refined as ``Desk.ingest`` does): the
    recorded candidates (``record``) and the BCubed scores."""
    g = _Veto(w, tau, {f.article_id: x for f, x in zip(feats, gold)} if record else None)
    return g.rows, _scores(g, feats, gold)


def veto_rows(sets: dict[str, tuple[list[Features], list]]) -> dict[str, dict]:
    """The veto at each of ``VETOES``: fitted on all sets (in-sample), and on NeuS alone
    scored on the event set."""
    rows = {n: veto_run(*s, record=True)[0] for n, s in sets.items()}

    def fitted(names):
        return fit(np.array([r[0] for n in names for r in rows[n]]),
                   np.array([r[1] for n in names for r in rows[n]], dtype=float))

    w_all, w_neus = fitted(list(sets)), fitted([n for n in sets if n.startswith("NeuS")])
    out = {}
    for tau in VETOES:
        for name, s in sets.items():
            out[f"{name}: rules + veto below {tau} (fitted on all, in-sample)"] = veto_run(*s, w_all, tau)[1]
            if not name.startswith("NeuS"):
                out[f"{name}: rules + veto below {tau} (fitted on NeuS only)"] = veto_run(*s, w_neus, tau)[1]
    return out


def regroup(feats: list[Features], gold: list, model: JoinModel | None) -> dict[str, float]:
    """BCubed of the set regrouped with ``model`` (None: the rules), refined as ``Desk.ingest`` does."""
    return _scores(StoryGrouper(join_model=model), feats, gold)


def _scores(grouper: StoryGrouper, feats: list[Features], gold: list) -> dict[str, float]:
    """BCubed of the set streamed through ``grouper`` and refined, as ``Desk.ingest`` does."""
    labels, into = [], {}
    for f in feats:
        grouper.article = f  # type: ignore[attr-defined]  # read by _Veto only
        a = grouper.learn_one(f)
        into.update(dict.fromkeys(a.merged, a.story_id))
        labels.append(a.story_id)
        grouper.evict_inactive()
    into.update({gone: keep for keep, gone in grouper.refine(sorted(set(labels)))})
    p, r, f1 = bcubed([_follow(label, into) for label in labels], gold)
    return {"bcubed_p": round(p, 4), "bcubed_r": round(r, 4), "bcubed_f1": round(f1, 4)}


def dev_sets(cache: Path) -> dict[str, tuple[Path, str]]:
    """Name -> (cached store, gold level); built through ``Desk.ingest`` when missing."""
    from benchmarks import grouping_events as ge
    from benchmarks.grouping_dev import build, neus_records
    from storydesk.analyze import ANALYZER_VERSION

    train = default_data("neus-allsides-neutral-mds") / "train.source"
    rows = ge.read_labels(ge.LABELS)
    stories = ge.story_of(rows)
    records = ge.labelled_records(default_data("timeline17"), rows, False)
    key = ge.text_sha1(ge.LABELS.read_text(encoding="utf-8"))[:10]
    return {
        "NeuS train leads": (build("neus-leads", neus_records(train, 400, False), cache), "gold"),
        "NeuS train titles": (build("neus-titles", neus_records(train, 400, True), cache), "gold"),
        "timeline17 event set, story level": (build(
            f"events-{key}-{ANALYZER_VERSION}",
            [{**rec, "gold": event, "story": stories[event]} for rec, event in records if event is not None],
            cache), "story"),
    }


def main() -> None:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--cache", type=Path, default=Path("/tmp/storydesk-bench/grouping-dev"))
    p.add_argument("--write", action="store_true", help=f"write the fitted model to {JOIN_WEIGHTS}")
    p.add_argument("--veto", action="store_true", help="the model as a veto over the rules instead")
    args = p.parse_args()
    sets = {name: load_set(db, level) for name, (db, level) in dev_sets(args.cache).items()}
    if args.veto:
        report({**{f"{n}: rules": regroup(*s, None) for n, s in sets.items()}, **veto_rows(sets)}, args.json,
               "the learned model as a veto over the rules on the dev sets (side path: regrouped from stored analyses)")
        return
    data = {name: replay(*s) for name, s in sets.items()}
    groups = {"NeuS": [n for n in sets if n.startswith("NeuS")], "events": [n for n in sets if "event" in n]}

    def fitted(names: list[str]) -> np.ndarray:
        return fit(np.vstack([data[n][0] for n in names]), np.concatenate([data[n][1] for n in names]))

    results: dict[str, dict] = {}
    for name, s in sets.items():
        results[f"{name}: rules"] = regroup(*s, None)
    # hold one side out: fitted on the other, scored on it at every threshold
    for held, names in groups.items():
        w = fitted([n for n in sets if n not in names])
        for name in names:
            best = max(((th, regroup(*sets[name], JoinModel(tuple(w), th))) for th in THRESHOLDS),
                       key=lambda tr: tr[1]["bcubed_f1"])
            results[f"{name}: learned without {held}, best threshold {best[0]}"] = best[1]
    w = fitted(list(sets))
    scored = {th: {name: regroup(*s, JoinModel(tuple(w), th)) for name, s in sets.items()} for th in THRESHOLDS}
    best_th = max(THRESHOLDS, key=lambda th: sum(r["bcubed_f1"] for r in scored[th].values()))
    for th in THRESHOLDS:
        for name, r in scored[th].items():
            results[f"{name}: learned on all, threshold {th}{' (chosen)' if th == best_th else ''}"] = r
    weights = {f: round(float(v), 5) for f, v in zip(JOIN_FEATURES, w)}
    results["weights (fitted on all)"] = weights
    results["samples"] = {n: {"candidates": len(d[1]), "positive": int(d[1].sum())} for n, d in data.items()}
    if args.write:
        JOIN_WEIGHTS.write_text(json.dumps({
            "version": VERSION, "features": list(JOIN_FEATURES), "weights": weights, "threshold": best_th,
            "fitted on": sorted(sets), "by": "benchmarks/fit_join.py"}, indent=1) + "\n", encoding="utf-8")
    report(results, args.json, "the learned join decision beside the hand-set rules on the dev sets "
                               "(side path: regrouped from stored analyses)")


if __name__ == "__main__":
    main()
