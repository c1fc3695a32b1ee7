"""Who a speaker mention names: a name, a pronoun or a role ("the actress").

The name the mention's head is, or that stands in apposition to it; else a pronoun or a
role resolved to a person by :mod:`.coref`; "the statement" followed back to whoever
issued it; and, for :func:`speaker_of`, an organisation named by its kind ("the
airline", :mod:`.bodies`) or an unnamed role as printed ("a spokesperson for the
airline"). Otherwise the answer is None.
"""

from __future__ import annotations

import re

from ..model import Entity
from .bodies import body_by_kind, body_name
from .coref import BODY_PRONOUNS, pronoun_role, resolve_body_pronoun, resolve_pronoun, resolve_role_mention
from .lexicon import FIRST_SECOND, GROUP_NOUNS, MESSAGE_NOUNS, PLURAL_PRONOUNS, PRONOUN_GENDER, ROLE_NOUNS, TITLES
from .people import People
from .roles import modifiers, tied_name
from .speaker_candidates import time_word
from .speakers import is_cue, np_span

_SPEAKER_TYPES = ("PERSON", "ORG", "GPE", "NORP")
_RELATIVE = ("who", "that")


def _name_after_body(doc, head, entities: list[Entity], quoted) -> str | None:
    """"U.S. Ambassador to the United Nations Nikki Haley said": a role whose
    prepositional phrase names a body and ends with a person's name, the name right
    after the body's, is that person ("a spokesman for President Obama" is not Obama:
    the name is the phrase's own object, after a title)."""
    if not (head.lemma_.lower() in ROLE_NOUNS or head.lower_ in ROLE_NOUNS):
        return None
    for child in head.rights:
        if child.dep_ != "prep" or child.lower_ not in ("to", "of", "at", "for", "in") or quoted(child.idx):
            continue
        edge = child.right_edge
        end = edge.idx + len(edge)
        for e in entities:
            if e.type != "PERSON" or e.end != end or e.start <= child.idx:
                continue
            before = doc.char_span(e.start, e.end, alignment_mode="expand")
            if before is None or before.start == 0:
                continue
            prev = doc[before.start - 1]
            if prev.pos_ == "PROPN" and prev.text[:1].isupper() and prev.i > child.i + 1 \
                    and prev.text.lower().rstrip(".") not in TITLES:
                return e.canonical
    return None


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
    for child in head.rights:  # "the group's spokesman, Omar Haddad, said"
        # set off by a comma, or right after the role: "a commentator in newspaper Haaretz"
        # hangs the paper's name on "commentator" in the parse, but it names the paper
        set_off = child.left_edge.i == head.i + 1 or doc[child.left_edge.i - 1].text == ","
        if child.dep_ == "appos" and set_off and not quoted(child.idx):
            named = {e.canonical for e in entities if e.type == "PERSON"
                     and child.left_edge.idx <= e.start < child.right_edge.idx + len(child.right_edge)}
            if len(named) == 1:
                return named.pop()
        if child.dep_ == "acl" and child.lemma_.lower() in ("name", "call") and not quoted(child.idx):
            # "a company official named Ana Ruiz": the name the participle gives the role
            named = {e.canonical for o in child.children if o.dep_ == "oprd" for e in entities
                     if e.type == "PERSON" and o.left_edge.idx <= e.start < o.idx + len(o)}
            if len(named) == 1:
                return named.pop()
    after = _name_after_body(doc, head, entities, quoted)
    if after is not None:
        return after
    # the role must be the phrase's head: "the victim's mother" is not the victim
    role = next((r for r in people.roles if r.start <= span.start_char < r.end and r.start <= head.idx < r.end), None)
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
        return tied_name(low, span.start_char, people.ties, ROLE_NOUNS[low], people.gender.get,
                         modifiers(doc[span.start:head.i + 1].text), people.persons)
    if low in ROLE_NOUNS:
        return _qualified_tie(doc, span, head, people)
    if head.lemma_.lower() in MESSAGE_NOUNS and span[0].lower_ == "the" and head.pos_ == "NOUN" \
            and not any(t.dep_ == "poss" for t in span):
        return _message_issuer(doc, head, entities, people, quoted, text)
    return None


#: How many earlier mentions of "the statement" a chain of them may follow back.
_MESSAGE_CHAIN = 4


