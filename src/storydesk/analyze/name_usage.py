"""Evidence of what a name is from how its sentence uses it: a news outlet, a club.

A tagger reads a one-word outlet ("Sputnik", "Interfax") as a person's name; the text
says otherwise when the name is who an unnamed informant spoke to ("a source told
Sputnik", "officials told Interfax") or who cites one ("Interfax, citing a source";
"Interfax quoted a source as saying"): informants without a name talk to and are cited by
news outlets. A named person telling someone ("Putin told Macron") says nothing of the kind,
and neither does a full name or a name with a title ("a source told Mr Jones"): only a
one-word name is read this way.

A place's name ending in a club's word ("Manchester City", "Leicester City", "Blackburn
Rovers") that modifies a club's people ("Manchester City fans", "the Leicester City
manager") is the club, not the city, however the tagger read it, when the text never
uses the name otherwise ("Kansas City is ..." leaves it to the tagger).

A name the sentence calls a thing is no one's: "X, with its ... design", "X and other smart
glasses", "X, the £1,000 spectacles" (a plural noun in apposition that names no people).

The evidence is an organisation's (``ORG``), with ``KIND`` (the text says what kind of
body it is), for the entity vote (:mod:`storydesk.analyze.entities`).
"""

from __future__ import annotations

import re
from collections import Counter

#: Unnamed informants: what reporting calls a source it does not name.
INFORMANTS = frozenset("source sources official officials insider insiders spokesman spokeswoman spokesperson "
                       "representative representatives diplomat diplomats aide aides person people".split())


def _informant(tok) -> bool:
    """An informant noun with no name on it ("a source", "a person familiar with ...")."""
    return tok.lemma_.lower() in INFORMANTS and tok.pos_ == "NOUN" and not any(
        c.pos_ == "PROPN" or c.dep_ == "poss" for c in tok.children)


#: Last words of a club's name that is also a place's ("Manchester City", "Preston North End").
CLUB_WORDS = frozenset("city united town rovers athletic albion wanderers rangers hotspur county villa end "
                       "fc afc".split())
#: A club's people and parts, that a club's name modifies ("Manchester City fans").
CLUB_NOUNS = frozenset("fan fans supporter supporters player players manager boss coach striker midfielder "
                       "defender goalkeeper captain squad star stars academy chairman owner owners".split())


def add_usage_evidence(doc, start: int, end: int, ev: Counter) -> Counter:
    """``ev`` with what the sentence's use of the name at tokens ``start:end`` says added
    (see the module doc)."""
    words = [t.lower_ for t in doc[start:end]]
    after = doc[end] if end < len(doc) else None
    if len(words) > 1 and words[-1] in CLUB_WORDS and after is not None and after.lower_ in CLUB_NOUNS \
            and after.pos_ == "NOUN" and doc[end - 1].dep_ in ("compound", "nmod", "amod") \
            and _only_as_club(doc, doc[start:end].text):
        ev["ORG"] += 2  # "Manchester City fans", "the Leicester City manager": the club
        ev["KIND"] += 1
        return ev
    if _thing(doc, end):
        ev["PERSON"] -= 3  # "Google Glass, with its design", "Glass and other smart glasses"
        ev["THING"] += 1
        return ev
    return _outlet(doc, start, end, ev)


def _thing(doc, end: int) -> bool:
    """The words after a name say it is a thing (see the module doc)."""
    after = list(doc[end : min(len(doc), end + 8)])
    words = [t.lower_ for t in after]
    if words[:3] == [",", "with", "its"]:
        return True
    nouns = [t for t in after[2:] if t.pos_ == "NOUN"]
    if words[:2] == ["and", "other"] and nouns and nouns[0].tag_ == "NNS" and not _people(nouns[0]):
        return True  # "Glass and other smart glasses"; not "Smith and other officials"
    if words[:2] == [",", "the"] or words[:2] == [",", "a"]:
        for t in after[2:]:
            if t.pos_ == "NOUN" and (t.i + 1 >= len(doc) or doc[t.i + 1].pos_ not in ("NOUN", "PROPN")):
                return t.tag_ == "NNS" and not _people(t)  # "X, the £1,000 spectacles with a camera"
            if t.text in (",", ".", "'s", "’s") or t.pos_ in ("ADP", "VERB"):
                break
    return False


def _people(noun) -> bool:
    """A plural noun of people ("officials", "founders", "parents", "players")."""
    lemma = noun.lemma_.lower()
    return lemma in _PEOPLE_NOUNS or lemma.endswith(("er", "or", "ist", "ian", "ant", "ent"))


#: Plural nouns of people that :func:`_people`'s endings miss.
_PEOPLE_NOUNS = frozenset("official people person man woman child parent couple family friend colleague "
                          "sibling brother sister son daughter wife husband athlete candidate star fan "
                          "victim rival ally member staff executive chief head leader".split())


def _only_as_club(doc, name: str) -> bool:
    """Every time the text prints ``name`` a club's people follow: a name also used as a
    place ("Kansas City is ...") is left to the tagger."""
    for m in re.finditer(rf"\b{re.escape(name)}\b", doc.text):
        nxt = re.match(r"(?:['’]s)?\s+(\w+)", doc.text[m.end() : m.end() + 40])
        if nxt is None or nxt.group(1).lower() not in CLUB_NOUNS:
            return False
    return True


def _outlet(doc, start: int, end: int, ev: Counter) -> Counter:
    """``ev`` with the ``ORG`` and ``KIND`` evidence for the name at tokens ``start:end``
    added (see the module doc)."""
    if end - start != 1 or ev["PERSON"] > 1:  # (a speech verb alone gives 1: "Tass quoted")
        return ev  # a full name, or one with a title or a role ("told Mr Jones"): a person's
    before = ev["ORG"]
    root = doc[start:end].root
    verb = root.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    if root.dep_ in ("dobj", "dative") and verb.lemma_ == "tell" and any(_informant(s) for s in subjects):
        ev["ORG"] += 3  # "a source told Sputnik"
    elif root.dep_ == "nsubj" and verb.lemma_ in ("cite", "quote") and any(_informant(o) for o in objects):
        ev["ORG"] += 3  # "Interfax quoted a source as saying"
    elif end + 2 < len(doc) and doc[end].text == "," and doc[end + 1].lower_ in ("citing", "quoting") \
            and any(_informant(t) for t in doc[end + 2 : min(len(doc), end + 5)]):
        ev["ORG"] += 3  # "Interfax, citing a source in the industry, said"
    if ev["ORG"] > before:
        ev["KIND"] += 1
    return ev


__all__ = ["CLUB_NOUNS", "CLUB_WORDS", "INFORMANTS", "add_usage_evidence"]
