"""Pieces every reader shares: article ids, publication dates, outlet names.

>>> parse_published("2020-02-02")
('2020-02-02', 'day')
>>> parse_published("2016-09-12 00:00:00")
('2016-09-12', 'day')
>>> parse_published("Sun, 02 Feb 2020 14:05:00 GMT")
('2020-02-02T14:05:00', 'time')
>>> parse_published("2015")
('2015', 'year')
>>> outlet_from_url("https://www.dailymail.co.uk/tvshowbiz/x.html")
'dailymail.co.uk'
"""

from __future__ import annotations

import hashlib
import re
from datetime import date, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urlparse

from ..model import Article


def article_id(text: str, title: str | None = None, outlet: str | None = None) -> str:
    """A stable content hash: the same outlet, title and body (up to white space) give the
    same id whatever file they were read from."""
    # str.split() and re's \s agree on what white space is; split() is several times faster.
    key = "\x1f".join(" ".join((part or "").split()) for part in (outlet, title, text))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def make_article(
    *,
    text: str,
    source: str,
    format: str,
    raw: str,
    title: str | None = None,
    outlet: str | None = None,
    published: str | None = None,
    url: str | None = None,
    authors: tuple[str, ...] = (),
    encoding: str | None = None,
    headline_only: bool = False,
) -> Article:
    """An :class:`Article` with its id computed and its date parsed."""
    value, precision = parse_published(published) if published else (None, None)
    title = " ".join(title.split()) or None if title else None
    return Article(
        id=article_id(text, title, outlet),
        text=text,
        source=source,
        format=format,
        raw=raw,
        title=title,
        outlet=outlet or None,
        published=value,
        precision=precision,
        url=url or None,
        authors=tuple(a for a in authors if a),
        encoding=encoding,
        headline_only=headline_only,
    )


#: No date is written longer than this; longer strings are not handed to the parsers.
MAX_DATE_CHARS = 100
_YEAR = re.compile(r"^\d{4}$")
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


def parse_published(value: object) -> tuple[str | None, str | None]:
    """(ISO value, precision) of a publication date in the forms news data uses; (None,
    None) when it cannot be read."""
    if value is None:
        return None, None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if 1000 <= value <= 9999:
            return f"{int(value)}", "year"
        try:
            return _from_datetime(datetime.utcfromtimestamp(float(value)))
        except (OverflowError, OSError, ValueError):
            return None, None
    text = str(value).strip()
    if not text or len(text) > MAX_DATE_CHARS:
        return None, None
    if _YEAR.match(text):
        return text, "year"
    if _MONTH.match(text):
        return text, "month"
    try:
        if len(text) == 10:
            return date.fromisoformat(text).isoformat(), "day"
        return _from_datetime(datetime.fromisoformat(text.replace("Z", "+00:00")))
    except ValueError:
        pass
    try:
        return _from_datetime(parsedate_to_datetime(text))
    except (TypeError, ValueError, IndexError):
        pass
    try:
        import dateparser  # slow to import: only for the odd formats

        parsed = dateparser.parse(text, settings={"PREFER_DAY_OF_MONTH": "first"})
    except Exception:  # dateparser raises many kinds on junk
        parsed = None
    return _from_datetime(parsed) if parsed else (None, None)


def _from_datetime(moment: datetime) -> tuple[str, str]:
    if (moment.hour, moment.minute, moment.second) == (0, 0, 0):
        return moment.date().isoformat(), "day"
    return moment.replace(tzinfo=None, microsecond=0).isoformat(), "time"


def outlet_from_url(url: str | None) -> str | None:
    """The site's domain without ``www.``, or None."""
    if not url:
        return None
    host = urlparse(url).hostname or ""
    host = host.lower()
    return host[4:] if host.startswith("www.") else (host or None)
