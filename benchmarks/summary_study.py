"""What choosing summary sentences better could still gain, measured on NeuS/AllSides
*train* only (never val): storydesk's shipped sentence scorer beside rankers fitted on
train, two ways of spending the word budget, centroid + MMR, and three ceilings that read
the reference.

    .venv/bin/python -m benchmarks.summary_study [--data DIR] [--limit N] [--folds K] [--json]

Same protocol as ``benchmarks/summary.py`` (pysbd sentences, 65-word cut, rouge-score F1
with stemming, ``repeats`` = share of stories whose shown sentences restate each other).
Every storydesk row picks with the shipped rules (:func:`storydesk.brief.summary._select`:
best first, never a sentence repeating a picked one) among the shipped candidates
(:mod:`storydesk.brief.candidates`: no questions, captions, fragments or sentences leaning
on the one before); only the score that orders them differs:

- ``storydesk``: the shipped score (cross-outlet support + position + title similarity).
- ``ranker (k-fold)``: ridge regression of each candidate's own ROUGE-1 + ROUGE-2
  precision (centred per story) on the shipped score's parts and further reference-free
  features (centroid and lead-sentence similarity, share of its terms printed by two or
  more articles, length, quoted share, each also centred per story); fitted on k-1 folds
  of the stories, scored on the held-out fold. Topic words are left out on purpose: they
  fit this data set's news years, not the next story.
- ``gbm ranker, richer features (k-fold)``: gradient boosting (scikit-learn) of each
  candidate's own ROUGE-1 + ROUGE-2 F1 (centred per story) on the ridge's features plus
  cross-outlet support per content item (share of its names and numbers that every other
  article prints, and their mean share), how many articles print its terms on average and
  its first terms (the salience of its subject), digits, word count, whether it ends with
  a stop, how many articles print it word for word and where it sits in its article.
- ``budget: last slot fits``: the shipped score, but once the 65 words are partly spent
  each next pick is the sentence whose score times the share of it that still fits
  (to the power 0.25) is highest: shorter sentences where a long one would be cut.
- ``budget: length-weighted``: the shipped score times (words / 25) ** 0.15 (denser or
  longer sentences first); both budget rows change what is picked, not the rules.
- ``pairwise ranker (k-fold)``: logistic regression on the gbm's features, fitted on the
  differences of the pairs of candidates of one story (which of the two has the better
  own ROUGE-1 + ROUGE-2 F1): a ranking objective instead of a regression.
- ``ranker, first-pick target (k-fold)``: ridge on the gbm's features, the target being the
  ROUGE-1 + ROUGE-2 of the whole cut summary that opens with the candidate (the shipped
  picks after it): what the first pick is worth to the summary, not to itself.
- ``shared-term count``: the shipped score plus 0.05 per content term of the sentence that
  another article prints too (the count, not the share: a long sentence of supported
  facts says more); 0.05 was the best of -0.02 to 0.4 on train.
- ``pseudo-reference (MBR)``: minimum-Bayes-risk choice among the summaries that open with
  each candidate (the shipped picks after it): the shipped score of the first pick plus
  4 x the mean ROUGE-1 + ROUGE-2 of the cut summary against each article's text without
  the summary's own sentences (the other outlets as stand-ins for the editor).
- ``concept coverage (budgeted set)``: the set, not a greedy order (Gillick & Favre
  2009): of the 6 best-scored candidates, the set of at most 3 (no repeats; in score
  order) whose first 65 words cover the most concepts, a concept being a stemmed content
  word or a word pair (not two stop words) printed by two or more articles, weighted by
  how many other articles print it; the shipped picks fill the remaining slots.
- ``oracle ranking``: each candidate scored by its own ROUGE against the reference: the
  ceiling of *any* sentence score under the shipped rules.
- ``oracle greedy``: the sequence of candidates (or of all sentences) that a greedy search
  on the reference's ROUGE-1 + ROUGE-2 finds, still without repeats: the ceiling of the
  selection itself; candidates vs all sentences is what the filters cost.

Beside ROUGE, where each row's first sentence comes from (the oracle gap):
``first_is_oracle_first`` is the share of stories whose first pick is the oracle
ranking's (the candidate with the best ROUGE of its own), ``first_is_a_lead`` the share
whose first pick is an article's first candidate, ``first_words`` its mean length.
"""

from __future__ import annotations

import math
import re
import statistics
import sys

