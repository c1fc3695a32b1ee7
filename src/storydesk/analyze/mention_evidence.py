"""What the words around a name say about what it names: a person (a title or role
before it, an age after it, a speech verb it is the subject of), a body (a legal suffix, a
ticker, a position of it, the kind of company before it) or a thing ("a red Tesla Roadster").
:func:`context_evidence` gives the votes :mod:`.entities` weighs for each mention."""

from __future__ import annotations

from collections import Counter

from .lexicon import (
    BODY_HEAD_WORDS,
    BODY_PART_NOUNS,
    COMPANY_NOUNS,
    COMPANY_SUFFIXES,
    PERSONAL_PART_NOUNS,
    ROLE_NOUNS,
    SPEECH_FORMS,
    TITLES,
)
from .name_usage import add_usage_evidence

#: Words before a name that make it a thing's, not a person's ("a Tesla Roadster", "his Pixel 2").
_THING_DETERMINERS = frozenset("a an his her its their my our your".split())
#: Positions "of" a body: :data:`BODY_PART_NOUNS` and the two words too loose right after a
#: name ("Trump chief strategist", "an Obama executive order") but not before "of" one
#: ("the chief executive of SpaceX").
_OF_BODY = BODY_PART_NOUNS | {"chief", "executive"}
_QUOTES = "\"“”'‘’"


def norm(tok) -> str:
    """A token's text as name lists hold it: lower case, no trailing full stop."""
    return tok.text.lower().rstrip(".")


def company_noun(tok) -> bool:
    """A lower-case word for a kind of company or body ("chipmaker", "firm",
    "sub-contractor", "corporation", "organization")."""
    word = tok.lower_
    return tok.text.islower() and (word in COMPANY_NOUNS or word in BODY_HEAD_WORDS
                                   or word.endswith(("maker", "contractor")))


def context_evidence(doc, start: int, end: int) -> Counter:
    """Evidence around a mention: a title or role just before, an age just after, a
    speech verb it is the subject of, quotation marks around it."""
    ev: Counter = Counter()
    before = doc[start - 1] if start > 0 else None
    after = doc[end] if end < len(doc) else None
    if before is not None and (norm(before) in TITLES or norm(before) in ROLE_NOUNS):
        ev["PERSON"] += 2
    root = doc[start:end].root
    governor = norm(root.head)
    role = governor in ROLE_NOUNS or governor == "head" and any(c.lower_ == "of" for c in root.head.children)
    if root.dep_ == "appos" and role and root.head.pos_ == "NOUN":
        ev["PERSON"] += 2  # "Early Facebook executive ..., Chamath Palihapitiya,", "the head of X, Keiji Fukuda,"
    if (
        after is not None and after.text == "," and end + 1 < len(doc)
        and doc[end + 1].like_num and doc[end + 1].text.isdigit() and 0 < int(doc[end + 1].text) < 120
        and (end + 2 >= len(doc) or doc[end + 2].text in (",", ".", "and", ";", ")"))
    ):
        ev["PERSON"] += 2
    if after is not None and after.text == "," and end + 2 < len(doc) and norm(doc[end + 1]) in ("the", "a", "an"):
        for tok in doc[end + 2: min(len(doc), end + 6)]:
            if norm(tok) in ROLE_NOUNS and tok.pos_ == "NOUN":
                ev["PERSON"] += 2
                break
            if tok.text in (",", "."):
                break
    ev.update(_body_evidence(doc, start, end))
    head = doc[end - 1]
    spoke = (head.dep_ in ("nsubj",) and head.head.text.lower() in SPEECH_FORMS) or (
        after is not None and after.text.lower() in SPEECH_FORMS and after.pos_ != "NOUN")
    if spoke:
        ev["PERSON"] += 1
    if after is not None and after.text == "," and end + 1 < len(doc) and doc[end + 1].lower_ == "which":
        ev["PERSON"] -= 1  # "The U.N., which imposed ...": people are "who"
    if after is not None and after.text.islower() and after.text in ROLE_NOUNS:
        ev["PERSON"] -= 2  # "Aquaman actress": a work or body the person belongs to
    if after is not None and after.text == "of" and end + 1 < len(doc) and doc[end + 1].text in ("the", "a"):
        ev["PERSON"] -= 1  # "Pirates of the Caribbean": a title, not a name
    if before is not None and after is not None and before.text in _QUOTES and after.text in _QUOTES:
        ev["WORK"] += 3
    return add_usage_evidence(doc, start, end, ev)  # "a source told Sputnik", "Manchester City fans"


