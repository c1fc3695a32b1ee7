"""Untrusted text made safe to print on a terminal.

Article fields, file names and rejection reasons come from inputs nobody vetted. Printed
raw, an ESC sequence can clear the screen, retitle the window or recolour what follows;
a carriage return or a newline in a file name can forge a line of the ingest report
("stored 99 new article(s)"); a bidirectional override can reorder what the eye reads.
Every command prints such text through :func:`safe` (or :func:`safe_json`), which shows
those characters as visible escapes instead.

>>> safe("Title\\x1b[2J\\x07 ok")
'Title\\\\x1b[2J\\\\x07 ok'
>>> safe("file\\nstored 99 new article(s)")
'file\\\\x0astored 99 new article(s)'
>>> safe("two\\nlines\\tand a tab", multiline=True)
'two\\nlines\\tand a tab'
>>> safe("abc\\u202edcba")
'abc\\\\u202edcba'
"""

from __future__ import annotations

import json
import re
from typing import Any

#: C0 controls but tab and newline, DEL, C1 controls, and the bidirectional embedding,
#: override and isolate characters (the "Trojan Source" set) and U+2028/U+2029.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
_UNSAFE_LINE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _escape(match: re.Match) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def safe(text: Any, *, multiline: bool = False) -> str:
    """``text`` (any value, as ``str()``) with control characters shown as escapes; with
    ``multiline``, newlines and tabs are kept (a body text), else only tabs (a field)."""
    text = "" if text is None else str(text)
    return (_UNSAFE if multiline else _UNSAFE_LINE).sub(_escape, text)


def _json_escape(match: re.Match) -> str:
    return f"\\u{ord(match.group(0)):04x}"


def safe_json(data: Any, **dumps: Any) -> str:
    """``json.dumps(data)`` with every character a terminal could act on written as a
    ``\\uXXXX`` escape (still the same JSON value: ``json.loads`` reads it back).

    >>> safe_json({"t": "a\\u009bb\\u202e"})
    '{"t": "a\\\\u009bb\\\\u202e"}'
    """
    return safe_json_text(json.dumps(data, ensure_ascii=False, **dumps))


def safe_json_text(text: str) -> str:
    """JSON text with every character a terminal could act on written as a ``\\uXXXX``
    escape (outside strings JSON holds only punctuation and white space)."""
    return _UNSAFE.sub(_json_escape, text)
