"""Named entities with canonical names, resolved across an article and across a story.

spaCy's small English model misses or mislabels many names ("Actress Amber Heard" as
ORG, a surname that is also an English word as a verb). So mentions are gathered from
its entities *and* from runs of proper nouns, grouped by name (a surname or first name
used alone joins the one full name it belongs to, never two), and each group's type is
voted from all its mentions: spaCy's labels plus evidence in the text (a title or role
noun before the name, an age after it, being the subject of a speech verb, a quoted
title). Groups with no label and no evidence are dropped. The canonical name of a group
is its longest name as written, without titles.

Nothing here knows any particular name: the same rules apply to every story.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from ..model import Entity, Post
from .headlines import headline_spans, inside
from .lexicon import ROLE_NOUNS, SPEECH_LEMMAS, TITLES
from .mention_evidence import context_evidence
from .mention_evidence import norm as _norm
from .name_keys import fold, name_key, same_person
from .name_spans import (
    after_credit,
    hyphenated_end,
    joined,
    kind_before_name,
    opens_sentence,
    particle,
    photo_credit,
    trim,
)
from .sentences import find_sentences

_TYPES = {"PERSON": "PERSON", "ORG": "ORG", "GPE": "GPE", "LOC": "LOC", "WORK_OF_ART": "WORK",
          "NORP": "NORP", "FAC": "LOC", "EVENT": "EVENT", "PRODUCT": "PRODUCT"}
_NAME_TYPES = ("PERSON", "ORG", "GPE", "LOC", "WORK", "NORP", "EVENT", "PRODUCT")
#: First words of a plural name that make it a people, not a team ("North Koreans", "Native
#: Americans", "Latin Americans").
_PEOPLE_WORDS = frozenset("north south east west northern southern eastern western central native latin "
                          "pacific asian african".split())
_WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


@dataclass
class _Mention:
    start: int  # token indices, end exclusive
    end: int
    label: str | None  # spaCy's type, None for a proper-noun run it did not label
    evidence: Counter = field(default_factory=Counter)
    headline: bool = False  # in a headline-like sentence: may only join a group
    place_object: bool = False  # only the object of "on", "to", "via", ... ("on Twitter")


@dataclass
class _Group:
    key: tuple[str, ...]  # lower-cased tokens of its longest name
    mentions: list[_Mention] = field(default_factory=list)
    #: a surname alone that several people's full names end with ("Khalil" beside "George
    #: Khalil" and a run-on "Egypt Khalil"): a person's name however each mention was tagged
    surname: bool = False


_CREDIT = re.compile(
    r"^[\W_]*(?:additional |extra )?(?:reporting|editing|writing|compiled|produced|written|edited|reported)"
    r"(?: and \w+)? by\b|\bcontributed (?:reporting )?to (?:this|the) (?:report|story|article)\b",
    re.IGNORECASE | re.MULTILINE)


def credit_lines(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the lines crediting the article's own staff
    ("(Additional reporting by Ana Kim; Editing by Tom Reyes)", "Associated Press writer
    Ana Kim contributed to this report"): the people they name are not the story's.

    >>> credit_lines("Kim said so.\\n(Reporting by Ana Kim in Seoul)\\n")
    [(13, 44)]
    """
    out = []
    for m in re.finditer(r"[^\n]+", text):
        if _CREDIT.search(m.group()):
            out.append((m.start(), m.end()))
    return out


def _title_word(tok) -> bool:
    """A title or role before a name ("Secretary General", "President", "actress"); "general"
    only here, not a title of the lexicon, whose ties it would change ("Deputy Attorney
    General Ana Ruiz" is no "attorney")."""
    low = _norm(tok)
    return low in TITLES or low in ROLE_NOUNS or low == "general"


def _name_word(tok) -> bool:
    low = _norm(tok)
    return (tok.pos_ == "PROPN" and tok.text[:1].isupper() and tok.text.isalpha()
            and low not in TITLES and low not in ROLE_NOUNS)


