"""The brief's ``figures`` section: the key figures of a story, compared across outlets.

**The same thing.** Two figures are about the same thing when they have the same kind
and unit and agree on what they measure: the same person for an age (a name resolves
through the article's entities, so "Heard" and "Amber Heard" agree; an age given with a
role, "the 33-year-old actress", joins the one named person of that age), the same fate
for a count of people ("killed", "injured", "in critical condition" are three things,
however each outlet words them), the same head word otherwise ("divorce settlement" /
"settlement"). A count of a fate also agrees on its tags
(:func:`storydesk.analyze.figures_measure.measure`): ``confirmed``, ``more`` (a part, "40
other deaths", is never the total) and its place ("@mexico"); a count with no place joins
the one place the story counts that fate in, else stays alone. A rate ("1,000 barrels of
oil a day") is one thing per story, unit and what it measures (the leak, the oil collected,
a capacity: a rate nothing says the measure of joins the one measure the story gives, else
stays alone); its series is each article's current value, the highest it gives that its
sentence does not call an earlier one ("rose from 5,000 barrels per day to ..."). Values far
apart are not one thing told two ways: a story's 84 dead and the 130 of an earlier attack
it recalls stay apart (values join when they are within a third of the larger, or one
apart; a rate is not cut). A quantity in gallons, litres, kilometres, metres or kilograms is
compared in barrels, miles, feet or pounds (:mod:`.figure_units`): one leak, two units.

An amount of money is about the same thing when its noun names the same thing ("offer",
"bid", "acquisition approach" and "transaction" are one deal; "earnings", "net income" and
"profit" one result) and the words around it agree on what it is
(:func:`storydesk.analyze.figures_measure.money_measure`): per share or in all, the whole
payment or its cash or stock part, with or without debt, and which version of an amount
that changed ("an initial $103 billion offer", "sweetened its offer to $121 billion").
An amount no version word marks joins the marked version that prints its value, else
stands alone; values one article prints side by side are two things, and each other
outlet's value joins the nearest of them.

**Agreement.** A value keeps its bound: "at least 84" agrees with 86, "nearly 80" with
77, "more than 50" with 51, and "about" allows what rounding hides, no more: "about 130"
agrees with 128, "some $146 billion" not with $148.9 billion. Same thing, agreeing values:
one entry citing every outlet.

**Disagreement.** Each article's value (its first mention of the thing) is listed under
``values`` with its outlet and publication time. A count whose highest value rises with
time (a rising toll: 30, then 77, then 84; "at least 30", later "at least 41") or that a
source says it revised ("cut the toll to 101") is an ``evolution``: ``"evolution": true``,
the latest value shown. Outlets of one time that disagree, or a later lower value no word
says was revised, are a ``"conflict": true`` (the value most outlets give shown); a rising
toll can be both. Quantities measured (a distance, a weight) never evolve; a rate's
estimate may. Ages, durations and
amounts of money never evolve (a deal's value changes with a word that says so, a
version), except a market price ("fell to $65.09", "trading at $6,562"), which moves by
the hour: outlets of one time that disagree on it conflict, different times are its
evolution. One article giving two values of a money amount or a duration ("a £10m fee
in 2019 and a £12m fee in 2021") means two things that share a context, and so do money,
durations and shares whose sentences name no one in common ("a six-year relationship" in
a gallery of celebrity splits and "their four-year-long relationship"): they stay apart. A
duration since the last such event ("the first pandemic in 41 years") is the story's own.

Key figures only: money, ages, durations and percentages; a count when it is large
(``MIN_COUNT``), reported by several articles, or of people's fate. Figures inside
embedded posts are the posters' words, not reporting, and are left out.
"""

from __future__ import annotations

import re
from collections import Counter

from ..model import AnalyzedArticle, Entity, Figure
from .article_time import article_time, same_time
from .figure_confirmed import plain, story_unsure_fates
from .figure_units import agree, in_common_unit, interval
from .figure_units import value_of as _value
from .sources import source
from .trending import distinct

