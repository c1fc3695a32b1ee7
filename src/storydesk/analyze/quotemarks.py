"""Pairing quotation marks: where the quoted passages of a text are.

Quotation marks are paired within one paragraph (a line of the body text) only. A mark
that pairs with nothing costs only the passage it would have opened, with a note, never
the paragraph's other quotes: the pairs around it are kept (for straight marks, only
pairs whose marks face the right way, since a stray straight mark could shift the
pairing). The news convention for a quote running over several paragraphs is understood:
a paragraph that opens a quote and leaves it open, followed by a paragraph that opens
again with a quotation mark, continues the quote; each paragraph's part is a passage
(``close`` None for the parts left open), and :mod:`.quotes` reads the parts as one
quote with one speaker.

Curly (“ ” ‘ ’), straight (" ') and guillemet (« ») marks are understood. Single marks
are read as quotation marks only where they cannot be apostrophes, and only outside
double-quoted passages; passages nested inside a quote are not returned separately.

>>> [(p.text, p.start) for p in pair_quotes('He said: "We won." Then “again”.')[0]]
[('We won.', 10), ('again', 25)]
>>> [p.text for p in pair_quotes('”We will appeal,” he said.')[0]]  # a wrong-way opening mark
['We will appeal']
>>> spans, notes = pair_quotes('She said "yes" and "no twice.')
>>> [p.text for p in spans], notes
(['yes'], ['unbalanced quotation marks in the paragraph at offset 0: the mark at offset 19 pairs with nothing; the text it opens was skipped'])
"""  # noqa: E501 - doctest output is one line

from __future__ import annotations

import re
from dataclasses import dataclass

_DOUBLE_OPEN = "“„«"
_DOUBLE_CLOSE = "”»"
_OPENERS = " \t([{—–-/\u00a0"
_WORD = re.compile(r"\w", re.UNICODE)


@dataclass(frozen=True)
class QuoteSpan:
    """A quoted passage: ``start:end`` covers the words, ``open``/``close`` the marks.

    ``close`` is None when the passage runs on to the end of its paragraph (a quote
    continued in the next paragraph). ``paragraph`` is the offset where its paragraph starts.
    """

    start: int
    end: int
    text: str
    open: int
    close: int | None
    paragraph: int
    paragraph_end: int


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank line of ``text``, white space trimmed."""
    out = []
    for m in re.finditer(r"[^\n]+", text):
        line = m.group()
        if line.strip():
            start = m.start() + len(line) - len(line.lstrip())
            end = m.end() - (len(line) - len(line.rstrip()))
            out.append((start, end))
    return out


def _direction(text: str, i: int) -> str:
    """'open', 'close' or 'either' for the straight double quote at ``i``."""
    before = text[i - 1] if i > 0 else " "
    after = text[i + 1] if i + 1 < len(text) else " "
    open_side = before in _OPENERS or before == "\n"
    close_side = after.isspace() or after in ",.;:!?)]}—–-'’"
    if open_side and not after.isspace():
        return "open"
    if close_side and not before.isspace():
        return "close"
    return "either"


def _pair_double(text: str, start: int, end: int) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Pairs of double marks in ``text[start:end]`` (outermost pairs only).

    Returns (pairs, opening marks left unpaired, closing marks with nothing to close)."""
    stack: list[tuple[int, str]] = []
    pairs: list[tuple[int, int]] = []
    stray: list[int] = []

    def close(i: int) -> None:
        if not stack:
            stray.append(i)
            return
        j, _ = stack.pop()
        pairs.append((j, i))

    for i in range(start, end):
        ch = text[i]
        if ch in _DOUBLE_OPEN or (ch == "”" and not stack and _wrong_way_opener(text, i, start, end)):
            stack.append((i, ch))
        elif ch in _DOUBLE_CLOSE:
            close(i)
        elif ch == '"':
            d = _direction(text, i)
            top_straight = bool(stack) and stack[-1][1] == '"'
            if d == "close" or (d == "either" and stack):
                close(i)
            elif d == "open" and top_straight and '"' not in text[i + 1 : end]:
                # a straight mark that looks like an opener but nothing closes after it:
                # read it as the closer of the open straight quote
                close(i)
            else:
                stack.append((i, '"'))
    outer = [(o, c) for o, c in pairs if not any(o2 < o and c < c2 for o2, c2 in pairs)]
    return sorted(outer), [j for j, _ in stack], stray


def _wrong_way_opener(text: str, i: int, start: int, end: int) -> bool:
    """A closing curly mark where only an opening one can be (`”Their aim is ...,” he
    said`: at the paragraph's start or after a space, a word right after it, and a closing
    mark later in the paragraph): a typesetting slip read as the opener it stands for."""
    before_ok = i == start or text[i - 1] in _OPENERS
    return before_ok and i + 1 < end and bool(_WORD.match(text[i + 1])) and "”" in text[i + 1 : end]


def _faces_right(text: str, open_: int, close: int) -> bool:
    """A pair kept in a paragraph with a stray mark: curly marks always; straight marks
    only when the opener looks like one and the closer too."""
    ok_open = text[open_] != '"' or _direction(text, open_) == "open"
    ok_close = text[close] != '"' or _direction(text, close) == "close"
    return ok_open and ok_close


