"""JSON and JSONL article records, with news-please field names by default.

A JSON file holds one record or a list of them; a JSONL file one record a line. Other
field names are mapped with :func:`field_map` (the CLI's ``--field NAME=KEY``).

>>> field_map(["text=body"])["text"]
('body',)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import ConfigError, InputError
from ..model import Article, Rejection
from .common import make_article, outlet_from_url

log = logging.getLogger(__name__)

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


def _first(record: Mapping[str, Any], keys: tuple[str, ...]) -> tuple[str | None, Any]:
    """(key, value) of the first of ``keys`` the record holds a non-empty value for."""
    for key in keys:
        value = record.get(key)
        if value not in (None, "", [], {}):
            return key, value
    return None, None


def _kind(value: Any) -> str:
    """What a JSON value is, for a rejection ("a number (5)", "a list", ...).

    >>> _kind(5), _kind(True), _kind([1]), _kind({"a": 1})
    ('a number (5)', 'true/false (True)', 'a list', 'an object')
    """
    if isinstance(value, bool):
        return f"true/false ({value})"
    if isinstance(value, (int, float)):
        shown = repr(value) if not isinstance(value, int) or abs(value) < 10**18 else "a huge integer"
        return f"a number ({shown})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _valid(text: str, key: str, source: str) -> str:
    """``text`` when it is valid Unicode (JSON's escapes can hold unpaired surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(
            source, f"field {key!r} holds an unpaired surrogate (\\u{ord(text[exc.start]):04x}), "
                    "not valid Unicode text",
        ) from None
    return text


def _as_text(key: str | None, value: Any, source: str) -> str | None:
    """A text field's value; an object with a ``name`` (or ``title``) string stands for it
    (feeds give publishers and authors so). Anything else costs the record."""
    if value is None:
        return None
    if isinstance(value, dict):
        inner = value.get("name") or value.get("title")
        if not isinstance(inner, str):
            raise InputError(source, f"field {key!r} is an object without a 'name' text")
        value = inner
    if not isinstance(value, str):
        raise InputError(source, f"field {key!r} is {_kind(value)}, not text")
    return _valid(value, key or "?", source).strip() or None


def _body(key: str | None, value: Any, source: str) -> str | None:
    """The article text: a string, or a list of paragraph strings."""
    if value is None:
        return None
    if isinstance(value, list):
        odd = next((v for v in value if not isinstance(v, str)), None)
        if odd is not None:
            raise InputError(source, f"field {key!r} is a list holding {_kind(odd)}, not paragraphs of text")
        value = "\n\n".join(t.strip() for t in value if t.strip())
    if not isinstance(value, str):
        raise InputError(source, f"field {key!r} is {_kind(value)}, not article text")
    return _valid(value, key or "?", source).strip() or None


def _authors(key: str | None, value: Any, source: str) -> tuple[str, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    names = []
    for item in items:
        if not isinstance(item, (str, dict)):
            raise InputError(source, f"field {key!r} holds {_kind(item)}, not a name")
        name = _as_text(key, item, source)
        if name:
            names.append(name)
    return tuple(names)


def _date(key: str | None, value: Any, source: str) -> Any:
    if value is None or isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return _valid(value, key or "?", source) if isinstance(value, str) else value
    raise InputError(source, f"field {key!r} is {_kind(value)}, not a date")


def record_to_article(
    record: Any,
    source: str,
    fields: Mapping[str, tuple[str, ...]],
    fmt: str,
    raw: str | None = None,
    encoding: str | None = None,
) -> Article:
    """An article from one JSON record, each field checked for its type; ``raw`` is the
    record's text as read (re-encoded from ``record`` when not given). A record with a
    title and no text is a headline-only article. Raises :class:`InputError` naming the
    field when one has the wrong type, or when there is neither text nor title."""
    if not isinstance(record, dict):
        raise InputError(source, f"record is {_kind(record)}, not an object")
    text = _body(*_first(record, fields["text"]), source)
    title = _as_text(*_first(record, fields["title"]), source)
    url = _as_text(*_first(record, fields["url"]), source)
    outlet = _as_text(*_first(record, fields["outlet"]), source) or outlet_from_url(url)
    authors = _authors(*_first(record, fields["authors"]), source)
    published = _date(*_first(record, fields["published"]), source)
    if text is None and title is None:
        raise InputError(
            source, f"record has no article text and no title (looked for: "
                    f"{', '.join(fields['text'] + fields['title'])})"
        )
    return make_article(
        text=text if text is not None else " ".join((title or "").split()),
        source=source,
        format=fmt,
        raw=raw if raw is not None else json.dumps(record, ensure_ascii=False),
        title=title,
        outlet=outlet,
        published=published,
        url=url,
        authors=authors,
        encoding=encoding,
        headline_only=text is None,
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


#: What a JSON parser raises on input it cannot take: a syntax error, nesting deeper than
#: Python's recursion limit, an integer longer than ``sys.get_int_max_str_digits()``.
_UNREADABLE = (ValueError, RecursionError)


def _parse_error(exc: Exception, what: str) -> tuple[str, int | None]:
    """(reason, line) for a JSON document or line that did not parse."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{what}: {exc.msg} (column {exc.colno})", exc.lineno
    if isinstance(exc, RecursionError):
        return f"{what}: nested too deeply to read (arrays or objects more than about 1,000 levels deep)", None
    return f"{what}: {exc}", None


def _record_or_rejection(
    record: Any, where: str, fields: Mapping[str, tuple[str, ...]], fmt: str, *,
    raw: str | None = None, encoding: str | None = None, line: int | None = None,
) -> Article | Rejection:
    """One record's article, or its rejection (of ``where``, or of its file's ``line``
    for a JSONL line): whatever goes wrong costs this record only."""
    source = where if line is None else where.rsplit(":", 1)[0]
    try:
        return record_to_article(record, where, fields, fmt, raw=raw, encoding=encoding)
    except InputError as exc:
        return Rejection(source, exc.reason, line)
    except RecursionError:
        return Rejection(source, "record nested too deeply to read", line)
    except Exception as exc:  # a reader bug must not cost the records after this one
        log.debug("unexpected failure reading %s", where, exc_info=True)
        return Rejection(source, f"internal error reading this record: {type(exc).__name__}: {exc}", line)


def read_json(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]], encoding: str | None = None
) -> Iterator[Article | Rejection]:
    """The records of one JSON document (see :func:`_records`)."""
    try:
        data = json.loads(text)
    except _UNREADABLE as exc:
        reason, line = _parse_error(exc, "invalid JSON")
        yield Rejection(source, reason, line=line)
        return
    if isinstance(data, dict) and _first(data, fields["text"])[1] is not None:
        pairs = [(source, data)]  # a record that happens to carry a list of objects
    else:
        pairs = _records(data, source)
    if not pairs:
        yield Rejection(source, "JSON document holds no records (an empty list)")
    for where, record in pairs:
        yield _record_or_rejection(record, where, fields, "json", encoding=encoding)


def read_jsonl(
    text: str, source: str, fields: Mapping[str, tuple[str, ...]], encoding: str | None = None
) -> Iterator[Article | Rejection]:
    """One record a line; a bad line (or a bad field in it) costs that line only. Only
    ``\\n`` ends a line: JSON strings may hold U+2028 and other characters that
    :meth:`str.splitlines` would split at."""
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except _UNREADABLE as exc:
            reason, _ = _parse_error(exc, "malformed JSON line")
            yield Rejection(source, reason, line=number)
            continue
        yield _record_or_rejection(record, f"{source}:{number}", fields, "jsonl",
                                   raw=line, encoding=encoding, line=number)
