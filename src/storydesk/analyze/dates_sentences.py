"""A fast, dependency-free sentence splitter for text that has no parse: used where a
date falls outside the sentences it was given, and by the timeline summariser, which
reads thousands of articles without spaCy.

It splits at line breaks and after ``.``, ``!`` or ``?`` (and any closing quotes or
brackets) followed by white space and a capital letter, digit or opening quote, except
after common abbreviations and initials.

>>> text = "Mr. Smith met Gen. Jones on Feb. 3. They spoke.\\nThen it rained! \\"Good,\\" he said."
>>> [text[s:e] for s, e in split_sentences(text)]
['Mr. Smith met Gen. Jones on Feb. 3.', 'They spoke.', 'Then it rained!', '"Good," he said.']
"""

from __future__ import annotations

import re

_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof gen col lt sgt capt cmdr adm gov sen rep rev st jr sr inc corp co ltd "
    "no vs etc jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k u.n e.g i.e".split()
)
_BOUNDARY = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s+[\"'“‘(\[]?[A-Z0-9])|\n+")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of ``text``, white space trimmed, empty ones dropped."""
    spans = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if m.group().startswith("."):
            word = re.search(r"(\S+)$", text[start : m.start()])
            token = word.group(1).lower().lstrip("(\"'“") if word else ""
            if token in _ABBREVIATIONS or re.fullmatch(r"[a-z]", token):
                continue
        end = m.end() if not m.group().startswith("\n") else m.start()
        spans.append((start, end))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


__all__ = ["split_sentences"]
