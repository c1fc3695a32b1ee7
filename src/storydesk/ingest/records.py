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
    record: Any, source: str, fields: Mapping[str, tuple[str, ...]], fmt: str
) -> Article:
    if not isinstance(record, dict):
        raise InputError(source, f"record is a JSON {type(record).__name__}, not an object")
    text = _first(record, fields["text"])
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
        raw=json.dumps(record, ensure_ascii=False),
        title=_as_text(_first(record, fields["title"])),
        outlet=_as_text(_first(record, fields["outlet"])) or outlet_from_url(url),
        published=_first(record, fields["published"]),
        url=url,
        authors=tuple(a for a in (_as_text(x) for x in authors) if a),
    )


def read_json(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]]
) -> Iterator[Article | Rejection]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        yield Rejection(source, f"invalid JSON: {exc.msg} (column {exc.colno})", line=exc.lineno)
        return
    records = data if isinstance(data, list) else [data]
    for i, record in enumerate(records):
        where = f"{source}[{i}]" if isinstance(data, list) else source
        try:
            yield record_to_article(record, where, fields, "json")
        except InputError as exc:
            yield Rejection(source, exc.reason, line=None if not isinstance(data, list) else i + 1)


def read_jsonl(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]]
) -> Iterator[Article | Rejection]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Rejection(source, f"malformed JSON line: {exc.msg} (column {exc.colno})", line=number)
            continue
        try:
            yield record_to_article(record, f"{source}:{number}", fields, "jsonl")
        except InputError as exc:
            yield Rejection(source, exc.reason, line=number)
