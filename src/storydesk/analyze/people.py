"""The people an article names, as the text shows them: gender, role ties and mentions.

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
from .bodies import Bodies, body_kinds
from .headlines import inside
from .lexicon import PRONOUN_GENDER
from .roles import RoleMention, Tie, pronouns, role_gender, role_mentions, role_ties
from .speakers import is_cue

_SUBJ = ("nsubj", "nsubjpass")
_CLAUSE = ("ccomp", "xcomp", "advcl", "conj", "oprd", "pcomp", "prep")
_OBJ = ("dobj", "pobj", "dative")


@dataclass
class People:
    """What the article says about the people it names: gender, role ties, mentions."""

    gender: dict[str, str | None] = field(default_factory=dict)
    ties: list[Tie] = field(default_factory=list)
    persons: list[Entity] = field(default_factory=list)  # PERSON mentions in order
    roles: list[RoleMention] = field(default_factory=list)  # people named by a role alone
    pronouns: list[tuple[int, str]] = field(default_factory=list)  # (offset, gender)
    #: kind noun -> the organisations the article says are of that kind (:mod:`.bodies`)
    bodies: Bodies = field(default_factory=Bodies)


_INDEFINITE = ("a ", "an ", "one ", "another ")


def _referring(doc, text: str, role: RoleMention) -> bool:
    """An indefinite role ("an American witness") names someone only as a subject:
    "becoming a mother", "as a lawyer" say what someone is, not who."""
    if not text[role.start:role.end].lower().startswith(_INDEFINITE):
        return True
    span = doc.char_span(role.start, role.end, alignment_mode="expand")
    return span is not None and span.root.dep_ in _SUBJ


def _clause_votes(doc, e: Entity, quoted, votes: Counter, others: list[int]) -> None:
    """Gender votes for ``e`` from pronouns in clauses hanging on the clause it is the
    subject of, down to the first clause with a subject of its own, and from the
    possessive of a subject joined to it ("Ana Diaz and her husband")."""
    span = doc.char_span(e.start, e.end, alignment_mode="expand")
    root = span.root if span is not None else None
    if root is not None and root.dep_ == "appos":  # "Another parent, Ana Diaz, said"
        root = root.head
    if root is None or root.dep_ not in _SUBJ:
        return
    for conj in root.children:  # "Ana Diaz and her husband Tony saw it": her is Ana Diaz
        if conj.dep_ == "conj":
            low = {c.lower_ for c in conj.children if c.dep_ == "poss"} & {"his", "her"}
            if len(low) == 1 and not quoted(conj.idx):
                votes[PRONOUN_GENDER[low.pop()]] += 1
    todo, seen = [(root.head, 0)], 0
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
            if child.dep_ in _CLAUSE and depth < 3 and child.i > root.i:
                subjects = [c for c in child.children if c.dep_ in _SUBJ]
                if not subjects:
                    todo.append((child, depth + 1))
                elif subjects[0].lower_ in ("he", "she") and not quoted(subjects[0].idx):
                    votes[PRONOUN_GENDER[subjects[0].lower_]] += 2


def _modifier(doc, e: Entity) -> bool:
    """A name used as a modifier ("the Clinton campaign", "Trump's remarks"), not as
    someone who acts in the sentence."""
    span = doc.char_span(e.start, e.end, alignment_mode="expand")
    return span is not None and span.root.dep_ in ("compound", "poss", "amod", "nmod")


def speech_subject(tok) -> bool:
    """Whether ``tok`` is the subject of a speech verb ("Lee said", "she told")."""
    return tok.dep_ in _SUBJ and is_cue(tok.head)


def _continuation_votes(doc, persons: list[Entity], quoted, headlines, votes) -> None:
    """"Panama will change, says Felipe Chapman. "...," he says.": the he/she subject of
    a speech verb in the sentence right after one whose only named person is the subject
    of a speech verb, in the same paragraph and with nobody else named in between,
    continues that speaker, and tells the speaker's gender (one vote). Across a
    paragraph break the pronoun may well be someone else ("...," said Ruiz. // "...,"
    she said: Holt again)."""
    text = doc.text
    sents = [s for s in doc.sents if not inside(headlines, s.start_char)]
    for here, after in zip(sents, sents[1:]):
        if "\n" in text[here.start_char:after.end_char].strip():
            continue
        named = [e for e in persons if here.start_char <= e.start < here.end_char and not _modifier(doc, e)]
        if len({e.canonical for e in named}) != 1 or any(
                after.start_char <= e.start < after.end_char for e in persons):
            continue
        if not any(speech_subject(t) for e in named
                   for t in (doc.char_span(e.start, e.end, alignment_mode="expand") or ())):
            continue
        pron = {PRONOUN_GENDER[t.lower_] for t in after
                if t.lower_ in ("he", "she") and not quoted(t.idx) and speech_subject(t)}
        if len(pron) == 1:
            votes[named[0].canonical][pron.pop()] += 1


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
    people.roles = [r for r in role_mentions(text, entities) if counts(r) and _referring(doc, text, r)]
    people.ties = role_ties(text, people.persons)
    people.pronouns = [(p, g) for p, g in pronouns(text)
                       if not quoted(p) and not inside(headlines, p)]
    people.bodies = body_kinds(doc, entities, lambda char: not quoted(char) and not inside(headlines, char))
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
        line_end = text.find("\n", first) % (len(text) + 1)  # a caption's sentence runs on
        pron = {PRONOUN_GENDER[t.text.lower()] for t in sent
                if t.text.lower() in ("he", "she") and first < t.idx < line_end and not quoted(t.idx)}
        if len(pron) == 1:
            votes[named.pop()][pron.pop()] += 1
    _continuation_votes(doc, people.persons, quoted, headlines, votes)
    for name, v in votes.items():
        (g, n), *rest = v.most_common() + [(None, 0), (None, 0)]
        people.gender[name] = g if n > rest[0][1] else None
    return people


def with_people(entities: list[Entity], people: People) -> list[Entity]:
    """``entities`` with each person's gender and each mention's tied role filled in."""
    roles = {t.start: t.role for t in people.ties}
    return [replace(e, gender=people.gender.get(e.canonical), role=roles.get(e.start))
            if e.type == "PERSON" else e for e in entities]


__all__ = ["People", "read_people", "speech_subject", "with_people"]