def _body_evidence(doc, start: int, end: int) -> Counter:
    """Evidence that a mention names an organisation: a legal suffix ("Qualcomm Inc"), a
    stock ticker after it ("Tesla (TSLA)"), a position or part of a body after it or its
    possessive ("SpaceX founder", "Broadcom's chief executive", "Houston Texans
    linebacker"), a position "of" it ("the CEO of both SpaceX and Tesla"), or the kind of
    company before it ("chipmaker Qualcomm", "headset maker Magic Leap"); and that it names
    a thing, not a person: an article or a possessive before it ("a Tesla Roadster")."""
    ev: Counter = Counter()
    words = [norm(t) for t in doc[start:end]]
    if len(words) > 1 and (words[-1] in COMPANY_SUFFIXES or words[-1] in BODY_HEAD_WORDS):
        ev["ORG"] += 3  # "Qualcomm Inc", "the U.S. Naval Observatory", "Fitch Ratings"
    k = end
    possessive = k < len(doc) and doc[k].text in ("'s", "’s")
    if possessive:
        k += 1
    if k < len(doc) and norm(doc[k]) in COMPANY_SUFFIXES and doc[k].text[:1].isupper():
        ev["ORG"] += 3
    elif k + 2 < len(doc) and doc[k].text == "(" and doc[k + 1].text.isupper() and doc[k + 1].is_alpha \
            and len(doc[k + 1].text) > 1 and doc[k + 2].text in (")", ":") \
            and doc[k + 1].text != "".join(w[:1] for w in words).upper():
        ev["ORG"] += 3  # a ticker: "Tesla (TSLA)", "Tesla (NASDAQ:TSLA)"; not a party, "Reid (D)"
    elif k < len(doc) and norm(doc[k]) in BODY_PART_NOUNS and doc[k].pos_ in ("NOUN", "PROPN") \
            and not (possessive and norm(doc[k]) in PERSONAL_PART_NOUNS):
        ev["ORG"] += 2
    i = start - 1
    while i >= 0 and norm(doc[i]) in ("both", "the", "a", "an"):
        i -= 1
    place = doc[start].ent_type_ in ("GPE", "LOC", "NORP")  # "president of the United States"
    if i >= 1 and doc[i].lower_ == "of" and norm(doc[i - 1]) in _OF_BODY and not possessive \
            and not place:  # "chairman of Donald Trump's campaign" is the campaign's
        ev["ORG"] += 2
    elif i >= 0 and i == start - 1 and doc[i].pos_ == "NOUN" and company_noun(doc[i]):
        ev["ORG"] += 2  # "chipmaker Qualcomm", "space corporation Energia"
        ev["KIND"] += 1
    elif start >= 2 and doc[start - 1].text == "," and doc[start - 2].pos_ == "NOUN" and company_noun(doc[start - 2]):
        ev["ORG"] += 2  # "a sub-contractor, Halliburton,": the kind of company in apposition
        ev["KIND"] += 1
    if start > 0 and doc[start - 1].lower_ in _THING_DETERMINERS:
        ev["PERSON"] -= 1  # people are not "a ..." or "his ...": a thing or a body
    elif start > 0 and doc[start - 1].lower_ == "the" and end - start > 1:
        ev["PERSON"] -= 1  # "The US Coast Guard said", "the Muslim Brotherhood said": a body
    if len(words) > 1 and _owned(doc, start) and (end >= len(doc) or doc[end].pos_ not in ("NOUN", "PROPN")):
        ev["THING"] += 1  # "a red Tesla Roadster", "Musk's cherry-red Tesla Roadster" (not "his X page")
    if end + 1 < len(doc) and doc[end].text == "," and norm(doc[end + 1]) in ("a", "an", "the"):
        for k in range(end + 2, min(len(doc) - 1, end + 9)):  # "Polaris, a leading anti-trafficking organization,"
            if doc[k].text in (",", ".") or doc[k].pos_ == "ADP" or norm(doc[k]) in ROLE_NOUNS:
                break
            if doc[k].pos_ == "NOUN" and doc[k + 1].pos_ not in ("NOUN", "PROPN", "PART") \
                    and doc[k + 1].text not in ("'s", "’s"):  # the head: not "company executive", "the company's"
                ev["ORG"] += 2 if company_noun(doc[k]) else 0  # "X, a researcher at the agency" is no body
                break
    return ev


#: Dependencies of a word that describes the word after it ("red", "2008", "used", "cherry").
_DESCRIBING = frozenset(("amod", "compound", "nummod", "npadvmod", "advmod", "nmod"))


def _owned(doc, start: int) -> bool:
    """A determiner or a possessive before the name, over a few describing words ("a red",
    "Musk's cherry red 2008", "his used", "his own": words that modify a word after them;
    not over a role, "Trump's former adviser", nor over the head of another phrase: "a 2018
    survey by Ana Ruiz" is hers, not a thing)."""
    i = start - 1
    while i >= 0 and start - i <= 5 and (doc[i].text.islower() or doc[i].like_num or doc[i].text == "-") \
            and (doc[i].text == "-" or doc[i].lower_ == "own"
                 or (doc[i].dep_ in _DESCRIBING and doc[i].head.i > i)) \
            and doc[i].lower_ not in _THING_DETERMINERS and norm(doc[i]) not in ROLE_NOUNS | TITLES:
        i -= 1
    # right after a possessive a name is as often a person's ("NPR's Ofeibea Quist-Arcton",
    # "Apple's Tim Cook"): a possessive counts only over a describing word
    return i >= 0 and (doc[i].lower_ in _THING_DETERMINERS or (doc[i].text in ("'s", "’s") and i < start - 1))
