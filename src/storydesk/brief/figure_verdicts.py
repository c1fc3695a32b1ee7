"""Whether outlets agree on one thing's value, for the brief's figures section
(:mod:`.figures`): each group of figures about one thing (:mod:`.figure_groups`)
becomes entries that agree, conflict or evolve.

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
"""

from __future__ import annotations

import re

from ..model import AnalyzedArticle, Figure
from .article_time import article_time, same_time
from .figure_groups import FATES, Group, head_word, thing_of, values_near
from .figure_units import agree
from .figure_units import value_of as _value

MIN_COUNT = 10  # a count reported by one article is key only from this value up
#: Kinds whose value may change with time. An amount of money changes with a word that
#: says so ("raised its offer to", a version: see :mod:`.figure_groups`) or as a market
#: price (``_MOVES``); without one, two outlets' different amounts of one thing disagree.
_EVOLVING = frozenset(("count", "percent", "quantity"))
#: Context heads of a market price or rate that moves by the hour ("fell to $65.09",
#: "trading at $6,562"): two outlets at different times print different values of it
#: without disagreeing, so it is compared only between articles of the same time.
_MOVES = frozenset("fall fell rise rose trade trading traded close closed edge edged drop dropped jump jumped "
                   "climb climbed slide slid slip slipped plunge plunged sink sank soar soared tumble tumbled "
                   "dip dipped bounce bounced recover recovered priced".split())


def first_values(members: list) -> list:
    """Each article's first mention of the thing, in the articles' order."""
    firsts: dict[str, tuple] = {}
    for m in members:
        item, fig, _ = m
        if item.article.id not in firsts or fig.start < firsts[item.article.id][1].start:
            firsts[item.article.id] = m
    return list(firsts.values())


def time_of(item: AnalyzedArticle) -> str | None:
    article = item.article
    if article.date_from_ingest or not article.published:
        return None
    return article_time(article.published, article.text) or article.published  # a dateline's hour


def _verdict(kind: str, members: list, moving: bool = False) -> tuple[bool, bool]:
    """(conflict, evolution) of one thing's figures (see the module doc)."""
    firsts = first_values(members)
    timed = [(time_of(m[0]), m[1]) for m in firsts]
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


def compare(group: Group) -> list[tuple[list, bool, bool]]:
    """``group``'s members as (members, conflict, evolution) entries."""
    by_value: dict[float, list] = {}
    for m in group.members:
        by_value.setdefault(_value(m[1]), []).append(m)
    if len(by_value) == 1:
        return [(group.members, False, False)]
    if group.kind == "count" and not group.measure:
        return [(members, False, False) for members in by_value.values()]  # counts of what?
    if group.kind == "count" and group.measure.partition(" ")[0] not in FATES and \
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
            return [entry for part in parts for entry in compare(part)]
    if group.kind in ("money", "duration", "percent") and group.measure != "since" and not _same_subject(by_value):
        return [(members, False, False) for members in by_value.values()]  # whose settlement?
    moving = group.kind in ("money", "percent") and head_word(thing_of(group.key)) in _MOVES
    # an initial offer is a fact of the past: outlets that print it differently disagree
    kind = "fixed" if group.kind == "money" and group.key.startswith("previous:") else group.kind
    if group.kind == "quantity" and "/" not in (group.unit or ""):
        kind = "fixed"  # a distance or a weight does not grow with time; a flow's estimate may
    conflict, evolution = _verdict(kind, group.members, moving)
    return [(group.members, conflict, evolution)]




def _rate_series(group: Group) -> list[tuple[list, bool, bool]]:
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


def _apart_in_articles(group: Group, by_value: dict[float, list]) -> list[Group]:
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
        fits = [p for p in parts if all((value, v) not in apart for v in p) and values_near(p[-1], value)]
        if fits:
            min(fits, key=lambda p: abs(p[-1] - value)).append(value)
        else:
            parts.append([value])
    out = []
    for values in parts:
        part = Group(group.kind, group.unit, group.key, group.named, group.measure)
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
