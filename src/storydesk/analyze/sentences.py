"""Sentence spans from a parsed document.

spaCy's parser sometimes runs a sentence over a line break (a caption line into the
first paragraph, a headline into the text after it). A line break always ends a
sentence here: paragraphs are lines of the body text.
"""

from __future__ import annotations

import re

from ..model import Sentence

_LINE = re.compile(r"[^\n]+")


def split_lines(text: str, start: int, end: int) -> list[Sentence]:
    """The non-blank lines of ``text[start:end]`` as spans, white space trimmed.

    >>> split_lines("One.\\n\\n  Two. \\n", 0, 15)
    [Sentence(start=0, end=4), Sentence(start=8, end=12)]
    """
    out = []
    for m in _LINE.finditer(text, start, end):
        line = m.group()
        s = m.start() + (len(line) - len(line.lstrip()))
        e = m.end() - (len(line) - len(line.rstrip()))
        if e > s:
            out.append(Sentence(s, e))
    return out


def find_sentences(doc, text: str | None = None) -> list[Sentence]:
    """Sentences of ``doc`` with character offsets, white space trimmed, empty ones
    dropped, never across a line break. ``text`` is ``doc.text`` when the caller has it
    (spaCy rebuilds ``Doc.text`` from every token on each access)."""
    if text is None:
        text = doc.text
    out = []
    for sent in doc.sents:
        out.extend(split_lines(text, sent.start_char, sent.end_char))
    return out