def _single_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Single-quoted passages in ``text[start:end]`` where the marks cannot be apostrophes."""
    out = []
    i = start
    while i < end:
        ch = text[i]
        if ch in "‘'":
            before = text[i - 1] if i > start else " "
            after = text[i + 1] if i + 1 < end else " "
            if (before in _OPENERS or i == start) and _WORD.match(after):
                k = _single_close(text, i + 2, min(end, i + 400))
                if k is not None:
                    out.append((i, k))
                    i = k
        i += 1
    return out


def _single_close(text: str, start: int, end: int) -> int | None:
    """The closing single mark of a passage opened before ``start``, or None."""
    k = start
    while k < end:
        c = text[k]
        if c in "\"“":  # a double-quoted passage nested in the single-quoted one
            inner = next((j for j in range(k + 1, end) if text[j] in "\"”"), None)
            if inner is None:
                return None
            k = inner + 1
            continue
        if c in "‘”":
            return None
        if c in "’'" and not text[k - 1].isspace():
            nxt = text[k + 1] if k + 1 < len(text) else " "
            if _WORD.match(nxt):
                k += 1
                continue  # an apostrophe inside a word
            if text[k - 1] == "s" and text[k + 1 : k + 3].strip()[:1].islower():
                k += 1
                continue  # a plural possessive ("the fans’ anger")
            return k
        k += 1
    return None


def _span(text: str, open_: int, close: int | None, para: tuple[int, int]) -> QuoteSpan | None:
    s = open_ + 1
    e = close if close is not None else para[1]
    while s < e and text[s].isspace():
        s += 1
    while e > s and (text[e - 1].isspace() or text[e - 1] == ","):
        e -= 1  # a comma before the closing mark belongs to the attribution
    if e <= s:
        return None
    return QuoteSpan(s, e, text[s:e], open_, close, para[0], para[1])


def pair_quotes(text: str) -> tuple[list[QuoteSpan], list[str]]:
    """Quoted passages of ``text`` in order, and notes on what was skipped."""
    spans: list[QuoteSpan] = []
    notes: list[str] = []
    paras = paragraphs(text)
    for n, para in enumerate(paras):
        start, end = para
        pairs, unpaired, stray = _pair_double(text, start, end)
        dangling = None
        if unpaired or stray:
            pairs = [(o, c) for o, c in pairs if _faces_right(text, o, c)]
            nxt = _part_after(text, paras, n)  # a photo caption may stand between the parts
            last = unpaired[-1] if unpaired else None
            if last is not None and nxt is not None and text[nxt[0]] in _DOUBLE_OPEN + '"':
                dangling = last  # a quote continued in the next paragraph
                pairs = [(o, c) for o, c in pairs if c < last]  # the rest is nested in it
            lost = [i for i in sorted(unpaired + stray) if i != dangling]
            if lost:
                where = ", ".join(str(i) for i in lost)
                notes.append(
                    f"unbalanced quotation marks in the paragraph at offset {start}: the mark"
                    f"{'s' if len(lost) > 1 else ''} at offset {where} pair{'' if len(lost) > 1 else 's'} "
                    "with nothing; the text it opens was skipped"
                )
            if unpaired and dangling is None:
                # text after an unpaired opener may be its quote: pairs there are unreliable
                first = unpaired[0]
                pairs = [(o, c) for o, c in pairs if o < first or not _straight(text, first)]
        found = [_span(text, o, c, para) for o, c in pairs]
        inside = list(pairs)
        if dangling is not None:
            found.append(_span(text, dangling, None, para))
            inside.append((dangling, end))
        for o, c in _single_spans(text, start, end):
            if not any(a <= o <= b for a, b in inside) and not _after_unpaired(o, unpaired, dangling):
                # a double-quoted passage inside it is part of it ('... his 1st comment is "did you
                # steal them" how about ...'), not a passage of its own
                found = [f for f in found if f is None or not o < f.open < c]
                found.append(_span(text, o, c, para))
        if not found and _single_part(text, start) and not any(c in text[start:end] for c in '"“”'):
            after = _part_after(text, paras, n)
            if after is not None and _single_part(text, after[0]):
                # 'At 2,500 tons ... // 'Hold-down test fire ...': a single-quoted passage
                # continued in the next paragraph, as the double-quoted convention above
                found.append(_span(text, start, None, para))
        spans.extend(sorted((f for f in found if f is not None), key=lambda q: q.start))
    return spans, notes


def _single_part(text: str, i: int) -> bool:
    """Whether a paragraph starting at ``i`` opens with a single quotation mark (a letter
    after it: not "'90s")."""
    return text[i] in "‘'" and i + 1 < len(text) and text[i + 1].isalpha()


def _part_after(text: str, paras: list[tuple[int, int]], n: int) -> tuple[int, int] | None:
    """The paragraph after ``paras[n]``, passing over one photo caption line."""
    nxt = paras[n + 1] if n + 1 < len(paras) else None
    if nxt is not None and n + 2 < len(paras) and unfinished(text[nxt[0]:nxt[1]]):
        nxt = paras[n + 2]
    return nxt


_CLOSERS = "\"'”’»)] \t"


def unfinished(line: str) -> bool:
    """Whether a line of the page stops without a sentence's end: a photo caption or a
    heading the page left between paragraphs ("Officials at the scene on Monday"), not a
    paragraph of the story.

    >>> unfinished("Rescuers at the scene 'had no sign of it'"), unfinished("He left. 'I did.'")
    (True, False)
    """
    end = line.rstrip(_CLOSERS)
    return bool(end) and end[-1].isalnum()


def _straight(text: str, i: int) -> bool:
    return text[i] == '"'


def _after_unpaired(i: int, unpaired: list[int], dangling: int | None) -> bool:
    """Single marks after an unpaired double opener may sit inside its quote."""
    return any(u < i for u in unpaired if u != dangling)


__all__ = ["QuoteSpan", "pair_quotes", "paragraphs", "unfinished"]
