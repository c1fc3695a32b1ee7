"""The brief's ``figures`` section: the key figures of a story, compared across outlets.

Figures about the same thing are gathered (:mod:`.figure_groups`); each thing's values are
compared across outlets, agreeing, conflicting or evolving (:mod:`.figure_verdicts`); each
entry cites every outlet that gives it.

Key figures only: money, ages, durations and percentages; a count when it is large
(``MIN_COUNT``), reported by several articles, or of people's fate. Figures inside
embedded posts are the posters' words, not reporting, and are left out.
"""

from __future__ import annotations

import re
from collections import Counter

from ..model import AnalyzedArticle
from .figure_groups import FATES, gather
from .figure_units import agree, interval
from .figure_units import value_of as _value
from .figure_verdicts import MIN_COUNT, compare, first_values, time_of
from .sources import source
from .trending import distinct

_KIND_ORDER = {"money": 0, "age": 1, "duration": 2, "percent": 3, "count": 4, "quantity": 5}

#: What a rate measures, as the brief says it (:func:`storydesk.analyze.figures_measure.rate_measure`).
_RATE_OF = {"leak": "leaking", "collect": "collected", "capacity": "capacity"}
#: Contexts that only repeat a rate's own words.
_RATE_WORDS = re.compile(r"(?:(?:a|per|each)\s+\w+|daily|)", re.IGNORECASE)


def _value_rows(members: list) -> list[dict]:
    """One row per article: its value for the thing, its outlet and time, oldest first."""
    rows = []
    for item, fig, _ in first_values(members):
        rows.append({"value": fig.value, "text": fig.text, "bound": fig.bound or None,
                     "article_id": item.article.id, "outlet": item.article.outlet,
                     "published": time_of(item), "sources": [source(item, fig.start, fig.end)]})
    return sorted(rows, key=lambda r: (r["published"] is None, r["published"] or "", r["value"]))


def _entry(kind: str, members: list, conflict: bool, evolution: bool) -> dict:
    by_value: dict[float, list] = {}
    for m in members:
        by_value.setdefault(_value(m[1]), []).append(m)
    ranked = sorted(by_value.items(), key=lambda kv: -len({i.article.id for i, _, _ in kv[1]}))
    main = ranked[0][1]
    if evolution:  # the latest article's value
        latest = max(first_values(members), key=lambda m: time_of(m[0]) or "")
        main = by_value[latest[1].value]
    contexts = Counter(c for _, _, c in main if c) or Counter(c for _, _, c in members if c)
    names = Counter({c: n for c, n in contexts.items() if c[0].isupper()})
    if kind == "age" and names:  # the person, not "the 33-year-old actress"
        contexts = names
    entry = {
        "text": Counter(f.text for _, f, _ in main).most_common(1)[0][0],
        "value": main[0][1].value,
        "unit": main[0][1].unit,
        "context": max(contexts, key=lambda c: (contexts[c], len(c))) if contexts else "",
        "kind": kind,
        "sources": [source(item, f.start, f.end) for item, f, _ in members],
        "conflict": conflict,
        "evolution": evolution,
    }
    if main[0][1].measure:
        entry["measure"] = main[0][1].measure
    family = next((t for t in main[0][1].measure.split() if t in _RATE_OF), "") if kind == "quantity" else ""
    if family and _RATE_WORDS.fullmatch(entry["context"] or ""):
        entry["context"] = _RATE_OF[family]  # "per day" says nothing of what flows: "oil leaking"
    if conflict or evolution:
        entry["values"] = _value_rows(members)
    return entry


def _is_key(kind: str, measure: str, members: list) -> bool:
    if kind == "quantity":  # a measurement is key when two articles print it
        return len({item.article.id for item, _, _ in members}) > 1
    if kind != "count":
        return True
    return measure.partition(" ")[0] in FATES or len({item.article.id for item, _, _ in members}) > 1 or any(
        f.value >= MIN_COUNT for _, f, _ in members)


def build_figures(analyzed: list[AnalyzedArticle]) -> list[dict]:
    """The key figures of ``analyzed`` (see the module docstring and the brief contract)."""
    analyzed = distinct(analyzed)
    position = {id(item): i for i, item in enumerate(analyzed)}
    order: list[tuple] = []
    for group in gather(analyzed):
        for members, conflict, evolution in compare(group):
            if _is_key(group.kind, group.measure, members):
                first = min((position[id(i)], f.start) for i, f, _ in members)
                n_articles = len({i.article.id for i, _, _ in members})
                order.append(((-n_articles, _KIND_ORDER.get(group.kind, 9), first),
                              _entry(group.kind, members, conflict, evolution)))
    order.sort(key=lambda kv: kv[0])
    return [entry for _, entry in order]


__all__ = ["MIN_COUNT", "agree", "build_figures", "interval"]
