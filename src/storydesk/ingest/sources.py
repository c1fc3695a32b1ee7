"""Where inputs come from: files, folders (recursively), ``-`` for stdin, and URLs.

Each input becomes an :class:`Input` with its raw bytes, or a
:class:`~storydesk.model.Rejection` when it cannot be read (missing, too large, ...).
"""

from __future__ import annotations

import errno
import gzip
import io
import logging
import os
import select
import stat
import sys
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..model import Rejection

log = logging.getLogger(__name__)

#: File names skipped when walking folders (hidden files, editor droppings, the store).
_SKIP_SUFFIXES = (".db", ".db-wal", ".db-shm", ".sqlite", ".pyc")


@dataclass(frozen=True)
class Input:
    source: str  # path or URL as given, "<stdin>" for standard input
    data: bytes


#: A download must finish within this many seconds, however slowly the server sends.
DOWNLOAD_SECONDS = 120.0
#: A named pipe must start sending within this many seconds.
PIPE_WAIT_SECONDS = 30.0
_CHUNK = 1 << 20


def is_url(path: str) -> bool:
    return path.startswith(("http://", "https://"))


def as_paths(paths: Iterable[str | os.PathLike] | str | os.PathLike) -> list[str]:
    """``paths`` as a list of strings; one path may be given alone (a string is one path,
    never a sequence of one-letter paths).

    >>> as_paths("examples/seeds"), as_paths(["a", Path("b")])
    (['examples/seeds'], ['a', 'b'])
    """
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    return [os.fspath(p) for p in paths]


def walk(paths: Iterable[str] | str) -> Iterator[str | Rejection]:
    """The files named by ``paths``: folders are walked recursively in sorted order,
    hidden entries, named pipes, devices and the store's own files skipped, and a
    symbolic link leading outside the folder named is not followed (a rejection says
    so); ``-`` and URLs are passed through; missing paths and folders with nothing to
    read are kept so that reading them produces a rejection."""
    for p in as_paths(paths):
        if p == "-" or is_url(p):
            yield p
            continue
        path = Path(p)
        if not path.is_dir():
            yield p
            continue
        root = path.resolve()
        found = False
        for child in sorted(path.rglob("*")):
            if any(part.startswith(".") for part in child.relative_to(path).parts):
                continue
            if not child.is_file() or child.name.endswith(_SKIP_SUFFIXES):
                continue
            found = True
            target = child.resolve()
            if not target.is_relative_to(root):
                yield Rejection(str(child), f"symbolic link to {target}, outside the folder "
                                            f"named ({p}): not followed")
                continue
            yield str(child)
        if not found:
            yield p


def expand(paths: Iterable[str] | str) -> list[str]:
    """The files :func:`walk` finds (links out of the folders named left out)."""
    return [p for p in walk(paths) if isinstance(p, str)]


def read_limited(stream: BinaryIO | gzip.GzipFile, limit: int, deadline: float | None = None) -> bytes | None:
    """At most ``limit`` bytes of ``stream``, read in chunks; None when it holds more
    (only ``limit + 1`` bytes are ever read: a device or a pipe that never ends costs no
    more). Raises :class:`TimeoutError` when reading goes past ``deadline``
    (``time.monotonic()``).

    >>> read_limited(io.BytesIO(b"12345"), 5), read_limited(io.BytesIO(b"123456"), 5)
    (b'12345', None)
    """
    chunks, total = [], 0
    while total <= limit:
        chunk = stream.read(min(_CHUNK, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if deadline is not None and time.monotonic() > deadline:
            raise TimeoutError
    return None if total > limit else b"".join(chunks)


def _too_large(limit: int) -> str:
    return f"input is larger than the max_input_bytes limit of {limit} bytes"


def _unreadable_path(path: str) -> str | None:
    """Why a named path cannot be opened (missing, a link loop, a dangling link, a
    folder with nothing to read), or None."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop: the link leads back to itself and names no file"
        if exc.errno == errno.ENOENT and os.path.islink(path):
            return f"symbolic link to {os.readlink(path)}, which does not exist"
        if exc.errno == errno.ENOENT:
            return "no such file or folder"
        return f"cannot read: {exc.strerror or exc}"
    if os.path.isdir(path):
        return "folder holds no files to read (hidden entries are skipped)"
    return None


def _open_input(path: str) -> BinaryIO:
    """``path`` opened for reading. A named pipe is opened without waiting for a writer,
    then given :data:`PIPE_WAIT_SECONDS` to send something: a pipe nobody writes to must
    not hold the batch forever."""
    if not stat.S_ISFIFO(os.stat(path).st_mode):
        return open(path, "rb")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        waiting = select.poll()
        waiting.register(fd, select.POLLIN | select.POLLHUP)
        if not waiting.poll(PIPE_WAIT_SECONDS * 1000):
            raise OSError(errno.ETIMEDOUT, f"named pipe: nothing written to it in {PIPE_WAIT_SECONDS:g} s")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str, max_bytes: int, stdin: BinaryIO | None = None) -> Input | Rejection:
    """Read one expanded path; gzip-compressed files are decompressed. Every kind of
    input (file, device, pipe, stdin, download) is bounded by the bytes actually read."""
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        data = read_limited(stream, max_bytes)
        source = "<stdin>"
        if data is None:
            return Rejection(source, _too_large(max_bytes))
    elif is_url(path):
        source = path
        try:
            request = urllib.request.Request(path, headers={"User-Agent": "storydesk"})
            with urllib.request.urlopen(request, timeout=30) as response:
                data = read_limited(response, max_bytes, time.monotonic() + DOWNLOAD_SECONDS)
        except urllib.error.HTTPError as exc:
            return Rejection(source, f"cannot download: the server answered {exc.code} {exc.reason}")
        except urllib.error.URLError as exc:
            return Rejection(source, f"cannot download (offline or unreachable?): {exc.reason}")
        except TimeoutError:
            return Rejection(source, f"cannot download: not finished after {DOWNLOAD_SECONDS:g} s")
        except (OSError, ValueError) as exc:
            return Rejection(source, f"cannot download: {exc}")
        if data is None:
            return Rejection(source, _too_large(max_bytes))
    else:
        source = path
        problem = _unreadable_path(path)
        if problem is not None:
            return Rejection(source, problem)
        try:
            with _open_input(path) as stream:
                data = read_limited(stream, max_bytes)
                size = os.fstat(stream.fileno()).st_size if data is None else 0
        except OSError as exc:
            return Rejection(source, f"cannot read: {exc.strerror or exc}")
        if data is None:  # a regular file's size says by how much; a device's does not
            return Rejection(source, f"file is {size} bytes, over the max_input_bytes limit of {max_bytes}"
                             if size > max_bytes else _too_large(max_bytes))
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as gz:
                unpacked = read_limited(gz, max_bytes)
        except (OSError, EOFError, zlib.error) as exc:
            return Rejection(source, f"corrupt gzip data: {exc}")
        if unpacked is None:
            return Rejection(source, "decompressed " + _too_large(max_bytes))
        data = unpacked
    return Input(source, data)


def iter_inputs(
    paths: Iterable[str] | str, max_bytes: int, stdin: BinaryIO | None = None
) -> Iterator[Input | Rejection]:
    for path in walk(paths):
        yield path if isinstance(path, Rejection) else read_input(path, max_bytes, stdin)
