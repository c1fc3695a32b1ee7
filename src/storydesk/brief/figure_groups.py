"""Which of a story's figures are about the same thing, for the brief's figures
section (:mod:`.figures`), which compares each thing's values (:mod:`.figure_verdicts`).

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
"""

from __future__ import annotations

from ..model import AnalyzedArticle, Entity, Figure
from .figure_confirmed import plain, story_unsure_fates
from .figure_units import in_common_unit
from .figure_units import value_of as _value

#: Values within this share of the larger one (or ``NEAR_ABSOLUTE`` apart) may be one thing.
NEAR_SHARE, NEAR_ABSOLUTE = 1 / 3, 1.0

_PEOPLE = frozenset(("people", "persons"))
FATES = frozenset("killed injured critical hospital missing arrested released infected".split())


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


def head_word(words: str) -> str:
    """The head word of a context, lower case, without a plural s (a trailing
    preposition is skipped: "acquire for" -> "acquire")."""
    parts = [w.casefold().strip("'’.,") for w in words.split()]
    while len(parts) > 1 and parts[-1] in _FUNCTION:
        parts.pop()
    word = parts[-1] if parts else ""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def thing_of(key: str) -> str:
    return key.partition(":")[2] if ":" in key else key


def _keys_agree(a: str, b: str) -> bool:
    """Same version (money's "previous"/"new", or none) and heads that agree."""
    same_version = (a.partition(":")[0] == b.partition(":")[0]) if ":" in a + b else True
    return same_version and _heads_agree(thing_of(a), thing_of(b))


#: Heads that only say an amount changed ("raised to $62 billion"): they name no thing.
_CHANGE_VERBS = frozenset("raise raised sweeten sweetened improve improved revise revised increase increased "
                          "up upped".split())


def _money_head(words: str) -> str:
    word = head_word(words)
    return "" if word in _CHANGE_VERBS else _MONEY_THINGS.get(word, word)


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
        if e.end <= fig.start and fig.start - e.end <= 4 and head_word(e.text) == head_word(fig.context)
    ]
    return max(near, key=lambda e: e.end).canonical if near else fig.context


def _in_posts(item: AnalyzedArticle, fig: Figure) -> bool:
    return any(p.start <= fig.start < p.end for p in item.analysis.posts)


def values_near(a: float, b: float) -> bool:
    return abs(a - b) <= max(NEAR_ABSOLUTE, NEAR_SHARE * max(abs(a), abs(b)))


class Group:
    """Figures about one thing (a plain record; built in this module, compared in
    :mod:`.figure_verdicts`)."""

    def __init__(self, kind: str, unit: str | None, key: str, named: bool, measure: str = ""):
        self.kind, self.unit, self.key, self.named, self.measure = kind, unit, key, named, measure
        self.members: list[tuple[AnalyzedArticle, Figure, str]] = []  # (item, figure, context)

    def values(self) -> set:
        return {f.value for _, f, _ in self.members}


def gather(analyzed: list[AnalyzedArticle]) -> list[Group]:
    groups: list[Group] = []
    buckets: dict[tuple, list[Group]] = {}  # (kind, unit, named, measure) -> its groups
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
                key = f"since {head_word(context)}" if measure == "since" else measure or head_word(context)
            if not key and fig.kind in ("age", "percent"):
                continue  # an age of no one, a share of nothing: not a key figure
            bucket = buckets.setdefault((fig.kind, unit, person is not None, measure), [])
            match = next((g for g in bucket
                          if _keys_agree(g.key, key) or not thing_of(key) and fig.value in g.values()), None)
            if match is None:
                match = Group(fig.kind, unit, key, person is not None, measure)
                groups.append(match)
                bucket.append(match)
            match.members.append((item, fig, context))
    groups = _attach_rates(_attach_places(_attach_versions(_attach_roles(groups))))
    return [part for g in groups for part in _near_values(g)]


