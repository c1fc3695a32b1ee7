"""The orchestrator: ingest → analyze → group → trends → brief.

A :class:`Desk` holds the settings, the store and the loaded NLP model (loaded once, on
first use), so that a long-running process (the web server, a big ingest) pays for them
once. Every stage itself is a plain function in its own package.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO

from .config import Settings
from .ingest import DEFAULT_FIELDS, Input, read_articles, read_one
from .model import Analysis, AnalyzedArticle, Article, Rejection
from .store import Store

log = logging.getLogger(__name__)


class ArticleRefs(Sequence[Article]):
    """The articles of one ingest, in order: the first ``keep`` held whole, the rest by
    id only and read back from the store (``load``) when asked for, so a big ingest's
    report does not hold every article's text. ``len()`` and :attr:`ids` cost nothing.

    >>> refs = ArticleRefs(load=lambda i: Article(id=i, source="s", format="text", text="..."), keep=1)
    >>> for name in ("a1", "a2"):
    ...     refs.append(Article(id=name, source="s", format="text", text="kept"))
    >>> len(refs), refs.ids, [a.text for a in refs]
    (2, ['a1', 'a2'], ['kept', '...'])
    """

    def __init__(self, load: Callable[[str], Article] | None = None, keep: int = 1000):
        self.ids: list[str] = []
        self._kept: list[Article] = []
        self._load = load
        self._keep = keep

    def append(self, article: Article) -> None:
        self.ids.append(article.id)
        if len(self._kept) < self._keep:
            self._kept.append(article)

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self.ids))[index]  # negative indices; IndexError past the end
        if index < len(self._kept):
            return self._kept[index]
        if self._load is None:
            raise LookupError(f"article {self.ids[index]} was not kept and there is no store to read it from")
        return self._load(self.ids[index])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"ArticleRefs({len(self)} articles)"


@dataclass
class IngestReport:
    """What one ingest did. ``exit_status`` follows the CLI's documented codes.
    ``caught_up`` counts earlier articles, stored but never grouped (an ingest killed
    between the two), that this ingest grouped too; ``workers`` the processes that
    analyzed (1: the calling process)."""

    stored: ArticleRefs = field(default_factory=ArticleRefs)
    already: ArticleRefs = field(default_factory=ArticleRefs)
    rejected: list[Rejection] = field(default_factory=list)
    caught_up: int = 0
    workers: int = 1

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

    def __init__(self, settings: Settings | None = None, store: Store | None = None, *, create: bool = True):
        """``create=False``: the store named by ``settings.db`` must exist already (what
        every reading command asks, so a mistyped path is an error, not a new empty
        store); briefing or analyzing files then caches analyses only if it exists."""
        self.settings = settings or Settings()
        self._store = store
        self._create = create
        self._nlp = None
        self._story_tracker = None  # grouping and trend state, restored from the store
        self._embed = None  # sentence embedder for summaries, when the setting asks
        self._guard = None  # budgets and per-stage quarantine (storydesk.quarantine)

    @property
    def store(self) -> Store:
        """The store (opened on first use; a :class:`~storydesk.errors.StoreError` when
        it cannot be, or does not exist and this Desk may not create it)."""
        if self._store is None:
            self._store = Store(self.settings.db, create=self._create)
        return self._store

    def existing_store(self) -> Store | None:
        """The store, when there is one to keep analyses in (never created for that)."""
        if self._store is None and not self._create and not Store.exists(self.settings.db):
            return None
        return self.store

    @property
    def guard(self):
        """This desk's budgets for extraction and analysis and its per-stage quarantine."""
        if self._guard is None:
            from .quarantine import Guard

            self._guard = Guard(self)
        return self._guard

    def close(self) -> None:
        if self._guard is not None:
            self._guard.close()
            self._guard = None
        if self._store is not None:
            self._store.close()
            self._store = None
            self._story_tracker = None  # its state belongs to the closed store

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- ingest -----------------------------------------------------------------------
    def ingest(
        self,
        paths: Iterable[str] | str,
        *,
        fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
        stdin: BinaryIO | None = None,
        on_result: OnResult | None = None,
        process: bool = True,
        executor=None,
        on_grouped: Callable[[int], None] | None = None,
    ) -> IngestReport:
        """Read ``paths`` and store every article found, each in its own transaction, so
        an interrupted ingest keeps what it committed and a re-run adds only the rest.
        Rejections are recorded in the store and reported, never raised.

        Reading and analysis run in ``workers`` processes (the setting; a small input in
        this process), or on ``executor`` (:mod:`storydesk.pipeline`); articles are
        stored in input order, then grouped in publication order whatever the order of
        the inputs (``on_grouped`` is told the running count). With ``process=False``
        articles are only read and stored. ``paths`` may be one path."""
        from .ingest.sources import walk

        found = list(walk(paths))  # a link out of a folder named is a rejection, reported
        paths = [p for p in found if isinstance(p, str)]
        pre_read: list[Article | Rejection] = [p for p in found if isinstance(p, Rejection)]
        if "-" in paths:  # standard input is read here; every other input by the workers
            pre_read += list(read_articles(["-"], max_bytes=self.settings.max_input_bytes,
                                          fields=fields, stdin=stdin, html=self.guard.read_html))
            paths = [p for p in paths if p != "-"]
        return self._run(paths, pre_read, fields, on_result, process, executor, on_grouped)

    def ingest_bytes(
        self,
        data: bytes,
        source: str,
        *,
        fields: Mapping[str, tuple[str, ...]] = DEFAULT_FIELDS,
        on_result: OnResult | None = None,
    ) -> IngestReport:
        """Ingest one input held in memory (an HTTP upload) as :meth:`ingest` does, its
        articles and rejections recorded under ``source`` (a name, not a path).

        >>> with Desk(Settings(db=":memory:")) as desk:
        ...     report = desk.ingest_bytes(b"Headline\\n\\nBody text of the story.", "api:wire")
        ...     [a.source for a in report.stored]
        ['api:wire']
        """
        if len(data) > self.settings.max_input_bytes:
            too_big = Rejection(source, f"input is {len(data)} bytes, over max_input_bytes="
                                        f"{self.settings.max_input_bytes}")
            return self._run([], [too_big], fields, on_result, True, None)
        results = list(read_one(Input(source, data), fields, html=self.guard.read_html))
        return self._run([], results, fields, on_result, True, None)

    def add_articles(self, articles: Iterable[Article], *, on_result: OnResult | None = None) -> IngestReport:
        """Store, analyze and group articles made elsewhere (``storydesk watch`` makes
        them from feed entries and pages), as :meth:`ingest` does with what it reads."""
        return self._run([], list(articles), DEFAULT_FIELDS, on_result, True, None)

    def _run(self, paths, pre_read, fields, on_result, process, executor, on_grouped=None) -> IngestReport:
        from .pipeline import IngestRun

        store = self.store
        report = IngestReport(stored=ArticleRefs(store.get_article), already=ArticleRefs(store.get_article))
        if process:  # articles an earlier run stored but did not live to group
            report.caught_up = self.guard.count_ungrouped()
        IngestRun(self, report, fields=fields, on_result=on_result, process=process,
                  executor=executor).run(paths, pre_read)
        if process:
            self.update_stories(on_grouped)
        return report

    def _settle_trends(self) -> None:
        """After a batch: trend detection replayed in time order if the batch came out of
        it (issue 14; see ``StoryTracker.settle_trends``)."""
        if self._story_tracker is not None:
            self._story_tracker.settle_trends()

    def _after_store(self, article: Article) -> None:
        """Later stages that run as each article arrives: analysis, then story grouping
        and trend counting (issue 6), each guarded: what one cannot do for this article
        is recorded as its note, and the next article goes on (issue 16)."""
        self.guard.process(article)

    def articles(self, *, since: str | None = None, limit: int | None = None) -> list[Article]:
        """Stored articles, oldest publication first (``since``: an ISO date/time, or a
        duration such as ``7d`` back from the newest article; anything else is a
        :class:`~storydesk.errors.ConfigError`)."""
        from .stories.when import resolve_since

        if limit is not None and limit < 0:
            raise ValueError("limit must be at least 0")
        start = resolve_since(since, self.store.latest_published()) if since else None
        if start and start.endswith("T00:00:00"):  # a day: articles dated by day only count too
            start = start[:10]
        return self.store.list_articles(since=start, limit=limit)

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
        from .analyze import ANALYZER_VERSION

        articles = list(articles)
        found: dict[str, Analysis] = {}
        store = self.existing_store() if cache else None
        if store is not None:
            for a in articles:
                cached = store.get_analysis(a.id, ANALYZER_VERSION)
                if cached is not None:
                    found[a.id] = cached
        todo = [a for a in articles if a.id not in found]
        if todo:
            for article, analysis in zip(todo, self.guard.analyze(todo)):  # budgeted (issue 16)
                found[article.id] = analysis
                if store is not None and store.has_article(article.id):
                    store.put_analysis(analysis)
        return [AnalyzedArticle(a, found[a.id]) for a in articles]

    # -- stories and trends (issue 6) -------------------------------------------------
    @property
    def tracker(self):
        """The grouping and trend state of the store (restored from it on first use)."""
        from .stories.tracker import StoryTracker

        if self._story_tracker is None:
            self._story_tracker = StoryTracker(self.store, self.settings)
        return self._story_tracker

    def ingest_posts(self, path: str, *, on_result=None):
        """Store and count for trends the social posts of a JSON Lines file ("-" for
        stdin; format in :mod:`storydesk.stories.postfile`). Bad lines are rejections."""
        from .stories.api import ingest_posts

        report = ingest_posts(self.tracker, self.store, path, max_bytes=self.settings.max_input_bytes,
                              on_result=on_result, settings=self.settings)
        self._settle_trends()
        return report

    def update_stories(self, on_grouped: Callable[[int], None] | None = None) -> int:
        """Analyze (when not cached) and group the stored articles that are in no story
        yet, in publication order (undated ones last, by ingest time), whatever order
        they were stored in, less those quarantined from grouping (issue 16), then
        refine the stories they joined (merges, :meth:`StoryTracker.refine`); returns how
        many. Every processing ingest ends with this, so it also groups what an earlier,
        killed run stored. ``on_grouped`` is called with the running count."""
        n = 0
        for article_id in self.guard.ungrouped():
            self._after_store(self.store.get_article(article_id))
            n += 1
            if on_grouped is not None:
                on_grouped(n)
        if n:
            log.info("grouped %d stored article(s) in publication order", n)
        self.tracker.refine()  # the stories this batch's articles joined, merged where one
        self._settle_trends()
        return n

    def stories(self, *, since: str | None = None, limit: int = 50, offset: int = 0) -> list[dict]:
        """Stories, newest activity first (``since``: an ISO date/time, or a duration
        such as ``7d`` back from the newest activity)."""
        from .stories.api import list_stories

        rows = list_stories(self.store, self.settings, since=since, limit=limit, offset=offset)
        return [_presented(row) for row in rows]

    def resolve_story(self, story_id: str) -> str:
        """The id ``story_id`` now goes by: the story it was merged into, else itself."""
        from .store.merges import merged_into

        return merged_into(self.store, story_id) or story_id

    def story(self, story_id: str) -> dict:
        """One story row (of the story it was merged into, for a merged id); raises
        :class:`~storydesk.errors.NotFound` for an unknown id."""
        from .stories.api import get_story

        return _presented(get_story(self.store, self.settings, self.resolve_story(story_id)))

    def stories_of(self, article_ids: Iterable[str]) -> dict[str, str]:
        """The story id of each of these stored articles that is in a story."""
        from .store.stories import stories_of

        return stories_of(self.store, article_ids)

    def story_article_ids(self, story_id: str) -> list[str]:
        """The story's article ids (copies included; ``story()`` marks them)."""
        from .store.stories import story_article_ids

        return story_article_ids(self.store, self.resolve_story(story_id))

    def trends(self, *, window: str | None = None, at: str | None = None) -> list[dict]:
        """Bursting terms of the ``window`` (default 7d) ending ``at``, new bursts first
        (the rows of :meth:`trend_report`)."""
        return self.trend_report(window=window, at=at)["trends"]

    def trend_report(self, *, window: str | None = None, at: str | None = None) -> dict:
        """What is trending and why: ``{"at", "mode", "window", "notes", "trends"}``. The
        window ends ``at`` (ISO date or time), else now in a live desk, else at the newest
        activity of the store that is not an outlier (``notes`` says which)."""
        from .store.stories import get_story
        from .stories.api import trends

        report = trends(self.store, self.settings, window=window, at=at)
        rows = report["trends"]
        explained = {r["story_id"] for r in rows if r.get("story_id")}
        headlines = {sid: _presented(get_story(self.store, sid))["headline"] for sid in explained}
        for row in rows:  # the headline the story has wherever it is shown
            if row.get("story_id") in headlines:
                row["headline"] = headlines[row["story_id"]] or None
        return report

    # -- briefs (issue 4) ---------------------------------------------------------------
    def brief_articles(self, articles: Iterable[Article], story_id: str | None = None) -> dict:
        """The brief of ``articles`` read as one story (the JSON contract of docs/brief-contract.md)."""
        from .brief import build_brief

        if self.settings.summary_embeddings and self._embed is None:  # once per Desk
            from .brief.embeddings import load_embedder

            self._embed = load_embedder()
        embed = self._embed if self.settings.summary_embeddings else None
        return build_brief(self.analyze(articles), story_id=story_id,
                           summary_sentences=self.settings.summary_sentences, embed=embed)

    def brief_paths(self, paths: Iterable[str], *, stdin: BinaryIO | None = None) -> dict:
        """The brief of the articles read from ``paths`` (files, folders, URLs), as one
        story; inputs that cannot be read are listed in the brief's ``notes`` and
        ``rejected``. Raises :class:`~storydesk.errors.InputError` when none can be read."""
        from .errors import InputError

        articles: list[Article] = []
        rejected: list[Rejection] = []
        for result in read_articles(paths, max_bytes=self.settings.max_input_bytes, stdin=stdin,
                                    html=self.guard.read_html):
            if isinstance(result, Rejection):
                rejected.append(result)
            else:
                articles.append(result)
        if not articles:
            reasons = "; ".join(str(r) for r in rejected) or "no input given"
            raise InputError(", ".join(paths) or "-", f"no article could be read ({reasons})")
        brief = self.brief_articles(articles, story_id=self._stored_story_of(articles))
        brief["rejected"] = [{"source": r.source, "line": r.line, "reason": r.reason} for r in rejected]
        brief["notes"].extend(f"input rejected: {r}" for r in rejected)
        return brief

    def _stored_story_of(self, articles: list[Article]) -> str | None:
        """The id of the stored story holding every one of ``articles`` (one story, one
        id, however it is reached), when the store exists and there is one."""
        store = self.existing_store()
        if store is None:
            return None
        from .store.stories import stories_of

        found = stories_of(store, [a.id for a in articles])
        ids = set(found.values())
        return ids.pop() if len(ids) == 1 and len(found) == len({a.id for a in articles}) else None

    def brief_story(self, story_id: str) -> dict:
        """The brief of a stored story; raises :class:`~storydesk.errors.NotFound` for an
        unknown story id."""
        from .errors import NotFound

        story_id = self.resolve_story(story_id)
        ids = self.story_article_ids(story_id)
        if not ids:
            raise NotFound(f"story {story_id!r} has no articles in {self.settings.db}")
        return self.brief_articles(self.store.get_articles(ids), story_id=story_id)


def _presented(row: dict) -> dict:
    """A story row as the CLI, the API and the pages show it: with the headline its
    brief has (:func:`storydesk.brief.headline.choose_headline` of the same articles)."""
    from .brief.headline import choose_headline

    headline, headline_from = choose_headline(row["articles"])
    for article in row["articles"]:
        article.pop("text", None)  # the start of an untitled body, read for the headline
    return {"id": row["id"], "headline": headline, "headline_from": headline_from,
            **{k: v for k, v in row.items() if k != "id"}}

