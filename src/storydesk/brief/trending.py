"""The brief's ``trending`` section: the story's hashtags and how often they occur.

Every occurrence counts, in the article's prose and in the posts it embeds. Case variants
are one hashtag (``#justiceforjohnnydepp`` and ``#JusticeForJohnnyDepp``), shown in its
most common casing; on a tie, the casing with the most capitals (the one its author wrote
to be read: ``#MeToo`` over ``#metoo``), then the first seen.
"""

from __future__ import annotations

from collections import Counter

from ..model import AnalyzedArticle, Tag
from .sources import source

#: Sources listed per term: one per article, the first occurrence in each, at most this many.
MAX_SOURCES = 10


def distinct(analyzed: list[AnalyzedArticle]) -> list[AnalyzedArticle]:
    """``analyzed`` without repeats of an article (same id), in order: an article read
    twice is counted once."""
    seen: set[str] = set()
    out = []
    for a in analyzed:
        if a.article.id not in seen:
            seen.add(a.article.id)
            out.append(a)
    return out


def _display(variants: Counter, first_seen: dict[str, int]) -> str:
    return min(variants, key=lambda v: (-variants[v], -sum(c.isupper() for c in v), first_seen[v]))


def build_trending(analyzed: list[AnalyzedArticle]) -> list[dict]:
    """The hashtags of ``analyzed``, most mentioned first (see the brief contract)."""
    variants: dict[str, Counter] = {}
    first_seen: dict[str, int] = {}
    firsts: dict[str, list[tuple[AnalyzedArticle, Tag]]] = {}  # first occurrence per article
    for item in distinct(analyzed):
        seen_here: set[str] = set()
        for tag in item.analysis.tags:
            if tag.kind != "hashtag":
                continue
            key = tag.text.casefold()
            variants.setdefault(key, Counter())[tag.text] += 1
            first_seen.setdefault(tag.text, len(first_seen))
            if key not in seen_here:
                seen_here.add(key)
                firsts.setdefault(key, []).append((item, tag))
    terms: list[dict] = []
    for key, counts in variants.items():
        terms.append({
            "term": _display(counts, first_seen),
            "kind": "hashtag",
            "mentions": sum(counts.values()),
            "articles": len(firsts[key]),
            "sources": [source(item, t.start, t.end) for item, t in firsts[key][:MAX_SOURCES]],
        })
    terms.sort(key=lambda t: (-t["mentions"], -t["articles"], t["term"].casefold()))
    return terms


__all__ = ["MAX_SOURCES", "build_trending", "distinct"]