def _candidates(doc, posts: list[Post], headlines: list[tuple[int, int]]) -> list[_Mention]:
    out: list[_Mention] = []
    taken = [False] * len(doc)
    credits = credit_lines(doc.text)
    spans = [(e.start, e.end, _TYPES.get(e.label_)) for e in doc.ents if e.label_ in _TYPES]
    i = 0
    while i < len(doc):  # proper-noun runs spaCy left unlabelled
        if doc[i].pos_ == "PROPN" and doc[i].text[:1].isupper():
            j = i
            while j < len(doc) and doc[j].pos_ == "PROPN" and doc[j].text[:1].isupper():
                j += 1
            if not any(s < j and i < e for s, e, _ in spans):
                spans.append((i, j, None))
            i = j
        else:
            i += 1
    todo = sorted(spans)
    while todo:
        s, e, label = todo.pop(0)
        if any(taken[s:e]):
            continue
        if label == "PERSON" or (label == "ORG" and e - s == 1):
            # the tagger often leaves a first name out ("Ana [Diaz]"), or reads the
            # surname alone as a body ("his mother, Ana [Reyes]"): then it is a name to vote on
            s0 = s
            while s > 0 and not taken[s - 1] and _name_word(doc[s - 1]) and "\n" not in doc[s - 1].whitespace_ \
                    and not (e - s >= 2 and opens_sentence(doc, s - 1)) \
                    and not (s > 1 and doc[s - 2].lower_ in ("of", "for")) \
                    and (e - s0 < 2 or (s > 1 and _title_word(doc[s - 2]))):
                # the tagger often leaves a first name out: a surname alone takes it, and a
                # full name takes one right after a title ("Secretary General [Anders] Fogh
                # Rasmussen"); but no name takes the word a title's "of" or "for" governs
                # ("Chief of Staff Rahm [Emanuel]"), nor, once it has two words, any other
                # capitalised word before it ("director for the Americas Bob Dudley", "state
                # TV Moammar Gadhafi", "AP:Associated Press Jessica Alba", "Obscure Brandon Guyer")
                s -= 1
            if label == "ORG" and s < s0:
                label = None
        if label in ("PERSON", None):
            e = hyphenated_end(doc, e, taken)
        if s > 0 and doc[s - 1].text in ("#", "@"):
            continue
        s1, label = _uncredited(doc, s, e, label)
        if s1 > s and doc[s1].pos_ == "PRON":
            continue  # "Splash News She said": a credit glued before a pronoun
        s = s1
        kind = kind_before_name(doc, s, e) and (label in (None, "PERSON") or _norm(doc[s]).endswith("maker"))
        if kind:  # "Developer Valve said", "Chipmaker Qualcomm said": the kind of company, then its name
            s, label = s + 1, label if label == "ORG" else None
        s2, e2, ev = trim(doc, s, e, body=label in ("ORG", "PRODUCT", "WORK"), person=label == "PERSON")
        if kind:
            ev.update(ORG=2, KIND=1)
        if e2 < e and e2 > s:  # cut at a role, title or line: the rest is another mention
            todo.insert(0, (e2 + 1 if doc[e2].text in ("'s", "’s", ",") else e2, e, None))
        if e2 <= s2:
            if s2 < e and s2 > s:
                todo.insert(0, (s2, e, label))
            continue
        text = doc[s2:e2].text
        if text.islower() or "#" in text or "@" in text or "/" in text or _norm(doc[s2]) in _WEEKDAYS and e2 - s2 == 1:
            continue  # "on Wednesday confirmed": when, not who
        if any(t.is_alpha and t.text.islower() and not t.is_stop and not joined(doc, t.i)
               and not (t.i > s2 and particle(doc, t.i, e2)) for t in doc[s2:e2]):
            continue  # "Morrow told the court": a clause, not a name
        start_char = doc[s2].idx
        if any(p.start <= start_char < p.end for p in posts) or any(a <= start_char < b for a, b in credits):
            continue
        for k in range(s2, e2):
            taken[k] = True
        ev.update(context_evidence(doc, s2, e2))
        out.append(_Mention(s2, e2, label, ev, inside(headlines, start_char),
                            _place_object(doc, s2, e2)))
    return out


