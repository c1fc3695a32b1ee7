"""The orchestrator: ingest → analyze → group → trends → brief.

A :class:`Desk` holds the settings, the store and the loaded NLP model (loaded once, on
first use), so that a long-running process (the web server, a big ingest) pays for them
once. Every stage itself is a plain function in its own package.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import BinaryIO, Callable, Iterable, Mapping

from .config import Settings
from .ingest import DEFAULT_FIELDS, read_articles
from .model import Analysis, AnalyzedArticle, Article, Rejection
from .store import Store

log = logging.getLogger(__name__)


@dataclass
class IngestReport:
    """What one ingest did. ``exit_status`` follows the CLI's documented codes."""

    stored: list[Article] = field(default_factory=list)
    already: list[Article] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)

    @property
    def exit_status(self) -> int:
        return 3 if self.rejected else 0


#: Called after each input record with (article or rejection, is_new).
OnResult = Callable[[Article | Rejection, bool], None]


class Desk:
    """storydesk's entry point from Python.

    >>> from storydesk import Desk, Settings
    >>> desk = Desk(Settings(db=":memory:"))
    >>> desk.store.count_articles()
    0
    """

    def __init__(self, settings: Settings | None = None, store: Store | None = None):
        self.settings = settings or Settings()
        self._store = store
        self._nlp = None

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = Store(self.settings.db)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> "Desk":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- ingest -----------------------------------------------------------------------
    def ingest(
        self,
        paths: Iterable[str],
        *,
        fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
        stdin: BinaryIO | None = None,
        on_result: OnResult | None = None,
        process: bool = True,
    ) -> IngestReport:
        """Read ``paths`` and store every article found, each in its own transaction, so
        an interrupted ingest keeps what it committed and a re-run adds only the rest.
        Rejections are recorded in the store and reported, never raised. With
        ``process=False`` articles are only read and stored (no analysis, no grouping)."""
        report = IngestReport()
        store = self.store
        for result in read_articles(
            paths, max_bytes=self.settings.max_input_bytes, fields=fields, stdin=stdin
        ):
            if isinstance(result, Rejection):
                log.warning("rejected %s", result)
                store.add_rejection(result)
                report.rejected.append(result)
                is_new = False
            else:
                if result.published is None:
                    result = _dated_now(result)
                is_new = store.add_article(result)
                (report.stored if is_new else report.already).append(result)
                if is_new and process:
                    self._after_store(result)
            if on_result is not None:
                on_result(result, is_new)
        return report

    def _after_store(self, article: Article) -> None:
        """Later stages that run as each article arrives (analysis, story grouping)."""

    # -- analysis ---------------------------------------------------------------------
    @property
    def nlp(self):
        """The spaCy pipeline named by the ``spacy_model`` setting, loaded on first use."""
        if self._nlp is None:
            from .analyze import load_nlp

            self._nlp = load_nlp(self.settings.spacy_model)
        return self._nlp

    def analyze(self, articles: Iterable[Article], *, cache: bool = True) -> list[AnalyzedArticle]:
        """Analyses of ``articles``, in order. With ``cache``, analyses are read from and
        written to the store (by article id and analyzer version), so each article is
        analyzed once per analyzer version; articles not in the store are not cached."""
        from .analyze import ANALYZER_VERSION, analyze_articles

        articles = list(articles)
        found: dict[str, Analysis] = {}
        if cache:
            for a in articles:
                cached = self.store.get_analysis(a.id, ANALYZER_VERSION)
                if cached is not None:
                    found[a.id] = cached
        todo = [a for a in articles if a.id not in found]
        if todo:
            for article, analysis in zip(
                todo, analyze_articles(todo, self.nlp, self.settings.max_analysis_chars)
            ):
                found[article.id] = analysis
                if cache and self.store.has_article(article.id):
                    self.store.put_analysis(analysis)
        return [AnalyzedArticle(a, found[a.id]) for a in articles]


def _dated_now(article: Article) -> Article:
    """An undated article gets the ingest time as its date, and says so."""
    from dataclasses import replace

    now = datetime.now(timezone.utc).replace(microsecond=0, tzinfo=None).isoformat()
    return replace(article, published=now, precision="time", date_from_ingest=True)


# The sections below are filled in by the issues that own them; each keeps to its own.
# -- stories and trends (issue 6): Desk.stories(), Desk.story(), Desk.trends(),
#    Desk.story_article_ids(), and grouping in Desk._after_store.
# -- briefs (issue 4): Desk.brief_articles(), Desk.brief_story(), Desk.brief_paths().
