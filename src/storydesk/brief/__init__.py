"""Story briefs: a pure, deterministic function of a story's analyzed articles.

:func:`build_brief` returns the JSON contract of docs/brief-contract.md ("storydesk.brief/1"): the
story and its coverage, where it came from, what is trending, a cited summary, who said
what, reactions, a timeline, key figures and entities. Every line cites exact spans of
its sources; entries whose citations do not hold are left out and ``notes`` says what
could not be built and why.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..config import DEFAULTS
from ..model import AnalyzedArticle, founding_article, story_id_for
from .coverage import article_rows, build_coverage, date_range
from .entities import build_entities
from .headline import build_headline
from .origin import build_origin
from .quotes import build_quotes
from .similarity import Embed
from .summary import build_summary
from .verify import drop_unsupported

log = logging.getLogger(__name__)

SCHEMA = "storydesk.brief/1"


def _unique(analyzed: list[AnalyzedArticle], notes: list[str]) -> list[AnalyzedArticle]:
    seen: set[str] = set()
    out = []
    for item in analyzed:
        if item.article.id in seen:
            notes.append(f"article {item.article.id} ({item.article.source}) given more than once; used once")
            continue
        seen.add(item.article.id)
        out.append(item)
    return out


def _guarded(name: str, build: Callable[[], list], notes: list[str]) -> list:
    """Another section's builder: a failure costs that section, not the brief."""
    try:
        return list(build())
    except Exception as exc:  # noqa: BLE001 - one broken section must not lose the brief
        log.exception("brief section %s failed", name)
        notes.append(f"{name}: could not be built ({type(exc).__name__}: {exc})")
        return []


def _analysis_notes(analyzed: list[AnalyzedArticle]) -> list[str]:
    return [f"article {item.article.id}: {note}" for item in analyzed for note in item.analysis.notes]


def build_brief(
    analyzed: list[AnalyzedArticle],
    *,
    story_id: str | None = None,
    summary_sentences: int = DEFAULTS.summary_sentences,
    embed: Embed | None = None,
) -> dict:
    """The brief of the story made of ``analyzed`` (see the module doc).

    ``embed``, optional, compares summary sentences by sentence embeddings
    (:func:`storydesk.brief.embeddings.load_embedder`) instead of TF-IDF.
    """
    from .figures import build_figures
    from .reactions import build_posts
    from .story_names import resolve_story
    from .timeline import build_timeline
    from .trending import build_trending

    notes: list[str] = []
    analyzed = _unique(list(analyzed), notes)
    if not analyzed:
        notes.append("no articles: nothing to brief")
    else:
        analyzed = _guarded("entities", lambda: resolve_story(analyzed), notes) or analyzed
    articles = [item.article for item in analyzed]
    first, last = date_range(articles)

    summary = build_summary(analyzed, summary_sentences, embed=embed, notes=notes)
    headline, headline_from = build_headline(analyzed, notes)
    brief = {
        "schema": SCHEMA,
        "story": {
            "id": story_id or (story_id_for(founding_article(articles).id) if articles else "s-"),
            "headline": headline,
            "headline_from": headline_from,
            "articles": article_rows(articles),
            "first_published": first,
            "last_published": last,
        },
        "origin": build_origin(analyzed, notes),
        "trending": _guarded("trending", lambda: build_trending(analyzed), notes),
        "summary": summary,
        "quotes": build_quotes(analyzed, notes),
        "posts": _guarded("posts", lambda: build_posts(analyzed), notes),
        "timeline": _guarded("timeline", lambda: build_timeline(analyzed, first), notes),
        "figures": _guarded("figures", lambda: build_figures(analyzed), notes),
        "entities": build_entities(analyzed),
        "coverage": build_coverage(articles),
    }
    if len(analyzed) == 1:
        notes.append("one article only: nothing is cross-checked against other outlets")
    if articles and first is None:
        notes.append("no article has a publication date")
    drop_unsupported(brief, analyzed, notes)
    notes.extend(_analysis_notes(analyzed))
    brief["notes"] = notes
    return brief


__all__ = ["SCHEMA", "build_brief", "story_id_for"]