def _message_issuer(doc, head, entities: list[Entity], people: People, quoted, text: str | None,
                    depth: int = 0) -> str | None:
    """"The statement said" / "the statement read": whoever issued the statement the article
    last mentioned before it, when the text says so: the subject of the clause it is the object
    of ("Big Machine Records issued a statement"), or that said something "in a statement"
    ("The company denied the claims in a statement"); an earlier "the statement said" is
    followed back to its own issuer. The nearest earlier mention of the same noun decides:
    when it names no issuer, nor does this one (None)."""
    lemma = head.lemma_.lower()
    tok = next((t for t in reversed(doc[:head.i]) if t.lemma_.lower() == lemma and t.pos_ == "NOUN"
                and not quoted(t.idx)), None)
    if tok is None:
        return None
    verb = tok.head
    if tok.dep_ in ("nsubj", "nsubjpass") and is_cue(verb):
        if depth >= _MESSAGE_CHAIN or tok.i == head.i:
            return None
        own = list(doc[np_span(tok)[0]:tok.i + 1])
        if not own or own[0].lower_ != "the" or any(t.dep_ == "poss" for t in own):
            return None  # "A statement said": an issuer the text does not give
        return _message_issuer(doc, tok, entities, people, quoted, text, depth + 1)
    if tok.dep_ == "pobj" and verb.lower_ == "in" and verb.head is not verb:
        verb = verb.head  # "X said in a statement", "X denied the claims in a statement"
    elif tok.dep_ != "dobj":
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj" and not quoted(c.idx)), None)
    if subject is None or subject.lower_ in PRONOUN_GENDER or subject.pos_ == "PRON":
        return None
    start, end = np_span(subject)
    name = speaker_name(doc, start, end, entities, people, quoted, text)
    if name is None:
        name = body_by_kind(doc[start:end], people.bodies)
    return name


def _qualified_tie(doc, span, head, people: People) -> str | None:
    """A role qualified by a possessor or a modifier and no article ("China's ambassador
    accused ...", later "China's ambassador to Britain Liu Ming has said"): the one person
    the article ties to that role, when every qualifier is in the words before that name and
    nobody else is tied to the role anywhere in the article; else None. A role with no
    qualifier ("Spokesman Lee") is never resolved here."""
    quals = [t.lower_ for t in doc[span.start:head.i] if t.pos_ in ("PROPN", "NOUN", "ADJ") and t.is_alpha
             and t.lower_ not in _GENERIC_QUALIFIERS]
    if not quals:
        return None
    tied = {t.name for t in people.ties if t.role == head.lower_}
    if len(tied) != 1:
        return None  # nobody, or two people of that description: which one is not said
    fits = [t for t in people.ties if t.role == head.lower_
            and all(re.search(rf"\b{re.escape(q)}\b", _phrase(t.context)) for q in quals)]
    return fits[0].name if fits else None


def _phrase(context: str) -> str:
    """The words of a tie's context after its last punctuation or line break: the phrase
    that introduces the name ("china's ambassador to britain"), not an earlier clause
    ("responding to clinton, trump spokesman" gives "trump spokesman")."""
    return re.split(r"[,;:.!?()\n\"“”]", context)[-1]


#: Words that qualify a role without telling who holds it.
_GENERIC_QUALIFIERS = frozenset("former late then longtime estranged ex current new veteran top senior".split())


def _role_text(doc, start: int, end: int, quoted, personal: frozenset[str] = frozenset()) -> tuple[int, int] | None:
    """The role phrase of mention ``doc[start:end]`` as printed, with the prepositional
    phrase that completes it ("a spokesperson for the airline"), or None when its head
    is not a word for a person or a group of people, nor one the article gives a person
    (``personal``: "world champion Sebastian Vettel")."""
    head = doc[start:end].root
    lemma = head.lemma_.lower()
    if head.pos_ not in ("NOUN", "PROPN") or not (lemma in ROLE_NOUNS or lemma in GROUP_NOUNS
                                                   or head.lower_ in ROLE_NOUNS or lemma in personal):
        return None
    if any(t.pos_ == "PROPN" for t in doc[head.i + 1:end]):
        return None  # "the boy's mum Michelle": a name the analysis did not resolve
    for i in range(head.i - 1, start - 1, -1):
        inside_word = doc[i].text in ("-", "‐") and i > 0 and not doc[i].whitespace_ and not doc[i - 1].whitespace_
        if doc[i].is_punct and doc[i].text not in ("'", "’", "'s", "’s") and not inside_word \
                or "@" in doc[i].text or "/" in doc[i].text:
            start = i + 1  # a caption's credit glued before the role ("Twitter / @x Zoo directors")
            break
    stop = end
    for child in head.rights:
        if child.dep_ == "prep" and child.lower_ in ("for", "of", "at", "with", "from", "in") \
                and child.i == stop and child.right_edge.i + 1 - start <= 10:
            edge = child.right_edge.i + 1
            if any(quoted(t.idx) or t.text in (",", ";", "(") for t in doc[child.i:edge]):
                break
            stop = edge
        elif child.dep_ == "appos" and child.i == stop and stop > head.i + 1 \
                and child.right_edge.i + 1 - start <= 10:
            stop = child.right_edge.i + 1  # "in newspaper Haaretz": the paper's name the parse hung on the role
    while stop > start and doc[stop - 1].is_punct:
        stop -= 1
    return start, stop