MIN_COUNT = 10  # a count reported by one article is key only from this value up
#: Values within this share of the larger one (or ``NEAR_ABSOLUTE`` apart) may be one thing.
NEAR_SHARE, NEAR_ABSOLUTE = 1 / 3, 1.0
_KIND_ORDER = {"money": 0, "age": 1, "duration": 2, "percent": 3, "count": 4, "quantity": 5}
#: Kinds whose value may change with time. An amount of money changes with a word that
#: says so ("raised its offer to", a version: see ``_VERSIONS``) or as a market price (``_MOVES``);
#: without one, two outlets' different amounts of one thing disagree.
_EVOLVING = frozenset(("count", "percent", "quantity"))
_PEOPLE = frozenset(("people", "persons"))
_FATES = frozenset("killed injured critical hospital missing arrested released infected".split())


#: Context words that are no head ("acquire for", "valued at": the verb is).
_FUNCTION = frozenset("for at to of in on by from with as about".split())
#: Head words that name one thing of money: "offer", "bid" and "acquisition approach" of
#: one deal; "earnings", "net income" and "profit" of one period.
_MONEY_THINGS = {
    **dict.fromkeys("offer bid approach deal acquisition takeover transaction purchase merger "
                    "acquire buy valued value".split(), "deal"),
    **dict.fromkeys("earning income profit".split(), "earnings"),
}
_VERSIONS = frozenset(("previous", "new"))
#: Context heads of a market price or rate that moves by the hour ("fell to $65.09",
#: "trading at $6,562"): two outlets at different times print different values of it
#: without disagreeing, so it is compared only between articles of the same time.
_MOVES = frozenset("fall fell rise rose trade trading traded close closed edge edged drop dropped jump jumped "
                   "climb climbed slide slid slip slipped plunge plunged sink sank soar soared tumble tumbled "
                   "dip dipped bounce bounced recover recovered priced".split())


def _head(words: str) -> str:
    """The head word of a context, lower case, without a plural s (a trailing
    preposition is skipped: "acquire for" -> "acquire")."""
    parts = [w.casefold().strip("'’.,") for w in words.split()]
    while len(parts) > 1 and parts[-1] in _FUNCTION:
        parts.pop()
    word = parts[-1] if parts else ""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _thing(key: str) -> str:
    return key.partition(":")[2] if ":" in key else key


def _keys_agree(a: str, b: str) -> bool:
    """Same version (money's "previous"/"new", or none) and heads that agree."""
    same_version = (a.partition(":")[0] == b.partition(":")[0]) if ":" in a + b else True
    return same_version and _heads_agree(_thing(a), _thing(b))


#: Heads that only say an amount changed ("raised to $62 billion"): they name no thing.
_CHANGE_VERBS = frozenset("raise raised sweeten sweetened improve improved revise revised increase increased "
                          "up upped".split())


def _money_head(words: str) -> str:
    head = _head(words)
    return "" if head in _CHANGE_VERBS else _MONEY_THINGS.get(head, head)


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


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= max(NEAR_ABSOLUTE, NEAR_SHARE * max(abs(a), abs(b)))


class _Group:
    """Figures about one thing (a plain record; built and read only in this module)."""

    def __init__(self, kind: str, unit: str | None, key: str, named: bool, measure: str = ""):
        self.kind, self.unit, self.key, self.named, self.measure = kind, unit, key, named, measure
        self.members: list[tuple[AnalyzedArticle, Figure, str]] = []  # (item, figure, context)

    def values(self) -> set:
        return {f.value for _, f, _ in self.members}


