"""Bodies named by their kind: "the airline said" for the one airline the article names.

An article that names an organisation often quotes it by its kind alone ("the company
said", "the ministry said"). That phrase stands for a name only when the article names
exactly one organisation of that kind, by what the text itself says of it:

- the name holds the kind noun ("American Airlines", "Central Coast Council");
- an apposition describes it ("Germanwings, the budget airline, ..."; "the budget
  airline, Germanwings, ...");
- a noun before the name does ("credit company Equifax", "the messaging app Telegram").

With several bodies of the kind, a noun qualifying it ("the production company") picks the
one body whose name or description holds that noun ("Dick Clark Productions"), if only one does.

The one body of the kind must also be the last organisation the text made the subject of
a clause before the phrase ("All Nippon Airways said ... . The airline said" is not the
"United Airlines" named in passing): when another body spoke or acted last, the phrase
may be that one's, and stays unresolved. No list of organisations or kinds is used: the
kinds are the article's own words. A word for a person ("the spokesman", "the
president") is never a body's kind, nor is a noun the article sets right before a
person's name ("world champion Sebastian Vettel": "the world champion" is a person), and
two named organisations of one kind ("Apple" and "Google", both "the company") leave the
phrase unresolved: the honest answer is no name.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..model import Entity
from .lexicon import BODY_NAME_WORDS, PRONOUN_GENDER, ROLE_NOUNS

#: Entity types that are not organisations (a proper noun of these types is no body).
_NOT_BODIES = ("PERSON", "GPE", "LOC", "NORP", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY",
               "PERCENT", "QUANTITY", "EVENT", "WORK_OF_ART", "LAW", "LANGUAGE")
_DETERMINERS = ("the", "this")
_SUBJ = ("nsubj", "nsubjpass")


@dataclass(frozen=True)
class Bodies:
    """The organisations an article names: by kind noun, and where each is a subject."""

    kinds: dict[str, set[str]] = field(default_factory=dict)  # kind noun -> names
    subjects: tuple[tuple[int, str], ...] = ()  # (offset, name) of each subject mention, in order
    personal: frozenset[str] = frozenset()  # kind nouns the article also gives a person


def body_name(name: str) -> bool:
    """A name the tagger took for a person's that names a body: a word for a body comes
    first or, in a name of three words or more, anywhere ("Rail Accident Investigation
    Branch", "Center for Humane Technology"; not "Tom Branch").

    >>> body_name("Rail Accident Investigation Branch"), body_name("Tom Branch")
    (True, False)
    """
    words = [w.lower() for w in name.split()]
    return bool(words) and (words[0] in BODY_NAME_WORDS or len(words) >= 3 and any(w in BODY_NAME_WORDS for w in words))


def _kind_word(tok) -> str | None:
    """``tok`` as a kind noun: a lower-case common noun that is not a word for a person."""
    if tok.pos_ != "NOUN" or not tok.text.isalpha() or not tok.text.islower():
        return None
    lemma = tok.lemma_.lower()
    if lemma in ROLE_NOUNS or tok.lower_ in ROLE_NOUNS or lemma in PRONOUN_GENDER:
        return None
    return lemma


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _described(root) -> set[str]:
    """The kind nouns the parse attaches to the name headed by ``root``: appositions
    and nouns right before the name."""
    kinds = set()
    for child in root.children:
        if child.dep_ == "appos" or (child.dep_ in ("compound", "nmod") and child.i < root.i):
            kind = _kind_word(child)
            if kind:
                kinds.add(kind)
    if root.dep_ == "appos":
        kind = _kind_word(root.head)
        if kind:
            kinds.add(kind)
    return kinds


def _set_before(span) -> set[str]:
    """The kind nouns set right before the name ``span`` ("world champion Sebastian Vettel",
    whether the parse hangs the noun on the name or the name on the noun), not one a comma
    sets off ("until the election, Minyon Moore, ...")."""
    root = span.root
    kinds = {_kind_word(c) for c in root.children if c.dep_ in ("compound", "nmod") and c.i < span.start}
    if root.dep_ == "appos" and root.head.i == span.start - 1:
        kinds.add(_kind_word(root.head))
    return {k for k in kinds if k}


def _name_head(tok) -> bool:
    """The head of a name the tagger may have missed: a capitalised proper noun, or a
    capitalised word it took for a common noun ("Germanwings, the budget airline")."""
    return (tok.pos_ == "PROPN" or tok.pos_ == "NOUN" and tok.text[:1].isupper() and tok.text[1:].islower()) \
        and tok.dep_ not in ("compound", "flat")


def _name_span(root) -> tuple[int, int]:
    """The proper-noun run holding ``root`` (token indices)."""
    doc = root.doc
    lo = root.i
    def joined(left, right) -> bool:  # a capitalised proper noun on the same line
        return right.pos_ == "PROPN" and right.text[:1].isupper() and "\n" not in left.whitespace_

    while lo > 0 and joined(doc[lo - 1], doc[lo - 1]):
        lo -= 1
    hi = root.i + 1
    while hi < len(doc) and joined(doc[hi - 1], doc[hi]):
        hi += 1
    return lo, hi


def _subject(tok) -> bool:
    return tok.dep_ in _SUBJ or (tok.dep_ == "conj" and tok.head.dep_ in _SUBJ)


def body_kinds(doc, entities: list[Entity], counts) -> Bodies:
    """The kind nouns of the organisations the article names, and their subject mentions.

    ``counts(char)`` tells whether a mention at that offset counts (not quoted, not in a
    headline)."""
    kinds: dict[str, set[str]] = defaultdict(set)
    subjects: list[tuple[int, str]] = []
    covered: list[tuple[int, int, Entity]] = []
    for e in entities:
        if counts(e.start):
            covered.append((e.start, e.end, e))
    personal: set[str] = set()
    for e in (c[2] for c in covered if c[2].type == "PERSON" and not body_name(c[2].canonical)):
        span = doc.char_span(e.start, e.end, alignment_mode="expand")
        if span is not None:  # "world champion Sebastian Vettel": "the champion" is a person
            personal |= _set_before(span)
    for e in (c[2] for c in covered if c[2].type == "ORG" or c[2].type == "PERSON" and body_name(c[2].canonical)):
        for word in e.canonical.split():
            if word.isalpha():
                kinds[_singular(word.lower())].add(e.canonical)
        span = doc.char_span(e.start, e.end, alignment_mode="expand")
        if span is not None:
            for kind in _described(span.root):
                kinds[kind].add(e.canonical)
            if _subject(span.root):
                subjects.append((e.start, e.canonical))
    for tok in doc:
        if not _name_head(tok) or not counts(tok.idx):
            continue
        ent = next((c[2] for c in covered if c[0] <= tok.idx < c[1]), None)
        if ent is not None:
            continue  # an organisation is read above; a person or a place is no body
        found = _described(tok)
        if tok.pos_ == "NOUN" and not any(c.dep_ == "appos" for c in tok.children):
            continue  # a capitalised word the tagger calls a noun: only with an apposition
        lo, hi = _name_span(tok)
        if hi - lo >= 2 and doc[hi - 1].text.isalpha():  # "Central Coast Council", untagged
            found.add(_singular(doc[hi - 1].lower_))
        if found:
            name = doc[lo:hi].text
            if any(a < doc[hi - 1].idx + len(doc[hi - 1]) and doc[lo].idx < b and e.type in _NOT_BODIES
                   for a, b, e in covered):
                continue
            for kind in found:
                kinds[kind].add(name)
            if _subject(tok):
                subjects.append((doc[lo].idx, name))
    return Bodies(dict(kinds), tuple(sorted(subjects)), frozenset(personal))


def body_by_kind(span, bodies: Bodies) -> str | None:
    """The organisation a mention such as "the airline" (``span``, a spaCy span) stands
    for: the one the article names of that kind, when it is also the last organisation
    that was a subject before the mention; else None (a possessor, a name or a
    prepositional phrase in the mention, no single body of that kind, or another body
    spoke last, or the article gives that kind to a person too: "world champion Sebastian
    Vettel ... the 2008 world champion said" is a driver, whatever body the parse also calls
    a champion)."""
    head = span.root
    kind = _kind_word(head)
    if kind is None or span[0].lower_ not in _DETERMINERS or kind in bodies.personal:
        return None
    if any(t.pos_ == "PROPN" or t.dep_ == "poss" or t.i > head.i for t in span):
        return None  # "the Irish airline", "the airline's spokesman", "the company of ..."
    names = bodies.kinds.get(kind, set())
    if len(names) != 1:
        # "the production company" among several companies: the one body whose own name or
        # description holds the noun that qualifies the kind ("Dick Clark Productions")
        mods = {_singular(t.lower_) for t in span if t.dep_ == "compound" and t.pos_ == "NOUN" and t.i < head.i}
        names = set().union(*(bodies.kinds.get(m, set()) for m in mods)) if mods else set()
        if len(names) != 1:
            return None
    name = next(iter(names))
    before = [n for start, n in bodies.subjects if start < span.start_char]
    return name if before and before[-1] == name else None


__all__ = ["Bodies", "body_by_kind", "body_kinds", "body_name"]
