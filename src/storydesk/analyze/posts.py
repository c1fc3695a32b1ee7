"""Embedded social posts: tweets and Instagram/Facebook posts an outlet copied into its text.

When an outlet embeds a post, the text that reaches us is the post's text followed by a
*signature* the platform's embed code prints:

- Twitter: ``<text> — Name (@handle) February 1, 2020``, either with the signature on a
  line of its own after the post's paragraph, or run together inside one paragraph
  (often after a ``pic.twitter.com/...`` link, sometimes straight after the text:
  ``THE NERVE#Tag — Name (@handle) February 1, 2020``);
- Instagram: ``<caption> A post shared by Name (@handle) on Feb 1, 2020 at 3:01pm PST``,
  often preceded by "View this post on Instagram";
- Facebook: ``<text> Posted by Name on Saturday, February 1, 2020``.

The signature is found by its shape; the post's text is found by general rules, never by
its content: it starts at the start of the paragraph that holds the signature, or at the
end of the previous signature when several posts share a paragraph; when the signature
stands alone on its line, the post is the paragraph before it. In text whose paragraphs
are single lines (HTML pages after extraction) a post may span several lines: lines above
are taken while the post fits its platform's length limit, up to a blank line, a line
that ends a sentence, or a subheading (so a post's first line is lost when it ends with a
full stop: precision first). A paragraph that mixes prose and a post cannot be split
by such rules: its prose then counts as the post's text.

Spans: ``Post.start:end`` covers the whole embed, the post's text AND its signature (and a
"View this post on Instagram" line), i.e. everything that is not the article's prose, so
the pipeline can keep it out of sentences, entities and quotes. ``Post.text`` is the post's
own text, found inside the span: ``p.text in body[p.start:p.end]``; it starts the span
except after an Instagram header.

>>> body = "Fans reacted.\\n\\nSo true #Justice pic.twitter.com/Ab12 — Jo (@jo_b) February 1, 2020"
>>> [(p.author, p.handle, p.date, p.text) for p in find_posts(body)]
[('Jo', 'jo_b', '2020-02-01', 'So true #Justice pic.twitter.com/Ab12')]
"""

from __future__ import annotations

import re

from ..model import Post
from .dates_patterns import MONTHS
from .tags import find_links, find_tags

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"  # noqa: E501 - one pattern
_WEEKDAY = r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?"
# "February 1, 2020" (US) or "1 February 2020" (UK)
_DATE = rf"(?P<date>{_WEEKDAY}(?:{_MONTH}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}\s+{_MONTH},?\s+\d{{4}}))"
_AUTHOR = r"(?P<author>[^\n—–()@]{0,60}?)"
_HANDLE = r"\(@(?P<handle>\w{1,30}(?:\.\w+)*)\)"

# The signature shapes, each with the platform it implies (None: decided from links).
_SIGNATURES = [
    (re.compile(rf"(?:—|–|--|(?<!\S)-)[ \t]*{_AUTHOR}[ \t]*{_HANDLE}[ \t]*{_DATE}"), None),
    (
        re.compile(
            rf"A post shared by[ \t]+{_AUTHOR}[ \t]*{_HANDLE}[ \t]+on[ \t]+{_DATE}"
            r"(?:[ \t]+at[ \t]+\d{1,2}:\d{2}\s*[ap]\.?m\.?(?:[ \t]+[A-Z]{2,4}\b)?)?"
        ),
        "instagram",
    ),
    (re.compile(rf"Posted by[ \t]+(?P<author>[^\n—–()@]{{1,60}}?)[ \t]+on[ \t]+{_DATE}"), "facebook"),
]
_INSTAGRAM_HEADER = re.compile(r"(?:^|\n)[ \t]*View this post on Instagram\s*$", re.IGNORECASE)
_SENTENCE_END = ".!?:\"”’)"
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def parse_date(value: str) -> str | None:
    """ISO date of a signature date ("February 1, 2020", "1 Feb 2020", "Sat, Feb 1, 2020").

    >>> parse_date("Saturday, February 1, 2020"), parse_date("1 Feb. 2020"), parse_date("Feb 30, 2020")
    ('2020-02-01', '2020-02-01', None)
    """
    import datetime as dt

    words = re.findall(r"[A-Za-z]+|\d+", value)
    month = next((MONTHS[w.lower()] for w in words if w.lower() in MONTHS), None)
    numbers = [int(w) for w in words if w.isdigit()]
    if month is None or len(numbers) < 2:
        return None
    day, year = numbers[0], numbers[-1]
    try:
        return dt.date(year, month, day).isoformat()
    except ValueError:
        return None