from benchmarks._common import parser, report
from benchmarks.summary import REPEAT, WORDS, analyzed_story, centroid_mmr, cut, load, repeated

_NAMES = re.compile(r"\b(?:[A-Z][\w’'-]+|\d[\d,.%]*)")
FEATURES = ("support", "title", "first", "inv_rank", "log_words", "quoted", "centroid",
            "lead", "shared")
CENTRED = ("support", "title", "centroid", "lead", "shared")


def story_candidates(analyzed):
    """The shipped candidates of a story, their similarities, their shipped scores and
    their features; ``None`` when the story has no candidate."""
    from storydesk.brief.candidates import article_candidates, quoted_share
    from storydesk.brief.similarity import cosine, tfidf
    from storydesk.brief.summary import SummaryParams, _distinct, _scores, _similarities, _support
    from storydesk.brief.terms import content_terms, words

    params = SummaryParams()
    candidates = [c for i, a in enumerate(analyzed)
                  for c in article_candidates(i, a, params.max_sentences_per_article)]
    if not candidates:
        return None
    distinct = _distinct(candidates)
    titles = [a.article.title for a in analyzed if a.article.title]
    near, to_titles = _similarities(distinct, titles, None)
    support = _support(distinct, near, len(analyzed))
    vectors = tfidf([content_terms(s.text) for s in distinct])
    centroid: dict[str, float] = {}
    for v in vectors:
        for t, w in v.items():
            centroid[t] = centroid.get(t, 0.0) + w / len(vectors)
    leads = {}
    for j, s in enumerate(distinct):
        for c in s.printings:
            if c.rank == 0:
                leads.setdefault(c.article, j)
    printed_by = [set(content_terms(a.article.text)) for a in analyzed]
    rows = []
    for i, s in enumerate(distinct):
        own = {c.article for c in s.printings}
        lead = [cosine(vectors[i], vectors[j]) for a, j in leads.items() if a not in own]
        terms = set(content_terms(s.text))
        shared = sum(1 for t in terms if sum(t in p for p in printed_by) >= 2) / max(1, len(terms))
        rows.append({"support": support[i], "title": to_titles[i], "first": float(s.rank == 0),
                     "inv_rank": 1.0 / (1 + s.rank), "log_words": math.log(max(1, len(words(s.text)))),
                     "quoted": quoted_share(s.text), "centroid": cosine(vectors[i], centroid),
                     "lead": statistics.fmean(lead) if lead else 0.0, "shared": shared})
    return distinct, near, _scores(distinct, near, to_titles, len(analyzed), params), rows


def richer_features(analyzed, distinct):
    """The gbm ranker's further features, one row per distinct candidate (see the module
    docstring); the first six are also given centred per story."""
    import numpy as np

    from storydesk.brief.candidates import _FINAL
    from storydesk.brief.terms import content_terms, words

    texts = [a.article.text for a in analyzed]
    lowered = [t.lower() for t in texts]
    term_sets = [set(content_terms(t)) for t in texts]
    out = []
    for s in distinct:
        own = {c.article for c in s.printings}
        others = [j for j in range(len(texts)) if j not in own]
        names = {m.group(0).lower() for m in _NAMES.finditer(s.text)} - {"the", "a", "in", "on", "but", "and"}
        shares = [sum(n in lowered[j] for j in others) / len(others) for n in names] if others else []
        terms = content_terms(s.text)
        spread = [sum(t in ts for ts in term_sets) for t in terms]
        n = len(words(s.text))
        out.append([float(np.mean([x == 1.0 for x in shares])) if shares else 0.0,
                    float(np.mean(shares)) if shares else 0.0, len(names) / max(1, n),
                    float(np.mean(spread)) if spread else 0.0,
                    float(np.mean(spread[:3])) if spread else 0.0, float(bool(re.search(r"\d", s.text))),
                    n, float(bool(_FINAL.search(s.text))), len(s.printings),
                    s.first.start / max(1, len(texts[s.first.article]))])
    x = np.array(out, dtype=float)
    return np.hstack([x, x[:, :6] - x[:, :6].mean(axis=0)])


