"""The brief's ``story`` block and ``coverage``: which outlets covered the story, when.

An article's outlet is what its input said (a feed, a JSON field, a page's site); plain
text files have none, and none is invented: such articles are listed by their source.
Dates taken from the ingest time (no date in the input) are not publication dates and
are shown as ``null``.
"""

from __future__ import annotations

from collections import defaultdict

from ..model import Article


def published_day(article: Article) -> str | None:
    """The article's publication day, or None when unknown or only the ingest time."""
    if article.date_from_ingest:
        return None
    return article.published_day


def article_rows(articles: list[Article]) -> list[dict]:
    """The brief's ``story.articles``: one row per article, earliest first (undated last)."""
    rows = [{"id": a.id, "outlet": a.outlet, "title": a.title, "published": published_day(a),
             "source": a.source} for a in articles]
    return sorted(rows, key=lambda r: (r["published"] is None, r["published"] or "", r["source"], r["id"]))


def build_coverage(articles: list[Article]) -> list[dict]:
    """``[{"outlet", "source", "articles", "first_published", "last_published"}]``: one row
    per outlet, or per source for articles whose outlet is unknown; earliest first."""
    groups: dict[tuple[str, str], list[Article]] = defaultdict(list)
    for a in articles:
        key = ("outlet", a.outlet) if a.outlet else ("source", a.source)
        groups[key].append(a)
    rows = []
    for (kind, name), members in groups.items():
        days = sorted(d for d in (published_day(a) for a in members) if d)
        rows.append({
            "outlet": name if kind == "outlet" else None,
            "source": None if kind == "outlet" else name,
            "articles": len(members),
            "first_published": days[0] if days else None,
            "last_published": days[-1] if days else None,
        })
    return sorted(rows, key=lambda r: (r["first_published"] is None, r["first_published"] or "",
                                       r["outlet"] or "", r["source"] or ""))


def date_range(articles: list[Article]) -> tuple[str | None, str | None]:
    days = sorted(d for d in (published_day(a) for a in articles) if d)
    return (days[0], days[-1]) if days else (None, None)