def _platform(links: list[str], default: str | None) -> str:
    if default:
        return default
    if any("instagram.com" in link or "instagr.am" in link for link in links):
        return "instagram"
    return "twitter"  # the "— Name (@handle) Date" signature is Twitter's embed


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _length(text: str) -> int:
    """A post's length as Twitter counts it: a link is 23 characters, an attached
    picture's link (pic.twitter.com) none."""
    links = find_links(text)
    return len(text.strip()) - sum(
        len(link.text) - (0 if link.text.startswith("pic.twitter.com/") else 23) for link in links)


def _limit(platform: str | None, date: str) -> int:
    """The most characters one post can hold (with some slack for how outlets copy it)."""
    if platform in ("instagram", "facebook"):
        return 2200
    return 300 if date >= "2017-11-07" else 160  # Twitter: 280 characters, 140 before


def _is_heading(line: str) -> bool:
    """A subheading ("The Hashtag Was The Top Trend"): capitalised words, no final stop."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’]*", line) if len(w) > 3]
    return len(words) >= 2 and all(w[0].isupper() for w in words) and line.rstrip()[-1:] not in ".!?\"”"


def _extend_lines(text: str, start: int, sig_start: int, floor: int, limit: int) -> int:
    """In text whose paragraphs are single lines, a post may span several of them: take
    the lines above while the post still fits its platform's limit, stopping at a blank
    line, a line that ends a sentence (prose, or a lead-in ending with ":") and a
    subheading."""
    while start > floor:
        above = max(_line_start(text, start - 1), floor)
        line = text[above : start - 1]
        if not line.strip() or line.rstrip()[-1] in _SENTENCE_END or _is_heading(line):
            break  # a post's own line breaks rarely follow a full stop; prose lines do
        if _length(text[above:sig_start]) > limit:
            break
        start = above
    return start


def _text_start(text: str, sig_start: int, floor: int, blank_lines: bool, limit: int) -> int:
    """Where the post ending at ``sig_start`` starts (never before ``floor``)."""
    line = max(_line_start(text, sig_start), floor)
    if text[line:sig_start].strip():
        start = line  # the signature runs on after the post in the same paragraph
    else:  # the signature stands alone: the post is the paragraph before it
        end = line - 1
        while end > floor and text[end - 1].isspace():
            end -= 1
        if end <= floor or text[end - 1] == ":":
            return line  # "See the tweet below:" introduces an embed whose text was lost
        if blank_lines:  # paragraphs are separated by blank lines: one may span lines
            breaks = [m.end() for m in _BLANK_LINE.finditer(text, floor, end)]
            start = breaks[-1] if breaks else floor
            if _length(text[start:end]) <= limit:
                return start
        start = max(_line_start(text, end), floor)
    return start if blank_lines else _extend_lines(text, start, sig_start, floor, limit)


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _signatures(text: str) -> list[tuple[re.Match, str | None]]:
    found: list[tuple[re.Match, str | None]] = []
    for pattern, platform in _SIGNATURES:
        for m in pattern.finditer(text):
            if not any(m.start() < o.end() and o.start() < m.end() for o, _ in found):
                found.append((m, platform))
    return sorted(found, key=lambda item: item[0].start())


def find_posts(text: str) -> list[Post]:
    """The social posts embedded in ``text``, in order (see the module docstring)."""
    posts = []
    floor = 0  # the end of the previous embed: a post never starts before it
    blank_lines = _BLANK_LINE.search(text) is not None
    for sig, platform in _signatures(text):
        date = parse_date(sig.group("date"))
        if date is None:
            continue
        limit = _limit(platform, date)
        start, text_end = _strip(text, _text_start(text, sig.start(), floor, blank_lines, limit), sig.start())
        span_start = start
        header = _INSTAGRAM_HEADER.search(text, floor, span_start) if platform == "instagram" else None
        if header:  # the embed's header is not the article's prose, nor the post's text
            span_start = header.start() + (text[header.start()] == "\n")
        body = text[start:text_end]
        links = [link.text for link in find_links(body)]
        hashtags = tuple(t.text for t in find_tags(body) if t.kind == "hashtag")
        author = (sig.group("author") or "").strip() or None
        handle = sig.groupdict().get("handle")
        posts.append(
            Post(
                start=span_start,
                end=sig.end(),
                platform=_platform(links, platform),
                text=body,
                author=author,
                handle=handle,
                date=date,
                hashtags=hashtags,
                links=tuple(links),
            )
        )
        floor = sig.end()
    return posts


__all__ = ["find_posts", "parse_date"]
