"""Tell an input's format from its content, not its name.

>>> detect(b'{"title": "x", "text": "y"}')
'json'
>>> detect(b'<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>')
'feed'
>>> detect(b"<!DOCTYPE html><html><body><p>Hi</p></body></html>")
'html'
>>> detect(b"A short article. It has sentences in it, like news does.")
'text'
>>> detect(b'<?xml version="1.0"?><!-- ' + b"x" * 5000 + b' --><rss version="2.0"></rss>')
'feed'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ..errors import InputError
from .decode import decode_text

_MAGIC = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"PK\x03\x04", "a ZIP archive (or an Office document)"),
    (b"\x7fELF", "an executable"),
    (b"SQLite format 3", "an SQLite database"),
    (b"BZh", "a bzip2 archive"),
    (b"\xfd7zXZ", "an xz archive"),
    (b"RIFF", "a media file"),
    (b"ID3", "an MP3 file"),
    (b"OggS", "an Ogg media file"),
)

_FEED = re.compile(rb"<(rss|feed|rdf:RDF)[\s>]", re.I)
#: What may come before a document's first element: white space, an XML declaration or
#: processing instruction, a comment, a DOCTYPE (each one a step of :func:`_first_element`).
_PROLOG = (
    (re.compile(rb"\s+"), None),
    (re.compile(rb"<\?"), b"?>"),
    (re.compile(rb"<!--"), b"-->"),
    (re.compile(rb"<!doctype", re.I), b">"),
)
_HTML = re.compile(rb"<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]", re.I)
_TAG = re.compile(rb"</?(p|div|span|article|a|br|h[1-6]|section|main)[\s>/]", re.I)
_XML = re.compile(rb"^\s*<\?xml", re.I)


def _binary_kind(data: bytes) -> str | None:
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    head = data[:4096]
    if b"\x00" in head:
        return "a binary file (it contains NUL bytes; UTF-16 text needs a byte-order mark)"
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    if head and controls / len(head) > 0.05:
        return "a binary file (it is full of control characters)"
    return None


@dataclass(frozen=True)
class Sniffed:
    """An input's format and, for the formats that carry no encoding declaration of their
    own (JSON, JSONL, plain text), its text and the encoding it was decoded with."""

    kind: str
    text: str | None = None
    encoding: str | None = None


def _first_element(data: bytes, pos: int = 0) -> int:
    """Where the first element starts (from ``pos``), past an XML declaration, comments
    and a DOCTYPE however long (a feed may open with a long licence comment)."""
    while pos < len(data):
        for opener, closer in _PROLOG:
            found = opener.match(data, pos)
            if found is None:
                continue
            if closer is None:
                pos = found.end()
            else:
                end = data.find(closer, found.end())
                pos = len(data) if end < 0 else end + len(closer)
            break
        else:
            return pos
    return pos


def detect(data: bytes, source: str = "<input>") -> str:
    """One of ``html``, ``feed``, ``json``, ``jsonl``, ``text`` (see :func:`sniff`)."""
    return sniff(data, source).kind


def sniff(data: bytes, source: str = "<input>") -> Sniffed:
    """The input's format (and text, for JSON, JSONL and plain text); raises
    :class:`InputError` naming ``source`` and the reason when the input is empty,
    binary, text in no encoding, or of an unknown format."""
    if not data.strip():
        raise InputError(source, "empty input")
    kind = _binary_kind(data)
    if kind:
        raise InputError(source, f"unsupported format: {kind}")
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        first = _first_element(data, 3 if data.startswith(b"\xef\xbb\xbf") else 0)
        if _FEED.match(data, first):
            return Sniffed("feed")
        if _HTML.search(data, 0, first + 65536) or _TAG.search(data, 0, first + 65536):
            return Sniffed("html")
        if _XML.match(head):
            raise InputError(source, "unknown format: an XML document that is not an RSS or Atom feed")
    text, encoding = decode_text(data, source)
    stripped = text.lstrip()
    if stripped.startswith("["):
        return Sniffed("json", text, encoding)
    if stripped.startswith("{"):
        return Sniffed(_json_or_jsonl(stripped), text, encoding)
    table = _delimiter(text)
    if table:
        raise InputError(
            source,
            f"unknown format: a table ({table}-separated values); "
            "convert it to JSON or JSONL records (see --field)",
        )
    _check_prose(text, source)
    return Sniffed("text", text, encoding)


def _delimiter(text: str, probe: int = 5) -> str | None:
    r"""The delimiter's name when ``text`` reads as a CSV/TSV table: a header line without
    a full stop, then lines that all split into the same number (3 or more) of columns.

    >>> _delimiter("id,title,text\n1,Vote,Council voted\n2,Fire,Crews contain fire\n")
    'comma'
    >>> _delimiter("Rain, wind, and hail hit the coast.\nPower, water, and roads were cut.\n")
    """
    lines = [line for line in text.split("\n") if line.strip()][:probe]
    if len(lines) < 3 or "." in lines[0]:
        return None
    for char, name in ((",", "comma"), ("\t", "tab"), (";", "semicolon")):
        counts = {line.count(char) for line in lines}
        if len(counts) == 1 and counts.pop() >= 2:
            return name
    return None


def _json_or_jsonl(text: str, probe: int = 5) -> str:
    r"""``json`` for one document (even a malformed one, whose error then names its line),
    ``jsonl`` when whole records sit one a line (bad lines are then rejected one by one).

    >>> _json_or_jsonl('{"a": 1}\n{"a": 2}')
    'jsonl'
    >>> _json_or_jsonl('{\n  "a": 1,\n  "b": oops\n}')
    'json'
    >>> _json_or_jsonl('{"a": 1, broken\n{"a": 2}')
    'jsonl'
    """
    try:
        json.loads(text)
        return "json"
    except (ValueError, RecursionError):
        pass
    lines = [line for line in text.split("\n", probe * 4)[: probe * 4] if line.strip()][:probe]
    for line in lines:
        try:
            if isinstance(json.loads(line), dict):
                return "jsonl"
        except (ValueError, RecursionError):
            continue
    return "json"


def _check_prose(text: str, source: str) -> None:
    visible = [c for c in text if not c.isspace()]
    letters = sum(1 for c in visible if c.isalpha())
    if len(text.split()) < 5:
        raise InputError(source, "too little text to be an article (fewer than 5 words)")
    if letters / len(visible) < 0.5:
        raise InputError(
            source, "unknown format: not HTML, JSON, a feed or prose (too few letters)"
        )
