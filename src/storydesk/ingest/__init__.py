"""Ingest: inputs of any supported format become :class:`~storydesk.model.Article` values,
or :class:`~storydesk.model.Rejection` values saying why not.

``read_articles`` is pure reading; :func:`storydesk.desk.Desk.ingest` stores the results.
"""

from __future__ import annotations

import logging
from typing import BinaryIO, Iterable, Iterator, Mapping

from ..errors import InputError
from ..model import Article, Rejection
from .detect import decode_utf8, detect
from .feeds import read_feed
from .html import read_html
from .records import DEFAULT_FIELDS, field_map, read_json, read_jsonl
from .sources import Input, expand, iter_inputs, read_input
from .text import read_text

log = logging.getLogger(__name__)


def read_one(
    item: Input, fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS
) -> Iterator[Article | Rejection]:
    """Articles (or rejections) read from one input's bytes."""
    try:
        kind = detect(item.data, item.source)
        if kind == "html":
            yield read_html(item.data, item.source)
        elif kind == "feed":
            yield from read_feed(item.data, item.source)
        else:
            text = decode_utf8(item.data, item.source)
            if kind == "json":
                yield from read_json(text, item.source, fields)
            elif kind == "jsonl":
                yield from read_jsonl(text, item.source, fields)
            else:
                yield read_text(text, item.source)
    except InputError as exc:
        yield Rejection(exc.source, exc.reason, exc.line)
    except Exception as exc:  # a reader bug must not cost the rest of the batch
        log.exception("unexpected failure reading %s", item.source)
        yield Rejection(item.source, f"internal error while reading: {type(exc).__name__}: {exc}")


def read_articles(
    paths: Iterable[str],
    *,
    max_bytes: int = 20_000_000,
    fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
    stdin: BinaryIO | None = None,
) -> Iterator[Article | Rejection]:
    """Every article (or rejection) found under ``paths``."""
    for item in iter_inputs(paths, max_bytes, stdin):
        if isinstance(item, Rejection):
            yield item
        else:
            yield from read_one(item, fields)


__all__ = [
    "DEFAULT_FIELDS",
    "Input",
    "expand",
    "field_map",
    "iter_inputs",
    "read_articles",
    "read_input",
    "read_one",
]
