"""Hashtags, @mentions and links: the social markup of an article's text.

Rules (Twitter's, loosened where news text glues things together):

- a hashtag is ``#`` followed by word characters with at least one letter, so ``#1`` and
  ``#2020`` are not hashtags; a hashtag glued to the word before it still counts
  (``THE NERVE#JusticeForJohnnyDepp``), because embedded posts lose their spaces when an
  outlet copies them;
- an @mention is ``@`` followed by a handle and NOT preceded by a word character, so an
  e-mail address (``press@example.com``) is not a mention;
- nothing inside a link (``https://...``, ``www...``, ``pic.twitter.com/...``) is a hashtag
  or a mention, and ``&#39;``-style HTML entities are not hashtags.

>>> [t.text for t in find_tags("THE NERVE#JusticeForJohnnyDepp, said @Dash (mail a@b.com) #1")]
['#JusticeForJohnnyDepp', '@Dash']
>>> [link.text for link in find_links("See pic.twitter.com/KJuit0LwbV and https://t.co/x1.")]
['pic.twitter.com/KJuit0LwbV', 'https://t.co/x1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Tag

_LINK = re.compile(
    r"(?:https?://|www\.)[^\s<>\"'“”‘’]+"  # scheme or www.
    r"|\b(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s<>\"'“”‘’]*",  # bare domain with a path: pic.twitter.com/x
    re.IGNORECASE,
)
_TRAILING_PUNCT = ".,;:!?)]}…"
_HASHTAG = re.compile(r"#(\w+)")
_MENTION = re.compile(r"@(\w+(?:\.\w+)*)")
_MAX_HANDLE = 30  # Instagram's limit; Twitter's is 15


@dataclass(frozen=True)
class Link:
    """A URL in the text, ``start:end`` without trailing punctuation."""

    start: int
    end: int
    text: str


def find_links(text: str) -> list[Link]:
    """The links in ``text``, in order."""
    links = []
    for m in _LINK.finditer(text):
        end = m.end()
        while end > m.start() and text[end - 1] in _TRAILING_PUNCT:
            end -= 1
        if end > m.start():
            links.append(Link(m.start(), end, text[m.start() : end]))
    return links


def _mask(text: str, links: list[Link]) -> bytearray:
    """1 for every character of ``text`` inside a link."""
    mask = bytearray(len(text))
    for link in links:
        mask[link.start : link.end] = b"\x01" * (link.end - link.start)
    return mask


def _hashtags(text: str, in_link: bytearray) -> list[Tag]:
    tags = []
    for m in _HASHTAG.finditer(text):
        body = m.group(1)
        before = text[m.start() - 1] if m.start() else ""
        # ``before`` is "" at offset 0, and "" is in every string: test it is non-empty
        if not any(c.isalpha() for c in body) or (before and before in "&#/=") or in_link[m.start()]:
            continue
        tags.append(Tag(m.start(), m.end(), m.group(0), "hashtag"))
    return tags


def _mentions(text: str, in_link: bytearray) -> list[Tag]:
    tags = []
    for m in _MENTION.finditer(text):
        before = text[m.start() - 1] if m.start() else ""
        after = text[m.end()] if m.end() < len(text) else ""
        if before and (before.isalnum() or before in "_.@!#$%&*/\\+-"):
            continue  # an e-mail address or part of a longer token
        if after == "@" or len(m.group(1)) > _MAX_HANDLE or in_link[m.start()]:
            continue
        tags.append(Tag(m.start(), m.end(), m.group(0), "mention"))
    return tags


def find_tags(text: str) -> list[Tag]:
    """Hashtags and @mentions in ``text``, in order, with exact spans (sigil included)."""
    in_link = _mask(text, find_links(text))
    return sorted(_hashtags(text, in_link) + _mentions(text, in_link), key=lambda t: t.start)


__all__ = ["Link", "find_links", "find_tags"]