def _gather(analyzed: list[AnalyzedArticle]) -> list[_Group]:
    groups: list[_Group] = []
    buckets: dict[tuple, list[_Group]] = {}  # (kind, unit, named, measure) -> its groups
    unsure = story_unsure_fates(analyzed)  # "confirmed" tells counts apart only beside "suspected"
    for item in analyzed:
        for fig in item.analysis.figures:
            if _in_posts(item, fig) or fig.value is None:
                continue
            fig = in_common_unit(fig)  # "210,000 gallons a day" beside "5,000 barrels a day"
            person = _person(item, fig) if fig.kind == "age" else None
            context = person or fig.context
            unit = "people" if fig.kind == "count" and fig.unit in _PEOPLE else fig.unit
            measure = fig.measure if fig.kind in ("count", "money") or fig.measure == "since" else ""
            if fig.kind == "count":  # "revised" says how a value came, not what it counts
                measure = plain(" ".join(t for t in measure.split() if t != "revised"), unsure)
            version = ""
            if fig.kind == "money":  # "previous"/"new" split one thing's versions (see _attach_versions)
                tags = measure.split()
                version = " ".join(t for t in tags if t in _VERSIONS)
                measure = " ".join(t for t in tags if t not in _VERSIONS)
                thing = _money_head(context)
                if "debt" in measure.split() and thing in ("", "debt"):
                    thing = "deal"  # "worth $148.9 billion including debt": a deal's value
                key = f"{version}:{thing}"
            elif fig.kind == "quantity" and "/" in (unit or ""):
                # a rate ("barrels/day"): one per story and what it measures (a leak, the oil
                # collected, a capacity: :func:`storydesk.analyze.figures_measure.rate_measure`)
                family = [t for t in fig.measure.split() if t != "previous"]
                key = f"{unit}:{family[0]}" if family else unit or ""
            else:  # a since-last duration is of what it is the first of ("pandemic")
                key = f"since {_head(context)}" if measure == "since" else measure or _head(context)
            if not key and fig.kind in ("age", "percent"):
                continue  # an age of no one, a share of nothing: not a key figure
            bucket = buckets.setdefault((fig.kind, unit, person is not None, measure), [])
            match = next((g for g in bucket if _keys_agree(g.key, key) or not _thing(key) and fig.value in g.values()),
                         None)
            if match is None:
                match = _Group(fig.kind, unit, key, person is not None, measure)
                groups.append(match)
                bucket.append(match)
            match.members.append((item, fig, context))
    groups = _attach_rates(_attach_places(_attach_versions(_attach_roles(groups))))
    return [part for g in groups for part in _near_values(g)]


def _attach_rates(groups: list[_Group]) -> list[_Group]:
    """A rate nothing says the measure of joins the one measure the story gives rates of its
    unit; with several (a leak and the oil collected) it stays alone."""
    kept = []
    for g in groups:
        if g.kind == "quantity" and g.key == g.unit and "/" in (g.unit or ""):
            known = [r for r in groups if r.kind == g.kind and r.unit == g.unit and r.key != g.key]
            if len(known) == 1:
                known[0].members.extend(g.members)
                continue
        kept.append(g)
    return kept


def _attach_places(groups: list[_Group]) -> list[_Group]:
    """A count of a fate with no place ("176 deaths") joins the one place the story counts
    that fate in ("103 dead in Mexico"); when the story counts it in several places (cases
    in the US, in Mexico) it stays alone: whose it is is not known."""
    kept = []
    for g in groups:
        if g.kind == "count" and g.measure and "@" not in g.measure:
            placed = [p for p in groups if p.kind == g.kind and p.unit == g.unit and "@" in p.measure
                      and p.measure.rpartition(" @")[0] == g.measure]
            if len(placed) == 1:
                placed[0].members.extend(g.members)
                continue
        kept.append(g)
    return kept


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


def _attach_versions(groups: list[_Group]) -> list[_Group]:
    """An amount of money no version word marks ("the $103 billion offer"), of a thing
    that has marked versions in the story ("the initial $103 billion offer", "the new
    $121 billion offer"), joins the one marked version that prints its value; otherwise
    it stands alone with the others of its value, never compared with a version it may
    not be (see :data:`_VERSIONS`)."""
    versioned = [g for g in groups if g.kind == "money" and g.key.partition(":")[0]]
    kept = []
    for g in groups:
        if g.kind != "money" or g.key.partition(":")[0] or not any(
                _heads_agree(_thing(m.key), _thing(g.key)) for m in versioned):
            kept.append(g)
            continue
        alone: dict[float, _Group] = {}
        rest = _Group(g.kind, g.unit, g.key, g.named, g.measure)  # values no version prints
        for member in g.members:
            value = _value(member[1])
            holding = [m for m in versioned if m.unit == g.unit and value in m.values()
                       and _heads_agree(_thing(m.key), _thing(g.key))]
            same = [m for m in holding if m.measure == g.measure] or holding
            if len(same) == 1:
                same[0].members.append(member)
            elif not holding:
                rest.members.append(member)
            else:
                if value not in alone:
                    alone[value] = _Group(g.kind, g.unit, f"{value}:{_thing(g.key)}", g.named, g.measure)
                alone[value].members.append(member)
        kept.extend([rest] * bool(rest.members) + list(alone.values()))
    return kept


