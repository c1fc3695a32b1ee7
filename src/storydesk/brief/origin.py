"""The brief's ``origin``: the outlet the articles credit with the scoop.

Found by the wording outlets use to credit one another: "obtained by X", "provided to
X", "released by X", "first reported by X", "published by X", "leaked to X",
"X reported", "according to X", where X is a capitalised name, possibly after a short
description ("UK tabloid the X"). Names of people the articles mention are not outlets.
"Y told X" is not a credit: a statement given to an outlet says nothing of who broke
the story (a lawyer tells every outlet that calls).
Names are normalised so that one outlet written several ways counts once: case, a
leading "The", a web suffix (".com", ".co.uk", ...) and spacing do not matter.

The outlet credited by the most articles wins (ties: more credits, then first seen);
``sources`` are the sentences that credit it. ``None`` when no article credits anyone.

>>> outlet_key("The Daily Mail"), outlet_key("DailyMail.com"), outlet_key("dailymail.co.uk")
('dailymail', 'dailymail', 'dailymail')
>>> [m.group("name") for m in _CREDIT.finditer("the tape, released by UK tabloid the Daily Mail, shows")]
['Daily Mail']
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ..model import AnalyzedArticle
from .sources import source

_VERBS = (
    r"obtained|provided|released|published|leaked|first\s+reported|reported|broken|broke|"
    r"revealed|given|sent|shared|aired|broadcast|posted"
)
_DESCRIPTION = (
    r"(?:(?:[A-Z]{2,3}|British|American|Australian|Canadian|local|celebrity|entertainment|"
    r"gossip|news|online|tabloid|newspaper|magazine|website|site|outlet|paper|broadcaster|"
    r"network|channel|publication|daily|weekly)\s+){0,3}"
)
_NAME = r"(?P<name>[A-Z][\w&'’.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'’.-]*){0,4})"
_CREDIT = re.compile(
    rf"\b(?:(?:{_VERBS})\s+(?:exclusively\s+|first\s+)?(?:by|to)|according\s+to)\s+"
    rf"(?:the\s+|The\s+)?{_DESCRIPTION}(?:the\s+|The\s+)?{_NAME}"
    rf"|\b(?:obtained|released)\s+(?:and\s+\w+\s+)?(?P<bare>(?:the\s+)?[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){{0,3}})"
    rf"(?=\s*[,.;]|\s+(?:in|on|last|this|earlier)\b)"
)
_NOT_OUTLETS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december today i he she they we it "
    "police court officials authorities investigators prosecutors reporters".split()
)
_WEB_SUFFIX = re.compile(r"\.(?:com|co\.uk|org|net|news|tv|co|uk|us|au|ca|ie|in)$")


def outlet_key(name: str) -> str:
    """A name normalised for comparing outlets (see the module doc)."""
    key = name.strip().lower()
    key = re.sub(r"^the\s+", "", key)
    key = re.sub(r"^www\.", "", key)
    key = _WEB_SUFFIX.sub("", key)
    key = _WEB_SUFFIX.sub("", key)
    return re.sub(r"[^\w&]+", "", key)


def _clean_name(name: str) -> str:
    name = re.sub(r"[’']s$", "", name.strip())
    name = name.rstrip(".,;:'’")
    return re.sub(r"^(?:the|The)\s+", "", name)


def _person_words(item: AnalyzedArticle) -> set[str]:
    words = set()
    for e in item.analysis.entities:
        if e.type == "PERSON":
            words.update(w.lower() for w in re.findall(r"\w+", e.canonical + " " + e.text))
    return words


def _sentence_of(item: AnalyzedArticle, pos: int) -> tuple[int, int]:
    """The analysed sentence around ``pos``; without sentences, the stretch between
    sentence-ending punctuation or line breaks."""
    text = item.article.text
    for s in item.analysis.sentences:
        if s.start <= pos < s.end <= len(text):
            return s.start, s.end
    before = [m.end() for m in _BOUNDARY.finditer(text, 0, pos)]
    start = before[-1] if before else 0
    after = _BOUNDARY.search(text, pos)
    end = after.start() + 1 if after else len(text)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


_BOUNDARY = re.compile(r"[.!?](?=\s)|\n")


def credits(item: AnalyzedArticle) -> list[tuple[str, int, int]]:
    """(outlet name, sentence start, sentence end) of each credit in one article."""
    text = item.article.text
    people = _person_words(item)
    out = []
    for m in _CREDIT.finditer(text):
        raw = m.group("name") or m.group("bare")
        name = _clean_name(raw)
        words = [w.lower() for w in re.findall(r"\w+", name)]
        if not words or words[0] in _NOT_OUTLETS or all(w in people for w in words):
            continue
        if m.group("bare") and not _looks_like_outlet(name):
            continue
        start, end = _sentence_of(item, m.start())
        out.append((name, start, end))
    return out


_MEDIA_WORDS = re.compile(
    r"\b(?:Times|Post|News|Mail|Journal|Guardian|Telegraph|Herald|Tribune|Gazette|Press|"
    r"Daily|Weekly|Magazine|Radio|TV|Network|Media|Wire|Reuters|Chronicle|Observer|Sun|Star|"
    r"Express|Mirror|Today|Insider|Report|Review)\b|\.\w{2,3}$"
)


def _looks_like_outlet(name: str) -> bool:
    return bool(_MEDIA_WORDS.search(name)) or (name.isupper() and 2 <= len(name) <= 6)


def build_origin(analyzed: list[AnalyzedArticle], notes: list[str] | None = None) -> dict | None:
    """``{"outlet", "sources"}`` for the outlet most articles credit, or None."""
    by_key: dict[str, list[tuple[int, str, int, int]]] = defaultdict(list)
    order: list[str] = []
    for index, item in enumerate(analyzed):
        for name, start, end in credits(item):
            key = outlet_key(name)
            if key not in by_key:
                order.append(key)
            by_key[key].append((index, name, start, end))
    if not by_key:
        if notes is not None:
            notes.append("origin: no article credits an outlet with the story")
        return None

    def rank(key: str) -> tuple:
        hits = by_key[key]
        return (-len({h[0] for h in hits}), -len(hits), order.index(key))

    best = min(by_key, key=rank)
    hits = by_key[best]
    names = Counter(h[1] for h in hits)
    outlet = min(names, key=lambda n: (-names[n], "." in n, n))
    seen: set[tuple[int, int]] = set()
    sources = []
    for index, _, start, end in hits:
        if (index, start) not in seen:
            seen.add((index, start))
            sources.append(source(analyzed[index], start, end))
    result = {"outlet": outlet, "sources": sources}
    origin_articles = [a.article.id for a in analyzed
                       if a.article.outlet and outlet_key(a.article.outlet) == best]
    if origin_articles:
        result["article_ids"] = origin_articles
    return result
