"""Who did what to whom: each verb's clause as the dependency parse reads it.

Two sentences can share every word and still say different things: "Heard said Depp
assaulted her" and "Heard was abusive" name the same people with the roles reversed;
"we are not at war" and "an act of war" differ by a negation. A summary citation must
see that (see :mod:`storydesk.brief.claims`), so the analysis keeps, for each clause,
its predicate, whether it is negated, whether it only reports speech, and the head
words of its doer (agent) and of whom it is done to (patient).

- The agent is the subject of an active verb or the "by" object of a passive one; the
  patient is the direct object or the subject of a passive verb. A verb without a
  subject of its own takes it from the verb it is joined to ("arrested and charged"),
  and a relative clause takes the noun it describes ("the man who drove").
- A copula's predicate is its complement: "Heard was abusive" is ``abusive`` with
  agent Heard; "we are not at war" is a negated ``war``.
- A verb whose complement is denied ("denied hitting") counts as negating it.
"""

from __future__ import annotations

from ..model import Clause
from .lexicon import SPEECH_LEMMAS

#: Verbs that deny their complement: "denied that he hit her" is "he did not hit her",
#: "refused to release it" is "did not release it".
DENIAL_LEMMAS = frozenset("deny refute dispute reject dismiss refuse decline".split())
#: A subject or object that negates its clause: "nobody has claimed it".
_NOBODY = frozenset("nobody none nothing neither".split())
#: Verbs that report a claim ("said that", "admitted that", "reveals that"): when they
#: have a complement, the complement carries the claim.
REPORTING_LEMMAS = SPEECH_LEMMAS - DENIAL_LEMMAS
_NEGATIONS = frozenset({"not", "n't", "never", "no"})
_SUBJECTS = frozenset({"nsubj", "csubj", "expl"})
_PASSIVE_SUBJECTS = frozenset({"nsubjpass", "csubjpass"})
_OBJECTS = frozenset({"dobj", "obj", "dative"})
_RELATIVE = frozenset({"WDT", "WP", "WP$", "that"})


def _span(token) -> tuple[int, int]:
    return token.idx, token.idx + len(token)


def _negated(verb) -> bool:
    for c in verb.children:
        if c.dep_ == "neg" or c.lower_ in _NEGATIONS and c.dep_ in ("advmod", "neg"):
            return True
        if c.dep_ in _SUBJECTS | _PASSIVE_SUBJECTS | _OBJECTS and (
                c.lower_ in _NOBODY or c.lower_ == "one" and any(g.lower_ == "no" for g in c.children)
                or any(g.dep_ == "det" and g.lower_ == "no" for g in c.children)):
            return True
    head = verb.head
    return verb.dep_ in ("ccomp", "xcomp") and head is not verb and head.lemma_.lower() in DENIAL_LEMMAS


def _predicate(verb):
    """The word that says what the clause asserts: the verb, or a copula's complement."""
    if verb.lemma_ != "be":
        return verb
    for child in verb.children:
        if child.dep_ in ("acomp", "attr"):
            return child
    for child in verb.children:
        if child.dep_ == "prep":
            for grand in child.children:
                if grand.dep_ == "pobj":
                    return grand
    return verb


def _roles(verb) -> tuple[object | None, object | None]:
    """(agent, patient) head tokens of ``verb``'s clause, either may be None."""
    agent = patient = None
    for child in verb.children:
        if child.dep_ in _SUBJECTS and child.dep_ != "expl":
            agent = child
        elif child.dep_ in _PASSIVE_SUBJECTS:
            patient = child
        elif child.dep_ in _OBJECTS and patient is None:
            patient = child
        elif child.dep_ == "agent":
            agent = next((g for g in child.children if g.dep_ == "pobj"), agent)
    if agent is not None and agent.tag_ in _RELATIVE and verb.dep_ == "relcl":
        agent = verb.head
    if patient is not None and patient.tag_ in _RELATIVE and verb.dep_ == "relcl":
        patient = verb.head
    if agent is None and patient is None and verb.dep_ == "relcl":
        patient = verb.head if verb.tag_ == "VBN" else None
        agent = None if patient is not None else verb.head
    head = verb.head
    if agent is None and head is not verb and head.pos_ in ("VERB", "AUX"):
        if verb.dep_ == "conj" and patient is None:  # "was charged and held": both roles
            agent, patient = _roles(head)
        elif verb.dep_ in ("conj", "xcomp") or verb.dep_ == "advcl" and verb.tag_ == "VBG":
            agent = _roles(head)[0]  # "arrested X and charged him", "refused to pay"
    return agent, patient


def _main(token) -> bool:
    """True for the clause that carries the sentence's claim: the root verb, a verb
    joined to it, or the complement of a root that only reports or denies it."""
    while True:
        if token.dep_ == "ROOT":
            return not _reports(token)
        if token.dep_ == "conj" and token.head is not token:
            token = token.head
            continue
        head = token.head
        if token.dep_ in ("ccomp", "xcomp") and (_reports(head) or head.lemma_.lower() in DENIAL_LEMMAS):
            token = head
            if token.dep_ == "ROOT":
                return True
            continue
        return False


def _reports(token) -> bool:
    return token.lemma_.lower() in REPORTING_LEMMAS and any(c.dep_ in ("ccomp", "xcomp") for c in token.children)


def find_clauses(doc, start: int = 0, end: int | None = None) -> list[Clause]:
    """Every verb clause of ``doc`` whose verb lies in ``start:end`` (characters), in
    text order."""
    end = len(doc.text) if end is None else end
    out = []
    for token in doc:
        if not start <= token.idx < end or token.pos_ not in ("VERB", "AUX"):
            continue
        if token.pos_ == "AUX" and token.dep_ not in ("ROOT", "ccomp", "conj", "relcl", "advcl", "xcomp"):
            continue  # an auxiliary of another verb, not a clause of its own
        predicate = _predicate(token)
        agent, patient = _roles(token)
        lemma = predicate.lemma_.lower()
        out.append(Clause(
            start=token.idx, end=token.idx + len(token), lemma=lemma,
            negated=_negated(token),
            reporting=_reports(token),
            main=_main(token),
            agent_start=_span(agent)[0] if agent is not None else None,
            agent_end=_span(agent)[1] if agent is not None else None,
            patient_start=_span(patient)[0] if patient is not None else None,
            patient_end=_span(patient)[1] if patient is not None else None,
        ))
    return out
