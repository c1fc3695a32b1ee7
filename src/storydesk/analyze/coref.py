"""Whom a pronoun or a role mention ("the actress") stands for, among those the article names.

Precision first:

- a he/she pronoun refers to the nearest compatible mention in its paragraph or the one
  before (:func:`.roles.antecedent`): a named person whose gender, as the text shows it,
  agrees, or a role mention ("the actress"), which is then resolved as a role; a person
  of unknown gender only when no other compatible mention is in reach and it is the
  subject of the pronoun's sentence or the one before;
- a role ("the actor") resolves to the person the article last tied that role to
  ("actor Lee"), else to the one compatible person who is the subject of the sentence
  before; otherwise the answer is None;
- an it/they speaker stands for the one organisation that is the subject of the sentence
  before, when nobody else is named in between (:func:`resolve_body_pronoun`).

Gender, as the text shows it, and the article's role ties are read by :mod:`.people`;
what a speaker mention names, by :mod:`.speaker_names`.
"""

from __future__ import annotations

import re

from ..model import Entity
from .bodies import body_name
from .lexicon import PRONOUN_GENDER
from .people import People, speech_subject
from .quotemarks import unfinished
from .roles import (
    HEADING_WORDS,
    RoleMention,
    antecedent,
    apposed_name,
    caption_line,
    caption_only,
    compatible,
    filler,
    paragraph_before,
    role_word,
    tied_name,
)
from .speakers import is_cue

_SUBJ = ("nsubj", "nsubjpass")
_MAX_CHAIN = 4
#: The determiners that make a role mention indefinite: someone not named before.
_INDEFINITE = re.compile(r"(?:[Aa]n?|[Aa]nother|[Oo]ne)\s")
_PARAGRAPHS = 1  # a pronoun looks back over its paragraph and this many before it
_UNKNOWN_REACH = 600  # characters before a pronoun searched for a rival of unknown gender


def _subject_names(doc, people: People, lo: int, hi: int, gender: str | None, quoted) -> set[str]:
    """Compatible people named as a subject between offsets ``lo`` and ``hi``; not the
    subject of a verb in quotation marks ("Why President Bush "nevertheless decided to go
    to war escapes me," he told one interviewer": whom the quotation is about)."""
    out = set()
    for e in people.persons:
        if lo <= e.start < hi and compatible(gender, people.gender.get(e.canonical)):
            span = doc.char_span(e.start, e.end, alignment_mode="expand")
            root = span.root if span is not None else None
            while root is not None and root.dep_ == "conj" and root.head is not root:
                root = root.head  # "Lee and Diaz spoke": both are subjects
            if root is not None and root.dep_ in _SUBJ and not _in_relative(root) \
                    and not _ends_quote(doc.text, e.end) and not quoted(root.head.idx):
                out.add(e.canonical)
    return out


#: A closing quotation mark right after a word ("... Impossible,” said the analyst"): the
#: word ends a quotation, so it is no subject of the sentence, whatever the parse says.
_CLOSING = re.compile(r"[,.!?;:]?[”\"]|[,.!?;:][’']")


def _ends_quote(text: str, end: int) -> bool:
    return _CLOSING.match(text, end) is not None


def _reported_before(tok, quoted) -> int | None:
    """Where the words that pronoun ``tok`` reports start, when it is the subject of a verb
    of saying after them ("The rebels will attack, he said"; "Why President Bush "decided
    to go to war escapes me," he told one interviewer"), else None. A clause that a colon
    ends before the quotation ("Sen. Ana Ruiz scolded him: "...," she said") introduces
    the words, whatever the parse hangs it on: the words start at the quotation."""
    verb = tok.head
    if tok.dep_ not in _SUBJ or not is_cue(verb):
        return None
    clause = next((c for c in verb.children if c.dep_ in ("ccomp", "parataxis") and c.i < tok.i), None)
    if clause is None:
        return None
    words = tok.doc[clause.left_edge.i:tok.i]
    opening = next((t for t in words if quoted(t.idx)), None)
    if opening is not None and any(t.text in (":", ";") for t in words if t.i < opening.i):
        return opening.idx
    return clause.left_edge.idx


