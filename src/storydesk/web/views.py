"""Plain functions that shape the brief and store data for the page templates."""

from __future__ import annotations

import re
from typing import Iterable, Sequence
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape


def cite_href(source: dict) -> str:
    """The link that opens a cited article with the cited span highlighted.

    >>> cite_href({"article_id": "ab/c", "start": 3, "end": 9})
    '/articles/ab%2Fc?start=3&end=9#hl'
    """
    query = urlencode({"start": int(source["start"]), "end": int(source["end"])})
    return f"/articles/{quote(str(source['article_id']), safe='')}?{query}#hl"


def article_href(article_id: str) -> str:
    return f"/articles/{quote(str(article_id), safe='')}"


def story_href(story_id: str) -> str:
    return f"/stories/{quote(str(story_id), safe='')}"


def source_names(articles: Sequence[dict]) -> dict[str, str]:
    """A short name for each article of a story, for citation links: its outlet, with a
    number when the outlet is unknown or has several articles.

    >>> source_names([{"id": "a", "outlet": "X"}, {"id": "b", "outlet": None},
    ...               {"id": "c", "outlet": "Y"}, {"id": "d", "outlet": "Y"}])
    {'a': 'X', 'b': 'source 2', 'c': 'Y 3', 'd': 'Y 4'}
    """
    counts: dict[str | None, int] = {}
    for a in articles:
        counts[a.get("outlet")] = counts.get(a.get("outlet"), 0) + 1
    names = {}
    for i, a in enumerate(articles, 1):
        outlet = a.get("outlet")
        names[a["id"]] = (f"source {i}" if not outlet else outlet if counts[outlet] == 1
                          else f"{outlet} {i}")
    return names


def articles_of(sources: Iterable[dict]) -> list[str]:
    """Distinct articles cited by ``sources``, in order of first citation.

    >>> articles_of([{"article_id": "b"}, {"article_id": "a"}, {"article_id": "b"}])
    ['b', 'a']
    """
    return list(dict.fromkeys(s["article_id"] for s in sources))


def trend_axis(trends: Sequence[dict]) -> tuple[str, str] | None:
    """The first and last time bucket over all ``trends``, so their charts share an axis.

    >>> trend_axis([{"volume": [{"bucket": "2020-02-02"}]}, {"volume": [{"bucket": "2020-01-31"}]}])
    ('2020-01-31', '2020-02-02')
    """
    buckets = sorted(str(v["bucket"]) for t in trends for v in t.get("volume") or () if v.get("bucket"))
    return (buckets[0], buckets[-1]) if buckets else None


def quotes_by_speaker(quotes: Sequence[dict]) -> list[tuple[str | None, list[dict]]]:
    """Quotes grouped by speaker: speakers quoted most first, unattributed quotes last.

    >>> [(s, len(q)) for s, q in quotes_by_speaker(
    ...     [{"speaker": "A"}, {"speaker": None}, {"speaker": "B"}, {"speaker": "B"}])]
    [('B', 2), ('A', 1), (None, 1)]
    """
    groups: dict[str | None, list[dict]] = {}
    for q in quotes:
        groups.setdefault(q.get("speaker"), []).append(q)
    return sorted(groups.items(), key=lambda kv: (kv[0] is None, -len(kv[1])))


def distinct_variants(quote: dict) -> list[dict]:
    """A quote's variants whose wording differs from the quote's own text, once each."""
    seen = {quote.get("text", "")}
    out = []
    for v in quote.get("variants", ()):
        if v.get("text") not in seen:
            seen.add(v.get("text"))
            out.append(v)
    return out


#: The match markers of :meth:`storydesk.store.Store.search` snippets.
MATCH_START, MATCH_END = "\x02", "\x03"


def snippet_parts(snippet: str) -> list[tuple[str, bool]]:
    """A search snippet as (text, is_match) runs, markers dropped; a stray marker never
    leaves a match open past the snippet.

    >>> snippet_parts("a [b] \x02<c>\x03 d\x03")
    [('a [b] ', False), ('<c>', True), (' d', False)]
    """
    parts: list[tuple[str, bool]] = []
    is_match = False
    for piece in re.split(f"([{MATCH_START}{MATCH_END}])", snippet):
        if piece in (MATCH_START, MATCH_END):
            is_match = piece == MATCH_START
        elif piece:
            parts.append((piece, is_match))
    return parts


def snippet_markup(snippet: str) -> Markup:
    """A search snippet escaped, its matches in ``<mark>``; brackets stay text.

    >>> str(snippet_markup("[a] \x02<b>\x03 c"))
    '[a] <mark>&lt;b&gt;</mark> c'
    """
    return Markup("".join(f"<mark>{escape(text)}</mark>" if is_match else str(escape(text))
                          for text, is_match in snippet_parts(snippet)))


def by_date(articles: Sequence[dict]) -> list[dict]:
    """Articles oldest first, undated last.

    >>> [a["id"] for a in by_date([{"id": 1, "published": None}, {"id": 2, "published": "2020"}])]
    [2, 1]
    """
    return sorted(articles, key=lambda a: (a.get("published") is None, a.get("published") or ""))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def coverage_phrase(articles: Sequence[dict]) -> str:
    """How many articles from how many outlets, articles with no outlet counted apart
    (not lumped into one "unknown outlet").

    >>> coverage_phrase([{"outlet": "X"}, {"outlet": "X"}, {"outlet": "Y"}])
    '3 articles from 2 outlets'
    >>> coverage_phrase([{"outlet": "X"}, {"outlet": None}, {"outlet": None}])
    '3 articles: 1 from 1 outlet, 2 with no outlet named'
    >>> coverage_phrase([{"outlet": None}])
    '1 article with no outlet named'
    """
    named = [a["outlet"] for a in articles if a.get("outlet")]
    unnamed = len(articles) - len(named)
    outlets = _count(len(set(named)), "outlet")
    if not unnamed:
        return f"{_count(len(named), 'article')} from {outlets}"
    if not named:
        return f"{_count(unnamed, 'article')} with no outlet named"
    return f"{_count(len(articles), 'article')}: {len(named)} from {outlets}, {unnamed} with no outlet named"


def cite_labels(sources: Sequence[dict], names: dict[str, str]) -> list[tuple[dict, str]]:
    """Each citation with its link text: the article's short name, numbered from its
    second passage on, so that two links never read the same.

    >>> [label for _, label in cite_labels([{"article_id": "a"}, {"article_id": "b", "outlet": "Y"},
    ...                                     {"article_id": "a"}], {"a": "X"})]
    ['X', 'Y', 'X, passage 2']
    """
    seen: dict[str, int] = {}
    out = []
    for s in sources:
        name = names.get(s.get("article_id")) or s.get("outlet") or "source"
        seen[name] = seen.get(name, 0) + 1
        out.append((s, name if seen[name] == 1 else f"{name}, passage {seen[name]}"))
    return out


def group_trends(trends: Sequence[dict]) -> list[dict]:
    """Trends grouped by the story that explains them, in the order of each group's first
    term (the listing puts new bursts first, then the strongest); terms with no story are
    kept as their own group (``story_id`` None).

    >>> [len(g["terms"]) for g in group_trends([{"term": "a", "story_id": "s1"}, {"term": "b"},
    ...                                          {"term": "c", "story_id": "s1"}])]
    [2, 1]
    """
    groups: dict[str, dict] = {}
    for t in trends:
        key = t.get("story_id") or f"term:{t.get('term')}"
        group = groups.setdefault(key, {"story_id": t.get("story_id"),
                                        "headline": t.get("headline"), "terms": []})
        group["terms"].append(t)
    return list(groups.values())
