"""Where inputs come from: files, folders (recursively), ``-`` for stdin, and URLs.

Each input becomes an :class:`Input` with its raw bytes, or a
:class:`~storydesk.model.Rejection` when it cannot be read (missing, too large, ...).
"""

from __future__ import annotations

import gzip
import io
import logging
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from ..model import Rejection

log = logging.getLogger(__name__)

#: File names skipped when walking folders (hidden files, editor droppings, the store).
_SKIP_SUFFIXES = (".db", ".db-wal", ".db-shm", ".sqlite", ".pyc")


@dataclass(frozen=True)
class Input:
    source: str  # path or URL as given, "<stdin>" for standard input
    data: bytes


def is_url(path: str) -> bool:
    return path.startswith(("http://", "https://"))


def expand(paths: Iterable[str]) -> list[str]:
    """Files named by ``paths``: folders are walked recursively in sorted order, hidden
    entries skipped; ``-`` and URLs are passed through; missing paths and folders with
    nothing to read are kept so that reading them produces a rejection."""
    out: list[str] = []
    for p in paths:
        if p == "-" or is_url(p):
            out.append(p)
            continue
        path = Path(p)
        if path.is_dir():
            found = [
                str(child)
                for child in sorted(path.rglob("*"))
                if not any(part.startswith(".") for part in child.relative_to(path).parts)
                and child.is_file()
                and not child.name.endswith(_SKIP_SUFFIXES)
            ]
            out.extend(found or [p])
        else:
            out.append(p)
    return out


def _read_limited(stream: BinaryIO, limit: int) -> bytes | None:
    data = stream.read(limit + 1)
    return None if len(data) > limit else data


def _too_large(limit: int) -> str:
    return f"input is larger than the max_input_bytes limit of {limit} bytes"


def read_input(path: str, max_bytes: int, stdin: BinaryIO | None = None) -> Input | Rejection:
    """Read one expanded path; gzip-compressed files are decompressed."""
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        data = _read_limited(stream, max_bytes)
        source = "<stdin>"
        if data is None:
            return Rejection(source, _too_large(max_bytes))
    elif is_url(path):
        source = path
        try:
            request = urllib.request.Request(path, headers={"User-Agent": "storydesk"})
            with urllib.request.urlopen(request, timeout=30) as response:
                data = _read_limited(response, max_bytes)
        except urllib.error.HTTPError as exc:
            return Rejection(source, f"cannot download: the server answered {exc.code} {exc.reason}")
        except urllib.error.URLError as exc:
            return Rejection(source, f"cannot download (offline or unreachable?): {exc.reason}")
        except (OSError, ValueError) as exc:
            return Rejection(source, f"cannot download: {exc}")
        if data is None:
            return Rejection(source, _too_large(max_bytes))
    else:
        source = path
        file = Path(path)
        if not file.exists():
            return Rejection(source, "no such file or folder")
        if file.is_dir():
            return Rejection(source, "folder holds no files to read (hidden entries are skipped)")
        try:
            size = file.stat().st_size
            if size > max_bytes:
                return Rejection(
                    source,
                    f"file is {size} bytes, over the max_input_bytes limit of {max_bytes}",
                )
            data = file.read_bytes()
        except OSError as exc:
            return Rejection(source, f"cannot read: {exc.strerror or exc}")
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
                unpacked = _read_limited(gz, max_bytes)
        except (OSError, EOFError) as exc:
            return Rejection(source, f"corrupt gzip data: {exc}")
        if unpacked is None:
            return Rejection(source, "decompressed " + _too_large(max_bytes))
        data = unpacked
    return Input(source, data)


def iter_inputs(
    paths: Iterable[str], max_bytes: int, stdin: BinaryIO | None = None
) -> Iterator[Input | Rejection]:
    for path in expand(paths):
        yield read_input(path, max_bytes, stdin)
