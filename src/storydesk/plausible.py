"""Is an article's publication date one the stages may use?

A date from before ``date_min`` (default 1900) or from more than ``date_future_hours``
after ingest (default a day) is not plausible: a typo, a placeholder (0001-01-01,
9999-12-31) or a hostile record. Such an article keeps its date as given, but grouping,
trend counting and the analysis of relative dates ("yesterday") see it as undated (the
ingest time, as for an article with no date at all), so one record cannot move the
stream's clock to the year 9999 or crash the date arithmetic. A date a little in the
future (within the allowance: time zones, clock skew) is capped at the ingest time. Both
say so in a note.

>>> from storydesk.config import Settings
>>> from storydesk.model import Article
>>> now = datetime(2020, 2, 3, 12, 0)
>>> far = Article(id="a1", text="...", source="x", format="json", published="9999-12-31", precision="day")
>>> usable, note = plausible_date(far, Settings(), now)
>>> usable.published, usable.date_from_ingest, far.published
('2020-02-03T12:00:00', True, '9999-12-31')
>>> note
'published date 9999-12-31 is outside the plausible range (1900-01-01 to 24 h after ingest): kept, but not used for grouping, trends or relative dates'
>>> soon = Article(id="a2", text="...", source="x", format="json", published="2020-02-03T18:00:00", precision="time")
>>> usable, note = plausible_date(soon, Settings(), now)
>>> usable.published, note
('2020-02-03T12:00:00', 'published date 2020-02-03T18:00:00 is 6 h after ingest (clock skew?): grouped and counted at the ingest time')
"""  # noqa: E501 - doctest output is one line

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from .config import Settings
from .model import Article
from .stories.features import parse_time, shifted


def utc_now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def plausible_range(settings: Settings, now: datetime) -> tuple[datetime, datetime]:
    """The earliest and latest plausible times, ``now`` being the ingest time."""
    return datetime.fromisoformat(settings.date_min), shifted(now, timedelta(hours=settings.date_future_hours))


def plausible_date(
    article: Article, settings: Settings, now: datetime | None = None
) -> tuple[Article, str | None]:
    """(the article as the stages should see it, a note when its date was not usable as
    given). ``now`` is the ingest time (default: the clock)."""
    if article.published is None or article.date_from_ingest:
        return article, None
    now = now or utc_now()
    moment = parse_time(article.published)
    earliest, latest = plausible_range(settings, now)
    at_ingest = replace(article, published=now.isoformat(), precision="time")
    if moment is None or not earliest <= moment <= latest:
        return replace(at_ingest, date_from_ingest=True), (
            f"published date {article.published} is outside the plausible range "
            f"({settings.date_min} to {settings.date_future_hours:g} h after ingest): kept, but "
            "not used for grouping, trends or relative dates"
        )
    if moment > now:
        ahead = (moment - now).total_seconds() / 3600
        return at_ingest, (
            f"published date {article.published} is {ahead:.3g} h after ingest (clock skew?): "
            "grouped and counted at the ingest time"
        )
    return article, None


def implausible_time(moment: datetime, settings: Settings, now: datetime | None = None) -> str | None:
    """Why a post's time is not usable (outside ``date_min`` .. ``date_future_hours``
    after now), or None.

    >>> from storydesk.config import Settings
    >>> implausible_time(datetime(9999, 12, 31), Settings(), datetime(2020, 2, 3))
    'post time 9999-12-31T00:00:00 is outside the plausible range (1900-01-01 to 24 h from now)'
    """
    earliest, latest = plausible_range(settings, now or utc_now())
    if earliest <= moment <= latest:
        return None
    return (f"post time {moment.isoformat()} is outside the plausible range "
            f"({settings.date_min} to {settings.date_future_hours:g} h from now)")
