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

Gender, as the text shows it, and the article's role ties are read by :mod:`.people`.
"""

from __future__ import annotations

import re

from ..model import Entity
from .bodies import body_by_kind, body_name
from .lexicon import FIRST_SECOND, GROUP_NOUNS, MESSAGE_NOUNS, PLURAL_PRONOUNS, PRONOUN_GENDER, ROLE_NOUNS, TITLES
from .people import People, speech_subject
from .roles import RoleMention, antecedent, compatible, filler, modifiers, paragraph_before, tied_name
from .speaker_candidates import time_word
from .speakers import is_cue, np_span

_SPEAKER_TYPES = ("PERSON", "ORG", "GPE", "NORP")
_SUBJ = ("nsubj", "nsubjpass")
_MAX_CHAIN = 4
_RELATIVE = ("who", "that")
_PARAGRAPHS = 1  # a pronoun looks back over its paragraph and this many before it
_UNKNOWN_REACH = 600  # characters before a pronoun searched for a rival of unknown gender


def _subject_names(doc, people: People, lo: int, hi: int, gender: str | None) -> set[str]:
    """Compatible people named as a subject between offsets ``lo`` and ``hi``."""
    out = set()
    for e in people.persons:
        if lo <= e.start < hi and compatible(gender, people.gender.get(e.canonical)):
            span = doc.char_span(e.start, e.end, alignment_mode="expand")
            root = span.root if span is not None else None
            while root is not None and root.dep_ == "conj" and root.head is not root:
                root = root.head  # "Lee and Diaz spoke": both are subjects
            if root is not None and root.dep_ in _SUBJ and not _in_relative(root):
                out.add(e.canonical)
    return out


def _in_relative(tok) -> bool:
    """Whether subject ``tok`` is the subject of a relative clause ("the deal, which Lee
    opposed, ..."): a person named there is not what the sentence is about."""
    return tok.head.dep_ in ("relcl", "acl")


def _main_subjects(doc, people: People, sent, gender: str | None) -> set[str]:
    """Compatible people named as the subject of ``sent``'s main clause ("Another
    parent, Ana Diaz, said that her daughter ..." gives Ana Diaz, not the daughter)."""
    out = set()
    for e in people.persons:
        if not sent.start_char <= e.start < sent.end_char or not compatible(gender, people.gender.get(e.canonical)):
            continue
        span = doc.char_span(e.start, e.end, alignment_mode="expand")
        root = span.root if span is not None else None
        while root is not None and root.dep_ in ("conj", "appos") and root.head is not root:
            root = root.head
        if root is None or root.dep_ not in _SUBJ:
            continue
        verb = root.head
        if verb == sent.root or (verb.dep_ == "conj" and verb.head == sent.root):
            out.add(e.canonical)
    return out


def _previous_sentence(doc, sent, quoted):
    """The sentence before ``sent``, passing over sentences that are all quotation;
    None at the start of the document. The parser runs sentences across single line
    breaks: a sentence is cut to its last line, and a line break between it and ``sent``
    beyond the one before ends the search."""
    first = sent
    skipped = 0
    for _ in range(4):
        if sent.start == 0:
            return None
        end = sent.start
        sent = doc[end - 1].sent
        start = sent.start
        for k in range(end - 1, sent.start, -1):
            if "\n" in doc[k - 1].whitespace_ or doc[k - 1].is_space:
                start = k
                break
        sent = doc[start:end]
        if filler(sent.text):
            skipped += sent.text.count("\n") + 2  # a scraper's "Video" line between two paragraphs
            continue
        if doc.text.count("\n", sent.end_char, first.start_char) > 2 + skipped:
            return None
        if not all(quoted(t.idx) or t.is_punct or t.is_space for t in sent):
            return sent
    return None


def resolve_role_mention(doc, role: RoleMention, people: People, quoted) -> str | None:
    """The person a role mention ("the actress") stands for: the one the article ties
    that role to (with the same qualifiers, if it has any), or None. The subject of the
    sentence before is *not* taken for it: "the party leader said" after a sentence about
    a rival leader is the role, not the rival."""
    return tied_name(role.role, role.start, people.ties, role.gender, people.gender.get, role.modifiers,
                     people.persons)


def resolve_pronoun(doc, tok, people: People, quoted, text: str | None = None,
                    depth: int = 0) -> str | None:
    """The named person a he/she pronoun refers to, or None when unsure."""
    gender = PRONOUN_GENDER.get(tok.text.lower())
    if gender is None:
        return None
    # "Clinton says she ...", "Ban condemned what he called ...": the subject of the
    # sentence the pronoun sits in, when it is one compatible person, comes first
    sent = tok.sent
    text = doc.text if text is None else text
    # a sentence the parser ran over a paragraph's end (a caption without a full stop
    # before it) is read from the pronoun's paragraph only
    start = max(sent.start_char, text.rfind("\n", 0, tok.idx) + 1)
    subjects = _subject_names(doc, people, start, tok.idx, gender)
    if len(subjects) == 1:
        return subjects.pop()
    if len(subjects) > 1:
        # "Cech said by the time he arrived, Dauer was in a coma, "...," he said"; "Flynn
        # said Trump was right when he said ...": two compatible people are subjects
        # before the pronoun, and either may be meant; the nearest is not taken for it
        return None
    own_subject = any(t.dep_ in _SUBJ and start <= t.idx < tok.idx and not quoted(t.idx)
                      and not _in_relative(t) for t in sent)
    if not subjects and not own_subject and tok.dep_ in _SUBJ:
        # "Yakubu said her daughter Dana was among them. "...," she said.": a subject
        # pronoun continues the main subject of the sentence before, when that is one
        # person whose gender agrees, or is unknown while nobody else nearby could be meant
        prev = _previous_sentence(doc, sent, quoted)
        if start > sent.start_char and any(sent.start_char <= e.start < start and compatible(
                gender, people.gender.get(e.canonical)) for e in people.persons):
            # the parser ran the sentence over a line break, and the lines it ran over name
            # someone who fits ("Buckley, who ..., worried ... . // "...," she said"): the
            # sentence before is the line before the pronoun's, not what precedes them all
            line = doc.char_span(start, tok.idx + len(tok), alignment_mode="expand")
            prev = _previous_sentence(doc, doc[line.start:sent.end], quoted) if line is not None else None
        if prev is not None:
            names = _main_subjects(doc, people, prev, gender)
            if len(names) == 1:
                name = next(iter(names))
                if people.gender.get(name) == gender:
                    return name
                lo = tok.idx - _UNKNOWN_REACH  # gender unknown: only when nobody else fits
                rivals = [e for e in people.persons if lo <= e.start < tok.idx and e.canonical != name
                          and compatible(gender, people.gender.get(e.canonical))]
                if is_cue(prev.root) and is_cue(tok.head):
                    # "While Kim ..., he is unlikely to ..., said Scott LaFoy. "...," he
                    # said.": a speaker's words go on; people named inside what he said
                    # (the sentence before) are not rivals, people named elsewhere are
                    rivals = [e for e in rivals if not prev.start_char <= e.start < prev.end_char]
                if not rivals:
                    return name
                return None  # the subject before, or someone else who fits: unsure
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
    prev = doc[sent.start - 1].sent if sent.start > 0 else sent
    head = doc.char_span(found.start, found.end, alignment_mode="expand")
    if head is None or head.root.dep_ not in _SUBJ:
        return None
    if found.start < prev.start_char:
        # two sentences back only as the subject of a speech verb, with nobody in between
        # ("Wang Yi said ... . China is its ally. "...," he told a briefing")
        before = doc[prev.start - 1].sent if prev.start > 0 else prev
        if found.start < before.start_char or not speech_subject(head.root):
            return None
    return found.canonical


_BODY_PRONOUNS = ("it", "they")


def _body(e: Entity) -> bool:
    return e.type == "ORG" or e.type == "PERSON" and body_name(e.canonical)


def _body_pronoun(doc, tok, entities: list[Entity], quoted, text: str) -> str | None:
    """The organisation an it/they speaker stands for ("Big Machine have denied doing
    anything wrong. // "...," they said in a statement"): the pronoun is the subject of
    a speech verb with no subject before it in its own sentence, and the sentence before
    has one subject, naming one organisation, and names no person and no other
    organisation outside quotation marks (who else "it" could be); else None."""
    if tok.dep_ not in _SUBJ or not is_cue(tok.head):
        return None
    sent = tok.sent
    start = max(sent.start_char, text.rfind("\n", 0, tok.idx) + 1)
    if any(t.dep_ in _SUBJ and start <= t.idx < tok.idx and not quoted(t.idx) for t in sent):
        return None
    prev = _previous_sentence(doc, sent, quoted)
    if prev is None:
        return None
    subjects = [t for t in prev if t.dep_ in _SUBJ and t.head == prev.root and not quoted(t.idx)]
    if len(subjects) != 1 or any(c.dep_ == "conj" for c in subjects[0].children):
        return None  # "Apple and Google said": either may be "it"
    subject = subjects[0]
    lo, hi = subject.left_edge.idx, subject.right_edge.idx + len(subject.right_edge)
    named = {e.canonical for e in entities if lo <= e.start < hi and _body(e)}
    if len(named) != 1:
        return None
    name = named.pop()
    for e in entities:
        if prev.start_char <= e.start < tok.idx and not quoted(e.start) and e.canonical != name and (
                e.type == "PERSON" or _body(e)):
            return None  # someone else named there may be meant
    return name


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
        if child.dep_ == "appos" and not quoted(child.idx):
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


def _role_text(doc, start: int, end: int, quoted) -> tuple[int, int] | None:
    """The role phrase of mention ``doc[start:end]`` as printed, with the prepositional
    phrase that completes it ("a spokesperson for the airline"), or None when its head
    is not a word for a person or a group of people."""
    head = doc[start:end].root
    lemma = head.lemma_.lower()
    if head.pos_ not in ("NOUN", "PROPN") or not (lemma in ROLE_NOUNS or lemma in GROUP_NOUNS
                                                   or head.lower_ in ROLE_NOUNS):
        return None
    if any(t.pos_ == "PROPN" for t in doc[head.i + 1:end]):
        return None  # "the boy's mum Michelle": a name the analysis did not resolve
    for i in range(head.i - 1, start - 1, -1):
        if doc[i].is_punct and doc[i].text not in ("'", "’", "'s", "’s") or "@" in doc[i].text or "/" in doc[i].text:
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
    while stop > start and doc[stop - 1].is_punct:
        stop -= 1
    return start, stop


def pronoun_role(doc, tok, people: People, text: str | None = None) -> RoleMention | None:
    """The unnamed role a he/she pronoun refers to ("an American witness ... he said"),
    when its antecedent is a role mention that is the subject of its clause and that no
    name is tied to; else None."""
    gender = PRONOUN_GENDER.get(tok.lower_)
    if gender is None:
        return None
    text = doc.text if text is None else text
    found = antecedent(tok.idx, gender, paragraph_before(text, tok.idx, _PARAGRAPHS), people.persons,
                       people.roles, people.gender.get, people.pronouns)
    depth = 0
    while isinstance(found, int) and depth < _MAX_CHAIN:  # an earlier pronoun of the chain
        depth += 1
        found = antecedent(found, gender, paragraph_before(text, found, _PARAGRAPHS), people.persons,
                           people.roles, people.gender.get, people.pronouns)
    if not isinstance(found, RoleMention) or tied_name(found.role, found.start, people.ties, found.gender,
                                                       people.gender.get, found.modifiers,
                                                       people.persons) is not None:
        return None
    span = doc.char_span(found.start, found.end, alignment_mode="expand")
    if span is None or span.root.dep_ not in _SUBJ or span[0].lower_ in ("his", "her"):
        return None  # "her desire to see her mother": a role in passing, not who speaks
    return found


def _cut_name(name: str) -> bool:
    """A name cut before the person's own name: it ends with a title or a rank's ordinal
    ("Navy Capt", "Air Force 1st").

    >>> _cut_name("Navy Capt"), _cut_name("Air Force 1st"), _cut_name("Jeff Davis")
    (True, True, False)
    """
    words = name.split()
    last = words[-1].lower().rstrip(".") if words else ""
    return last in TITLES or re.fullmatch(r"\d+(st|nd|rd|th)", last) is not None


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
    if name is not None and _cut_name(name):
        name = None  # "Navy Capt. Jeff Davis" read as "Navy Capt": not a name to show
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
    if span.root.lower_ in _BODY_PRONOUNS:
        body = _body_pronoun(doc, span.root, entities, quoted, doc.text if text is None else text)
        if body is not None:  # "Big Machine denied it. // "...," they said in a statement"
            return body, "organization", s_char, e_char
    if span.root.lower_ in PRONOUN_GENDER or span.root.pos_ == "PRON":
        return None, None, s_char, e_char
    body = body_by_kind(span, people.bodies)
    if body is not None:  # "the airline said": the one airline the article names
        return body, "organization", s_char, e_char
    role_span = _role_text(doc, start, end, quoted)
    if role_span is not None:
        phrase = doc[role_span[0]:role_span[1]]
        return phrase.text, "role", phrase.start_char, phrase.end_char
    return None, None, s_char, e_char


__all__ = ["pronoun_role", "resolve_pronoun", "resolve_role_mention", "speaker_name", "speaker_of"]
