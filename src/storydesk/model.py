"""The data storydesk passes between its stages: frozen dataclasses, no behaviour beyond
small conveniences.

Offsets (``start``/``end``) are always character offsets into ``Article.text``, the body
text every later stage refers to, end exclusive: ``article.text[span.start:span.end]``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

#: Date precisions, coarsest first. A date string has the form that matches its precision:
#: "YYYY", "YYYY-MM", "YYYY-MM-DD" or an ISO datetime ("YYYY-MM-DDTHH:MM:SS").
PRECISIONS = ("year", "month", "day", "time")


@dataclass(frozen=True)
class Article:
    """One ingested news article.

    ``id`` is a content hash (outlet, title and body text), so the same article read
    twice, from the same or another file, has the same id.
    """

    id: str
    text: str
    source: str  # the path or URL it was read from, as given ("file.jsonl:12" for a record)
    format: str  # text | html | json | jsonl | rss | atom
    title: str | None = None
    outlet: str | None = None
    published: str | None = None  # ISO date or datetime, see PRECISIONS
    precision: str | None = None  # one of PRECISIONS, None when published is None
    url: str | None = None
    authors: tuple[str, ...] = ()
    raw: str = ""  # the raw input record, kept for re-processing
    date_from_ingest: bool = False  # True when no date was given and ingest time was used
    encoding: str | None = None  # the text encoding the input was decoded with ("utf-8", "cp1252", ...)
    headline_only: bool = False  # the source gave a title and no body: ``text`` is the title

    @property
    def published_day(self) -> str | None:
        """The published date cut to at most day precision ("YYYY-MM-DD"), or None."""
        return self.published[:10] if self.published else None


@dataclass(frozen=True)
class Rejection:
    """An input that was not stored, and why. Rejections are values, recorded in the store."""

    source: str
    reason: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line is not None else self.source
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int


@dataclass(frozen=True)
class Entity:
    """A mention of a named entity. ``canonical`` is the full name it resolves to."""

    start: int
    end: int
    text: str
    type: str  # PERSON | ORG | GPE | LOC | WORK | NORP | EVENT | ...
    canonical: str
    gender: str | None = None  # "f" | "m" for a person whose gender the article shows
    role: str | None = None  # the role noun the text ties to this mention ("actress")


@dataclass(frozen=True)
class Quote:
    """A direct quote: ``start:end`` covers the quoted words, without quotation marks."""

    start: int
    end: int
    text: str
    speaker: str | None  # canonical name, or an unnamed role as printed; None when not told
    speaker_start: int | None = None  # the mention that is the subject of the cue
    speaker_end: int | None = None
    cue: str | None = None  # "said", "tweeted", "told X", ...
    speaker_type: str | None = None  # "person" | "organization" | "role" (unnamed) | None
    speaker_probability: float | None = None  # that the mention is the speaker (speaker model)


@dataclass(frozen=True)
class Post:
    """A social-media post embedded in an article."""

    start: int
    end: int
    platform: str  # "twitter", ...
    text: str
    author: str | None = None
    handle: str | None = None  # without "@"
    date: str | None = None  # ISO date
    hashtags: tuple[str, ...] = ()
    links: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tag:
    """A hashtag ("#JusticeForJohnnyDepp") or an @mention; ``text`` includes the sigil."""

    start: int
    end: int
    text: str
    kind: str  # "hashtag" | "mention"


@dataclass(frozen=True)
class DatedEvent:
    """A date expression normalised against the publication date."""

    start: int
    end: int
    text: str
    value: str  # "YYYY" | "YYYY-MM" | "YYYY-MM-DD"
    precision: str  # year | month | day
    sentence_start: int
    sentence_end: int
    scheduled: bool = False  # still to come when the article was published ("opens on Friday")


@dataclass(frozen=True)
class Figure:
    """A number with what it measures: money, age, duration, count."""

    start: int
    end: int
    text: str
    value: float | None
    unit: str | None  # "USD", "years", "months", "people", ...
    kind: str  # money | age | duration | count | percent
    context: str = ""  # the phrase it measures ("divorce settlement", "Amber Heard")
    measure: str = ""  # for a count, what happened to what was counted: "killed", "critical", "win"
    bound: str = ""  # "min" ("at least 84"), "max" ("nearly 80"), "approx" ("about 100"), "" exact


@dataclass(frozen=True)
class Clause:
    """One verb's clause, as the parse reads it: who did what to whom. ``start:end`` is
    the verb; agent and patient are the head words of the doer and of whom it is done
    to (None when the clause has none)."""

    start: int
    end: int
    lemma: str  # the predicate: the verb's lemma, or a copula's complement ("abusive")
    negated: bool = False  # "not", "never", or denied by the verb above ("denied hitting")
    reporting: bool = False  # a verb of saying whose complement carries the claim
    main: bool = False  # carries its sentence's claim (the root, or what the root reports)
    agent_start: int | None = None
    agent_end: int | None = None
    patient_start: int | None = None
    patient_end: int | None = None


@dataclass(frozen=True)
class Analysis:
    """Everything the analyzer found in one article. Pure function of the article."""

    article_id: str
    version: str
    sentences: tuple[Sentence, ...] = ()
    entities: tuple[Entity, ...] = ()
    quotes: tuple[Quote, ...] = ()
    posts: tuple[Post, ...] = ()
    tags: tuple[Tag, ...] = ()
    dates: tuple[DatedEvent, ...] = ()
    figures: tuple[Figure, ...] = ()
    notes: tuple[str, ...] = ()  # what was skipped and why (unbalanced quotes, ...)
    clauses: tuple[Clause, ...] = ()


@dataclass(frozen=True)
class AnalyzedArticle:
    article: Article
    analysis: Analysis


def story_id_for(article_id: str) -> str:
    """A story's id, whichever way the story was reached: ``s-`` and the id of the
    article that founded it. Grouping founds a story on the article that starts it; a
    brief of given articles (``storydesk brief PATH...``) founds it on the earliest
    published one (ties: the smallest id), which is the article that starts the story
    when those articles are ingested in publication order.

    >>> story_id_for("3f2a9c")
    's-3f2a9c'
    """
    return f"s-{article_id}"


def founding_article(articles: list[Article]) -> Article:
    """The article a story of ``articles`` is founded on (see :func:`story_id_for`):
    the earliest published (undated ones last), ties to the smallest id."""
    return min(articles, key=lambda a: (a.published is None, a.published or "", a.id))


def to_dict(obj: Any) -> Any:
    """Plain JSON-ready form of a dataclass (tuples become lists)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_dict(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_dict(x) for x in obj]
    if isinstance(obj, dict):
        return {k: to_dict(v) for k, v in obj.items()}
    return obj


def from_dict(cls: type, data: dict[str, Any]) -> Any:
    """Inverse of :func:`to_dict` for the flat dataclasses above and :class:`Analysis`."""
    if cls is Analysis:
        kinds = {
            "sentences": Sentence,
            "entities": Entity,
            "quotes": Quote,
            "posts": Post,
            "tags": Tag,
            "dates": DatedEvent,
            "figures": Figure,
            "clauses": Clause,
        }
        kwargs = {k: v for k, v in data.items() if k not in kinds and k != "notes"}
        for name, kind in kinds.items():
            kwargs[name] = tuple(from_dict(kind, item) for item in data.get(name, ()))
        kwargs["notes"] = tuple(data.get("notes", ()))
        return Analysis(**kwargs)
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if key in names:
            kwargs[key] = tuple(value) if isinstance(value, list) else value
    return cls(**kwargs)


__all__ = [
    "PRECISIONS",
    "Analysis",
    "AnalyzedArticle",
    "Article",
    "Clause",
    "DatedEvent",
    "Entity",
    "Figure",
    "Post",
    "Quote",
    "Rejection",
    "Sentence",
    "Span",
    "Tag",
    "founding_article",
    "from_dict",
    "story_id_for",
    "to_dict",
]
