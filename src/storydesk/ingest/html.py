"""HTML pages: main text and metadata through trafilatura.

``extract_html`` is the extraction step alone (used by the extraction benchmark);
``read_html`` makes an :class:`~storydesk.model.Article` of a page.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ..errors import InputError
from ..model import Article
from .common import make_article, outlet_from_url

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Extracted:
    text: str
    title: str | None
    published: str | None
    authors: tuple[str, ...]
    outlet: str | None
    url: str | None


def extract_html(data: bytes | str, url: str | None = None) -> Extracted | None:
    """Main text and metadata of a page, or None when it holds no article text."""
    import trafilatura

    doc = trafilatura.bare_extraction(
        data,
        url=url,
        with_metadata=True,
        include_comments=False,
        include_tables=True,
        favor_recall=True,
    )
    if doc is None:
        return None
    meta = doc.as_dict() if hasattr(doc, "as_dict") else dict(doc)
    text = (meta.get("text") or "").strip()
    if not text:
        return None
    page_url = meta.get("url") or url
    authors = tuple(a.strip() for a in (meta.get("author") or "").split(";") if a.strip())
    outlet = meta.get("sitename") or outlet_from_url(page_url) or meta.get("hostname")
    return Extracted(
        text=text,
        title=meta.get("title"),
        published=meta.get("date"),
        authors=authors,
        outlet=outlet,
        url=page_url,
    )


def read_html(data: bytes, source: str, url: str | None = None) -> Article:
    extracted = extract_html(data, url=url or (source if source.startswith("http") else None))
    if extracted is None:
        raise InputError(source, "HTML page has no article text")
    return make_article(
        text=extracted.text,
        source=source,
        format="html",
        raw=data.decode("utf-8", errors="replace"),
        title=extracted.title,
        outlet=extracted.outlet,
        published=extracted.published,
        url=extracted.url,
        authors=extracted.authors,
    )
