"""Sentence spans from a parsed document.

spaCy's parser sometimes runs a sentence over a line break (a caption line into the
first paragraph, a headline into the text after it). A line break always ends a
sentence here: paragraphs are lines of the body text.
"""

from __future__ import annotations

import re

from ..model import Sentence

_LINE = re.compile(r"[^\n]+")
_MARKER = re.compile(r"[-•*–▪·][ \t]+")


def split_lines(text: str, start: int, end: int) -> list[Sentence]:
    """The non-blank lines of ``text[start:end]`` as spans, white space trimmed, and a list
    item's marker ("- ", "• ") left out: the reader writes it for a page's list, the page
    does not print it as words.

    >>> split_lines("One.\\n\\n  Two. \\n", 0, 15)
    [Sentence(start=0, end=4), Sentence(start=8, end=12)]
    >>> split_lines("- Retire early.", 0, 15)
    [Sentence(start=2, end=15)]
    """
    out = []
    for m in _LINE.finditer(text, start, end):
        line = m.group()
        s = m.start() + (len(line) - len(line.lstrip()))
        marker = _MARKER.match(text, s, m.end())
        if marker is not None:
            s = marker.end()
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
    return fix_stray_quotes(text, out)


def _attach_lone_marks(text: str, sentences: list[Sentence]) -> list[Sentence]:
    """A "sentence" that is only quotation marks joins the next sentence on its line when
    it opens (white space before, none after), else the sentence before it."""
    out: list[Sentence] = []
    pending: int | None = None  # start of a lone opening mark waiting for its sentence
    for k, sent in enumerate(sentences):
        piece = text[sent.start:sent.end]
        if piece and all(c in _QUOTES for c in piece):
            nxt = sentences[k + 1] if k + 1 < len(sentences) else None
            opens = (nxt is not None and nxt.start == sent.end
                     and (sent.start == 0 or text[sent.start - 1].isspace()))
            if opens:
                pending = sent.start
                continue
            if out and "\n" not in text[out[-1].end:sent.start]:
                out[-1] = Sentence(out[-1].start, sent.end)
                continue
        if pending is not None:
            sent, pending = Sentence(pending, sent.end), None
        out.append(sent)
    return out


_QUOTES = "\"'“”‘’"


def fix_stray_quotes(text: str, sentences: list[Sentence]) -> list[Sentence]:
    """Move a quotation mark the parser left on the wrong side of a boundary: an opening
    mark ending a sentence (``... Johnny. '``) goes to the next sentence on its line, a
    closing mark starting one (``” He said``) to the sentence before.

    >>> t = "Fans rallied. 'Justice For Johnny' trended."
    >>> [t[s.start:s.end] for s in fix_stray_quotes(t, [Sentence(0, 15), Sentence(15, 43)])]
    ['Fans rallied.', "'Justice For Johnny' trended."]
    >>> t = "Fans rallied. 'Justice' trended."
    >>> [t[s.start:s.end] for s in fix_stray_quotes(t, [Sentence(0, 13), Sentence(14, 15),
    ...                                                  Sentence(15, 32)])]
    ['Fans rallied.', "'Justice' trended."]
    >>> t = "“We won.” He left."
    >>> [t[s.start:s.end] for s in fix_stray_quotes(t, [Sentence(0, 8), Sentence(8, 18)])]
    ['“We won.”', 'He left.']
    """
    out = _attach_lone_marks(text, sentences)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        between = text[a.end:b.start]
        if "\n" in between or between.strip():
            continue
        if (b.end - a.start > 2 and a.end - a.start >= 2 and text[a.end - 1] in _QUOTES
                and text[a.end - 2].isspace()):  # "... Johnny. '" + "Justice ..."
            cut = a.end - 1
            end = cut
            while end > a.start and text[end - 1].isspace():
                end -= 1
            if end > a.start:
                out[i], out[i + 1] = Sentence(a.start, end), Sentence(cut, b.end)
        elif (b.end - b.start >= 2 and text[b.start] in _QUOTES and text[b.start + 1].isspace()
              and text[a.end - 1] in ".!?"):  # "... won." + "” He left."
            start = b.start + 1
            while start < b.end and text[start].isspace():
                start += 1
            if start < b.end:
                out[i], out[i + 1] = Sentence(a.start, b.start + 1), Sentence(start, b.end)
    return out