def _near_values(group: _Group) -> list[_Group]:
    """``group`` cut where its sorted values jump (see :data:`NEAR_SHARE`)."""
    if group.kind == "quantity" and "/" in (group.unit or ""):
        return [group]  # an estimated flow may be raised fivefold and still be one thing
    members = sorted(group.members, key=lambda m: _value(m[1]))
    parts: list[_Group] = []
    for m in members:
        if not parts or not _near(_value(parts[-1].members[-1][1]), _value(m[1])):
            parts.append(_Group(group.kind, group.unit, group.key, group.named, group.measure))
        parts[-1].members.append(m)
    order = {id(m): i for i, m in enumerate(group.members)}
    for part in parts:
        part.members.sort(key=lambda m: order[id(m)])
    return parts


def _first_values(members: list) -> list:
    """Each article's first mention of the thing, in the articles' order."""
    firsts: dict[str, tuple] = {}
    for m in members:
        item, fig, _ = m
        if item.article.id not in firsts or fig.start < firsts[item.article.id][1].start:
            firsts[item.article.id] = m
    return list(firsts.values())


def _when(item: AnalyzedArticle) -> str | None:
    article = item.article
    if article.date_from_ingest or not article.published:
        return None
    return article_time(article.published, article.text) or article.published  # a dateline's hour


def _verdict(kind: str, members: list, moving: bool = False) -> tuple[bool, bool]:
    """(conflict, evolution) of one thing's figures (see the module doc)."""
    firsts = _first_values(members)
    timed = [(_when(m[0]), m[1]) for m in firsts]
    if moving:  # a market price: outlets of one time may disagree; over time it moves
        if any(ta is not None and same_time(ta, tb) and not agree(a, b)
               for i, (ta, a) in enumerate(timed) for tb, b in timed[i + 1:]):
            return True, False
        times = [t for t, _ in timed]
        return False, None not in times and len(set(times)) == len(times) > 1
    evolving = kind in _EVOLVING and None not in [t for t, _ in timed]
    conflict = False
    for i, (ta, a) in enumerate(timed):
        for tb, b in timed[i + 1:]:
            if agree(a, b):
                continue
            if not evolving or same_time(ta, tb):
                conflict = True  # outlets of one time disagree
                continue
            earlier, later = (a, b) if (ta or "") < (tb or "") else (b, a)
            if _value(earlier) > _value(later) and not _revised(later):
                conflict = True  # a figure that fell, no word says it was revised: a disagreement
    if not evolving:
        return conflict, False
    # a count that rose ("at least 30", then "at least 41", then 46) or that its source
    # revised is shown as its series, even where some outlets also disagree (a conflict too)
    ordered = sorted(timed, key=lambda tf: tf[0] or "")
    first_time, last_time = ordered[0][0], ordered[-1][0]
    first = [f for t, f in ordered if same_time(t, first_time)]
    last = [f for t, f in ordered if same_time(t, last_time)]
    # the highest value of the latest time above the highest of the first (outlets of one
    # time that disagree are a conflict as well)
    rose = not same_time(first_time, last_time) and max(_value(f) for f in last) > max(_value(f) for f in first)
    revised = any(_revised(b) and b.value != a.value and not same_time(ta, tb)
                  for (ta, a), (tb, b) in zip(ordered, ordered[1:]))
    return conflict, rose or revised


def _revised(fig: Figure) -> bool:
    """A count its source says was revised ("cut the toll to 101"): lower later is no conflict."""
    return fig.kind == "count" and "revised" in fig.measure.split()