def _uncredited(doc, s: int, e: int, label: str | None) -> tuple[int, str | None]:
    """The mention's start and label once a photo credit glued before it is taken off
    (:func:`.name_spans.after_credit`); the tagger's label is kept only for the two words
    or more of a full name ("GETTY [Max Verstappen]"): it labelled the credit and one word
    together as a first name and a surname ("Reuters Equifax"), a guess now void."""
    start = after_credit(doc, s, e)
    if start > s and e - start < 2:
        label = None
    return start, label


def matches(key: tuple[str, ...], part: tuple[str, ...]) -> bool:
    if part == key:
        return True
    n = len(part)
    return n < len(key) and (key[-n:] == part or (n == 1 and key[0] == part[0]))


def _join(doc, groups: list[_Group], m: _Mention) -> bool:
    """Add headline mention ``m`` (or its longest part that names one group, leftmost
    first) to the one group it names; False when it names none."""
    n = m.end - m.start
    for width in range(n, 0, -1):
        for s in range(m.start, m.end - width + 1):
            key = tuple(_norm(t) for t in doc[s:s + width])
            found = [g for g in groups if matches(g.key, key)]
            if len(found) == 1:
                found[0].mentions.append(replace(m, start=s, end=s + width))
                return True
    return False


def _first_mentions(doc, mentions: list[_Mention]) -> tuple[dict, dict]:
    """The first offset of each name (as a key) outside headlines, and anywhere."""
    body: dict[tuple[str, ...], int] = {}
    anywhere: dict[tuple[str, ...], int] = {}
    for m in mentions:
        key = tuple(_norm(t) for t in doc[m.start:m.end])
        anywhere[key] = min(anywhere.get(key, m.start), m.start)
        if not m.headline:
            body[key] = min(body.get(key, m.start), m.start)
    return body, anywhere


def _group(doc, mentions: list[_Mention]) -> list[_Group]:
    """Mentions grouped by name; mentions in headline-like sentences only join groups; a
    part name ("Holt") used before the longer name it is part of is first written, in a
    headline or not, stays a group of its own: the article introduced that person
    elsewhere, not as the longer name met later ("The actress Holt ... Her father, Peter
    Holt")."""
    groups: list[_Group] = []
    order = sorted(mentions, key=lambda m: (-(m.end - m.start), m.start))
    first_body, first_any = _first_mentions(doc, mentions)
    # one-word names the tagger reads as a person's somewhere in the body
    people = {tuple(_norm(t) for t in doc[m.start:m.end]) for m in mentions
              if m.label == "PERSON" and not m.headline and m.end - m.start == 1}
    for m in order:
        if m.headline:
            continue
        key = tuple(_norm(t) for t in doc[m.start:m.end])
        found = [g for g in groups if matches(g.key, key) and not _other_kind(doc, g, key, m, people)]
        if len(key) > 1:  # a full name written out again is its own group's, not a longer one's
            found = [g for g in found if g.key == key] or found
        elif _introduced(doc, m):  # "a student named Mohammed": not Mohammed Mansour named above
            found = [g for g in found if g.key == key]
        elif len(ending := [g for g in found if len(g.key) > 1 and g.key[-1] == key[0]]) > 1 and any(
                x.label == "PERSON" for g in ending for x in g.mentions) and not _courtesy(doc, m):
            # several full names end with it, a person's among them ("Haynes": "Toby Haynes",
            # a run-on "Added Haynes"): a surname of its own, one group for all its mentions,
            # however tagged ("Times" after "The New York Times" and "Los Angeles Times" is no
            # one's); but "Mr Wilson" and "Ms Wilson" beside Joseph and Valerie Wilson are two,
            # each apart from the surname group
            found = [g for g in groups if g.key == key and g.surname]
            if not found:
                groups.append(_Group(key, [], surname=True))
                found = [groups[-1]]
        if len(found) == 1 and len(key) < len(found[0].key) and \
                first_body[key] < first_any.get(found[0].key, first_body[key]):
            found = [g for g in groups if g.key == key]  # used before the longer name: another person
            if not found:
                groups.append(_Group(key, [m]))
                continue
        if len(found) == 1:
            found[0].mentions.append(m)
        else:
            groups.append(_Group(key, [m]))
    for m in order:
        if m.headline:
            _join(doc, groups, m)
    return groups


