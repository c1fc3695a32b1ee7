"""Where a name's mention starts and ends in the tokens: determiners, titles and roles
trimmed off its front (they are evidence of a person), a possessive, a line, a bracket or a
glued dateline ending it, a hyphenated given or double-barrelled name the tagger cut kept
whole. :mod:`.entities` finds the mentions; this module shapes each one's span.
"""

from __future__ import annotations

from collections import Counter

from .lexicon import BODY_HEAD_WORDS, COMPANY_NOUNS, COMPANY_SUFFIXES, PHOTO_CREDITS, ROLE_NOUNS, TITLES
from .mention_evidence import norm as _norm

_SKIP_HEAD = {"the", "a", "an"}
#: Brackets, as printed or as a tokenised text spells them ("BP Plc -LRB- BP.L -RRB-"): a name
#: never runs across one.
_BRACKETS = frozenset(("(", ")", "[", "]", "-LRB-", "-RRB-", "-LSB-", "-RSB-"))
_HYPHENS = ("-", "‐")
#: Suffixes a surname may carry after it ("Martin Luther King Jr.").
_SUFFIXES = frozenset(("jr", "sr", "ii", "iii"))

def trim(doc, start: int, end: int, body: bool = False, person: bool = False) -> tuple[int, int, Counter]:
    """Trim determiners, titles, role nouns and possessives off a mention; the titles and
    roles trimmed are evidence of a person. A possessive inside a name the tagger read as a
    body's (``body``) with a capitalised word after it is the name's own ("People's Daily",
    "Children's Hospital"); so is a capitalised role noun ending a name the tagger read as a
    person's (``person``): a surname ("Stephen King", "Jean-Michel Priest")."""
    evidence: Counter = Counter()
    while start < end and (
        _norm(doc[start]) in _SKIP_HEAD
        or _norm(doc[start]) in TITLES
        or _norm(doc[start]) in ROLE_NOUNS
        or not any(c.isalnum() for c in doc[start].text)
        or (person and _capital_title(doc, start, end))
    ):
        if _norm(doc[start]) in TITLES or _norm(doc[start]) in ROLE_NOUNS or (
                person and _capital_title(doc, start, end)):
            evidence["PERSON"] += 2
        start += 1
    while end > start and (
        doc[end - 1].text in ("'s", "’s", "'", "’") or not any(c.isalnum() for c in doc[end - 1].text)
    ):
        end -= 1
    for i in range(start + 1, end):  # a mention never crosses a line, a possessive or a role
        low = _norm(doc[i])
        if (doc[i].is_space or "\n" in doc[i - 1].text_with_ws
                or (doc[i].text in ("'s", "’s") and not (body and i + 1 < end and doc[i + 1].text[:1].isupper()))
            or doc[i].text == "," or (low in ROLE_NOUNS and not (person and _role_surname(doc, i, end)))
                or low == "or"
                or (low == "and" and not (body and _body_and(doc, i, end)))
                or doc[i].text in _BRACKETS
                or _dateline(doc, i)):
            end = i
            break
    return start, end, evidence


def _capital_title(doc, i: int, end: int) -> bool:
    """Whether token ``i`` opening a person's name is an acronym title in capitals, three
    letters or more, before a name in ordinary case ("MVP Ben Zobrist", "CEO Ana Diaz");
    two letters may be a given name ("AJ Lee")."""
    tok = doc[i]
    return (len(tok.text) >= 3 and tok.text.isalpha() and tok.text.isupper() and i + 1 < end
            and doc[i + 1].text[:1].isupper() and not doc[i + 1].text.isupper())


def _role_surname(doc, i: int, end: int) -> bool:
    """The capitalised role noun at ``i`` is the surname of the name before it ("Stephen
    King", "Jean-Michel Priest"): it ends the mention (but for a "Jr."), is written as a
    name (not in capitals, not opening a sentence), and the words before it on the line are
    capitalised name words, with no capitalised word right after the mention ("White House
    Press Secretary Ana ..." is a role before a name)."""
    tok = doc[i]
    if not (tok.text[:1].isupper() and not tok.text.isupper() and tok.is_alpha) or opens_sentence(doc, i):
        return False
    if any(_norm(t) not in _SUFFIXES for t in doc[i + 1:end]):
        return False
    after = doc[end] if end < len(doc) else None
    prev = doc[i - 1]
    return (after is None or not after.text[:1].isupper()) and prev.text[:1].isupper() and not prev.text.isupper()


def _body_and(doc, i: int, end: int) -> bool:
    """The "and" at ``i`` is inside one body's name: capitalised words after it end the name
    with a body's word, and the words before it do not ("Energia Rocket and Space
    Corporation"; not "Microsoft and Amazon", "Acme Corp and Zenith Corp")."""
    ends = BODY_HEAD_WORDS | COMPANY_SUFFIXES
    return (i + 1 < end and all(t.text[:1].isupper() for t in doc[i + 1:end])
            and _norm(doc[end - 1]) in ends and _norm(doc[i - 1]) not in ends)


def _dateline(doc, i: int) -> bool:
    """Token ``i`` is a place in capitals glued after a name ("Reporting by Ana Kim SEOUL"):
    a word of four letters or more all in capitals after a word that is not."""
    tok, prev = doc[i], doc[i - 1]
    return tok.is_alpha and len(tok.text) >= 4 and tok.text.isupper() and not prev.text.isupper()


def _glue(doc, i: int) -> bool:
    """Token ``i`` is a hyphen inside a word ("Jae[-]in")."""
    return doc[i].text in _HYPHENS and i > 0 and not doc[i - 1].whitespace_ and not doc[i].whitespace_