def _split(group: _Group) -> list[tuple[list, bool, bool]]:
    """``group``'s members as (members, conflict, evolution) entries."""
    by_value: dict[float, list] = {}
    for m in group.members:
        by_value.setdefault(_value(m[1]), []).append(m)
    if len(by_value) == 1:
        return [(group.members, False, False)]
    if group.kind == "count" and not group.measure:
        return [(members, False, False) for members in by_value.values()]  # counts of what?
    if group.kind == "count" and group.measure.partition(" ")[0] not in _FATES and \
            max(by_value) < MIN_COUNT and not _same_subject(by_value):
        # a few things done, no fate of people ("scored two runs", "score three runs"), in
        # sentences that name no one in common: two innings, two games, not one count
        return [(members, False, False) for members in by_value.values()]
    if group.kind == "quantity" and ":" in group.key:
        return _rate_series(group)
    if group.kind != "count":
        parts = _apart_in_articles(group, by_value)
        if len(parts) > 1 and group.kind != "money":  # rates, durations: too many things share a word
            return [(members, False, False) for members in by_value.values()]
        if len(parts) > 1:  # two things, one context: each compared on its own
            return [entry for part in parts for entry in _split(part)]
    if group.kind in ("money", "duration", "percent") and group.measure != "since" and not _same_subject(by_value):
        return [(members, False, False) for members in by_value.values()]  # whose settlement?
    moving = group.kind in ("money", "percent") and _head(_thing(group.key)) in _MOVES
    # an initial offer is a fact of the past: outlets that print it differently disagree
    kind = "fixed" if group.kind == "money" and group.key.startswith("previous:") else group.kind
    if group.kind == "quantity" and "/" not in (group.unit or ""):
        kind = "fixed"  # a distance or a weight does not grow with time; a flow's estimate may
    conflict, evolution = _verdict(kind, group.members, moving)
    return [(group.members, conflict, evolution)]


#: What a rate measures, as the brief says it (:func:`storydesk.analyze.figures_measure.rate_measure`).
_RATE_OF = {"leak": "leaking", "collect": "collected", "capacity": "capacity"}
#: Contexts that only repeat a rate's own words.
_RATE_WORDS = re.compile(r"(?:(?:a|per|each)\s+\w+|daily|)", re.IGNORECASE)


def _rate_series(group: _Group) -> list[tuple[list, bool, bool]]:
    """A rate of one measure (a leak's estimate) as the series of each article's current
    value: the highest it gives that its sentence does not call earlier ("increased from
    5,000 barrels per day to ...", "BP's initial estimate of 5,000"); the earlier values an
    article recalls are an entry of their own, never compared."""
    current: dict[str, tuple] = {}
    earlier = []
    for m in group.members:
        if "previous" in m[1].measure.split():
            earlier.append(m)
        elif m[0].article.id not in current or _value(m[1]) > _value(current[m[0].article.id][1]):
            current[m[0].article.id] = m
    out: list[tuple[list, bool, bool]] = []
    chosen = list(current.values())
    if chosen:
        others = [m for m in group.members if m not in chosen and m not in earlier]
        conflict, evolution = _verdict(group.kind, chosen)
        out.append((chosen, conflict, evolution))
        out.extend(([m], False, False) for m in others)
    out.extend(([m], False, False) for m in earlier)
    return out


def _apart_in_articles(group: _Group, by_value: dict[float, list]) -> list[_Group]:
    """``group`` cut so that no article gives two disagreeing values in one part: values
    one article prints side by side ("an initial $103 billion offer" and "$121 billion")
    are two things; each other value joins the nearest part it can (by value), so a $38
    and a $47 billion bid of two outlets stay comparable beside an article's $65 billion."""
    apart: set[tuple[float, float]] = set()
    per_article: dict[str, list] = {}
    for m in group.members:
        per_article.setdefault(m[0].article.id, []).append(m[1])
    for figs in per_article.values():
        for i, a in enumerate(figs):
            for b in figs[i + 1:]:
                if not agree(a, b):
                    apart |= {(_value(a), _value(b)), (_value(b), _value(a))}
    if not apart:
        return [group]
    parts: list[list[float]] = []
    for value in sorted(by_value):
        fits = [p for p in parts if all((value, v) not in apart for v in p) and _near(p[-1], value)]
        if fits:
            min(fits, key=lambda p: abs(p[-1] - value)).append(value)
        else:
            parts.append([value])
    out = []
    for values in parts:
        part = _Group(group.kind, group.unit, group.key, group.named, group.measure)
        part.members = [m for m in group.members if _value(m[1]) in values]
        out.append(part)
    return out