#: Words that introduce a person by the name that follows ("a student named Mohammed").
_INTRODUCING = frozenset({"named", "called", "nicknamed"})


def _introduced(doc, m: _Mention) -> bool:
    """Whether one-word mention ``m`` follows a word that introduces a person by it: that
    is all the text gives of this person's name, so a longer name that begins with the
    same word is somebody else's."""
    return m.start > 0 and doc[m.start - 1].lower_ in _INTRODUCING


def _other_kind(doc, group: _Group, key: tuple[str, ...], m: _Mention,
                people: frozenset | set = frozenset()) -> bool:
    """Whether one-word ``m`` matches ``group``'s longer name only by its first word and
    the tagger calls it a different kind of thing than every mention of the group: then
    it is not a first name used alone but the place, company or app the longer name is
    named after ("in Houston" / "Houston Texans", "maker Tesla" / "Tesla Roadster"); so
    is one the text itself calls a body (:func:`_body_evidence`). Not when the tagger
    reads the same word alone as a person's elsewhere (``people``) and every mention of
    the group as a person's: "Brine Cedernier ... Brine supported them ... Brine is being
    treated" is one man, whatever one mention was tagged."""
    if len(key) != 1 or len(group.key) < 2 or group.key[-1] == key[0]:
        return False
    if m.evidence["ORG"] > 0:
        return True  # "electric car company Tesla (TSLA)": the company, not a first name
    if m.label in (None, "PERSON"):
        return False
    if all(g.label == "PERSON" for g in group.mentions) and (_writes_or_says(doc[m.start]) or key in people):
        return False  # "Martha Fry and her brother Dale Ford ... ," Dale wrote": his first name

    return all(g.label != m.label for g in group.mentions)


def _writes_or_says(tok) -> bool:
    """Whether ``tok`` is the subject of a verb of saying ("Dale wrote", "Ana added")."""
    return tok.dep_ == "nsubj" and tok.head.pos_ == "VERB" and tok.head.lemma_.lower() in SPEECH_LEMMAS


