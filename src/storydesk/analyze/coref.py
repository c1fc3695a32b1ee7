"""Who a speaker mention names: a name, a pronoun or a role ("the actress").

Precision first:

- a he/she pronoun refers to the nearest compatible mention in its paragraph or the one
  before (:func:`.roles.antecedent`): a named person whose gender, as the text shows it,
  agrees, or a role mention ("the actress"), which is then resolved as a role; a person
  of unknown gender only when no other compatible mention is in reach and it is the
  subject of the pronoun's sentence or the one before;
- a role ("the actor") resolves to the person the article last tied that role to
  ("actor Lee"), else to the one compatible person who is the subject of the sentence
  before; otherwise the answer is None.

Gender is read from the text alone: titles and role nouns tied to a name ("Mr.",
"actress Ana Diaz", "her ex-husband Tom Lee"), a he/she pronoun that is the subject of a
clause hanging on a clause whose subject is the name ("Diaz admitted that she ..."), a
his/her possessive in such a clause ("Diaz sued her ex-husband"), and subject pronouns
in sentences that name exactly one person. No list of first names is used. Mentions in
headline-like sentences are neither antecedents nor evidence.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace

from ..model import Entity
from .headlines import inside
from .lexicon import FIRST_SECOND, PLURAL_PRONOUNS, PRONOUN_GENDER, ROLE_NOUNS
from .roles import (RoleMention, Tie, antecedent, compatible, paragraph_before, role_gender,
                    pronouns, role_mentions, role_ties, tied_name)
from .speakers import np_span

_SPEAKER_TYPES = ("PERSON", "ORG", "GPE", "NORP")
_SUBJ = ("nsubj", "nsubjpass")
_CLAUSE = ("ccomp", "xcomp", "advcl", "conj", "oprd", "pcomp", "prep")
_OBJ = ("dobj", "pobj", "dative")
_MAX_CHAIN = 4
_RELATIVE = ("who", "that")
_PARAGRAPHS = 1  # a pronoun looks back over its paragraph and this many before it
_UNKNOWN_REACH = 600  # characters before a pronoun searched for a rival of unknown gender


@dataclass
class People:
    """What the article says about the people it names: gender, role ties, mentions."""

    gender: dict[str, str | None] = field(default_factory=dict)
    ties: list[Tie] = field(default_factory=list)
    persons: list[Entity] = field(default_factory=list)  # PERSON mentions in order
    roles: list[RoleMention] = field(default_factory=list)  # people named by a role alone
    pronouns: list[tuple[int, str]] = field(default_factory=list)  # (offset, gender)


def _clause_votes(doc, e: Entity, quoted, votes: Counter, others: list[int]) -> None:
    """Gender votes for ``e`` from pronouns in clauses hanging on the clause it is the
    subject of, down to the first clause with a subject of its own."""
    span = doc.char_span(e.start, e.end, alignment_mode="expand")
    if span is None or span.root.dep_ not in _SUBJ:
        return
    todo, seen = [(span.root.head, 0)], 0
    while todo and seen < 12:
        clause, depth = todo.pop()
        seen += 1
        for child in clause.children:
            if quoted(child.idx):
                continue
            if child.dep_ in _OBJ:
                for poss in child.children:
                    low = poss.lower_
                    if (poss.dep_ == "poss" and low in ("his", "her")
                            and not any(e.end <= o < poss.idx for o in others)):
                        votes[PRONOUN_GENDER[low]] += 1
            if child.dep_ in _CLAUSE and depth < 3 and child.i > span.root.i:
                subjects = [c for c in child.children if c.dep_ in _SUBJ]
                if not subjects:
                    todo.append((child, depth + 1))
                elif subjects[0].lower_ in ("he", "she") and not quoted(subjects[0].idx):
                    votes[PRONOUN_GENDER[subjects[0].lower_]] += 2


def read_people(doc, entities: list[Entity], quoted, headlines=(), text: str | None = None) -> People:
    """Gender, role ties and mentions of every person named in ``doc``.

    ``quoted(char)`` tells whether a character offset is inside a quote or a post;
    ``headlines`` are the headline-like sentences' (start, end) offsets."""
    text = doc.text if text is None else text
    people = People()
    votes: dict[str, Counter] = defaultdict(Counter)

    headlines = list(headlines)

    def counts(e) -> bool:
        return not quoted(e.start) and not inside(headlines, e.start)

    people.persons = [e for e in entities if e.type == "PERSON" and counts(e)]
    people.roles = [r for r in role_mentions(text, entities) if counts(r)]
    people.ties = role_ties(text, people.persons)
    people.pronouns = [(p, g) for p, g in pronouns(text)
                       if not quoted(p) and not inside(headlines, p)]
    for t in people.ties:
        g = role_gender(t.role)
        if g:
            votes[t.name][g] += 3
    starts = [e.start for e in people.persons]
    for e in people.persons:
        _clause_votes(doc, e, quoted, votes[e.canonical], starts)
    for sent in doc.sents:
        here = [e for e in people.persons if sent.start_char <= e.start < sent.end_char]
        named = {e.canonical for e in here}
        if len(named) != 1:
            continue
        subject = [e for e in here if any(t.dep_ in _SUBJ for t in
                                          doc.char_span(e.start, e.end, alignment_mode="expand") or ())]
        if not subject:
            continue
        first = subject[0].start
        pron = {PRONOUN_GENDER[t.text.lower()] for t in sent
                if t.text.lower() in ("he", "she") and t.idx > first and not quoted(t.idx)}
        if len(pron) == 1:
            votes[named.pop()][pron.pop()] += 1
    for name, v in votes.items():
        (g, n), *rest = v.most_common() + [(None, 0), (None, 0)]
        people.gender[name] = g if n > rest[0][1] else None
    return people


