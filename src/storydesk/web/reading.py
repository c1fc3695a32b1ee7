"""Reads the API and the pages share: stories, briefs (cached), analyses."""

from __future__ import annotations

import logging
from typing import Any

from ..desk import Desk
from ..model import Analysis, Article
from .context import WebContext
from .errors import ApiError

log = logging.getLogger(__name__)


def call(desk: Desk, method: str, *args: Any, **kwargs: Any) -> Any:
    """``desk.<method>(...)``, or a 501 error when this build of storydesk lacks it."""
    fn = getattr(desk, method, None)
    if fn is None:
        raise ApiError(501, f"this storydesk build cannot answer this yet (no Desk.{method})")
    return fn(*args, **kwargs)


def moved(request, desk: Desk, story_id: str):
    """A permanent redirect to the story ``story_id`` was merged into, else None: a
    merged story's pages and API answers live on under the id of the story it joined."""
    from fastapi.responses import RedirectResponse

    into = call(desk, "resolve_story", story_id)
    if into == story_id:
        return None
    path = request.url.path
    return RedirectResponse(path[: len(path) - len(story_id)] + into, status_code=308)


def story_key(desk: Desk, story_id: str) -> tuple:
    """What a story's brief depends on: the story, its articles and their edits (NotFound
    if none)."""
    from ..store.feeds import edit_stamp

    story = call(desk, "story", story_id)
    ids = tuple(sorted(a["id"] for a in story.get("articles", ())))
    return (story.get("id", story_id), ids, edit_stamp(desk.store, ids))  # an edited article changes it


def brief_for(ctx: WebContext, desk: Desk, story_id: str, key: tuple | None = None) -> dict:
    """The brief of ``story_id`` (the JSON contract), computed once per set of articles.

    The story is read through ``desk`` (a reader); the brief is computed by the writer,
    which holds the loaded NLP model and may store analyses it has to make."""
    key = key or story_key(desk, story_id)

    def compute() -> dict:
        with ctx.writer() as writer:
            return call(writer, "brief_story", story_id)

    return ctx.briefs.get(key, compute)


def analysis_for(ctx: WebContext, article: Article) -> Analysis | None:
    """The stored analysis of ``article``; analyzed now (by the writer, which stores it)
    when the store has none. None when the analysis cannot be made here."""
    from ..analyze import ANALYZER_VERSION

    with ctx.reader() as desk:
        found = desk.store.get_analysis(article.id, ANALYZER_VERSION)
    if found is not None:
        return found
    with ctx.writer() as desk:
        return desk.analyze([article])[0].analysis
