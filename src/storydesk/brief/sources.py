"""The ``Source`` object every brief section cites (see docs/brief-contract.md)."""

from __future__ import annotations

from ..model import AnalyzedArticle


def source(item: AnalyzedArticle, start: int, end: int) -> dict:
    """``{"article_id", "outlet", "start", "end", "excerpt"}`` for ``start:end`` of the
    article's body; the excerpt is exactly that slice of the body text."""
    text = item.article.text
    if not 0 <= start <= end <= len(text):
        raise ValueError(f"span {start}:{end} is outside article {item.article.id}")
    return {
        "article_id": item.article.id,
        "outlet": item.article.outlet,
        "start": start,
        "end": end,
        "excerpt": text[start:end],
    }
