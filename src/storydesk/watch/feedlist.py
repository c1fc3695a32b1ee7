"""What the user points the desk at: feed URLs, text files of URLs (one a line, ``#``
comments) and OPML files (what every feed reader exports). Each bad entry is a
:class:`~storydesk.model.Rejection` naming the file, the line and the problem; the good
ones are kept.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "feeds.txt").write_text("# my feeds\\nhttps://a.example/rss\\nftp://b.example/x\\n")
>>> found, bad = read_feed_list(["https://c.example/feed", str(folder / "feeds.txt")])
>>> [f.url for f in found]
['https://c.example/feed', 'https://a.example/rss']
>>> print(bad[0].reason)
not an http(s) URL: 'ftp://b.example/x'
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..model import Rejection
from .urls import is_web_url

log = logging.getLogger(__name__)

#: A feed list larger than this is not read (a list of feeds, not a data dump).
MAX_LIST_BYTES = 5_000_000


@dataclass(frozen=True)
class FeedRef:
    url: str
    title: str | None = None
    site_url: str | None = None
    source: str | None = None  # the file it came from


def _looks_like_opml(data: bytes) -> bool:
    head = data[:2048].lstrip().lower()
    return head.startswith(b"<?xml") and b"<opml" in data[:4096].lower() or head.startswith(b"<opml")


def read_opml(data: bytes, source: str) -> tuple[list[FeedRef], list[Rejection]]:
    """The feeds of an OPML file (every ``outline`` with an ``xmlUrl``, folders walked)."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, recover=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        return [], [Rejection(source, f"OPML is not well-formed XML: {exc}")]
    if root.tag.lower() != "opml":
        return [], [Rejection(source, f"not OPML: the root element is <{root.tag}>")]
    found: list[FeedRef] = []
    bad: list[Rejection] = []
    for outline in root.iter("outline"):
        attrs = {k.lower(): v for k, v in outline.attrib.items()}
        url = (attrs.get("xmlurl") or "").strip()
        title = attrs.get("title") or attrs.get("text")
        if not url:
            if len(outline) == 0:  # a folder has children; a leaf without xmlUrl is a mistake
                bad.append(Rejection(source, f"outline {title!r} has no xmlUrl", outline.sourceline))
            continue
        if not is_web_url(url):
            bad.append(Rejection(source, f"outline {title!r}: xmlUrl is not an http(s) URL: {url!r}",
                                 outline.sourceline))
            continue
        found.append(FeedRef(url, title or None, attrs.get("htmlurl") or None, source))
    if not found and not bad:
        bad.append(Rejection(source, "OPML lists no feeds"))
    return found, bad


def _read_text_list(data: bytes, source: str) -> tuple[list[FeedRef], list[Rejection]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return [], [Rejection(source, f"feed list is not UTF-8 text (byte {exc.start})")]
    found, bad = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        url = line.split()[0]
        if is_web_url(url):
            found.append(FeedRef(url, source=source))
        else:
            bad.append(Rejection(source, f"not an http(s) URL: {url!r}", number))
    if not found and not bad:
        bad.append(Rejection(source, "feed list names no feed"))
    return found, bad


def read_feed_list(args: Iterable[str]) -> tuple[list[FeedRef], list[Rejection]]:
    """Feeds named by command-line arguments: URLs, text files of URLs, OPML files."""
    found: list[FeedRef] = []
    bad: list[Rejection] = []
    for arg in args:
        if is_web_url(arg):
            found.append(FeedRef(arg.strip()))
            continue
        path = Path(arg)
        if not path.is_file():
            bad.append(Rejection(arg, "neither an http(s) URL nor a readable file"))
            continue
        try:
            if path.stat().st_size > MAX_LIST_BYTES:
                bad.append(Rejection(arg, f"feed list is over {MAX_LIST_BYTES} bytes"))
                continue
            data = path.read_bytes()
        except OSError as exc:
            bad.append(Rejection(arg, f"cannot read: {exc.strerror or exc}"))
            continue
        reader = read_opml if _looks_like_opml(data) else _read_text_list
        more, wrong = reader(data, arg)
        found.extend(more)
        bad.extend(wrong)
    seen: set[str] = set()
    unique = []
    for f in found:
        if f.url not in seen:
            seen.add(f.url)
            unique.append(f)
    return unique, bad
