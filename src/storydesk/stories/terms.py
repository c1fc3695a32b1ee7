"""The terms whose volume trend detection follows: hashtags, entity names and salient
phrases of an article or a social post.

A term's identity is its key: case-folded, straight and curly apostrophes one, a
possessive ``'s`` dropped (``#justicefor...`` and ``#JusticeFor...`` are one hashtag;
"Timberlake’s" and "Timberlake" one name); its display form is the first spelling seen,
without the possessive. Each article or post counts a term at most once, so a volume
is a number of documents, not of mentions.

A capitalised phrase of an analyzed article is a term only when it is not part of one
of the article's entities, nor holds one ("Amber" beside "Amber Heard", "Feb" inside the
date "Feb. 3", "Model Chrissy Teigen" around "Chrissy Teigen"): the entity is the term.
Text in the article's boilerplate lines (lines its outlet repeats across stories, found
by the tracker) gives no terms.

>>> [(t.text, t.kind) for t in post_terms("Watching the Met Gala tonight #MetGala #metgala")]
[('#MetGala', 'hashtag'), ('Met Gala', 'phrase')]
>>> term_key("Timberlake’s"), term_key("  Johnny   DEPP ")
('timberlake', 'johnny depp')
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..analyze.tags import find_tags
from ..model import Analysis, Article
from ..text import STOP_WORDS as FUNCTION_WORDS  # the one list, without grouping's additions
from ..text import word_matches
from .features import _SENTENCE_START, LEAD_CHARS, STOP_WORDS, capitalised_phrases

#: Entity types followed as trending names.
TREND_ENTITY_TYPES = frozenset({"PERSON", "ORG", "GPE", "LOC", "EVENT", "WORK"})
#: Capitalised words that are calendar words, not names.
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december".split()
)
KINDS = ("hashtag", "entity", "phrase")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s?(?=\s|$)")


@dataclass(frozen=True)
class Term:
    key: str  # identity: case-folded, white space collapsed, possessive dropped
    text: str  # display form
    kind: str  # hashtag | entity | phrase
    type: str | None = None  # the entity type this mention was tagged with


def display(text: str) -> str:
    """A term's display form: white space collapsed, a possessive dropped.

    >>> display("Google’s"), display("#MeToo"), display("Jones'")
    ('Google', '#MeToo', 'Jones')
    """
    text = " ".join(text.split())
    return text if text.startswith("#") else _POSSESSIVE.sub("", text)


def clean_name(text: str) -> str:
    """An entity name without the words a tagger's span caught around it: leading words
    written in lower case and trailing function words ("and Google", "Interlagos In").

    >>> clean_name("and Google"), clean_name("Interlagos In"), clean_name("The Hague")
    ('Google', 'Interlagos', 'The Hague')
    """
    words = text.split()
    while words and words[0][:1].islower():
        words.pop(0)
    while len(words) > 1 and words[-1].casefold().strip(".,") in FUNCTION_WORDS:
        words.pop()
    return " ".join(words)


def term_key(text: str) -> str:
    """A term's identity.

    >>> term_key("  Johnny   DEPP "), term_key("O’Brien's"), term_key("#MeToo")
    ('johnny depp', "o'brien", '#metoo')
    """
    return display(text).replace("’", "'").casefold()


def name_words(text: str) -> tuple[str, ...]:
    """A name as comparable words (keys of its words).

    >>> name_words("Justin Timberlake’s"), name_words("Feb. 3")
    (('justin', 'timberlake'), ('feb', '3'))
    """
    return tuple(term_key(m.group()) for m in word_matches(text))


def contains(long: Sequence[str], short: Sequence[str]) -> bool:
    """``short`` is a run of consecutive words of ``long``.

    >>> contains(("amber", "heard"), ("amber",)), contains(("amber", "heard"), ("heard", "amber"))
    (True, False)
    """
    n = len(short)
    return n > 0 and any(tuple(long[i:i + n]) == tuple(short) for i in range(len(long) - n + 1))


def _distinct(terms: Iterable[Term]) -> list[Term]:
    seen: dict[str, Term] = {}
    for term in terms:
        if term.key and term.key not in seen:
            seen[term.key] = term
    return list(seen.values())


#: Lower-case words that join the parts of one name ("Promenade des Anglais", "Pirates
#: of the Caribbean"; not "for", which also ends a clause: "left Abuja for Germany").
_JOINERS = r"(?:of(?:\s+the)?|des|de|du|la|le|del|da)"
# a hyphen joins parts of a name when a capital or a short particle follows ("Mazar-i-Sharif",
# "Abu-Dhabi"), not when a word does ("Abuja-based", "Tokyo-bound")
_GLUED_AFTER = re.compile(rf"\s+{_JOINERS}\s+[A-Z]|-[A-Z]|-[a-z]{{1,3}}-[A-Z]")
_GLUED_BEFORE = re.compile(rf"[A-Z][\w'’.-]*\s+{_JOINERS}\s+$|[A-Z]\w*-$|[A-Z]\w*-[a-z]{{1,3}}-$")


def truncated(phrase: str, text: str) -> bool:
    """Every occurrence of ``phrase`` in ``text`` is only part of a longer name: joined by
    a lower-case linking word, or a hyphen, to another capitalised word.

    >>> truncated("Pirates", "He starred in Pirates of the Caribbean.")
    True
    >>> truncated("Anglais", "on the Promenade des Anglais."), truncated("Mazar", "in Mazar-i-Sharif")
    (True, True)
    >>> truncated("Abuja", "an Abuja-based group"), truncated("Abuja", "As I depart Abuja for Germany")
    (False, False)
    >>> truncated("Johnny Depp", "Johnny Depp and Amber Heard; Johnny Depp of Kentucky")
    False
    """
    found = False
    at = text.find(phrase)
    while at >= 0:
        end = at + len(phrase)
        whole = (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
        if whole:
            found = True
            if not (_GLUED_AFTER.match(text, end) or _GLUED_BEFORE.search(text[max(0, at - 40):at])):
                return False
        at = text.find(phrase, at + 1)
    return found


def _phrases(text: str) -> list[Term]:
    """Capitalised phrases that may be names: not calendar words, not a pronoun's
    contraction ("I'm": every word a stop word once its clitic is dropped), not always
    part of a longer name (:func:`truncated`)."""
    out = []
    for phrase in capitalised_phrases(text):
        key = term_key(phrase)
        if len(key) <= 2 or key in _CALENDAR:
            continue
        if all(w.split("'")[0] in STOP_WORDS for w in name_words(phrase)):
            continue
        if truncated(phrase, text):
            continue
        out.append(Term(key, display(phrase), "phrase"))
    return out


def _hashtags(text: str) -> list[Term]:
    return [Term(term_key(t.text), t.text, "hashtag") for t in find_tags(text) if t.kind == "hashtag"]


def _hashtag(text: str) -> Term:
    tag = text if text.startswith("#") else f"#{text}"
    return Term(term_key(tag), tag, "hashtag")


# -- boilerplate lines ---------------------------------------------------------------------


def lines(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, key)`` of each non-empty line of ``text``; the key (a digest of the
    line with white space collapsed) is what repeats when an outlet repeats the line.

    >>> [(s, e) for s, e, _ in lines("Sign up\\n\\n  Body text here.")]
    [(0, 7), (9, 26)]
    """
    out = []
    for m in re.finditer(r"[^\n]+", text):
        line = " ".join(m.group().split())
        if line:
            out.append((m.start(), m.end(), hashlib.blake2b(line.encode("utf-8"), digest_size=8).hexdigest()))
    return out


