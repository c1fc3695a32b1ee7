"""Ingest: inputs of any supported format become :class:`~storydesk.model.Article` values,
or :class:`~storydesk.model.Rejection` values saying why not.

``read_articles`` is pure reading; :func:`storydesk.desk.Desk.ingest` stores the results.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import BinaryIO

from ..config import DEFAULTS
from ..errors import InputError
from ..model import Article, Rejection
from .decode import bom_encoding, decode_bom
from .detect import detect, sniff
from .feeds import read_feed
from .html import read_html
from .records import DEFAULT_FIELDS, field_map, read_json, read_jsonl
from .sources import Input, expand, iter_inputs, read_input
from .text import read_text

log = logging.getLogger(__name__)

#: Reads one HTML page: (bytes, source) -> Article, raising InputError. The desk passes
#: one that runs extraction within the per-article budget (see ``storydesk.budget``).
HtmlReader = Callable[[bytes, str], Article]


def read_one(
    item: Input,
    fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
    *,
    html: HtmlReader | None = None,
) -> Iterator[Article | Rejection]:
    """Articles (or rejections) read from one input's bytes. A UTF-16 or UTF-32 input
    (told by its byte-order mark) is read as the same text in UTF-8, and its articles
    record the encoding it came in."""
    try:
        data, encoding = item.data, None
        found = bom_encoding(data)
        if found is not None and found[1] != "utf-8":
            decoded = decode_bom(data, item.source)
            assert decoded is not None  # it has a byte-order mark
            text, encoding = decoded
            data = text.encode("utf-8")
        for result in _read(data, item.source, fields, html or read_html):
            if encoding is not None and isinstance(result, Article):
                result = replace(result, encoding=encoding)
            yield result
    except InputError as exc:
        yield Rejection(exc.source, exc.reason, exc.line)
    except RecursionError:
        yield Rejection(item.source, "input nested too deeply to read")
    except MemoryError:
        yield Rejection(item.source, "not enough memory to read this input")
    except Exception as exc:  # a reader bug must not cost the rest of the batch
        log.debug("unexpected failure reading %s", item.source, exc_info=True)
        yield Rejection(item.source, f"internal error while reading: {type(exc).__name__}: {exc}")


def _read(data: bytes, source: str, fields: Mapping[str, tuple[str, ...]],
          html: HtmlReader) -> Iterator[Article | Rejection]:
    sniffed = sniff(data, source)
    text = sniffed.text if sniffed.text is not None else ""  # only html and feeds are not decoded here
    if sniffed.kind == "html":
        yield html(data, source)
    elif sniffed.kind == "feed":
        yield from read_feed(data, source)
    elif sniffed.kind == "json":
        yield from read_json(text, source, fields, sniffed.encoding)
    elif sniffed.kind == "jsonl":
        yield from read_jsonl(text, source, fields, sniffed.encoding)
    else:
        yield read_text(text, source, sniffed.encoding)


def read_articles(
    paths: Iterable[str] | str,
    *,
    max_bytes: int = DEFAULTS.max_input_bytes,
    fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
    stdin: BinaryIO | None = None,
    html: HtmlReader | None = None,
) -> Iterator[Article | Rejection]:
    """Every article (or rejection) found under ``paths`` (one path may be given alone)."""
    for item in iter_inputs(paths, max_bytes, stdin):
        if isinstance(item, Rejection):
            yield item
        else:
            yield from read_one(item, fields, html=html)


__all__ = [
    "DEFAULT_FIELDS",
    "HtmlReader",
    "Input",
    "detect",
    "expand",
    "field_map",
    "iter_inputs",
    "read_articles",
    "read_input",
    "read_one",
]