def _attach(groups: list[Group], loose, home) -> list[Group]:
    """``groups`` with each group ``loose`` says is incomplete joined to the one other group
    ``home(g, other)`` accepts for it; with none or several it stays alone."""
    kept = []
    for g in groups:
        if loose(g):
            found = [h for h in groups if h is not g and home(g, h)]
            if len(found) == 1:
                found[0].members.extend(g.members)
                continue
        kept.append(g)
    return kept


def _attach_rates(groups: list[Group]) -> list[Group]:
    """A rate nothing says the measure of joins the one measure the story gives rates of its
    unit; with several (a leak and the oil collected) it stays alone."""
    return _attach(groups, lambda g: g.kind == "quantity" and g.key == g.unit and "/" in (g.unit or ""),
                   lambda g, r: r.kind == g.kind and r.unit == g.unit and r.key != g.key)


def _attach_places(groups: list[Group]) -> list[Group]:
    """A count of a fate with no place ("176 deaths") joins the one place the story counts
    that fate in ("103 dead in Mexico"); when the story counts it in several places (cases
    in the US, in Mexico) it stays alone: whose it is is not known."""
    return _attach(groups, lambda g: g.kind == "count" and bool(g.measure) and "@" not in g.measure,
                   lambda g, p: p.kind == g.kind and p.unit == g.unit and "@" in p.measure
                   and p.measure.rpartition(" @")[0] == g.measure)


def _attach_roles(groups: list[Group]) -> list[Group]:
    """An age given with a role joins the only named person of that age."""
    return _attach(groups, lambda g: g.kind == "age" and not g.named and len(g.values()) == 1,
                   lambda g, n: n.kind == "age" and n.named and g.values() <= n.values())


def _attach_versions(groups: list[Group]) -> list[Group]:
    """An amount of money no version word marks ("the $103 billion offer"), of a thing
    that has marked versions in the story ("the initial $103 billion offer", "the new
    $121 billion offer"), joins the one marked version that prints its value; otherwise
    it stands alone with the others of its value, never compared with a version it may
    not be (see :data:`_VERSIONS`)."""
    versioned = [g for g in groups if g.kind == "money" and g.key.partition(":")[0]]
    kept = []
    for g in groups:
        if g.kind != "money" or g.key.partition(":")[0] or not any(
                _heads_agree(thing_of(m.key), thing_of(g.key)) for m in versioned):
            kept.append(g)
            continue
        alone: dict[float, Group] = {}
        rest = Group(g.kind, g.unit, g.key, g.named, g.measure)  # values no version prints
        for member in g.members:
            value = _value(member[1])
            holding = [m for m in versioned if m.unit == g.unit and value in m.values()
                       and _heads_agree(thing_of(m.key), thing_of(g.key))]
            same = [m for m in holding if m.measure == g.measure] or holding
            if len(same) == 1:
                same[0].members.append(member)
            elif not holding:
                rest.members.append(member)
            else:
                if value not in alone:
                    alone[value] = Group(g.kind, g.unit, f"{value}:{thing_of(g.key)}", g.named, g.measure)
                alone[value].members.append(member)
        kept.extend([rest] * bool(rest.members) + list(alone.values()))
    return kept


def _near_values(group: Group) -> list[Group]:
    """``group`` cut where its sorted values jump (see :data:`NEAR_SHARE`)."""
    if group.kind == "quantity" and "/" in (group.unit or ""):
        return [group]  # an estimated flow may be raised fivefold and still be one thing
    members = sorted(group.members, key=lambda m: _value(m[1]))
    parts: list[Group] = []
    for m in members:
        if not parts or not values_near(_value(parts[-1].members[-1][1]), _value(m[1])):
            parts.append(Group(group.kind, group.unit, group.key, group.named, group.measure))
        parts[-1].members.append(m)
    order = {id(m): i for i, m in enumerate(group.members)}
    for part in parts:
        part.members.sort(key=lambda m: order[id(m)])
    return parts
