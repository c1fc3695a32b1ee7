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
  "Heard was abusive");
- ``predicate_shared``: a main predicate of the first is said in the second, and
  ``predicates_covered`` the share of its main clauses whose predicate is;
- ``dates_clash``: both give dates and none is the same.

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

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Callable, Sequence

from ..analyze.lexicon import PLURAL_PRONOUNS, PRONOUN_GENDER
from ..model import AnalyzedArticle

_LIGHT = frozenset({"be", "have", "do", "say", "get", "make", "take", "go"})

Stem = Callable[[str], set[str]]


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

        def role(s, e, doer: bool):
            key = resolve(s, e)
            if key and key.startswith("pron:"):  # "X said he ...": he is X
                ok = doer and reporter and reporter.startswith("@") and key[5:] in ("he", "she")
                return reporter if ok else None
            return key

        frames = []
        for c in inside:
            if c.reporting or c.lemma in _LIGHT:
                continue
            predicate = frozenset(stem(c.lemma) | stem(text[c.start:c.end].lower()))
            frames.append(Frame(predicate, c.negated, c.main, role(c.agent_start, c.agent_end, True),
                                role(c.patient_start, c.patient_end, False)))
        out.append(frames)
    return out


def _named(key: str | None) -> bool:
    return bool(key) and key.startswith("@")


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
    return {
        "predicates_covered": sum(1 for x in said if x) / len(said) if said else 0.0,
        "negation_flip": 1.0 if _flipped(s, t, t_items) or _flipped(t, s, s_items) else 0.0,
        "role_swap": 1.0 if swap else 0.0,
        "agent_clash": 1.0 if clash else 0.0,
        "predicate_shared": 1.0 if main_predicates & t_items else 0.0,
    }


def dates_clash(a: frozenset[str], b: frozenset[str]) -> float:
    """1.0 when both spans give dates and no date of one is, or contains, one of the
    other ("2020" meets "2020-02-01")."""
    if not a or not b:
        return 0.0
    return 0.0 if any(x.startswith(y) or y.startswith(x) for x in a for y in b) else 1.0
