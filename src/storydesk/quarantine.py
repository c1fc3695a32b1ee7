"""One bad article must never break the desk: each stage that runs on a stored article
(analysis, grouping, trend counting) is guarded, and what it cannot do for one article
is recorded as that article's note, with the reason, in the store.

- Extraction and analysis run within a time and memory budget (``article_seconds``,
  ``article_memory_mb``; :mod:`storydesk.budget`). A page over it is rejected; an article
  whose analysis is over it (or fails) is quarantined from analysis: stored, grouped and
  counted without one, and its cached analysis is an empty one whose note says why, so
  nothing analyzes it again.
- A publication date outside the plausible range is not used by the stages
  (:mod:`storydesk.plausible`); the article keeps it and says so. Grouping and trend
  counting read the first ``max_analysis_chars`` of the body, as analysis does.
- Grouping and trend counting that fail for one article quarantine it from the stage
  that failed (trends: it is grouped without being counted; grouping: it is in no story
  and ``update_stories`` does not retry it), and the next article goes on.

The store failing is not an article's fault: :class:`~storydesk.errors.StoreError` is
raised, never recorded as a note.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from .budget import Worker
from .errors import StoreError
from .forkserver import ForkServer
from .model import Analysis, Article
from .plausible import plausible_date
from .store import quarantine as notes

if TYPE_CHECKING:
    from .desk import Desk

log = logging.getLogger(__name__)


def skipped_analysis(article_id: str, reason: str) -> Analysis:
    """The analysis of an article quarantined from analysis: empty, saying why."""
    from .analyze import ANALYZER_VERSION

    return Analysis(article_id=article_id, version=ANALYZER_VERSION, notes=(reason,))


class Guard:
    """The budgets and the per-stage quarantine of one :class:`~storydesk.desk.Desk`
    (its workers are its state; :meth:`close` stops them)."""

    def __init__(self, desk: Desk):
        self._desk = desk
        self._extractor: Worker | None = None
        self._analyzer: Worker | None = None
        self._forks: ForkServer | None = None

    def close(self) -> None:
        for worker in (self._extractor, self._analyzer):
            if worker is not None:
                worker.close()
        self._extractor = self._analyzer = None
        if self._forks is not None:
            self._forks.close()
        self._forks = None

    def serve_forks(self) -> None:
        """Fork the budget workers from now on from a fork server forked now, with the
        model loaded (:class:`storydesk.budget.ForkServer`): a long-running desk calls it
        once what the workers need is loaded and before its own state grows, so that a
        replaced worker starts from that base and not from the desk as it is by then."""
        settings = self._desk.settings
        if self._forks is None and Worker(settings.article_seconds, settings.article_memory_mb).bounded:
            self.close()  # workers forked before now would hold on to the desk's pages
            self._forks = ForkServer([self._desk.nlp])
            self._forks.start()

    # -- extraction ----------------------------------------------------------------------
    def read_html(self, data: bytes, source: str) -> Article:
        """:func:`storydesk.ingest.html.read_html` within the budget; a page over it is an
        :class:`InputError` (a rejection) saying so."""
        from .pipeline.stages import html_reader

        settings = self._desk.settings
        if self._extractor is None:
            self._extractor = Worker(settings.article_seconds, settings.article_memory_mb,
                                     max_tasks=settings.worker_max_tasks, max_own_mb=settings.worker_max_mb,
                                     forks=self._forks)
        return html_reader(self._extractor, settings.max_html_tags)(data, source)

    # -- analysis ------------------------------------------------------------------------
    def analysis_worker(self) -> Worker:
        """The budget worker analyses run in (forked after the model is loaded, to share it)."""
        if self._analyzer is None:
            desk = self._desk
            self._analyzer = Worker(desk.settings.article_seconds, desk.settings.article_memory_mb, desk.nlp,
                                   max_tasks=desk.settings.worker_max_tasks,
                                   max_own_mb=desk.settings.worker_max_mb, forks=self._forks)
        return self._analyzer

    def usable(self, article: Article) -> Article:
        """``article`` as analysis sees it: with a plausible date, without its raw input."""
        return replace(plausible_date(article, self._desk.settings)[0], raw="")

    def analyze(self, articles: Iterable[Article]) -> list[Analysis]:
        """Analyses of ``articles``, each within the budget and with a plausible date;
        an article that fails (or was quarantined from analysis before) gets
        :func:`skipped_analysis`, and a stored one a note saying why."""
        from .pipeline.stages import analyze_within

        articles = list(articles)
        reasons = {a.id: self._quarantined(a.id, "analyze") for a in articles}
        todo = [a for a in articles if reasons[a.id] is None]
        outcomes: dict[str, Analysis | str] = {}
        if todo:  # the model is loaded only when something is to be analyzed
            found = analyze_within(self.analysis_worker(), [self.usable(a) for a in todo],
                                   self._desk.settings.max_analysis_chars)
            outcomes = dict(zip((a.id for a in todo), found))
        out = []
        for article in articles:
            outcome = outcomes.get(article.id, reasons[article.id])
            if isinstance(outcome, Analysis):
                out.append(outcome)
                continue
            assert outcome is not None  # the quarantine's reason, or why analysis failed now
            if reasons[article.id] is None:
                self.failed_analysis(article.id, outcome)
            out.append(skipped_analysis(article.id, outcome))
        return out

    def failed_analysis(self, article_id: str, reason: str) -> None:
        """Record that analysis failed for this article (a stored one gets the note that
        quarantines it from analysis)."""
        self._note(article_id, "analyze", reason)
        log.info("article %s quarantined from analysis: %s", article_id, reason)

    # -- grouping and trends -------------------------------------------------------------
    def process(self, article: Article) -> None:
        """The stages after storing, for one stored article: its date checked, then
        analysis, grouping and trend counting, each guarded. Grouping reads what analysis
        reads (the first ``max_analysis_chars`` of the body), so a 15 MB body costs it no
        more than a long article does."""
        desk = self._desk
        usable, date_note = plausible_date(article, desk.settings)
        if date_note is not None:
            notes.add_note(desk.store, article.id, "date", date_note, quarantined=False)
        analysis: Analysis | None = desk.analyze([usable])[0].analysis
        if self._quarantined(article.id, "analyze") is not None:
            analysis = None  # grouped on its words and capitalised names alone
        limit = desk.settings.max_analysis_chars  # what analysis reads, grouping reads
        self.group(replace(usable, text=usable.text[:limit]) if len(usable.text) > limit else usable, analysis)

    def group(self, article: Article, analysis: Analysis | None) -> None:
        """Group and count one article; a failure quarantines it from the stage that
        failed: if grouping alone works, trend counting was the culprit."""
        tracker = self._desk.tracker
        try:
            tracker.add_article(article, analysis)
            return
        except (StoreError, KeyboardInterrupt):
            raise
        except Exception as exc:
            log.debug("grouping %s failed", article.id, exc_info=True)
            first = f"{type(exc).__name__}: {exc}"
        try:
            tracker.add_article(article, analysis, count=False)
        except (StoreError, KeyboardInterrupt):
            raise
        except Exception as exc:
            log.debug("grouping %s without trend counting failed too", article.id, exc_info=True)
            self._note(article.id, "group", f"grouping failed: {type(exc).__name__}: {exc}")
            return
        self._note(article.id, "trends", f"trend counting failed: {first}")

    def ungrouped(self) -> Iterator[str]:
        """Stored articles in no story, in publication order (undated ones last, by
        ingest time), less those quarantined from grouping."""
        from .store.progress import ungrouped_in_order

        store = self._desk.store
        out = notes.quarantined_ids(store, "group")
        return (i for i in ungrouped_in_order(store) if i not in out)

    def count_ungrouped(self) -> int:
        """How many stored articles :meth:`ungrouped` yields (cheap: counts)."""
        from .store.progress import count_ungrouped

        store = self._desk.store
        return count_ungrouped(store) - len(notes.quarantined_ids(store, "group"))

    # -- notes ---------------------------------------------------------------------------
    def _quarantined(self, article_id: str, stage: str) -> str | None:
        store = self._desk.existing_store()  # none (a brief of files): nothing quarantined
        if store is None:
            return None
        found = notes.notes_for(store, [article_id]).get(article_id, [])
        return next((reason for s, reason, q in found if s == stage and q), None)

    def _note(self, article_id: str, stage: str, reason: str) -> None:
        store = self._desk.existing_store()
        if store is None or store.readonly or not store.has_article(article_id):
            return
        notes.add_note(store, article_id, stage, reason, quarantined=True)
