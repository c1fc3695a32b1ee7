"""Plain-text articles, as pasted from a web page.

Recognised by general rules, not by matching particular articles:

- an optional leading ``date YYYY-MM-DD`` marker gives the publication date;
- a first line that is short and has no final punctuation, followed by a blank line or
  the body, is the headline;
- photo captions are dropped: lines carrying a credit in parentheses ("(Photo Credits:
  ...)", "(Photo: ...)") or starting with one ("Photo: ..."), and caption paragraphs
  that end in a credit line ("Name Name / Agency") after short unpunctuated caption lines.

Only whole lines are removed, and the remaining lines are kept as they are (trailing
white space aside), so every span of the body appears verbatim in the input.
"""

from __future__ import annotations

import re

from ..errors import InputError
from ..model import Article
from .common import make_article

_DATE_MARKER = re.compile(r"^\s*date\s+(\d{4}-\d{2}-\d{2})\b[ \t]*")
_FINAL_PUNCT = tuple('.!?:;"”’\'…)')
_CREDIT_PAREN = re.compile(
    r"\((?:photo|image|picture|pic|video)s?\s*(?:credits?|courtesy|source)?\s*:[^)]*\)\s*$",
    re.I,
)
_CREDIT_PREFIX = re.compile(r"^(?:photo|image|picture|credit|photograph)s?\s*(?:credits?)?\s*:", re.I)
# "... Giuseppe Cacace / Getty", "Jane Doe/AP Photo", "John Smith / Reuters"
_CREDIT_LINE = re.compile(
    r"(?:^|\s)(?:[A-Z][\w.'’-]*\s+){0,3}[A-Z][\w.'’-]*\s*/\s*[A-Z][\w&.'’ -]{1,40}$"
)
_MAX_HEADLINE_WORDS = 25


def _is_short_unpunctuated(line: str, max_words: int = _MAX_HEADLINE_WORDS) -> bool:
    line = line.strip()
    return bool(line) and len(line.split()) <= max_words and not line.endswith(_FINAL_PUNCT)


def _is_caption(line: str) -> bool:
    line = line.strip()
    if len(line.split()) > 40:
        return False
    return bool(_CREDIT_PAREN.search(line) or _CREDIT_PREFIX.match(line))


def _is_credit_line(line: str) -> bool:
    line = line.strip()
    return bool(_CREDIT_LINE.search(line)) and _is_short_unpunctuated(line, 30)


def _drop_credit_paragraphs(lines: list[str]) -> list[str]:
    """Blank out photo-caption paragraphs: a paragraph (lines between blank lines) whose
    last line ends in a "Name Name / Agency" credit and whose other lines are short and
    unpunctuated (the caption, often repeated just before its credit).

    >>> _drop_credit_paragraphs(["Body.", "", "A tram at dusk", "A tram at dusk Jo Lee / AP"])
    ['Body.', '', '', '']
    >>> _drop_credit_paragraphs(["He said the vote was close.", "Jo Lee / AP"])
    ['He said the vote was close.', 'Jo Lee / AP']
    """
    out = list(lines)
    start = 0
    for end in range(len(lines) + 1):
        if end < len(lines) and lines[end].strip():
            continue
        block = lines[start:end]
        if (
            block
            and _is_credit_line(block[-1])
            and all(_is_short_unpunctuated(line, 15) for line in block[:-1])
        ):
            out[start:end] = [""] * len(block)
        start = end + 1
    return out


def read_text(text: str, source: str, encoding: str | None = None) -> Article:
    """One article from plain text; raises :class:`InputError` when no body remains."""
    original = text
    published = None
    marker = _DATE_MARKER.match(text)
    if marker:
        published = marker.group(1)
        text = text[marker.end():]
    lines = ["" if _is_caption(line) else line.rstrip() for line in text.splitlines()]
    lines = _drop_credit_paragraphs(lines)

    title = None
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None and _is_short_unpunctuated(lines[first]):
        if any(line.strip() for line in lines[first + 1:]):  # a headline needs a body after it
            title = lines[first].strip()
            lines[first] = ""

    body = re.sub(r"\n{3,}", "\n\n", "\n".join(line for line in lines)).strip()
    if not body:
        raise InputError(source, "no article text (only a headline or captions)")
    return make_article(
        text=body, source=source, format="text", raw=original,
        title=title, published=published, encoding=encoding,
    )