_PROPER = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}(?:\s[A-Z][a-z]+)*")


def _names_near(item: AnalyzedArticle, fig: Figure) -> set[str]:
    """Capitalised names in the figure's sentence, and for money the sentence before it (not
    a sentence's first word, unless the article's entities name it: "Goldman Sachs, which...")."""
    text = item.article.text
    start, end = max(0, fig.start - 150), min(len(text), fig.end + 150)
    for prev, s in zip((None, *item.analysis.sentences), item.analysis.sentences):
        if s.start <= fig.start < s.end:  # money: the sentence before too ("Qualcomm's share ... the deal's value")
            start, end = (prev if prev is not None and fig.kind == "money" else s).start, s.end
            break
    sentence = text[start:end]
    found = {w for m in _PROPER.finditer(sentence) for w in m.group().split()}
    for e in item.analysis.entities:
        if start <= e.start < end and e.type in ("PERSON", "ORG", "GPE", "NORP"):
            found.update(w for w in f"{e.text} {e.canonical}".split() if w[:1].isupper() and len(w) > 2)
    return found


def _same_subject(by_value: dict[float, list]) -> bool:
    """Whether figures of different values share a name in their sentences: the same
    club's fee, the same couple's marriage. Without one, "a six-year relationship" in a
    gallery of celebrity splits and "their four-year-long relationship" are two things."""
    names = {value: set().union(*(_names_near(item, fig) for item, fig, _ in ms)) for value, ms in by_value.items()}
    values = list(names)
    return any(names[a] & names[b] for i, a in enumerate(values) for b in values[i + 1:])


def _value_rows(members: list) -> list[dict]:
    """One row per article: its value for the thing, its outlet and time, oldest first."""
    rows = []
    for item, fig, _ in _first_values(members):
        rows.append({"value": fig.value, "text": fig.text, "bound": fig.bound or None,
                     "article_id": item.article.id, "outlet": item.article.outlet,
                     "published": _when(item), "sources": [source(item, fig.start, fig.end)]})
    return sorted(rows, key=lambda r: (r["published"] is None, r["published"] or "", r["value"]))


def _entry(kind: str, members: list, conflict: bool, evolution: bool) -> dict:
    by_value: dict[float, list] = {}
    for m in members:
        by_value.setdefault(_value(m[1]), []).append(m)
    ranked = sorted(by_value.items(), key=lambda kv: -len({i.article.id for i, _, _ in kv[1]}))
    main = ranked[0][1]
    if evolution:  # the latest article's value
        latest = max(_first_values(members), key=lambda m: _when(m[0]) or "")
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
    return measure.partition(" ")[0] in _FATES or len({item.article.id for item, _, _ in members}) > 1 or any(
        f.value >= MIN_COUNT for _, f, _ in members)


def build_figures(analyzed: list[AnalyzedArticle]) -> list[dict]:
    """The key figures of ``analyzed`` (see the module docstring and the brief contract)."""
    analyzed = distinct(analyzed)
    position = {id(item): i for i, item in enumerate(analyzed)}
    order: list[tuple] = []
    for group in _gather(analyzed):
        for members, conflict, evolution in _split(group):
            if _is_key(group.kind, group.measure, members):
                first = min((position[id(i)], f.start) for i, f, _ in members)
                n_articles = len({i.article.id for i, _, _ in members})
                order.append(((-n_articles, _KIND_ORDER.get(group.kind, 9), first),
                              _entry(group.kind, members, conflict, evolution)))
    order.sort(key=lambda kv: kv[0])
    return [entry for _, entry in order]


__all__ = ["MIN_COUNT", "agree", "build_figures", "interval"]