def _vote(group: _Group, doc=None) -> str | None:
    """The group's type from its own mentions (headline mentions have no vote)."""
    score: Counter = Counter()
    evidence: Counter = Counter()
    own = [m for m in group.mentions if not m.headline]
    for m in own:
        if m.label:
            score[m.label] += 1
        evidence.update(m.evidence)
    labels = Counter(m.label for m in own if m.label)
    team = len(group.key) > 1 and group.key[-1].endswith("s")  # "Houston Texans", not "South Korean"
    kind = evidence.pop("KIND", 0)  # the text names the kind of company it is ("chipmaker X")
    thing = evidence.pop("THING", 0)  # "a Tesla Roadster": a car, a phone, not its maker
    # the tagger gave the full name as a person's ("Bruce Arians", whose "Arians" it reads as a people)
    full_person = any(m.label == "PERSON" and m.end - m.start > 1 for m in own)
    if labels and labels.most_common(1)[0][0] in ("NORP", "GPE") and not team and not kind:
        evidence["ORG"] = 0  # "South Korean President ...": a nationality or a place before a title
    score.update(evidence)
    if len(group.key) > 1 or group.surname:  # the surname used alone is a person's way of being named
        # (not a nationality's word: "Indians", "Texans" alone are a team's nickname)
        score["PERSON"] += sum(1 for m in own if m.end - m.start == 1
                               and m.label not in (None, "PRODUCT", "WORK", "NORP" if not full_person else ""))
    if any(w[:1].isdigit() for w in group.key):
        score["PERSON"] = 0  # "Pixel 2", "Falcon 9": a model or a series, never a person's name
    if any(w in ("'s", "’s") for w in group.key[:-1]):
        score["PERSON"] = 0  # "People's Daily", "Children's Hospital": no one's name holds a possessive
    if doc is not None and any(photo_credit(doc[m.start:m.end].text) for m in own):
        score["PERSON"] = 0  # "Getty Images" on a caption's line: the picture's agency
    if doc is not None and len(group.key) == 1 and any(_brand_word(doc[m.start : m.end].text) for m in own):
        score["ORG"] += max(score.pop("PERSON", 0), 0)  # "SpaceX", "YouTube": a capital inside a word is a brand's
    if not score or max(score.values()) <= 0:
        return None
    best, top = score.most_common(1)[0]
    if best != "PERSON" and score["PERSON"] >= top:
        best = "PERSON"
    guess = best in ("PERSON", "PRODUCT") or best == "NORP" and team
    if guess and evidence["ORG"] >= 2 and evidence["ORG"] > max(evidence["PERSON"], 0):
        return "ORG"  # the text calls it a body; the tagger's person, product or nationality is a guess
    if thing and best in ("ORG", "PERSON") and evidence["ORG"] <= 0 and not full_person:
        return "PRODUCT"
    if best == "PERSON" and _place_only(group, own, evidence):
        best = "ORG"
    if best in ("GPE", "LOC") and kind and evidence["ORG"] >= 2:
        best = "ORG"  # "chipmaker X", "a sub-contractor, X,": a company the tagger took for a place
    if best == "NORP" and team and group.key[0] not in _PEOPLE_WORDS and not full_person:
        best = "ORG"  # "Cleveland Indians", "Houston Texans": a place and a plural nickname is a team
    return best if best in _NAME_TYPES else None


#: Name particles a capital may follow inside a person's one-word name ("McDonald",
#: "DeGrasse", "LeBron", "MacKenzie", "DiCaprio", "VanDyke", "O'Neill").
_NAME_PARTICLE = re.compile(r"^(?:Mc|Mac|De|Di|Da|Du|Le|La|Van|Von|Fitz|St|O['’]|D['’])[A-Z]")


def _brand_word(text: str) -> bool:
    """A single word with a capital after a small letter that no name particle explains
    ("SpaceX", "YouTube", "PayPal"; not "McDonald", "DeGrasse").

    >>> _brand_word("SpaceX"), _brand_word("YouTube"), _brand_word("McDonald"), _brand_word("Depp")
    (True, True, False, False)
    """
    word = text.strip()
    return (" " not in word and re.search(r"[a-z][A-Z]", word) is not None
            and _NAME_PARTICLE.match(word) is None and not word.isupper())


def _place_only(group: _Group, own: list[_Mention], evidence: Counter) -> bool:
    """A one-word name only ever the object of "on", "to", "via", ... ("trending on X",
    "taking to X"), never a subject and never with a title, role or age, is a place or a
    medium people go to, not a person."""
    return (len(group.key) == 1 and bool(own) and all(m.place_object for m in own)
            and evidence["PERSON"] <= 0)


#: Prepositions whose object is where something happens or goes, not who does it.
_PLACE_PREPS = frozenset({"on", "to", "via", "across", "onto", "through", "over"})


def _place_object(doc, start: int, end: int) -> bool:
    head = doc[start:end].root
    prep = head.head
    if head.dep_ != "pobj" or prep.text.lower() not in _PLACE_PREPS:
        return False
    return not (prep.text.lower() == "to" and prep.i > 0 and doc[prep.i - 1].lower_ in ("according", "due"))


