"""Who a speaker mention names: a name, a pronoun or a role ("the actress").

Precision first: a pronoun resolves to the nearest preceding named person whose gender
(as the text shows it) agrees, and only when no other compatible person or unnamed role
stands in between; a role resolves only to the one person the article itself describes
with that role. Otherwise the answer is None.

Gender is read from the text alone: titles and role nouns next to a name ("Mr.",
"actress Amber Heard", "his ex-wife Amber Heard") and subject pronouns in sentences that
name exactly one person. No list of first names is used.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..model import Entity
from .lexicon import FIRST_SECOND, PLURAL_PRONOUNS, PRONOUN_GENDER, ROLE_NOUNS, TITLES

_WINDOW_CHARS = 600
_SPEAKER_TYPES = ("PERSON", "ORG", "GPE", "NORP")


@dataclass
class People:
    """What the article says about the people it names: gender votes and roles."""

    gender: dict[str, str | None] = field(default_factory=dict)
    roles: dict[str, set[str]] = field(default_factory=dict)  # role noun -> canonical names
    persons: list[Entity] = field(default_factory=list)  # PERSON mentions in order


def _role_before(doc, start_char: int) -> list[str]:
    """Role nouns and titles among the few words just before a mention."""
    span = doc.char_span(max(0, start_char - 60), start_char, alignment_mode="contract")
    words = [t for t in span if not t.is_space] if span is not None else []
    out = []
    for tok in reversed(words[-4:]):
        low = tok.text.lower().rstrip(".")
        if tok.is_punct and tok.text not in ("'", '"', "’", "‘", "“", "”", "-"):
            break
        if low in ROLE_NOUNS or low in TITLES:
            out.append(low)
    return out


def read_people(doc, entities: list[Entity], quoted) -> People:
    """Gender and role evidence for every person named in ``doc``.

    ``quoted(char)`` tells whether a character offset is inside a quote or a post."""
    people = People()
    votes: dict[str, Counter] = defaultdict(Counter)
    for e in entities:
        if e.type != "PERSON":
            continue
        if not quoted(e.start):
            people.persons.append(e)
        for low in _role_before(doc, e.start):
            g = ROLE_NOUNS.get(low) if low in ROLE_NOUNS else TITLES.get(low)
            if g:
                votes[e.canonical][g] += 3
            if low in ROLE_NOUNS:
                people.roles.setdefault(low, set()).add(e.canonical)
    for sent in doc.sents:
        here = [e for e in people.persons if sent.start_char <= e.start < sent.end_char]
        named = {e.canonical for e in here}
        if len(named) != 1:
            continue
        subject = [e for e in here if any(t.dep_ in ("nsubj", "nsubjpass") for t in
                                          doc.char_span(e.start, e.end, alignment_mode="expand") or ())]
        if not subject:
            continue
        first = subject[0].start
        pron = {PRONOUN_GENDER[t.text.lower()] for t in sent
                if t.text.lower() in ("he", "she") and t.idx > first and not quoted(t.idx)}
        if len(pron) == 1:
            votes[named.pop()][pron.pop()] += 1
    for name, v in votes.items():
        (g, n), *rest = v.most_common() + [(None, 0)]
        people.gender[name] = g if n > rest[0][1] else None
    return people


def _compatible(people: People, name: str, gender: str | None) -> bool:
    g = people.gender.get(name)
    return gender is None or g is None or g == gender


def resolve_pronoun(doc, tok, people: People, quoted) -> str | None:
    """The named person a he/she pronoun refers to, or None when unsure."""
    gender = PRONOUN_GENDER.get(tok.text.lower())
    if gender is None:
        return None
    lo = tok.idx - _WINDOW_CHARS
    candidates = [e for e in people.persons if lo <= e.start < tok.idx]
    # "Clinton says she ...", "Ban condemned what he called ...": the subject of the
    # sentence the pronoun sits in, when it is one compatible person, comes first
    sent = tok.sent
    subjects = set()
    for e in candidates:
        if e.start >= sent.start_char and _compatible(people, e.canonical, gender):
            span = doc.char_span(e.start, e.end, alignment_mode="expand")
            if span is not None and span.root.dep_ in ("nsubj", "nsubjpass"):
                subjects.add(e.canonical)
    if len(subjects) == 1:
        return subjects.pop()
    # an unnamed person described by a gendered role in between ("the actress") blocks
    barrier = -1
    for t in doc.char_span(max(0, lo), tok.idx, alignment_mode="contract") or ():
        if (t.text.lower() in ROLE_NOUNS and ROLE_NOUNS[t.text.lower()] == gender
                and t.pos_ == "NOUN" and not quoted(t.idx)
                and not any(e.start <= t.idx < e.end or 0 < e.start - t.idx < 40 for e in candidates)):
            barrier = t.idx
    first = None
    for e in reversed(candidates):
        if not _compatible(people, e.canonical, gender):
            continue
        if first is None:
            if e.start < barrier:
                return None
            first = e
            if people.gender.get(e.canonical) == gender:
                return e.canonical
            continue
        if e.canonical != first.canonical and people.gender.get(e.canonical) is None:
            return None
    if first is None:
        return None
    others = {e.canonical for e in candidates if e.canonical != first.canonical
              and _compatible(people, e.canonical, gender)}
    if others:
        return None
    # a person of unknown gender only as the subject of this or the previous sentence
    sent = tok.sent
    prev_start = doc[sent.start - 1].sent.start_char if sent.start > 0 else sent.start_char
    if first.start < prev_start:
        return None
    head = doc.char_span(first.start, first.end, alignment_mode="expand")
    if head is None or head.root.dep_ not in ("nsubj", "nsubjpass"):
        return None
    return first.canonical


def resolve_role(head_text: str, people: People) -> str | None:
    """The one person the article describes with role noun ``head_text``, if exactly one."""
    names = people.roles.get(head_text.lower(), set())
    return next(iter(names)) if len(names) == 1 else None


def speaker_name(doc, start: int, end: int, entities: list[Entity], people: People, quoted) -> str | None:
    """The canonical name of the speaker mention ``doc[start:end]`` (token indices)."""
    span = doc[start:end]
    head = span.root
    # only a name that is the phrase's head (or stands in apposition to it) is the speaker:
    # "Heard's spokesperson" is not Heard, "the Pirates of the Caribbean actor" not a pirate
    inside = [e for e in entities
              if span.start_char <= e.start < span.end_char and e.type in _SPEAKER_TYPES]
    inside = ([e for e in inside if e.start <= head.idx < e.end]
              or [e for e in inside if head.pos_ == "PROPN" and e.end == span.end_char])
    persons = {e.canonical for e in inside if e.type == "PERSON"}
    if len(persons) == 1:
        return persons.pop()
    if len(persons) > 1:
        return None
    if inside:
        names = {e.canonical for e in inside}
        return names.pop() if len(names) == 1 else None
    low = head.text.lower()
    if low in FIRST_SECOND or low in PLURAL_PRONOUNS:
        return None
    if low in PRONOUN_GENDER:
        return resolve_pronoun(doc, head, people, quoted)
    if low in ROLE_NOUNS and any(t.text.lower() in ("the", "his", "her") for t in span):
        if any(t.dep_ == "poss" and t.pos_ == "PROPN" for t in span):
            return None  # "Heard's spokesperson" is not Heard
        return resolve_role(low, people)
    return None


__all__ = ["People", "read_people", "resolve_pronoun", "resolve_role", "speaker_name"]