def _object_role(doc, role: RoleMention) -> bool:
    span = doc.char_span(role.start, role.end, alignment_mode="expand")
    return span is not None and span.root.dep_ in _OBJECTS


def _told_by_another(tok) -> bool:
    """Whether ``tok`` sits inside a clause that a verb of saying reports, deeper than that
    clause's own subject ("She says Trump's tweets accusing Alicia Machado of ... are lies":
    Machado; "The Turkish president said that despite frequent contact with Mr Assad, ...":
    Assad): someone the words are about. The clause's own subject is left alone: in "Lee
    says he will run" the "he" is most often Lee."""
    node = tok
    while node.head.i != node.i:
        if node.dep_ == "ccomp" and is_cue(node.head):
            direct = tok.head.i == node.i and tok.dep_ in _SUBJ or tok.i == node.i
            if not direct:
                return True
        node = node.head
    return False


_ACCORDING = re.compile(r"\baccording to\b")


def _according_to(doc, people: People, sent, gender: str, quoted) -> Entity | None:
    """The person ``sent`` cites "according to" (the first one named within a few words
    after it, "according to his spokeswoman, Wendy Morigi"), when the pronoun's gender
    does not rule that person out."""
    text = doc.text
    for m in _ACCORDING.finditer(text, sent.start_char, sent.end_char):
        if quoted(m.start()):
            continue
        after = [e for e in people.persons if m.end() <= e.start < min(m.end() + 60, sent.end_char)]
        if after:
            first = min(after, key=lambda e: e.start)
            if compatible(gender, people.gender.get(first.canonical)):
                return first
    return None


def _token_at(doc, char: int):
    """The token at character offset ``char`` of ``doc``, or None."""
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


def _governor_noun(tok, people: People) -> bool:
    """Whether subject pronoun ``tok`` is in what a noun that is no name says or thinks
    ("A source ... told Reuters he had heard"): the pronoun most likely stands for that
    noun, which names nobody. A role mention ("the senator") is left to the roles."""
    clause = tok.head
    if tok.dep_ not in _SUBJ or clause.dep_ != "ccomp" or clause.head is clause:
        return False
    subject = next((c for c in clause.head.children if c.dep_ in _SUBJ and c.i < tok.i), None)
    if subject is None or subject.pos_ != "NOUN":
        return False
    return not any(r.start <= subject.idx < r.end for r in people.roles) and \
        not any(e.start <= subject.idx < e.end for e in people.persons)


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
        if root is None or root.dep_ not in _SUBJ or _ends_quote(doc.text, e.end) or _with_others(root, people):
            continue
        verb = root.head
        if verb == sent.root or (verb.dep_ == "conj" and verb.head == sent.root):
            out.add(e.canonical)
    return out


def _with_others(subject, people: People) -> bool:
    """Whether the subject ``subject`` is coordinated with a noun or pronoun that is no
    person's name ("Obama and his top deputies have yet to talk about ..."): a group,
    which a he/she after it does not go on with."""
    for tok in subject.conjuncts:
        if tok.pos_ in ("NOUN", "PRON") and not any(e.start <= tok.idx < e.end for e in people.persons):
            return True
    return False