def _outside(spans: Sequence[tuple[int, int]], start: int) -> bool:
    return not any(s <= start < e for s, e in spans)


def _cut(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` without the ``spans`` (each left as a line break).

    >>> _cut("Sign up\\nBody text.\\nMore.", [(0, 7)])
    '\\n\\nBody text.\\nMore.'
    """
    out, at = [], 0
    for s, e in sorted(spans):
        if e <= at or s >= len(text):
            continue
        out += [text[at:max(s, at)], "\n"]
        at = e
    return "".join(out) + text[at:]


# -- terms of an article or a post ---------------------------------------------------------


def article_terms(
    article: Article, analysis: Analysis | None = None, boilerplate: Sequence[tuple[int, int]] = ()
) -> list[Term]:
    """Distinct terms of an article: its hashtags (and its embedded posts' hashtags), its
    entities' canonical names, and capitalised phrases of its title and lead that are
    neither part of an entity nor hold one. Mentions inside ``boilerplate`` spans (lines
    the outlet repeats) do not count. Without an analysis, hashtags and capitalised
    phrases only."""
    terms: list[Term] = []
    text = article.text
    if analysis is not None:
        terms += [Term(term_key(t.text), t.text, "hashtag") for t in analysis.tags
                  if t.kind == "hashtag" and _outside(boilerplate, t.start)]
        for post in analysis.posts:
            terms += [_hashtag(h) for h in post.hashtags]
        named = [e for e in analysis.entities if _outside(boilerplate, e.start)]
        terms += [Term(term_key(name), display(name), "entity", e.type)
                  for e in named if e.type in TREND_ENTITY_TYPES and (name := clean_name(e.canonical))]
        entity_words = {name_words(n) for e in analysis.entities for n in (e.text, e.canonical)}
    else:
        terms += list(_hashtags(text))
        entity_words = set()
    lead = text[:LEAD_CHARS]
    live_lead = _cut(lead, boilerplate)
    for phrase in _phrases(f"{article.title or ''}\n{live_lead}"):
        w = name_words(phrase.text)
        if any(contains(e, w) or contains(w, e) for e in entity_words):
            continue
        terms.append(phrase)
    return _distinct(terms)


def post_terms(text: str, hashtags: Iterable[str] = ()) -> list[Term]:
    """Distinct terms of a social post: its hashtags, then its capitalised phrases."""
    return _distinct([_hashtag(h) for h in hashtags] + _hashtags(text) + _phrases(text))


def case_counts(text: str, skip: Sequence[tuple[int, int]] = ()) -> Counter:
    """How ``text`` writes each word away from a sentence start: ``{(key, "upper"|"lower"): n}``.
    A word the store writes in lower case more often than capitalised is a common word,
    however often a headline capitalises it.

    >>> sorted(case_counts("The man met Man Ray. Man down.").items())
    [(('man', 'lower'), 1), (('man', 'upper'), 1), (('met', 'lower'), 1), (('ray', 'upper'), 1)]
    >>> case_counts("He was down there")  # stop words are never names: not counted
    Counter()
    """
    out: Counter = Counter()
    for m in word_matches(text):
        word = m.group()
        if not word[0].isalpha() or word.lower() in STOP_WORDS or (skip and not _outside(skip, m.start())):
            continue
        if m.start() == 0 or _SENTENCE_START.search(text, max(0, m.start() - 4), m.start()):
            continue
        if word.islower():
            out[(term_key(word), "lower")] += 1
        elif word[0].isupper():
            out[(term_key(word), "upper")] += 1
    return out
