"""Per-article analysis: a pure function ``Article -> Analysis``.

Order matters: embedded posts are found first so that post text is never read as the
article's prose or quotes; then the spaCy parse gives sentences and entities; quotes are
attributed to resolved entities; dates are normalised against the publication date.

Bump :data:`ANALYZER_VERSION` whenever a change alters any output: the store caches
analyses by (article id, version) and re-analyzes only when it changes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext

from ..config import DEFAULTS
from ..model import Analysis, Article
from .clauses import find_clauses
from .dates import find_dates
from .entities import find_entities
from .figures import find_figures
from .headlines import headline_spans
from .nlp import load_nlp
from .people import with_people
from .posts import find_posts
from .quotemarks import pair_quotes
from .quotes import attribute_quotes
from .sentences import find_sentences
from .tags import find_tags

log = logging.getLogger(__name__)

ANALYZER_VERSION = "0.24"


def _notes(article: Article, max_chars: int) -> list[str]:
    notes = []
    if len(article.text) > max_chars:
        notes.append(
            f"body is {len(article.text)} characters; analyzed the first {max_chars} "
            "(max_analysis_chars)"
        )
    return notes


def _text_notes(doc, sentences) -> list[str]:
    """Notes on text the English analyzers cannot read: no sentences, not English."""
    notes = []
    if not sentences:
        notes.append("no sentences found in the body text; nothing analyzed")
        return notes
    words = [t for t in doc if t.is_alpha]
    if len(words) >= 20:
        known = sum(1 for t in words if t.is_stop) / len(words)
        if known < 0.12:
            notes.append(
                f"the body text does not read as English ({known:.0%} English function words); "
                "entities and quotes may be missing"
            )
    return notes


def _outside_posts(dates, posts):
    """Dates outside embedded posts: a post's signature date is when it was posted,
    and a date in its text is the poster's, not an event the article reports."""
    return [d for d in dates if not any(p.start <= d.start < p.end for p in posts)]


def analyze_parsed(article: Article, doc, max_chars: int = DEFAULTS.max_analysis_chars, speaker_model=None) -> Analysis:
    """The analysis of ``article`` given its spaCy ``doc`` (of ``article.text[:max_chars]``).
    ``speaker_model`` (:class:`.speaker_model.SpeakerModel`) replaces the shipped one."""
    text = article.text[:max_chars]
    posts = find_posts(text)
    sentences = find_sentences(doc, text)
    headlines = headline_spans(text, sentences)
    entities = find_entities(doc, posts, headlines)
    spans, quote_notes = pair_quotes(text)
    quotes, people = attribute_quotes(doc, entities, posts, spans, headlines, speaker_model)
    entities = with_people(entities, people)
    return Analysis(
        article_id=article.id,
        version=ANALYZER_VERSION,
        sentences=tuple(sentences),
        entities=tuple(entities),
        quotes=tuple(quotes),
        posts=tuple(posts),
        tags=tuple(find_tags(text)),
        dates=tuple(_outside_posts(find_dates(text, article.published, sentences, doc), posts)),
        figures=tuple(find_figures(text, doc)),
        notes=tuple(_notes(article, max_chars) + quote_notes + _text_notes(doc, sentences)),
        clauses=tuple(find_clauses(doc)),
    )


def analyze_articles(
    articles: Iterable[Article], nlp, max_chars: int = DEFAULTS.max_analysis_chars, batch_size: int = 16
) -> Iterator[Analysis]:
    """Analyses of ``articles`` in order, parsing them in batches with ``nlp.pipe``."""
    articles = list(articles)
    texts = (a.text[:max_chars] for a in articles)
    with memory_zone(nlp):
        docs = nlp.pipe(texts, batch_size=batch_size)
        analyses = [analyze_parsed(article, doc, max_chars) for article, doc in zip(articles, docs)]
    yield from analyses


def analyze_article(article: Article, nlp, max_chars: int = DEFAULTS.max_analysis_chars) -> Analysis:
    with memory_zone(nlp):
        return analyze_parsed(article, nlp(article.text[:max_chars]), max_chars)


def memory_zone(nlp) -> AbstractContextManager:
    """spaCy's memory zone (3.8+): the strings and lexemes a parse adds to the vocabulary
    are dropped when it closes, so a long-running desk's vocabulary stays the model's own
    instead of growing with every new word. An :class:`Analysis` holds plain strings and
    offsets, never a Doc or a string hash, so nothing it holds outlives the zone. A zone
    frees what any thread added meanwhile: one pipeline parses in one thread at a time
    (the writer's, or a process's own), as everywhere in storydesk."""
    zone = getattr(nlp, "memory_zone", None)
    return zone() if zone is not None else nullcontext()


__all__ = ["ANALYZER_VERSION", "analyze_article", "analyze_articles", "analyze_parsed", "load_nlp"]
