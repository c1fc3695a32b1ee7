"""Bytes to text, by detection: a byte-order mark decides (UTF-8, UTF-16, UTF-32); else
UTF-8 when the bytes are valid UTF-8 (or nearly: a few bad bytes in UTF-8 text are
replaced, and the encoding recorded says so); else the encoding charset-normalizer finds, with
Windows-1252 (the usual legacy encoding of news text in Western languages, a superset of
Latin-1's printable characters) preferred when it reads the text at least as cleanly.
Only what no encoding reads as text is rejected.

>>> decode_text("Caf\\u00e9 news".encode("cp1252"), "x.txt")
('Café news', 'cp1252')
>>> decode_text("\\ufeffHi".encode("utf-16-le"), "x.txt")
('Hi', 'utf-16')
>>> decode_text(b"plain", "x.txt")
('plain', 'utf-8')
"""

from __future__ import annotations

import re

from ..errors import InputError

#: Byte-order marks, longest first (a UTF-32 LE mark starts with the UTF-16 LE one).
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "utf-32"),
    (b"\xef\xbb\xbf", "utf-8", "utf-8"),
    (b"\xff\xfe", "utf-16-le", "utf-16"),
    (b"\xfe\xff", "utf-16-be", "utf-16"),
)
#: Decoded text messier than this (charset-normalizer's mess ratio) is not text.
MAX_MESS = 0.2


def bom_encoding(data: bytes) -> tuple[str, str, int] | None:
    """(codec, name recorded, BOM length) when ``data`` starts with a byte-order mark."""
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            return codec, name, len(bom)
    return None


def decode_bom(data: bytes, source: str) -> tuple[str, str] | None:
    """(text, encoding) of data that starts with a byte-order mark, else None; raises
    :class:`InputError` when the mark's encoding does not read the rest."""
    found = bom_encoding(data)
    if found is None:
        return None
    codec, name, skip = found
    try:
        return data[skip:].decode(codec), name
    except UnicodeDecodeError as exc:
        raise InputError(
            source,
            f"starts with a {name.upper()} byte-order mark but is not valid {name.upper()} "
            f"(bad bytes at offset {exc.start + skip})",
        ) from None


def decode_text(data: bytes, source: str) -> tuple[str, str]:
    """(text, encoding name) of ``data``; raises :class:`InputError` when no encoding
    reads it as text."""
    by_bom = decode_bom(data, source)
    if by_bom is not None:
        return by_bom
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        not_utf8 = f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not UTF-8"
    mostly = _mostly_utf8(data)
    if mostly is not None:
        return mostly[0], f"utf-8 ({mostly[1]} undecodable bytes replaced)"
    found = detect_legacy(data)
    if found is None:
        raise InputError(source, f"not text in any encoding ({not_utf8}, and no other "
                                 "encoding reads it as text)")
    return found


def detect_legacy(data: bytes) -> tuple[str, str] | None:
    """(text, encoding) of bytes that are not UTF-8, or None when none reads as text."""
    from charset_normalizer import from_bytes
    from charset_normalizer.md import mess_ratio

    sample = data if len(data) <= 200_000 else data[:100_000] + data[-100_000:]
    best = from_bytes(sample).best()
    candidates = []
    for codec in ("cp1252", best.encoding if best is not None else None):
        if codec is None:
            continue
        try:
            text = data.decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
        candidates.append((mess_ratio(text[:200_000], maximum_threshold=1.0), codec, text))
    if not candidates:
        return None
    mess, codec, text = min(candidates, key=lambda c: c[0])  # ties: cp1252, listed first
    if mess > MAX_MESS:
        return None
    return text, codec


def _mostly_utf8(data: bytes) -> tuple[str, int] | None:
    """(text, bad bytes) when ``data`` is UTF-8 with a few undecodable bytes: most of its
    non-ASCII characters decode as UTF-8 (text in a legacy encoding almost never forms a
    valid multi-byte UTF-8 sequence by chance: its accented letters are all bad bytes)."""
    text = data.decode("utf-8", errors="replace")
    bad = text.count("\ufffd") - data.count(b"\xef\xbf\xbd")
    good = len(text) - len(text.encode("ascii", "ignore")) - bad
    return (text, bad) if good > bad else None


_CHARSET = re.compile(rb"""<meta[^>]{0,200}?charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]{1,40})""", re.I)


def decode_markup(data: bytes) -> tuple[str, str]:
    """(text, encoding) of an HTML page: a byte-order mark, else UTF-8, else the charset
    its ``<meta>`` declares, else detection; a mostly-UTF-8 page with a few bad bytes is
    read as UTF-8 with those replaced (and the encoding says so), as browsers do."""
    by_bom = decode_bom(data, "<page>") if bom_encoding(data) else None
    if by_bom is not None:
        return by_bom
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    declared = _CHARSET.search(data[:16384])
    if declared:
        codec = declared.group(1).decode("ascii").lower()
        if codec not in ("utf-8", "utf8"):
            try:
                return data.decode(codec), codec
            except (LookupError, UnicodeDecodeError):
                pass
    mostly = _mostly_utf8(data)
    if mostly is not None:
        return mostly[0], f"utf-8 ({mostly[1]} undecodable bytes replaced)"
    found = detect_legacy(data)
    if found is not None:
        return found
    return data.decode("utf-8", errors="replace"), "utf-8 (undecodable bytes replaced)"