def _pronoun_subject(sent, gender: str, quoted):
    """The he/she pronoun of ``gender`` that is the subject of ``sent``'s main clause,
    outside quotation marks, or None."""
    root = sent.root
    for tok in root.children:
        if tok.dep_ in _SUBJ and PRONOUN_GENDER.get(tok.lower_) == gender and tok.lower_ in ("he", "she") \
                and not quoted(tok.idx):
            return tok
    return None


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
        if filler(sent.text) or caption_line(sent.text):
            skipped += sent.text.count("\n") + 2  # a scraper's "Video" line, a photo caption
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
    a rival leader is the role, not the rival. An indefinite role ("a spokesperson", "another
    witness") brings someone new into the text: it is the name set beside it ("a
    representative for Lee, Ana Ruiz,") or nobody, never a holder of the role named elsewhere."""
    text = doc.text
    own = apposed_name(role, people.ties, text)
    if own is not None or _INDEFINITE.match(text, role.start):
        return own
    last_tie = max((t.start for t in people.ties if t.role == role.role and t.start < role.start), default=-1)
    if any(last_tie < r.start < role.start and r.role == role.role and _INDEFINITE.match(text, r.start)
           and apposed_name(r, people.ties, text) is None for r in people.roles):
        return None  # "..., a British official said. "...," the official said": that official, unnamed
    name = tied_name(role.role, role.start, people.ties, role.gender, people.gender.get, role.modifiers,
                     people.persons)
    if name is not None and not role.modifiers and _spoken_since(doc, role, name, people):
        return None
    return name


def _spoken_since(doc, role: RoleMention, name: str, people: People) -> bool:
    """Whether someone else was the subject of a speech verb after ``name`` was last named,
    while ``name`` is named neither in the role's paragraph nor in the one before: "The
    leader said ..." right after "Jalil said ..." is more likely Jalil than the "Libyan
    leader Moammar Gadhafi" tied paragraphs up; unsure, the role stays unresolved. A role
    with qualifiers ("the Labour leader") is left to its ties. A name sharing the tied
    name's last word ("Sheen" beside "Michael Sheen") counts as that person's."""
    def same(e: Entity) -> bool:
        return e.canonical.split()[-1:] == name.split()[-1:]

    last = max((e.start for e in people.persons if same(e) and e.start < role.start), default=-1)
    if last >= paragraph_before(doc.text, role.start):
        return False
    for e in people.persons:
        if last < e.start < role.start and not same(e):
            head = _phrase_head(doc, e, ())
            if head is not None and speech_subject(head):
                return True
    return False


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
    if _governor_noun(tok, people):
        return None  # "A source close to the council told Reuters he had heard ...": the source
    pos = tok.idx
    reported = _reported_before(tok, quoted)
    if reported is not None:
        # "Gadhafi "has never used infantry like this" -- normally he shells from a
        # distance, he says": who is talked about in the words reported is not who reports
        # them; the pronoun is read from before them
        pos = start = max(reported, start)
    subjects = _subject_names(doc, people, start, pos, gender, quoted)
    if len(subjects) == 1:
        return subjects.pop()
    if len(subjects) > 1:
        # "Cech said by the time he arrived, Dauer was in a coma, "...," he said"; "Flynn
        # said Trump was right when he said ...": two compatible people are subjects
        # before the pronoun, and either may be meant; the nearest is not taken for it
        return None
    own_subject = any(t.dep_ in _SUBJ and start <= t.idx < pos and not quoted(t.idx)
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
        if prev is not None and (source := _according_to(doc, people, prev, gender, quoted)) is not None:
            # "McCain ... is committed to ..., according to Richard Fontaine, McCain's adviser.
            # "...," he said": the source the sentence before cites goes on, not its subject
            return source.canonical if people.gender.get(source.canonical) == gender else None
        if prev is not None:
            names = _main_subjects(doc, people, prev, gender)
            same = _pronoun_subject(prev, gender, quoted)
            if not names and same is not None and depth < _MAX_CHAIN:
                # "“...,” she told CNN's Anderson Cooper. // “...,” she said": the subject
                # goes on; whom she told is no rival
                return resolve_pronoun(doc, same, people, quoted, text, depth + 1)
            if len(names) == 1:
                name = next(iter(names))
                if people.gender.get(name) == gender:
                    return name
                # gender unknown: only when nobody else fits, since the section's heading;
                # before the paragraph of the sentence before, only someone the text shows
                # fits ("Ricketts ... his" three paragraphs up) is a rival, not anyone of
                # unknown gender: the subject just before is who the pronoun goes on with
                lo = _section_start(text, prev.start_char, tok.idx - _UNKNOWN_REACH)
                near = text.rfind("\n", 0, prev.start_char) + 1
                rivals = [e for e in people.persons if lo <= e.start < tok.idx and e.canonical != name
                          and compatible(gender, people.gender.get(e.canonical))
                          and (e.start >= near or people.gender.get(e.canonical) == gender)
                          and not _a_place(doc, e)]
                if is_cue(prev.root) and is_cue(tok.head):
                    # "While Kim ..., he is unlikely to ..., said Scott LaFoy. "...," he
                    # said.": a speaker's words go on; people named inside what he said
                    # (the sentence before) are not rivals, people named elsewhere are
                    rivals = [e for e in rivals if not prev.start_char <= e.start < prev.end_char]
                if not rivals:
                    return name
                return None  # the subject before, or someone else who fits: unsure
    roles = people.roles
    if tok.dep_ in _SUBJ:
        # a role named in passing, as an object ("... to write an open letter to the president.
        # He told the BBC"; "Comparing himself to his brother, he said"), is not who a subject
        # he/she is; the search goes on past it
        roles = [r for r in roles if not _object_role(doc, r)]
    found = antecedent(pos, gender, paragraph_before(text, tok.idx, _PARAGRAPHS), _referring(doc, people),
                       roles, people.gender.get, people.pronouns)
    if found is None:
        return None
    mention = _token_at(doc, found.start) if isinstance(found, Entity) else None
    if mention is not None and _told_by_another(mention):
        # "She says Trump's tweets accusing Alicia Machado of ... are "lies". // She
        # tweeted: "..."": who is talked about inside what someone else says is not who
        # the text goes on with (a pronoun there, "noted that his campaign ...", most
        # often is the one who says it, and is followed)
        return None
    if isinstance(found, int):  # an earlier pronoun of the same chain
        span = doc.char_span(found, found + 1, alignment_mode="expand")
        if span is None or depth >= _MAX_CHAIN:
            return None
        return resolve_pronoun(doc, span[0], people, quoted, text, depth + 1)
    if isinstance(found, RoleMention):
        return resolve_role_mention(doc, found, people, quoted)
    if _object_of_another(doc, found, gender, people) or caption_only(text, found, people.persons) \
            or _possessor_of_subject(doc, found):
        return None
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


def _section_start(text: str, pos: int, lo: int) -> int:
    """Where the section holding offset ``pos`` starts, looking back no further than ``lo``:
    after the last heading line ("'Well planned'", a short line that stops without a
    sentence's end) before ``pos``, else ``lo``. People named before a heading are another
    scene."""
    end = text.rfind("\n", 0, pos)
    while end > max(lo, 0):
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        if unfinished(line) and len(line.split()) <= HEADING_WORDS:
            return end + 1
        end = start - 1
    return lo


def _phrase_head(doc, e: Entity, links: tuple[str, ...]):
    """The token that heads the phrase holding mention ``e``: its root, climbed through
    ``links`` ("rival Nico Rosberg" up to "rival"); None when the parse has no span for it."""
    span = doc.char_span(e.start, e.end, alignment_mode="expand")
    if span is None:
        return None
    tok = span.root
    while tok.dep_ in links and tok.head is not tok:
        tok = tok.head
    return tok


def _possessor_of_subject(doc, e: Entity) -> bool:
    """Whether person mention ``e`` only owns the subject of its clause, a person ("Cao's
    colleague, the veteran Republican ..., wasn't quite so dramatic. He ..."; "Lee's
    lawyer said ... . He ..."): the subject is who the text goes on with, and the text does
    not name him here. A thing owned ("Hamilton's third win ...") leaves the owner be."""
    tok = _phrase_head(doc, e, ("compound",))
    if tok is None or tok.dep_ != "poss" or tok.head.dep_ not in _SUBJ or tok.head.pos_ != "NOUN":
        return False
    owned = tok.head
    return role_word(owned.lower_) is not None or any(c.dep_ == "appos" for c in owned.children)


def _a_place(doc, e: Entity) -> bool:
    """Whether person mention ``e`` is read as a place: the object of "at", "in" or "near"
    ("works at Le Queenie, a restaurant", a name the tagger calls a person), so no rival
    for a pronoun. Someone met, or spoken with, still is one."""
    tok = _phrase_head(doc, e, ("compound", "conj"))
    return tok is not None and tok.dep_ == "pobj" and tok.head.lower_ in _PLACE_PREPOSITIONS


_PLACE_PREPOSITIONS = frozenset("at in near inside outside".split())


_OBJECTS = ("dobj", "pobj", "dative", "attr", "oprd")
#: Links from a verb without a subject of its own up to the clause that has it.
_CLIMB = ("xcomp", "conj", "advcl", "relcl", "acl", "dobj", "pobj", "prep")


def _object_of_another(doc, found: Entity, gender: str, people: People) -> bool:
    """Whether the person mention ``found`` is what someone else acts on: the object of a
    clause whose subject is a pronoun of the same gender or a noun that is no name ("he
    faces a task to overhaul rival Nico Rosberg", "the teenager remained ahead of
    Rosberg"). A pronoun after such a sentence goes on with its subject, not the object;
    who that subject is the text does not say here, so the pronoun is left open."""
    tok = _phrase_head(doc, found, ("compound", "appos", "conj"))  # "team-mate and rival Nico Rosberg"
    if tok is None or tok.dep_ not in _OBJECTS:
        return False
    verb = tok.head
    while (verb.dep_ in ("prep", "agent", "pcomp") or verb.pos_ in ("NOUN", "PROPN") and verb.dep_ in _OBJECTS) \
            and verb.head is not verb:
        verb = verb.head  # "as he addressed a news conference with Barroso and Van Rompuy": "addressed"
    subject = None
    for _ in range(4):  # "he faces a task to overhaul Rosberg": the doer of "faces"
        subject = next((c for c in verb.children if c.dep_ in _SUBJ), None)
        if subject is not None or verb.dep_ not in _CLIMB or verb.head is verb:
            break
        verb = verb.head
    if subject is None or subject.dep_ == "nsubjpass":
        return False
    if subject.lower_ in PRONOUN_GENDER:
        return PRONOUN_GENDER[subject.lower_] == gender
    named = any(e.start <= subject.idx < e.end for e in people.persons)
    return subject.pos_ == "NOUN" and not named


BODY_PRONOUNS = ("it", "they")


def _body(e: Entity) -> bool:
    return e.type == "ORG" or e.type == "PERSON" and body_name(e.canonical)


def resolve_body_pronoun(doc, tok, entities: list[Entity], quoted, text: str) -> str | None:
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


def pronoun_role(doc, tok, people: People, text: str | None = None) -> RoleMention | None:
    """The unnamed role a he/she pronoun refers to ("an American witness ... he said"),
    when its antecedent is a role mention that is the subject of its clause and that no
    name is tied to; else None."""
    gender = PRONOUN_GENDER.get(tok.lower_)
    if gender is None:
        return None
    text = doc.text if text is None else text
    persons = _referring(doc, people)
    found = antecedent(tok.idx, gender, paragraph_before(text, tok.idx, _PARAGRAPHS), persons,
                       people.roles, people.gender.get, people.pronouns)
    depth = 0
    while isinstance(found, int) and depth < _MAX_CHAIN:  # an earlier pronoun of the chain
        depth += 1
        found = antecedent(found, gender, paragraph_before(text, found, _PARAGRAPHS), persons,
                           people.roles, people.gender.get, people.pronouns)
    if not isinstance(found, RoleMention) or tied_name(found.role, found.start, people.ties, found.gender,
                                                       people.gender.get, found.modifiers,
                                                       people.persons) is not None:
        return None
    span = doc.char_span(found.start, found.end, alignment_mode="expand")
    if span is None or span.root.dep_ not in _SUBJ or span[0].lower_ in ("his", "her"):
        return None  # "her desire to see her mother": a role in passing, not who speaks
    if _reported(span.root):
        return None  # "Lee told the court ..., adding that the doctor asked for $5m. "...," he said"
    return found


def _referring(doc, people: People) -> list[Entity]:
    """The person mentions a pronoun may refer to: not a name used as a noun's modifier
    ("the Assad regime", "a Trump supporter"), which names what the noun is about, not
    someone the text goes on with."""
    out = []
    for e in people.persons:
        root = _phrase_head(doc, e, ())
        if root is not None and root.dep_ == "compound" and root.head.pos_ == "NOUN" and root.head.i > root.i:
            continue
        out.append(e)
    return out


def _reported(subject) -> bool:
    """Whether ``subject`` is the subject of a clause that someone else's verb of saying
    reports ("Lee told the court ..., adding that the doctor asked ..."): who is talked
    about, not who talks."""
    clause = subject.head
    while clause.dep_ == "conj" and clause.head is not clause:
        clause = clause.head
    return clause.dep_ == "ccomp" and is_cue(clause.head)


__all__ = ["BODY_PRONOUNS", "pronoun_role", "resolve_body_pronoun", "resolve_pronoun", "resolve_role_mention"]
