"""HTML pages: main text and metadata.

``extract_html`` is the extraction step alone (the extraction benchmark measures exactly
this function); ``read_html`` makes an :class:`~storydesk.model.Article` of a page.

Extraction is a short cascade, each step for a failure seen on real pages
(``benchmarks/extraction.py`` measures it):

1. trafilatura in precision mode, which leaves out more of the related-links lists,
   teasers and newsletter boxes that sit inside article containers;
2. trafilatura's default mode when precision mode keeps almost nothing (under
   :data:`SHORT` characters) and the default mode finds more than :data:`CUT` times as
   much: precision mode then cut into the article itself (a page whose only text
   precision mode trusts is a reprint notice);
3. readability-lxml's text instead, when it holds what trafilatura found and more than as
   much again: trafilatura stopped early (at an inline ad or a widget mid-article);
4. a line precision mode cut words out of mid-sentence (an inline link in an element
   whose class it takes for boilerplate: "has reported that [the NFL will fine him] for
   his role") is taken whole from readability's text when readability has the same line
   with the words in place (:func:`restore_cut_words`);
5. a first line that repeats the page's title is dropped: the title is kept apart, in
   ``Article.title``.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass

from ..config import DEFAULTS
from ..errors import InputError
from ..model import Article
from .common import make_article, outlet_from_url
from .markup import fragment_text

log = logging.getLogger(__name__)

#: Precision-mode text shorter than this many characters is checked against default mode ...
SHORT = 1000
#: ... whose text replaces it when it is more than this many times longer.
CUT = 5.0
#: Readability's text replaces trafilatura's when it is this many times longer ...
LONGER = 2.0
#: ... and holds at least this share of trafilatura's word 4-grams.
COVERS = 0.9

#: Less text than this (word characters, in all and on the longest line; characters, not
#: words, so that languages written without spaces count alike) is not an article: it is
#: what is left of a login page, an index or a consent wall.
MIN_CHARS = 50
MIN_LINE_CHARS = 25

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Extracted:
    text: str
    title: str | None
    published: str | None
    authors: tuple[str, ...]
    outlet: str | None
    url: str | None


def _trafilatura(data: bytes | str, url: str | None, precision: bool) -> dict | None:
    import trafilatura

    doc = trafilatura.bare_extraction(
        data,
        url=url,
        with_metadata=True,
        include_comments=False,
        include_tables=True,
        favor_precision=precision,
    )
    if doc is None:
        return None
    meta = doc.as_dict() if hasattr(doc, "as_dict") else dict(doc)
    return meta if (meta.get("text") or "").strip() else None


def _readability(data: bytes | str) -> str:
    from readability import Document

    try:
        return fragment_text(Document(data).summary(html_partial=True))
    except Exception as exc:  # readability raises bare Exceptions on odd pages
        log.debug("readability found no text: %s", exc)
        return ""


def _grams(text: str, n: int = 4) -> Counter:
    words = _WORD.findall(text.lower())
    return Counter(tuple(words[i : i + n]) for i in range(max(0, len(words) - n + 1)))


def covers(longer: str, shorter: str) -> float:
    """The share of ``shorter``'s word 4-grams that ``longer`` also holds.

    >>> covers("one two three four five six", "two three four five")
    1.0
    >>> covers("one two three four", "five six seven eight")
    0.0
    """
    want = _grams(shorter)
    if not want:
        return 0.0
    have = _grams(longer)
    return sum(min(c, have[g]) for g, c in want.items()) / sum(want.values())


#: A line taken whole from the fuller text has at most this many times the cut line's words.
RESTORE_AT_MOST = 1.5


def restore_cut_words(text: str, fuller: str) -> str:
    r"""``text`` with each line that another extractor's ``fuller`` text of the page holds
    only with more words in it (same first and last words, every word of the line in
    order, at most :data:`RESTORE_AT_MOST` times as many) replaced by that fuller line.

    >>> restore_cut_words("He has reported that for his role in the fight on Sunday.\nNext.",
    ...                   "Intro.\nHe has reported that the league will fine him for his role in the fight on Sunday.")
    'He has reported that the league will fine him for his role in the fight on Sunday.\nNext.'
    """
    fuller_lines = [(line.strip(), _WORD.findall(line.lower())) for line in fuller.splitlines()]
    printed = {tuple(words) for _, words in fuller_lines}
    at = 0  # the lines of the two texts come in the same order: a repeated line is matched in turn
    out = []
    for line in text.splitlines():
        words = _WORD.findall(line.lower())
        whole = None
        if len(words) >= 8 and tuple(words) not in printed:  # not a line of its own there (a list's items)
            for i in range(at, len(fuller_lines)):
                longer = fuller_lines[i][1]
                if (len(words) < len(longer) <= RESTORE_AT_MOST * len(words) and longer[:3] == words[:3]
                        and longer[-3:] == words[-3:] and _in_order(words, longer)):
                    whole, at = fuller_lines[i][0], i + 1
                    break
        out.append(whole if whole is not None else line)
    return "\n".join(out)


def _in_order(words: list[str], longer: list[str]) -> bool:
    rest = iter(longer)
    return all(w in rest for w in words)


def _norm(line: str) -> str:
    return " ".join(_WORD.findall(line.lower()))


def drop_title_line(text: str, title: str | None) -> str:
    """``text`` without a first line that only repeats ``title``.

    >>> drop_title_line("Big news\\nThe body.", "Big News")
    'The body.'
    >>> drop_title_line("The body.", "Big news")
    'The body.'
    """
    first, sep, rest = text.partition("\n")
    if title and rest.strip() and _norm(first) and _norm(first) == _norm(title):
        return rest.lstrip("\n")
    return text


def is_article_text(text: str) -> bool:
    r"""Enough words, some of them in running text, to be an article.

    >>> is_article_text("Home\nNews\nSport\nWeather\nContact us\nSign in\nSubscribe")
    False
    >>> is_article_text("The storm reached the coast on Monday night, cutting power to 40,000 homes.")
    True
    >>> is_article_text("先日、不正に改造したiPhoneを販売したとして、商標法違反の疑いで20代の男性が逮捕されたというニュースを耳にしました。")
    True
    """  # noqa: E501 - one sentence of Japanese, kept whole
    lines = [sum(len(w) for w in _WORD.findall(line)) for line in text.splitlines()]
    return sum(lines) >= MIN_CHARS and max(lines, default=0) >= MIN_LINE_CHARS


def extract_html(data: bytes | str, url: str | None = None) -> Extracted | None:
    """Main text and metadata of a page, or None when it holds no article text."""
    meta = _trafilatura(data, url, precision=True)
    if meta is None or len(meta["text"]) < SHORT:
        wider = _trafilatura(data, url, precision=False)
        if wider is not None and (meta is None or len(wider["text"]) > CUT * len(meta["text"])):
            meta = wider
    if meta is None:
        return None
    text = meta["text"].strip()
    fuller = _readability(data)
    if len(fuller) > LONGER * len(text) and covers(fuller, text) >= COVERS:
        log.debug("readability's text is fuller (%d > %d chars): using it", len(fuller), len(text))
        text = fuller
    elif fuller:
        text = restore_cut_words(text, fuller)
    text = drop_title_line(text, meta.get("title"))
    if not is_article_text(text):
        log.debug("too little text for an article: %r", text[:80])
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


#: What :func:`markup_tags` does not count: (opener, closer) of scripts, styles, comments.
_NOT_MARKUP = ((b"<script", b"</script"), (b"<style", b"</style"), (b"<!--", b"-->"))
#: Elements that never hold others (they do not deepen the nesting).
_VOID = frozenset(b"area base br col embed hr img input link meta param source track wbr".split())
_TAG_RE = re.compile(rb"<(/?)([a-zA-Z][^\s/>]*)[^>]*?(/?)>")
#: libxml2, lxml's parser, stops reading an HTML tree deeper than this.
PARSER_DEPTH = 255


def markup_tags(data: bytes) -> int:
    """Tags of a page outside its scripts, styles and comments: a cheap measure of what
    extraction will cost, taken before it (linear, a few finds per script).

    >>> markup_tags(b"<p>a</p><script>if (a<b) {}</script><!-- <x> -->")
    2
    """
    low = data.lower()
    total, pos = low.count(b"<"), 0
    nexts = [low.find(opener) for opener, _ in _NOT_MARKUP]
    while True:
        live = [(start, i) for i, start in enumerate(nexts) if start >= 0]
        if not live:
            return total
        start, i = min(live)
        closer = _NOT_MARKUP[i][1]
        end = low.find(closer, start + 1)
        end = len(low) if end < 0 else end + len(closer)
        total -= low.count(b"<", start, end)
        pos = end + 1
        nexts = [n if n >= pos or n < 0 else low.find(op, pos) for n, (op, _) in zip(nexts, _NOT_MARKUP)]


def nesting_depth(data: bytes) -> int:
    """How deep the page's elements nest (void elements and unclosed ones counted
    leniently: an end tag closes back to its element, or is ignored).

    >>> nesting_depth(b"<html><body><div><p>x<br></p></div></body></html>")
    4
    """
    stack: list[bytes] = []
    open_count: Counter = Counter()  # membership in ``stack`` without scanning it
    deepest = 0
    for found in _TAG_RE.finditer(data):
        closing, name, selfclosing = found.groups()
        name = name.lower()
        if closing:
            if open_count[name]:
                while True:
                    top = stack.pop()
                    open_count[top] -= 1
                    if top == name:
                        break
        elif not selfclosing and name not in _VOID:
            stack.append(name)
            open_count[name] += 1
            deepest = max(deepest, len(stack))
    return deepest


def read_html(data: bytes, source: str, url: str | None = None, *, max_tags: int = DEFAULTS.max_html_tags) -> Article:
    """An article from a page's bytes, decoded by its byte-order mark, UTF-8, its declared
    charset or detection (see :func:`storydesk.ingest.decode.decode_markup`), which is
    also how its raw text is kept. A page of more than ``max_tags`` tags (outside scripts,
    styles and comments) is rejected before extraction: no article page has that many."""
    from .decode import decode_markup

    tags = markup_tags(data)
    if tags > max_tags:
        raise InputError(source, f"HTML page has {tags:,} tags, over the max_html_tags limit of "
                                 f"{max_tags:,} (article pages have a few thousand): not extracted")
    markup, encoding = decode_markup(data)
    extracted = extract_html(markup, url=url or (source if source.startswith("http") else None))
    if extracted is None:
        depth = nesting_depth(data)
        if depth > PARSER_DEPTH:
            raise InputError(source, f"HTML page nests elements {depth:,} levels deep; the HTML "
                                     f"parser reads {PARSER_DEPTH} levels, and found no article text above them")
        raise InputError(source, "HTML page has no article text")
    return make_article(
        text=extracted.text,
        source=source,
        format="html",
        raw=markup,
        title=extracted.title,
        outlet=extracted.outlet,
        published=extracted.published,
        url=extracted.url,
        authors=extracted.authors,
        encoding=encoding,
    )