#: Lower-case words inside a person's name, between its capitalised parts ("Bill de
#: Blasio", "Osama bin Laden", "Vincent van Gogh").
_PARTICLES = frozenset("de da di du del della der den van von bin ibn al el la le dos das ter".split())


def particle(doc, i: int, end: int) -> bool:
    """The small word at token ``i`` is a name's particle: joined by a hyphen to the
    capitalised rest of the name before ``end`` ("[al]-Adnani", "[el]-Sisi"), or one of
    :data:`_PARTICLES` between two capitalised words of it ("Bill [de] Blasio").

    >>> import spacy
    >>> doc = spacy.blank("en")("Abu Mohammad al-Adnani said")
    >>> particle(doc, 2, 5), particle(doc, 5, 6)
    (True, False)
    >>> doc = spacy.blank("en")("Mayor Bill de Blasio said")
    >>> particle(doc, 2, 4), particle(doc, 2, 3)
    (True, False)
    """
    if i + 2 < end and len(doc[i].text) <= 3 and _glue(doc, i + 1) and doc[i + 2].text[:1].isupper():
        return True
    return (0 < i and i + 1 < end and doc[i].text in _PARTICLES and doc[i - 1].text[:1].isupper()
            and doc[i + 1].text[:1].isupper())


def photo_credit(text: str) -> bool:
    """``text`` is a photo agency's credit (:data:`PHOTO_CREDITS`); a short one only in
    capitals ("REX", not the first name "Rex").

    >>> photo_credit("GETTY"), photo_credit("Getty Images"), photo_credit("REX"), photo_credit("Rex")
    (True, True, True, False)
    """
    low = text.lower()
    return low in PHOTO_CREDITS and (len(low) > 4 or text.isupper())


def after_credit(doc, start: int, end: int) -> int:
    """Where the name at tokens ``start:end`` starts once a photo credit glued before it at
    the start of a line is taken off ("GETTY Max Verstappen overtook ...", "Reuters Equifax
    claimed ..."): the credit names the picture's agency, not the caption's subject.

    >>> import spacy
    >>> doc = spacy.blank("en")("Rain fell.\\nGETTY Max Verstappen won")
    >>> after_credit(doc, 4, 7), after_credit(doc, 5, 7)
    (5, 5)
    """
    if start > 0 and "\n" not in doc[start - 1].text_with_ws:
        return start
    for n in (3, 2, 1):
        if start + n < end and doc[start + n].text[:1].isupper() \
                and photo_credit(" ".join(t.text for t in doc[start:start + n])):
            return start + n
    return start


def kind_before_name(doc, start: int, end: int) -> bool:
    """The mention opens its sentence with the kind of company it names, capitalised as the
    sentence's first word, before the name itself ("Developer Valve said", "Chipmaker
    Qualcomm said"): the kind is no part of the name."""
    word = _norm(doc[start])
    return (start + 1 < end and doc[start].text[:1].isupper() and not doc[start].text.isupper()
            and (word in COMPANY_NOUNS or word.endswith("maker")) and opens_sentence(doc, start)
            and doc[start + 1].text[:1].isupper())


def opens_sentence(doc, i: int) -> bool:
    """Token ``i`` is the first word of its sentence (or of its line)."""
    return doc[i].is_sent_start or i == 0 or "\n" in doc[i - 1].text_with_ws or doc[i - 1].text in (".", "!", "?")


def joined(doc, i: int) -> bool:
    """Token ``i`` is the part after a hyphen of one word ("Dong-yup", "Jean-Paul")."""
    return i >= 2 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_ and not doc[i - 2].whitespace_


def hyphenated_end(doc, end: int, taken) -> int:
    """The end of a name followed by a hyphenated given name the tagger cut off
    ("Kim [Dong-yup]"): a capitalised word joined by a hyphen to the next, right after
    the name on the same line.

    >>> import spacy
    >>> doc = spacy.blank("en")("Kim Dong-yup said")
    >>> hyphenated_end(doc, 1, [False] * len(doc))
    4
    """
    while (end + 2 < len(doc) and doc[end - 1].whitespace_ == " " and not any(taken[end:end + 3])
           and doc[end].text[:1].isupper() and doc[end].is_alpha and not doc[end].whitespace_
           and doc[end + 1].text == "-" and not doc[end + 1].whitespace_ and doc[end + 2].is_alpha):
        end += 3
    # a double-barrelled surname the tagger cut at its hyphen: "Alayna Fodor[-Gopal]"; not
    # two names paired by a hyphen to modify a noun ("the Johnny Depp-Amber Heard case")
    while (end + 1 < len(doc) and not doc[end - 1].whitespace_ and doc[end - 1].is_alpha
           and not any(taken[end:end + 2]) and doc[end].text in ("-", "‐") and not doc[end].whitespace_
           and doc[end + 1].text[:1].isupper() and doc[end + 1].is_alpha
           and not _names_modify_a_noun(doc, end + 1)):
        end += 2
    return end


def _names_modify_a_noun(doc, i: int) -> bool:
    """The capitalised words from token ``i`` on (the part after a hyphen and the words
    after it on the line: "Depp-[Amber Heard]") are a name that modifies a common noun
    ("... case", "... summit"), as a second name of a pair does; a double first name goes
    on into its surname ("Eva-[Marie Persson] took")."""
    j = i
    while j + 1 < len(doc) and doc[j].whitespace_ == " " and doc[j + 1].is_alpha and doc[j + 1].text[:1].isupper() \
            and not opens_sentence(doc, j + 1):
        j += 1
    last = doc[j]
    return j > i and last.dep_ in ("compound", "nmod") and last.head.pos_ == "NOUN" and last.head.i > j


__all__ = ["after_credit", "hyphenated_end", "joined", "kind_before_name", "opens_sentence", "particle",
           "photo_credit", "trim"]
