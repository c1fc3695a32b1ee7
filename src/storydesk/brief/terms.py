"""Words and content terms of a sentence, for comparing sentences across articles.

No model and no downloaded data: a fixed English stop-word list and a light suffix
stripper, so the same words written by two outlets ("leaked", "leaks") meet.

>>> content_terms("The recordings were leaked by the tabloid.")
['record', 'leak', 'tabloid']
>>> words("Heard's 'f**king' crime-scene")
["heard's", 'f**king', 'crime-scene']
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[\w*][\w*'’\-–—]*[\w*]|[\w]", re.UNICODE)

STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are as at be because been
    before being below between both but by can could did do does doing down during each few
    for from further had has have having he her here hers herself him himself his how i if in
    into is it its itself just me more most my myself no nor not now of off on once only or
    other our ours ourselves out over own same she should so some such than that the their
    theirs them themselves then there these they this those through to too under until up us
    very was we were what when where which while who whom why will with would you your yours
    yourself yourselves said says say told according one two also may might must shall
    s t don't didn't can't won't it's he's she's they're i'm i've we're that's there's
    mr mrs ms dr""".split()
)

_SUFFIXES = (
    ("ational", "ate"), ("ization", "ize"), ("iveness", "ive"), ("fulness", "ful"),
    ("ousness", "ous"), ("ements", ""), ("ement", ""), ("ments", ""), ("ment", ""),
    ("ings", ""), ("ing", ""), ("edly", ""), ("ied", "y"), ("ies", "y"), ("ed", ""),
    ("ly", ""), ("es", ""), ("s", ""),
)


def words(text: str) -> list[str]:
    """Lower-cased word tokens; apostrophes, inner hyphens and censoring asterisks stay."""
    return [w.lower() for w in _WORD.findall(text)]


def stem(word: str) -> str:
    """A light suffix strip: enough for "leaked"/"leaks"/"leaking" to meet.

    >>> [stem(w) for w in ("leaked", "leaks", "studies", "hitting", "boss")]
    ['leak', 'leak', 'study', 'hitt', 'boss']
    """
    word = word.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) <= 4 or word.endswith("ss"):
        return word
    for suffix, replacement in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)] + replacement
    return word


def content_terms(text: str) -> list[str]:
    """Stemmed words of ``text`` without stop words and one-character tokens."""
    out = []
    for w in words(text):
        w = w.replace("’", "'")
        if w in STOP_WORDS or len(w) < 2 or "*" in w:
            continue
        out.append(stem(w))
    return out
