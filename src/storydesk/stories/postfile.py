"""The social-post stream given to ``storydesk ingest --posts FILE``: JSON Lines, one post
per line::

    {"time": "2020-02-01T18:04:00Z", "text": "...", "handle": "someone",
     "author": "Some One", "platform": "twitter", "id": "1223..."}

``time`` (ISO 8601; ``created_at`` or ``date`` are read too; without a zone, UTC) and
``text`` are required; ``author``, ``handle`` (with or without ``@``), ``platform``,
``id`` and ``links`` (a list of URLs; links written in the text count too) are optional.
Blank lines are skipped. A line that cannot be used becomes a
:class:`~storydesk.model.Rejection` naming the file, the line and the problem.

>>> import io
>>> items = list(read_posts(io.StringIO(
...     '{"time": "2020-02-01T10:00:00Z", "text": "#MeToo rally", "handle": "@ann"}\\n'
...     '{"text": "no time"}\\n'), "posts.jsonl"))
>>> items[0].handle, items[0].time.isoformat()
('ann', '2020-02-01T10:00:00')
>>> str(items[1])
"posts.jsonl:2: post has no 'time' (ISO date-time); expected keys: time, text"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import IO

from ..analyze.tags import find_links
from ..model import Rejection
from .features import parse_time
from .trend_evidence import PostItem

_TIME_KEYS = ("time", "created_at", "date")


def _post(record: object, source: str) -> PostItem | str:
    if not isinstance(record, dict):
        return "a post must be a JSON object"
    text = record.get("text")
    if not isinstance(text, str) or not text.strip():
        return "post has no 'text'; expected keys: time, text"
    raw_time = next((record[k] for k in _TIME_KEYS if record.get(k)), None)
    if raw_time is None:
        return "post has no 'time' (ISO date-time); expected keys: time, text"
    time = parse_time(str(raw_time))
    if time is None:
        return f"post 'time' is not an ISO date-time: {raw_time!r}"
    optional = {}
    for key in ("author", "handle", "platform", "id"):
        value = record.get(key)
        if value is not None and not isinstance(value, (str, int)):
            return f"post {key!r} must be a string, got {type(value).__name__}"
        optional[key] = str(value) if value is not None else None
    handle = optional["handle"].lstrip("@") if optional["handle"] else None
    platform = optional["platform"]
    links = record.get("links") or []
    if not isinstance(links, list) or not all(isinstance(u, str) for u in links):
        return "post 'links' must be a list of URLs"
    found = [link.text for link in find_links(text)]
    return PostItem(
        time=time, text=text.strip(), source=source, platform=platform, author=optional["author"],
        handle=handle, id=f"{platform or 'post'}:{optional['id']}" if optional["id"] else None,
        links=tuple(dict.fromkeys(links + found)),
    )


def read_post_line(line: str, source: str, number: int | None = None,
                   check: Callable[[datetime], str | None] | None = None) -> PostItem | Rejection | None:
    """One JSON Lines post (None for a blank line), or a rejection with its reason (bad
    JSON, an odd record, or a time ``check`` says is not usable)."""
    if not line.strip():
        return None
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        return Rejection(source, f"not valid JSON: {exc.msg} (column {exc.colno})", number)
    except (ValueError, RecursionError) as exc:  # huge integers, deep nesting
        return Rejection(source, f"not readable JSON: {type(exc).__name__}", number)
    try:
        result = _post(record, source)
    except Exception as exc:  # an odd record costs its line, never the lines after it
        result = f"post could not be read: {type(exc).__name__}: {exc}"
    if not isinstance(result, str) and check is not None:
        result = check(result.time) or result
    return Rejection(source, result, number) if isinstance(result, str) else result


def read_posts(
    stream: IO[str], source: str, max_bytes: int | None = None,
    check: Callable[[datetime], str | None] | None = None,
) -> Iterator[PostItem | Rejection]:
    """The posts of a JSON Lines stream, in file order, with a rejection for each bad line
    (and each post whose time ``check`` says is not usable, with its reason)."""
    read = 0
    for number, line in enumerate(stream, start=1):
        read += len(line)
        if max_bytes is not None and read > max_bytes:
            yield Rejection(source, f"file is larger than max_input_bytes ({max_bytes}); stopped here", number)
            return
        result = read_post_line(line, source, number, check)
        if result is not None:
            yield result
