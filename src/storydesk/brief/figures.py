"""The brief's ``figures`` section: the key figures of a story, deduplicated across outlets.

Two figures are about the same thing when they have the same kind and unit and their
contexts agree: the same person for an age (a name resolves through the article's
entities, so "Heard" and "Amber Heard" agree), the same head word otherwise ("divorce
settlement" / "settlement", "lawsuit" / "defamation suit"). An age given with a role
("the 33-year-old actress") joins the one named person with that age, if there is one.

Same thing, same value: one entry citing every outlet. Same thing, different values in
different articles: one entry with ``conflict: true``, listing each value with its
sources under ``values``, unless one article itself gives both values (then they are
two things that merely share a context, and stay apart).

Key figures only: money, ages, durations and percentages; a count when it is large
(``MIN_COUNT``) or reported by several articles. Figures inside embedded posts are the
posters' words, not reporting, and are left out.
"""

from __future__ import annotations

from collections import Counter

from ..model import AnalyzedArticle, Entity, Figure
from .sources import source
from .trending import distinct

MIN_COUNT = 10  # a count reported by one article is key only from this value up
_KIND_ORDER = {"money": 0, "age": 1, "duration": 2, "percent": 3, "count": 4}


def _head(words: str) -> str:
    """The head word of a context, lower case, without a plural s."""
    parts = words.split()
    word = parts[-1].casefold().strip("'’.,") if parts else ""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _heads_agree(a: str, b: str) -> bool:
    if not a or not b:
        return False
    short, long_ = sorted((a, b), key=len)
    return a == b or (len(short) >= 4 and long_.endswith(short))


def _person(item: AnalyzedArticle, fig: Figure) -> str | None:
    """The canonical name an age's context resolves to, from the article's entities."""
    if not fig.context or not fig.context[0].isupper():
        return None
    near: list[Entity] = [
        e for e in item.analysis.entities
        if e.end <= fig.start and fig.start - e.end <= 4 and _head(e.text) == _head(fig.context)
    ]
    return max(near, key=lambda e: e.end).canonical if near else fig.context


def _in_posts(item: AnalyzedArticle, fig: Figure) -> bool:
    return any(p.start <= fig.start < p.end for p in item.analysis.posts)


class _Group:
    """Figures about one thing (a plain record; built and read only in this module)."""

    def __init__(self, kind: str, unit: str | None, key: str, named: bool):
        self.kind, self.unit, self.key, self.named = kind, unit, key, named
        self.members: list[tuple[AnalyzedArticle, Figure, str]] = []  # (item, figure, context)

    def values(self) -> set:
        return {f.value for _, f, _ in self.members}

    def articles(self) -> set[str]:
        return {item.article.id for item, _, _ in self.members}


def _gather(analyzed: list[AnalyzedArticle]) -> list[_Group]:
    groups: list[_Group] = []
    buckets: dict[tuple, list[_Group]] = {}  # (kind, unit, named) -> its groups
    for item in analyzed:
        for fig in item.analysis.figures:
            if _in_posts(item, fig) or fig.value is None:
                continue
            person = _person(item, fig) if fig.kind == "age" else None
            context = person or fig.context
            key = _head(context)
            if not key and fig.kind in ("age", "percent"):
                continue  # an age of no one, a share of nothing: not a key figure
            bucket = buckets.setdefault((fig.kind, fig.unit, person is not None), [])
            match = next((g for g in bucket
                          if _heads_agree(g.key, key) or not key and fig.value in g.values()), None)
            if match is None:
                match = _Group(fig.kind, fig.unit, key, person is not None)
                groups.append(match)
                bucket.append(match)
            match.members.append((item, fig, context))
    return _attach_roles(groups)


def _attach_roles(groups: list[_Group]) -> list[_Group]:
    """An age given with a role joins the only named person of that age."""
    kept = []
    for g in groups:
        if g.kind == "age" and not g.named and len(g.values()) == 1:
            named = [n for n in groups if n.kind == "age" and n.named and g.values() <= n.values()]
            if len(named) == 1:
                named[0].members.extend(g.members)
                continue
        kept.append(g)
    return kept


def _split(group: _Group) -> list[tuple[list, bool]]:
    """``group``'s members as (members, conflict) entries."""
    by_value: dict[float, list] = {}
    for m in group.members:
        by_value.setdefault(m[1].value, []).append(m)
    if len(by_value) == 1:
        return [(group.members, False)]
    values_per_article: dict[str, set] = {}
    for item, fig, _ in group.members:
        values_per_article.setdefault(item.article.id, set()).add(fig.value)
    if all(len(v) == 1 for v in values_per_article.values()) and group.kind != "count":
        return [(group.members, True)]
    return [(members, False) for members in by_value.values()]


def _entry(kind: str, members: list, conflict: bool) -> dict:
    by_value: dict[float, list] = {}
    for m in members:
        by_value.setdefault(m[1].value, []).append(m)
    ranked = sorted(by_value.items(), key=lambda kv: -len({i.article.id for i, _, _ in kv[1]}))
    main = ranked[0][1]
    contexts = Counter(c for _, _, c in members if c)
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
    }
    if conflict:
        entry["values"] = [
            {"value": value, "text": ms[0][1].text,
             "sources": [source(item, f.start, f.end) for item, f, _ in ms]}
            for value, ms in ranked
        ]
    return entry


def _is_key(kind: str, members: list) -> bool:
    if kind != "count":
        return True
    return len({item.article.id for item, _, _ in members}) > 1 or any(
        f.value >= MIN_COUNT for _, f, _ in members)


def build_figures(analyzed: list[AnalyzedArticle]) -> list[dict]:
    """The key figures of ``analyzed`` (see the module docstring and the brief contract)."""
    analyzed = distinct(analyzed)
    position = {id(item): i for i, item in enumerate(analyzed)}
    order: list[tuple] = []
    for group in _gather(analyzed):
        for members, conflict in _split(group):
            if _is_key(group.kind, members):
                first = min((position[id(i)], f.start) for i, f, _ in members)
                n_articles = len({i.article.id for i, _, _ in members})
                order.append(((-n_articles, _KIND_ORDER.get(group.kind, 9), first),
                              _entry(group.kind, members, conflict)))
    order.sort(key=lambda kv: kv[0])
    return [entry for _, entry in order]


__all__ = ["MIN_COUNT", "build_figures"]