def budget_select(distinct, scores, near, n, params, fit_power=0.25):
    """:func:`storydesk.brief.summary._select`'s rules (best first, no repeats), but a
    pick's score is scaled by the share of it that still fits the word budget."""
    from storydesk.brief.summary import _overlap
    from storydesk.brief.terms import content_terms

    terms = [set(content_terms(s.text)) for s in distinct]
    lengths = [len(s.first.text.split()) for s in distinct]
    order = sorted(range(len(distinct)),
                   key=lambda i: (-scores[i], distinct[i].first.article, distinct[i].first.start))
    picked: list[int] = []
    used = 0
    while len(picked) < n and used < WORDS:
        left = [i for i in order if i not in picked and all(
            near[i].get(j, 0.0) < params.redundancy and _overlap(terms[i], terms[j]) < params.repeat_overlap
            for j in picked)]
        if not left:
            break
        best = max(left, key=lambda i: scores[i] * (min(lengths[i], WORDS - used) / lengths[i]) ** fit_power)
        picked.append(best)
        used += lengths[best]
    return picked


def cross_fitted(make_model, matrices, targets, usable, folds, pairwise=False):
    """Each usable story's candidate scores from a model fitted on the other folds (the
    target centred per story, features standardised on the training folds). With
    ``pairwise`` the model is a classifier fitted on the feature differences of each
    story's pairs of candidates (is the first one better?), scored by its decision value."""
    import numpy as np

    out = {}
    for fold in range(folds):
        train = [k for k in usable if k % folds != fold]
        x = np.vstack([matrices[k] for k in train])
        mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
        if pairwise:
            diffs, labels = [], []
            for k in train:
                m, t = (matrices[k] - mean) / scale, targets[k]
                for i in range(len(t)):
                    for j in range(len(t)):
                        if t[i] > t[j] + 1e-9:
                            diffs += [m[i] - m[j], m[j] - m[i]]
                            labels += [1, 0]
            model = make_model().fit(np.array(diffs), labels)
            predict = model.decision_function
        else:
            y = np.concatenate([targets[k] - targets[k].mean() for k in train])
            model = make_model().fit((x - mean) / scale, y)
            predict = model.predict
        for k in usable:
            if k % folds == fold:
                out[k] = predict((matrices[k] - mean) / scale)
    return out


def opening_with(distinct, scores, near, n, params, i):
    """The shipped picks when candidate ``i`` is forced to open the summary."""
    from storydesk.brief.summary import _select

    forced = list(scores)
    forced[i] = max(forced) + 1.0
    return _select(distinct, forced, near, n, params)


def pseudo_reference(analyzed, texts, scorer) -> float:
    """Mean ROUGE-1 + ROUGE-2 F1 of a cut summary against each article's text without
    the summary's own sentences."""
    summary, values = cut(texts), []
    for a in analyzed:
        rest = a.article.text
        for t in texts:
            rest = rest.replace(t, " ")
        if len(rest.split()) >= 5:
            s = scorer.score(rest, summary)
            values.append(s["rouge1"].fmeasure + s["rouge2"].fmeasure)
    return statistics.fmean(values) if values else 0.0


def _concepts(text: str, budget: int | None = None) -> set[tuple[str, ...]]:
    from storydesk.text import STOP_WORDS, stem, words

    tokens = words(text)[:budget]
    stems = [stem(w) for w in tokens]
    stop = [w.lower() in STOP_WORDS for w in tokens]
    return ({(t,) for t, s in zip(stems, stop) if not s}
            | {(stems[i], stems[i + 1]) for i in range(len(stems) - 1) if not (stop[i] and stop[i + 1])})


def coverage_select(analyzed, distinct, scores, near, n, params, pool=6, size=3):
    """The budgeted concept-coverage set (see the module docstring), then the shipped
    picks in the remaining slots."""
    import itertools

    from storydesk.brief.summary import _overlap, _select
    from storydesk.brief.terms import content_terms

    df: dict[tuple[str, ...], int] = {}
    for a in analyzed:
        for c in _concepts(f"{a.article.title or ''} . {a.article.text}"):
            df[c] = df.get(c, 0) + 1
    terms = [set(content_terms(s.text)) for s in distinct]
    lengths = [len(s.first.text.split()) for s in distinct]
    top = sorted(range(len(distinct)), key=lambda i: -scores[i])[:pool]
    best, best_value = [top[0]], -1.0
    for k in range(1, size + 1):
        for combo in itertools.combinations(top, k):  # in score order
            if any(near[i].get(j, 0.0) >= params.redundancy or _overlap(terms[i], terms[j]) >= params.repeat_overlap
                   for x, i in enumerate(combo) for j in combo[:x]):
                continue
            if sum(lengths[i] for i in combo[:-1]) >= WORDS:
                continue  # the last one would not be shown
            shown = _concepts(" ".join(distinct[i].first.text for i in combo), WORDS)
            value = sum(df[c] - 1 for c in shown if df.get(c, 0) >= 2)
            if value > best_value:
                best, best_value = list(combo), value
    for i in _select(distinct, scores, near, n, params):
        if len(best) < n and i not in best and all(
                near[i].get(j, 0.0) < params.redundancy and _overlap(terms[i], terms[j]) < params.repeat_overlap
                for j in best):
            best.append(i)
    return best