def _extra_mentions(doc, groups: list[_Group], types: list[str | None]) -> None:
    """Single words equal to a person's surname (or unique first name) that the tagger
    read as something else ("Heard also admits ...")."""
    covered: set[int] = set()
    for g in groups:
        for m in g.mentions:
            covered.update(range(m.start, m.end))
    parts: dict[str, list[int]] = {}
    alone = {g.key[0]: n for n, (g, t) in enumerate(zip(groups, types)) if t == "PERSON" and len(g.key) == 1}
    for n, (g, t) in enumerate(zip(groups, types)):
        if t == "PERSON" and len(g.key) > 1:
            # not the part after a hyphen: "In" is not "Moon Jae-in", nor "On" "Zahava Gal-On"
            for part in {g.key[0]} | ({g.key[-1]} if g.key[-2] not in ("-", "‐") else set()):
                parts.setdefault(part, []).append(alone[part] if part in alone else n)
    for tok in doc:
        if tok.i in covered or not tok.text[:1].isupper() or tok.text.isupper():
            continue
        owners = parts.get(tok.text.lower())
        if owners and len(set(owners)) == 1 and not (tok.i > 0 and doc[tok.i - 1].text in ("#", "@")):
            groups[owners[0]].mentions.append(_Mention(tok.i, tok.i + 1, None))


def _canonical(doc, group: _Group) -> str:
    names = Counter(doc[m.start:m.end].text for m in group.mentions)
    return max(names, key=lambda n: (len(n.split()), names[n], -len(n)))


#: Courtesy titles that say who a bare surname is when the article names another person
#: of that surname in full ("Mrs Jackson" beside "Michael Jackson").
_COURTESY = frozenset({"mr", "mrs", "ms", "miss"})


def _courtesy(doc, m: _Mention) -> bool:
    """Whether mention ``m`` follows a courtesy title ("Mrs Jackson")."""
    return m.start > 0 and _norm(doc[m.start - 1]) in _COURTESY


def _titled_surname(doc, group: _Group, groups: list[_Group], types: list[str | None]) -> str | None:
    """"Mrs Jackson" for a one-word person group the article writes after a courtesy
    title when it also names another person of that surname in full: the surname alone
    would read as the other one ("Jackson" in a story about Michael Jackson)."""
    word = group.key[0]
    if not any(t == "PERSON" and len(g.key) > 1 and g.key[-1] == word for g, t in zip(groups, types)):
        return None
    for m in group.mentions:
        if _courtesy(doc, m):
            return f"{doc[m.start - 1].text} {doc[m.start:m.end].text}"
    return None


def find_entities(doc, posts: list[Post], headlines: list[tuple[int, int]] | None = None) -> list[Entity]:
    """Entity mentions of ``doc`` (outside embedded posts), each with its canonical name.

    ``headlines`` are the (start, end) offsets of headline-like sentences
    (:mod:`.headlines`), computed from the document when not given."""
    if headlines is None:
        text = doc.text
        headlines = headline_spans(text, find_sentences(doc, text))
    mentions = _candidates(doc, posts, headlines)
    groups = _group(doc, mentions)
    types = [_vote(g, doc) for g in groups]
    _extra_mentions(doc, groups, types)
    out = []
    for g, t in zip(groups, types):
        if t is None:
            continue
        canonical = _canonical(doc, g)
        if t == "PERSON" and len(g.key) == 1:
            canonical = _titled_surname(doc, g, groups, types) or canonical
        for m in g.mentions:
            span = doc[m.start:m.end]
            out.append(Entity(span.start_char, span.end_char, span.text, t, canonical))
    out.sort(key=lambda e: e.start)
    return out


__all__ = ["find_entities", "fold", "matches", "name_key", "same_person"]
