"""JSON and JSONL article records, with news-please field names by default.

A JSON file holds one record or a list of them; a JSONL file one record a line. Other
field names are mapped with :func:`field_map` (the CLI's ``--field NAME=KEY``).

>>> field_map(["text=body"])["text"]
('body',)
"""

from __future__ import annotations

import json
from typing import Any, Iterator, Mapping

from ..errors import ConfigError, InputError
from ..model import Article, Rejection
from .common import make_article, outlet_from_url

#: storydesk field -> record keys tried in order (news-please names first).
DEFAULT_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("title", "headline"),
    "text": ("maintext", "text", "body", "content", "articleBody", "description"),
    "published": ("date_publish", "published", "date", "pubDate", "time", "datetime", "date_modify"),
    "url": ("url", "link"),
    "outlet": ("source_domain", "outlet", "source", "site_name", "publisher"),
    "authors": ("authors", "author"),
}


def field_map(pairs: list[str] | None = None) -> dict[str, tuple[str, ...]]:
    """The default field names with ``NAME=KEY`` overrides applied."""
    fields = dict(DEFAULT_FIELDS)
    for pair in pairs or ():
        name, sep, key = pair.partition("=")
        name, key = name.strip(), key.strip()
        if not sep or not key:
            raise ConfigError(f"--field takes NAME=KEY, got {pair!r}")
        if name not in fields:
            raise ConfigError(f"unknown field {name!r}; fields are: {', '.join(fields)}")
        fields[name] = (key,)
    return fields


def _first(record: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = record.get(key)
        if value not in (None, "", []):
            return value
    return None


def _as_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dict):  # {"name": ...} as some feeds give publisher/author
        value = value.get("name") or value.get("title")
    return str(value).strip() or None if value is not None else None


def record_to_article(
    record: Any,
    source: str,
    fields: Mapping[str, tuple[str, ...]],
    fmt: str,
    raw: str | None = None,
) -> Article:
    """An article from one JSON record; ``raw`` is the record's text as read (re-encoded
    from ``record`` when not given). Raises :class:`InputError` when it has no text."""
    if not isinstance(record, dict):
        raise InputError(source, f"record is a JSON {type(record).__name__}, not an object")
    text = _first(record, fields["text"])
    if isinstance(text, list) and all(isinstance(t, str) for t in text):
        text = "\n\n".join(t.strip() for t in text if t.strip())  # a list of paragraphs
    if not isinstance(text, str) or not text.strip():
        raise InputError(
            source, f"record has no article text (looked for: {', '.join(fields['text'])})"
        )
    authors = _first(record, fields["authors"]) or ()
    if isinstance(authors, str):
        authors = [authors]
    url = _as_text(_first(record, fields["url"]))
    return make_article(
        text=text.strip(),
        source=source,
        format=fmt,
        raw=raw if raw is not None else json.dumps(record, ensure_ascii=False),
        title=_as_text(_first(record, fields["title"])),
        outlet=_as_text(_first(record, fields["outlet"])) or outlet_from_url(url),
        published=_first(record, fields["published"]),
        url=url,
        authors=tuple(a for a in (_as_text(x) for x in authors) if a),
    )


def _records(data: Any, source: str) -> list[tuple[str, Any]]:
    """(where, record) pairs of a JSON document: a list of records, one record, or an
    object whose only list of objects holds the records (``{"status": "ok", "articles":
    [...]}``, as news APIs answer)."""
    if isinstance(data, list):
        return [(f"{source}[{i}]", r) for i, r in enumerate(data)]
    if isinstance(data, dict):
        lists = [
            (key, value) for key, value in data.items()
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value)
        ]
        if len(lists) == 1:
            key, value = lists[0]
            return [(f"{source}[{key!r}][{i}]", r) for i, r in enumerate(value)]
    return [(source, data)]


def read_json(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]]
) -> Iterator[Article | Rejection]:
    """The records of one JSON document (see :func:`_records`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        yield Rejection(source, f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno)
        return
    if isinstance(data, dict) and _first(data, fields["text"]) is not None:
        pairs = [(source, data)]  # a record that happens to carry a list of objects
    else:
        pairs = _records(data, source)
    if not pairs:
        yield Rejection(source, "JSON document holds no records (an empty list)")
    for where, record in pairs:
        try:
            yield record_to_article(record, where, fields, "json")
        except InputError as exc:
            yield Rejection(where, exc.reason)


def read_jsonl(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]]
) -> Iterator[Article | Rejection]:
    """One record a line. Only ``\\n`` ends a line: JSON strings may hold U+2028 and
    other characters that :meth:`str.splitlines` would split at."""
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Rejection(source, f"malformed JSON line: {exc.msg} (column {exc.colno})", line=number)
            continue
        try:
            yield record_to_article(record, f"{source}:{number}", fields, "jsonl", raw=line)
        except InputError as exc:
            yield Rejection(source, exc.reason, line=number)
