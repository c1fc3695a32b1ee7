"""The terms whose volume trend detection follows: hashtags, entity names and salient
phrases of an article or a social post.

A term's identity is its case-folded text (``#justicefor...`` and ``#JusticeFor...`` are
one hashtag); its display form is the first spelling seen. Each article or post counts a
term at most once, so a volume is a number of documents, not of mentions.

>>> [(t.text, t.kind) for t in post_terms("Watching the Met Gala tonight #MetGala #metgala")]
[('#MetGala', 'hashtag'), ('Met Gala', 'phrase')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..analyze.tags import find_tags
from ..model import Analysis, Article
from .features import LEAD_CHARS, capitalised_phrases

#: Entity types followed as trending names.
TREND_ENTITY_TYPES = frozenset({"PERSON", "ORG", "GPE", "LOC", "EVENT", "WORK"})
#: Capitalised words that are calendar words, not names.
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december".split()
)
KINDS = ("hashtag", "entity", "phrase")


@dataclass(frozen=True)
class Term:
    key: str  # identity: case-folded, white space collapsed
    text: str  # display form
    kind: str  # hashtag | entity | phrase


def term_key(text: str) -> str:
    """A term's identity.

    >>> term_key("  Johnny   DEPP ")
    'johnny depp'
    """
    return " ".join(text.split()).casefold()


def _distinct(terms: Iterable[Term]) -> list[Term]:
    seen: dict[str, Term] = {}
    for term in terms:
        if term.key and term.key not in seen:
            seen[term.key] = term
    return list(seen.values())


def _phrases(text: str) -> list[Term]:
    out = []
    for phrase in capitalised_phrases(text):
        key = term_key(phrase)
        if len(key) > 2 and key not in _CALENDAR:
            out.append(Term(key, phrase, "phrase"))
    return out


def _hashtags(text: str) -> list[Term]:
    return [Term(term_key(t.text), t.text, "hashtag") for t in find_tags(text) if t.kind == "hashtag"]


def article_terms(article: Article, analysis: Analysis | None = None) -> list[Term]:
    """Distinct terms of an article: its hashtags (and its embedded posts' hashtags), its
    entities' canonical names, and capitalised phrases of its title and lead that are not
    already names. Without an analysis, hashtags and capitalised phrases only."""
    terms: list[Term] = []
    if analysis is not None:
        terms += [Term(term_key(t.text), t.text, "hashtag") for t in analysis.tags if t.kind == "hashtag"]
        for post in analysis.posts:
            terms += [Term(term_key(h if h.startswith("#") else f"#{h}"),
                           h if h.startswith("#") else f"#{h}", "hashtag") for h in post.hashtags]
        terms += [Term(term_key(e.canonical), e.canonical, "entity")
                  for e in analysis.entities if e.type in TREND_ENTITY_TYPES]
    else:
        terms += _hashtags(article.text)
    terms += _phrases(f"{article.title or ''}\n{article.text[:LEAD_CHARS]}")
    return _distinct(terms)


def post_terms(text: str, hashtags: Iterable[str] = ()) -> list[Term]:
    """Distinct terms of a social post: its hashtags, then its capitalised phrases."""
    tags = [Term(term_key(h if h.startswith("#") else f"#{h}"), h if h.startswith("#") else f"#{h}",
                 "hashtag") for h in hashtags]
    return _distinct(tags + _hashtags(text) + _phrases(text))
