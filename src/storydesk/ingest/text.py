"""Plain-text articles, as pasted from a web page.

Recognised by general rules, not by matching particular articles:

- an optional leading ``date YYYY-MM-DD`` marker gives the publication date;
- a first line that is short and has no final punctuation, followed by a blank line or
  the body, is the headline;
- photo captions are dropped: lines carrying a credit in parentheses ("(Photo Credits:
  ...)", "(Photo: ...)"), and at the end of the article a credit line ("Name Name /
  Agency") with the caption line just before it.

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


def read_text(text: str, source: str) -> Article:
    """One article from plain text; raises :class:`InputError` when no body remains."""
    original = text
    published = None
    marker = _DATE_MARKER.match(text)
    if marker:
        published = marker.group(1)
        text = text[marker.end():]
    lines = [line.rstrip() for line in text.splitlines()]

    title = None
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is not None:
        if _is_caption(lines[first]):
            lines[first] = ""
        elif _is_short_unpunctuated(lines[first]):
            rest = [line for line in lines[first + 1:] if line.strip()]
            if rest:  # a headline needs a body after it
                title = lines[first].strip()
                lines[first] = ""

    lines = ["" if _is_caption(line) else line for line in lines]

    # Trailing caption block: a credit line, and the caption line(s) just before it.
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end and _CREDIT_LINE.search(lines[end - 1].strip()) and _is_short_unpunctuated(lines[end - 1], 30):
        end -= 1
        while end and _is_short_unpunctuated(lines[end - 1], 15):
            end -= 1
        lines = lines[:end]

    body = re.sub(r"\n{3,}", "\n\n", "\n".join(line for line in lines)).strip()
    if not body:
        raise InputError(source, "no article text (only a headline or captions)")
    return make_article(
        text=body, source=source, format="text", raw=original,
        title=title, published=published,
    )
