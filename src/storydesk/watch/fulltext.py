"""An entry as an article: the feed's own text when it is the whole article, else the
linked page read through the same HTML path as ``storydesk ingest``, the feed's title,
date and authors filling what the page lacks.

An entry is a summary when its text is shorter than ``watch_summary_chars`` or ends in a
truncation mark ("…", "[...]", "Read more", "Continue reading"); the page's text is
used when it is at least ``watch_full_text_ratio`` times longer than the entry's (a
page that yields less is a paywall, a consent wall or an extraction failure).

>>> from storydesk.config import Settings
>>> s = Settings(watch_summary_chars=100)
>>> is_summary("A short teaser.", s), is_summary("x " * 80 + "Continue reading »", s)
(True, True)
>>> is_summary("word " * 40, s), is_summary("tiny", s.replace(watch_full_text="never"))
(False, False)
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import replace

from ..config import Settings
from ..errors import InputError
from ..ingest.common import make_article, parse_published
from ..ingest.html import read_html
from ..model import PRECISIONS, Article
from .entries import Entry, FeedDoc
from .urls import canonical_url

log = logging.getLogger(__name__)

_TRUNCATED = re.compile(
    r"(?:…|\.\.\.|\[\s*(?:…|\.\.\.)\s*\]|read more|continue reading|read the (?:full|rest)[\w ]*)"
    r"\W{0,4}$",
    re.IGNORECASE,
)


def is_summary(text: str, settings: Settings) -> bool:
    """Does this entry text look like a teaser rather than the article?"""
    if settings.watch_full_text == "never":
        return False
    if settings.watch_full_text == "always":
        return True
    text = text.strip()
    return len(text) < settings.watch_summary_chars or bool(_TRUNCATED.search(text[-60:]))


def feed_article(entry: Entry, doc: FeedDoc, feed_url: str) -> Article | None:
    """The entry as its feed gives it (None when it has no text)."""
    if not entry.text:
        return None
    return make_article(
        text=entry.text, source=f"{feed_url}#{entry.key}", format=doc.format,
        raw=entry.markup, title=entry.title, outlet=doc.outlet, published=entry.published,
        url=entry.link, authors=entry.authors,
    )


def page_article(entry: Entry, doc: FeedDoc, page: bytes, page_url: str, settings: Settings,
                 read: Callable[[bytes, str], Article] = read_html) -> Article | None:
    """The linked page as the article, with the feed's metadata where the page has none;
    None when the page holds no fuller text than the entry. ``read`` extracts it (the
    watcher's: :meth:`storydesk.quarantine.Guard.read_html`, within the page budget in a
    worker process that is replaced now and then, as ``ingest`` reads pages)."""
    try:
        article = read(page, page_url)
    except InputError as exc:
        log.info("page %s gives no article (%s): the feed's text is kept", page_url, exc.reason)
        return None
    if len(article.text) < settings.watch_full_text_ratio * len(entry.text):
        log.info("page %s has no fuller text than its feed entry (%d vs %d characters): the feed's is kept",
                 page_url, len(article.text), len(entry.text))
        return None
    published, precision = article.published, article.precision
    fed, fed_precision = parse_published(entry.published) if entry.published else (None, None)
    if fed is not None and (published is None or (
            PRECISIONS.index(fed_precision) > PRECISIONS.index(precision) and fed.startswith(published))):
        published, precision = fed, fed_precision  # the feed's date is as sure and more precise
    filled = replace(
        article,
        title=article.title or entry.title,
        outlet=article.outlet or doc.outlet,
        authors=article.authors or entry.authors,
        url=canonical_url(article.url) or entry.link,  # the address the outlet declares, if any
    )
    rebuilt = make_article(
        text=filled.text, source=page_url, format="html", raw=filled.raw, title=filled.title,
        outlet=filled.outlet, published=None, url=filled.url, authors=filled.authors,
    )
    return replace(rebuilt, published=published, precision=precision)
