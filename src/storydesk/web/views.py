"""Plain functions that shape store data for the page templates. How a brief itself is
shown (citation labels, speakers, doubts) is :mod:`storydesk.brief.render.shape`, shared
with the CLI's renderers; ``by_date`` and ``coverage_phrase`` come from there too."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote, urlencode

from markupsafe import Markup, escape

from ..brief.render.shape import by_date, coverage_phrase  # noqa: F401 - the front page uses them


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


def trend_axis(trends: Sequence[dict]) -> tuple[str, str] | None:
    """The first and last time bucket over all ``trends``, so their charts share an axis.

    >>> trend_axis([{"volume": [{"bucket": "2020-02-02"}]}, {"volume": [{"bucket": "2020-01-31"}]}])
    ('2020-01-31', '2020-02-02')
    """
    buckets = sorted(str(v["bucket"]) for t in trends for v in t.get("volume") or () if v.get("bucket"))
    return (buckets[0], buckets[-1]) if buckets else None


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