def feature_matrix(rows):
    import numpy as np

    x = np.array([[r[f] for f in FEATURES] for r in rows], dtype=float)
    centred = np.array([[r[f] for f in CENTRED] for r in rows], dtype=float)
    return np.hstack([x, centred - centred.mean(axis=0)])


def greedy_oracle(texts: list[str], reference: str, scorer) -> list[str]:
    """Greedily the sentence that most raises ROUGE-1 + ROUGE-2 of the cut summary,
    never one restating a picked one, until the budget is spent or nothing helps."""
    from storydesk.brief.summary import content_overlap

    picked: list[str] = []
    best = 0.0
    while sum(len(t.split()) for t in picked) < WORDS:
        gain, choice = best, None
        for t in texts:
            if t in picked or any(content_overlap(t, p) >= REPEAT for p in picked):
                continue
            s = scorer.score(reference, cut(picked + [t]))
            value = s["rouge1"].fmeasure + s["rouge2"].fmeasure
            if value > gain:
                gain, choice = value, t
        if choice is None:
            break
        picked.append(choice)
        best = gain
    return picked


def main(argv: list[str] | None = None) -> dict:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--limit", type=int, default=1000, help="first N train stories (default 1000; 0: all)")
    p.add_argument("--folds", type=int, default=5, help="folds of the fitted ranker (default 5)")
    args = p.parse_args(argv)

    import numpy as np
    import pysbd
    from rouge_score import rouge_scorer
    from sklearn.ensemble import HistGradientBoostingRegressor
    from sklearn.linear_model import LogisticRegression, Ridge

    from storydesk.brief.summary import SummaryParams, _select
    from storydesk.brief.terms import content_terms
    from storydesk.config import Settings

    n = Settings().summary_sentences
    params = SummaryParams()
    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2"], use_stemmer=True)
    stories = []
    for _line, parts, reference in load(args.data, "train", args.limit or None):
        analyzed = analyzed_story(parts, segmenter)
        stories.append((analyzed, reference, story_candidates(analyzed)))

    def own_rouge(cands, reference, kind):
        out = []
        for s in cands[0]:
            r = scorer.score(reference, s.text)
            out.append(getattr(r["rouge1"], kind) + getattr(r["rouge2"], kind))
        return np.array(out)

    targets = [own_rouge(c, ref, "precision") if c else None for _a, ref, c in stories]
    f_targets = [own_rouge(c, ref, "fmeasure") if c else None for _a, ref, c in stories]
    matrices = [feature_matrix(c[3]) if c else None for _a, _r, c in stories]
    richer = [np.hstack([m, richer_features(a, c[0]), np.array(c[2])[:, None]]) if c else None
              for m, (a, _r, c) in zip(matrices, stories)]

    def picked_texts(cands, scores):
        distinct, near = cands[0], cands[1]
        return [distinct[i].first.text for i in _select(distinct, list(scores), near, n, params)]

    gbm = f"gbm ranker, richer features ({args.folds}-fold)"
    outputs: dict[str, list[list[str]]] = {name: [] for name in (
        "storydesk", f"ranker ({args.folds}-fold)", gbm, "budget: last slot fits",
        "budget: length-weighted", f"pairwise ranker ({args.folds}-fold)",
        f"ranker, first-pick target ({args.folds}-fold)", "shared-term count", "pseudo-reference (MBR)",
        "concept coverage (budgeted set)", "centroid+mmr", "oracle ranking",
        "oracle greedy (candidates)", "oracle greedy (all sentences)")}
    usable = [k for k, c in enumerate(stories) if c[2]]
    ranker_scores = cross_fitted(lambda: Ridge(alpha=10.0), matrices, targets, usable, args.folds)
    gbm_scores = cross_fitted(lambda: HistGradientBoostingRegressor(
        max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40, random_state=0),
        richer, f_targets, usable, args.folds)

    pair_scores = cross_fitted(lambda: LogisticRegression(C=0.1, max_iter=500), richer, f_targets, usable,
                               args.folds, pairwise=True)

    def opening_value(k, i):
        distinct, near, shipped = stories[k][2][:3]
        s = scorer.score(stories[k][1], cut([distinct[j].first.text
                                             for j in opening_with(distinct, shipped, near, n, params, i)]))
        return s["rouge1"].fmeasure + s["rouge2"].fmeasure

    first_targets = [np.array([opening_value(k, i) for i in range(len(c[0]))]) if c else None
                     for k, (_a, _r, c) in enumerate(stories)]
    first_scores = cross_fitted(lambda: Ridge(alpha=10.0), richer, first_targets, usable, args.folds)

    for k, (analyzed, reference, cands) in enumerate(stories):
        every = [a.article.text[s.start:s.end] for a in analyzed for s in a.analysis.sentences]
        outputs["centroid+mmr"].append(centroid_mmr(analyzed))
        outputs["oracle greedy (all sentences)"].append(greedy_oracle(every, reference, scorer))
        if not cands:
            for name in outputs:
                if name not in ("centroid+mmr", "oracle greedy (all sentences)"):
                    outputs[name].append([])
            continue
        outputs["storydesk"].append(picked_texts(cands, cands[2]))
        outputs[f"ranker ({args.folds}-fold)"].append(picked_texts(cands, ranker_scores[k]))
        outputs[gbm].append(picked_texts(cands, gbm_scores[k]))
        distinct, near, shipped = cands[0], cands[1], cands[2]
        outputs["budget: last slot fits"].append(
            [distinct[i].first.text for i in budget_select(distinct, shipped, near, n, params)])
        weighted = [v * (len(s.first.text.split()) / 25) ** 0.15 for v, s in zip(shipped, distinct)]
        outputs["budget: length-weighted"].append(picked_texts(cands, weighted))
        outputs[f"pairwise ranker ({args.folds}-fold)"].append(picked_texts(cands, pair_scores[k]))
        outputs[f"ranker, first-pick target ({args.folds}-fold)"].append(picked_texts(cands, first_scores[k]))
        shared = [v + 0.05 * row["shared"] * len(set(content_terms(s.text)))
                  for v, row, s in zip(shipped, cands[3], distinct)]
        outputs["shared-term count"].append(picked_texts(cands, shared))
        openings = {tuple(opening_with(distinct, shipped, near, n, params, i)): shipped[i]
                    for i in range(len(distinct))}
        mbr = max(openings, key=lambda o: openings[o] + 4.0 * pseudo_reference(
            analyzed, [distinct[i].first.text for i in o], scorer))
        outputs["pseudo-reference (MBR)"].append([distinct[i].first.text for i in mbr])
        outputs["concept coverage (budgeted set)"].append(
            [distinct[i].first.text for i in coverage_select(analyzed, distinct, shipped, near, n, params)])
        outputs["oracle ranking"].append(picked_texts(cands, targets[k]))
        outputs["oracle greedy (candidates)"].append(
            greedy_oracle([s.first.text for s in cands[0]], reference, scorer))

    leads = [{s.first.text for s in c[0] if s.rank == 0} if c else set() for _a, _r, c in stories]
    best = [o[0] if o else None for o in outputs["oracle ranking"]]
    results = {}
    for name, outs in outputs.items():
        r1, r2 = [], []
        for out, (_a, reference, _c) in zip(outs, stories):
            s = scorer.score(reference, cut(out))
            r1.append(s["rouge1"].fmeasure)
            r2.append(s["rouge2"].fmeasure)
        firsts = [(o[0], b, lead) for o, b, lead in zip(outs, best, leads) if o and b]
        results[name] = {"rouge1": round(statistics.fmean(r1), 4), "rouge2": round(statistics.fmean(r2), 4),
                         "repeats": round(statistics.fmean(float(repeated(o)) for o in outs), 4),
                         "first_is_oracle_first": round(statistics.fmean(float(f == b) for f, b, _ in firsts), 4),
                         "first_is_a_lead": round(statistics.fmean(float(f in lead) for f, _, lead in firsts), 4),
                         "first_words": round(statistics.fmean(len(f.split()) for f, _, _ in firsts), 1)}
    report(results, args.json,
           f"summary study: {len(stories)} NeuS train stories, {WORDS}-word budget, ROUGE F1")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