def _subject_names(doc, people: People, lo: int, hi: int, gender: str | None) -> set[str]:
    """Compatible people named as a subject between offsets ``lo`` and ``hi``."""
    out = set()
    for e in people.persons:
        if lo <= e.start < hi and compatible(gender, people.gender.get(e.canonical)):
            span = doc.char_span(e.start, e.end, alignment_mode="expand")
            root = span.root if span is not None else None
            while root is not None and root.dep_ == "conj" and root.head is not root:
                root = root.head  # "Lee and Diaz spoke": both are subjects
            if root is not None and root.dep_ in _SUBJ:
                out.add(e.canonical)
    return out


def _previous_sentence(doc, char: int, quoted):
    """The sentence before the one holding ``char``, passing over sentences that are all
    quotation; None at the start of the document."""
    tok = doc.char_span(char, char + 1, alignment_mode="expand")
    if tok is None:
        return None
    sent = tok[0].sent
    for _ in range(4):
        if sent.start == 0:
            return None
        sent = doc[sent.start - 1].sent
        if not all(quoted(t.idx) or t.is_punct or t.is_space for t in sent):
            return sent
    return None


def resolve_role_mention(doc, role: RoleMention, people: People, quoted) -> str | None:
    """The person a role mention ("the actress") stands for, or None when unsure."""
    name = tied_name(role.role, role.start, people.ties, role.gender, people.gender.get)
    if name is not None:
        return name
    prev = _previous_sentence(doc, role.start, quoted)
    if prev is None:
        return None
    names = _subject_names(doc, people, prev.start_char, prev.end_char, role.gender)
    return names.pop() if len(names) == 1 else None


def resolve_pronoun(doc, tok, people: People, quoted, text: str | None = None,
                    depth: int = 0) -> str | None:
    """The named person a he/she pronoun refers to, or None when unsure."""
    gender = PRONOUN_GENDER.get(tok.text.lower())
    if gender is None:
        return None
    # "Clinton says she ...", "Ban condemned what he called ...": the subject of the
    # sentence the pronoun sits in, when it is one compatible person, comes first
    sent = tok.sent
    subjects = _subject_names(doc, people, sent.start_char, tok.idx, gender)
    if len(subjects) == 1:
        return subjects.pop()
    text = doc.text if text is None else text
    found = antecedent(tok.idx, gender, paragraph_before(text, tok.idx, _PARAGRAPHS), people.persons,
                       people.roles, people.gender.get, people.pronouns)
    if found is None:
        return None
    if isinstance(found, int):  # an earlier pronoun of the same chain
        span = doc.char_span(found, found + 1, alignment_mode="expand")
        if span is None or depth >= _MAX_CHAIN:
            return None
        return resolve_pronoun(doc, span[0], people, quoted, text, depth + 1)
    if isinstance(found, RoleMention):
        return resolve_role_mention(doc, found, people, quoted)
    if people.gender.get(found.canonical) == gender:
        return found.canonical
    # a person of unknown gender only when no other compatible person or role is named in
    # a wider reach, and only as the subject of this or the previous sentence
    lo = tok.idx - _UNKNOWN_REACH
    if any(lo <= e.start < tok.idx and e.canonical != found.canonical
           and compatible(gender, people.gender.get(e.canonical)) for e in people.persons):
        return None
    if any(lo <= r.start < tok.idx and compatible(gender, r.gender) for r in people.roles):
        return None
    prev_start = doc[sent.start - 1].sent.start_char if sent.start > 0 else sent.start_char
    if found.start < prev_start:
        return None
    head = doc.char_span(found.start, found.end, alignment_mode="expand")
    if head is None or head.root.dep_ not in _SUBJ:
        return None
    return found.canonical


def speaker_name(doc, start: int, end: int, entities: list[Entity], people: People, quoted,
                 text: str | None = None) -> str | None:
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
    role = next((r for r in people.roles if r.start <= span.start_char < r.end), None)
    if role is not None and not any(t.dep_ == "poss" and t.pos_ == "PROPN" for t in span):
        return resolve_role_mention(doc, role, people, quoted)
    if inside:
        names = {e.canonical for e in inside}
        return names.pop() if len(names) == 1 else None
    low = head.text.lower()
    if low in FIRST_SECOND or low in PLURAL_PRONOUNS:
        return None
    if low in _RELATIVE and head.head.dep_ == "relcl" and head.head.head.lower_ not in _RELATIVE:
        # "Ana Diaz, who said ...": the relative pronoun stands for the noun it follows
        return speaker_name(doc, *np_span(head.head.head), entities, people, quoted, text)
    if low in PRONOUN_GENDER:
        return resolve_pronoun(doc, head, people, quoted, text)
    if low in ROLE_NOUNS and any(t.text.lower() in ("the", "his", "her") for t in span):
        if any(t.dep_ == "poss" and t.pos_ == "PROPN" for t in span):
            return None  # "Heard's spokesperson" is not Heard
        return tied_name(low, span.start_char, people.ties, ROLE_NOUNS[low], people.gender.get)
    return None


def with_people(entities: list[Entity], people: People) -> list[Entity]:
    """``entities`` with each person's gender and each mention's tied role filled in."""
    roles = {t.start: t.role for t in people.ties}
    return [replace(e, gender=people.gender.get(e.canonical), role=roles.get(e.start))
            if e.type == "PERSON" else e for e in entities]


__all__ = ["People", "with_people", "read_people", "resolve_pronoun", "resolve_role_mention", "speaker_name"]