def _cut_name(name: str) -> bool:
    """A name cut before the person's own name: it ends with a title or a rank's ordinal
    ("Navy Capt", "Air Force 1st").

    >>> _cut_name("Navy Capt"), _cut_name("Air Force 1st"), _cut_name("Jeff Davis")
    (True, True, False)
    """
    words = name.split()
    last = words[-1].lower().rstrip(".") if words else ""
    return last in TITLES or re.fullmatch(r"\d+(st|nd|rd|th)", last) is not None


#: Words that set a relative apart from the namesake ("the younger Gadhafi").
_KIN_ORDER = frozenset({"younger", "elder", "older"})


def speaker_of(doc, start: int, end: int, entities: list[Entity], people: People, quoted,
               text: str | None = None) -> tuple[str | None, str | None, int, int]:
    """``(speaker, speaker_type, start, end)`` for the speaker mention ``doc[start:end]``
    (token indices): the canonical name it resolves to and whether that is a person or
    an organisation; else, for an unnamed role ("a spokesperson for the airline"), the
    role as printed and ``"role"``; else ``(None, None, ...)``. ``start:end`` is the
    mention's character span (the whole name when the parse gave part of it)."""
    span = doc[start:end]
    s_char, e_char = span.start_char, span.end_char
    if time_word(span.text):
        return None, None, s_char, e_char
    name = speaker_name(doc, start, end, entities, people, quoted, text)
    if name is not None and _cut_name(name) and not (span.root.text == name.split()[-1] and not any(
            c.dep_ == "det" for c in span.root.children)):
        name = None  # "Navy Capt. Jeff Davis" read as "Navy Capt": not a name to show (but
        # "Troy King ... , King said" is his surname, used as his name)
    if name is not None and any(t.lower_ in _KIN_ORDER for t in span[:-1]):
        # "the younger Gadhafi": a relative who shares the surname, not the one the name is
        return span.text, "role", s_char, e_char
    if name is not None and not time_word(name):
        types = {e.type for e in entities if e.canonical == name}
        head = span.root
        lo, hi = head.left_edge.idx, head.right_edge.idx + len(head.right_edge)
        for e in entities:  # the whole name, when the parse gave part of it or put it in
            # apposition ("Ana Diaz, the chairwoman", "Ambassador to the UN Nikki Haley")
            if e.canonical == name and (e.start < e_char and s_char < e.end or lo <= e.start < hi):
                s_char, e_char = min(s_char, e.start), max(e_char, e.end)
        kind = "person" if ("PERSON" in types or not types) and not body_name(name) else "organization"
        if kind == "person" and name == head.text and any(c.dep_ == "det" for c in head.children) and (
                head.ent_type_ == "NORP" or re.fullmatch(r"[A-Z][a-z]+(?:wo)?man", name)):
            return None, None, s_char, e_char  # "the German said", "the Dutchman": a nationality, no one's name
        return name, kind, s_char, e_char
    if span.root.lower_ in PRONOUN_GENDER:
        role = pronoun_role(doc, span.root, people, text)
        if role is not None:  # "An American witness said ... "...," he told reporters."
            return text[role.start:role.end] if text else doc.text[role.start:role.end], "role", s_char, e_char
    if span.root.lower_ in BODY_PRONOUNS:
        body = resolve_body_pronoun(doc, span.root, entities, quoted, doc.text if text is None else text)
        if body is not None:  # "Big Machine denied it. // "...," they said in a statement"
            return body, "organization", s_char, e_char
    if span.root.lower_ in PRONOUN_GENDER or span.root.pos_ == "PRON":
        return None, None, s_char, e_char
    body = body_by_kind(span, people.bodies)
    if body is not None:  # "the airline said": the one airline the article names
        return body, "organization", s_char, e_char
    role_span = _role_text(doc, start, end, quoted, people.bodies.personal)
    if role_span is not None:
        phrase = doc[role_span[0]:role_span[1]]
        return phrase.text, "role", phrase.start_char, phrase.end_char
    return None, None, s_char, e_char


__all__ = ["speaker_name", "speaker_of"]
