"""Evidence that a name is a news outlet, from how the sentence uses it.

A tagger reads a one-word outlet ("Sputnik", "Interfax") as a person's name; the text
says otherwise when the name is who an unnamed informant spoke to ("a source told
Sputnik", "officials told Interfax") or who cites one ("Interfax, citing a source";
"Interfax quoted a source as saying"): informants without a name talk to and are cited by
news outlets. A named person telling someone ("Putin told Macron") says nothing of the kind,
and neither does a full name or a name with a title ("a source told Mr Jones"): only a
one-word name is read this way.

The evidence is an organisation's (``ORG``), with ``KIND`` (the text says what kind of
body it is), for the entity vote (:mod:`storydesk.analyze.entities`).
"""

from __future__ import annotations

from collections import Counter

#: Unnamed informants: what reporting calls a source it does not name.
INFORMANTS = frozenset("source sources official officials insider insiders spokesman spokeswoman spokesperson "
                       "representative representatives diplomat diplomats aide aides person people".split())


def _informant(tok) -> bool:
    """An informant noun with no name on it ("a source", "a person familiar with ...")."""
    return tok.lemma_.lower() in INFORMANTS and tok.pos_ == "NOUN" and not any(
        c.pos_ == "PROPN" or c.dep_ == "poss" for c in tok.children)


def add_outlet_evidence(doc, start: int, end: int, ev: Counter) -> Counter:
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


__all__ = ["INFORMANTS", "add_outlet_evidence"]
