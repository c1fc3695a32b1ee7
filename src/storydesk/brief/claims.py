"""What a sentence claims, from its parsed clauses, and where two sentences' claims clash.

Word overlap cannot tell "Heard said Depp assaulted her" from "Heard was abusive", nor
"we are not at war" from "an act of war". The analysis keeps each clause's predicate,
negation and agent/patient head words (:mod:`storydesk.analyze.clauses`); here a span's
clauses become :class:`Frame` records whose roles are named as the story resolves them
(``@canonical`` for a named entity, a stemmed word otherwise), and :func:`clash_features`
says where two sentences disagree:

- ``negation_flip``: one sentence denies what the other states ("not at war" / "war",
  "denied hitting" / "admitted hitting");
- ``role_swap``: a name that does something in one sentence has the same thing done to
  it in the other ("Depp assaulted Heard" / "Heard assaulted Depp");
- ``agent_clash``: the main claims have different named doers, and the second's doer is
  one the first names without making it the doer ("Heard said Depp assaulted her" /
  "Heard was abusive"); ``agent_differs``: the same main predicate, and each doer a
  name the other sentence does not give ("Berg arrested Walker" / "Lindqvist arrested
  Walker"); ``doer_kind_differs``: the same main predicate with doers of different
  kinds (:data:`DOER_KINDS`: "police arrested Walker" / "fans arrested Walker");
- ``predicate_shared``: a main predicate of the first is said in the second, and
  ``predicates_covered`` the share of its main clauses whose predicate is;
- ``dates_clash``: both give dates and none is the same.

:func:`claim_features` compares what the two sentences claim, not where they clash: a
sentence that reports only part of another ("the report found X misused funds" for "X
resigned after the report found he misused funds") shares its words but not its main
claim. Predicates match by stem or as a pair that outlets use for the same event
("ended"/"suspended" a campaign; :func:`load_predicate_pairs`).

>>> s = [Frame(frozenset({"assault"}), False, True, "@depp", None)]
>>> t = [Frame(frozenset({"abusive"}), False, True, "@heard", None)]
>>> f = clash_features(s, {"assault", "@depp", "@heard"}, t, {"abusive", "@heard"})
>>> f["agent_clash"], f["negation_flip"], f["predicate_shared"]
(1.0, 0.0, 0.0)
>>> no_war = [Frame(frozenset({"war"}), True, True, None, None)]
>>> act_of_war = [Frame(frozenset({"call"}), False, True, "@president", "attack")]
>>> clash_features(no_war, {"war"}, act_of_war, {"call", "attack", "act", "war", "@president"})["negation_flip"]
1.0
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from ..analyze.lexicon import PLURAL_PRONOUNS, PRONOUN_GENDER
from ..model import AnalyzedArticle
from ..text import stem as stem_word

#: Predicates too light to say what a clause claims ("is", "has", "said").
LIGHT_PREDICATES = frozenset({"be", "have", "do", "say", "get", "make", "take", "go"})

#: Kinds of doer that a story does not call by one another's words: police are not fans,
#: a gunman is not the soldiers who shot him. A noun may be of several kinds
#: ("authorities", "officials": the police, a government, an army or a court), and a noun
#: of no kind ("people", "members", "the plan", "the company") is never compared: on the
#: train labels two doers with different words and the same predicate were nearly
#: always one doer told two ways ("authorities" / "police", "lawmakers" / "the senate",
#: "regulators" / "the administration", "jobless claims" / "applications").
DOER_KINDS: dict[str, frozenset[str]] = {
    "police": frozenset("""police policeman policemen policewoman officer cop detective sheriff
        deputy trooper constable investigator agent authority official prosecutor""".split()),
    "state": frozenset("""government administration ministry minister department agency regulator
        official authority lawmaker legislator senator congressman congresswoman parliament
        congress senate president governor mayor cabinet officer""".split()),
    "military": frozenset("""soldier troop army military marine airman sailor commander officer
        official authority navy""".split()),
    "court": frozenset("court judge jury justice prosecutor officer official authority".split()),
    "medical": frozenset("doctor nurse surgeon paramedic physician medic hospital".split()),
    "rescue": frozenset("firefighter rescuer paramedic lifeguard".split()),
    "crowd": frozenset("""fan supporter protester demonstrator rioter crowd mob resident neighbour
        neighbor bystander onlooker witness villager local citizen voter passenger student parent
        spectator""".split()),
    "attacker": frozenset("""gunman gunmen attacker assailant shooter bomber militant rebel insurgent
        terrorist hijacker suspect rioter kidnapper""".split()),
}

#: :data:`DOER_KINDS` by the stem of each noun (the doers of :class:`Frame` are stems).
_STEM_KINDS: dict[str, frozenset[str]] = {
    stem_word(w): frozenset(k for k, nouns in DOER_KINDS.items() if w in nouns)
    for nouns in DOER_KINDS.values() for w in nouns}

Stem = Callable[[str], set[str]]
#: For each predicate lemma, the lemmas outlets use for the same event.
Related = Mapping[str, frozenset[str]]
PREDICATE_PAIRS_FILE = "predicate_pairs.json"


@dataclass(frozen=True)
class Frame:
    """One clause that says something (not only who said it): its predicate's stems,
    whether it is negated, whether it carries the sentence's claim, and its doer and
    done-to as named in the story (None when absent or unresolved)."""

    predicate: frozenset[str]
    negated: bool
    main: bool
    agent: str | None
    patient: str | None
    lemma: str = ""  # the predicate's lemma, as the parse gives it


class _Resolver:
    """Names a head word as the story does: ``@canonical`` inside an entity mention,
    ``pron:...`` for a pronoun, else its stem."""

    def __init__(self, item: AnalyzedArticle, stem: Stem):
        self.text = item.article.text
        self.entities = sorted(item.analysis.entities, key=lambda e: e.start)
        self.starts = [e.start for e in self.entities]
        self.stem = stem

    def __call__(self, start: int | None, end: int | None) -> str | None:
        if start is None or end is None:
            return None
        k = bisect_right(self.starts, start) - 1
        while k >= 0 and self.entities[k].start <= start:
            if self.entities[k].end >= end:
                return "@" + self.entities[k].canonical.lower()
            k -= 1
        word = self.text[start:end].lower()
        if word in PRONOUN_GENDER or word in PLURAL_PRONOUNS:
            return "pron:" + word
        stems = self.stem(word)
        return min(stems) if stems else None


def span_frames(item: AnalyzedArticle, spans: Sequence[tuple[int, int]], stem: Stem) -> list[list[Frame]]:
    """The frames of each of ``spans`` (sorted) of ``item``; ``stem`` turns a word into
    the stems the caller compares sentences with."""
    resolve = _Resolver(item, stem)
    text = item.article.text
    clauses = sorted(item.analysis.clauses, key=lambda c: c.start)
    starts = [c.start for c in clauses]
    out = []
    for start, end in spans:
        inside = clauses[bisect_left(starts, start):bisect_left(starts, end)]
        reporters = {resolve(c.agent_start, c.agent_end) for c in inside if c.reporting}
        reporter = next(iter(reporters)) if len(reporters) == 1 else None

        def role(s, e, doer: bool, reporter=reporter):  # this span's reporter, bound now
            key = resolve(s, e)
            if key and key.startswith("pron:"):  # "X said he ...": he is X
                ok = doer and reporter and reporter.startswith("@") and key[5:] in ("he", "she")
                return reporter if ok else None
            return key

        frames = []
        for c in inside:
            if c.reporting or c.lemma in LIGHT_PREDICATES:
                continue
            predicate = frozenset(stem(c.lemma) | stem(text[c.start:c.end].lower()))
            frames.append(Frame(predicate, c.negated, c.main, role(c.agent_start, c.agent_end, True),
                                role(c.patient_start, c.patient_end, False), c.lemma))
        out.append(frames)
    return out


def _named(key: str | None) -> bool:
    return key is not None and key.startswith("@")


def _other_name(a: str | None, b: str | None) -> bool:
    """Two ``@`` names that share no word ("@andrew cuomo" and "@andrew m. cuomo" may be
    one person; "@anna berg" and "@peter lindqvist" are not)."""
    if not (_named(a) and _named(b)):
        return False
    assert a is not None and b is not None
    return not set(a[1:].replace("(", " ").split()) & set(b[1:].replace("(", " ").split())


def doer_kinds(key: str | None) -> frozenset[str]:
    """The :data:`DOER_KINDS` of a doer: of its word, or of a word of its name ("@leeds
    police" is the police); empty for a pronoun, a noun of no kind or no doer.

    >>> sorted(doer_kinds("@leeds police")), sorted(doer_kinds("fan")), doer_kinds("pron:they")
    (['police'], ['crowd'], frozenset())
    """
    if not key or key.startswith("pron:"):
        return frozenset()
    words = key[1:].replace("(", " ").split() if key.startswith("@") else [key]
    return frozenset(k for w in words for k in _STEM_KINDS.get(w if not key.startswith("@") else stem_word(w), ()))


def _kinds_differ(f: Frame, g: Frame, s_items: set[str], t_items: set[str]) -> bool:
    """The same main predicate, done by doers of kinds that share none ("police arrested
    Walker" / "fans arrested Walker"), unless each sentence names both doers (then which
    did it is the parse's guess: "police and fans clashed" / "fans clashed with police")."""
    if not (f.main and g.main and f.predicate & g.predicate) or f.agent == g.agent:
        return False
    a, b = doer_kinds(f.agent), doer_kinds(g.agent)
    both_named_in_both = f.agent in t_items and g.agent in s_items
    return bool(a and b and not a & b) and not both_named_in_both


def _flipped(a: list[Frame], b: list[Frame], b_items: set[str]) -> bool:
    """True when ``a`` denies a predicate that ``b`` says without denying it."""
    denied_in_b = {p for f in b if f.negated for p in f.predicate}
    for f in a:
        if f.negated and f.main and f.predicate & b_items and not f.predicate & denied_in_b:
            return True
    return False


def clash_features(s: list[Frame], s_items: set[str], t: list[Frame], t_items: set[str]) -> dict[str, float]:
    """Where sentence ``t`` (frames and comparable items) disagrees with ``s``."""
    swap = any(_named(x.agent) and x.agent == y.patient and x.predicate & y.predicate
               for x, y in [(x, y) for x in s for y in t] + [(y, x) for x in s for y in t])
    s_doers = {f.agent for f in s if f.main and _named(f.agent)}
    t_doers = {f.agent for f in t if f.main and _named(f.agent)}
    clash = bool(s_doers and t_doers and not s_doers & t_doers and t_doers <= s_items)
    main_predicates = {p for f in s if f.main for p in f.predicate}
    said = [f.predicate & t_items for f in s if f.main]
    # the same main predicate with another named doer, each named only in its own
    # sentence ("Berg arrested Walker" / "Lindqvist arrested Walker")
    differs = any(f.main and g.main and f.predicate & g.predicate and _other_name(f.agent, g.agent)
                  and f.agent not in t_items and g.agent not in s_items for f in s for g in t)
    kind_differs = any(_kinds_differ(f, g, s_items, t_items) for f in s for g in t)
    return {
        "predicates_covered": sum(1 for x in said if x) / len(said) if said else 0.0,
        "negation_flip": 1.0 if _flipped(s, t, t_items) or _flipped(t, s, s_items) else 0.0,
        "role_swap": 1.0 if swap else 0.0,
        "agent_clash": 1.0 if clash else 0.0,
        "agent_differs": 1.0 if differs else 0.0,
        "doer_kind_differs": 1.0 if kind_differs else 0.0,
        "predicate_shared": 1.0 if main_predicates & t_items else 0.0,
    }


def dates_clash(a: frozenset[str], b: frozenset[str]) -> float:
    """1.0 when both spans give dates and no date of one is, or contains, one of the
    other ("2020" meets "2020-02-01")."""
    if not a or not b:
        return 0.0
    return 0.0 if any(x.startswith(y) or y.startswith(x) for x in a for y in b) else 1.0


def load_predicate_pairs(path: str | None = None) -> dict[str, frozenset[str]]:
    """The shipped predicate pairs (``predicate_pairs.json``, mined from NeuS train by
    ``benchmarks/predicate_pairs.py``), or those saved at ``path``, as :data:`Related`."""
    if path is None:
        raw = resources.files(__package__).joinpath(PREDICATE_PAIRS_FILE).read_text(encoding="utf-8")
    else:
        with open(path, encoding="utf-8") as fh:
            raw = fh.read()
    related: dict[str, set[str]] = {}
    for a, b, *_ in json.loads(raw)["pairs"]:
        related.setdefault(a, set()).add(b)
        related.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in related.items()}


def _same_predicate(f: Frame, g: Frame, related: Related) -> bool:
    return bool(f.predicate & g.predicate) or bool(f.lemma and g.lemma in related.get(f.lemma, ()))


def _said(f: Frame, items: set[str], frames: list[Frame], related: Related) -> bool:
    """True when the predicate of ``f`` is said in a sentence of ``items`` and ``frames``."""
    return bool(f.predicate & items) or any(_same_predicate(f, g, related) for g in frames)


def _core(frames: list[Frame]) -> set[str]:
    """What the main clauses claim: their predicates' stems and their named roles."""
    out: set[str] = set()
    for f in frames:
        if f.main:
            out |= f.predicate
            out |= {k for k in (f.agent, f.patient) if k and not k.startswith("pron:")}
    return out


def _share(part: Sequence, ok) -> float:
    return sum(1 for x in part if ok(x)) / len(part) if part else 0.0


def claim_features(s: list[Frame], s_items: set[str], t: list[Frame], t_items: set[str],
                   related: Related) -> dict[str, float]:
    """How far sentence ``t`` claims what ``s`` claims, clause by clause.

    - ``main_main``: a main predicate of ``s`` is a main predicate of ``t`` (same stem or
      a related pair); ``main_sub``: it is only a subordinate one in ``t`` ("Pompeo
      arrived in Riyadh" / "Iran warned the US ... as Pompeo arrived in Riyadh");
    - ``s_main_in_t`` / ``t_main_in_s``: share of each sentence's main clauses whose
      predicate the other says; ``t_frames_in_s``: the same over all of ``t``'s clauses;
    - ``main_roles_in_t`` / ``t_main_roles_in_s``: share of the doers and done-tos of
      each sentence's main clauses that the other names; ``s_unsaid``: no clause of ``s``
      has its predicate said in ``t``;
    - ``core_both``: the smaller of the two shares of main-claim items (predicates,
      roles) the other sentence has; ``no_s_main``: ``s`` has no main clause.

    >>> ended = [Frame(frozenset({"end"}), False, True, "@sanders", "campaign", "end")]
    >>> suspended = [Frame(frozenset({"suspend"}), False, True, "@sanders", "campaign", "suspend")]
    >>> f = claim_features(ended, {"end", "@sanders", "campaign"}, suspended,
    ...                    {"suspend", "@sanders", "campaign"}, {"end": frozenset({"suspend"})})
    >>> f["main_main"], f["main_roles_in_t"], f["core_both"]
    (1.0, 1.0, 0.667)
    """
    s_main = [f for f in s if f.main and f.predicate]
    t_main = [f for f in t if f.main and f.predicate]
    main_main = any(_same_predicate(f, g, related) for f in s_main for g in t_main)
    main_any = any(_same_predicate(f, g, related) for f in s_main for g in t)
    # t's claim is only a side clause of s ("Schumer vowed a vote on the bill, which
    # passed the House" / "the bill passed the House"): t reports a detail of s
    sub_main = not main_main and any(_same_predicate(f, g, related) for f in t_main for g in s
                                     if not g.main and g.predicate)
    s_roles = [k for f in s_main for k in (f.agent, f.patient) if k and not k.startswith("pron:")]
    t_roles = [k for f in t_main for k in (f.agent, f.patient) if k and not k.startswith("pron:")]
    s_core, t_core = _core(s), _core(t)
    return {
        "main_main": 1.0 if main_main else 0.0,
        "main_sub": 1.0 if main_any and not main_main else 0.0,
        "sub_main": 1.0 if sub_main else 0.0,
        "s_main_in_t": _share(s_main, lambda f: _said(f, t_items, t, related)),
        "t_main_in_s": _share(t_main, lambda f: _said(f, s_items, s, related)),
        "t_frames_in_s": _share([f for f in t if f.predicate], lambda f: bool(f.predicate & s_items)),
        "main_roles_in_t": _share(s_roles, lambda k: k in t_items),
        "t_main_roles_in_s": _share(t_roles, lambda k: k in s_items),
        "core_both": round(min(_share(sorted(s_core), lambda k: k in t_items),
                               _share(sorted(t_core), lambda k: k in s_items)), 3),
        "no_s_main": 0.0 if s_main else 1.0,
        # no clause of s, main or not, has its predicate said in t
        "s_unsaid": 0.0 if any(_said(f, t_items, t, related) for f in s if f.predicate) else 1.0,
    }
