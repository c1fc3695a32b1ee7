"""Live pages without a script: when the front and story pages were last updated, what
changed since the reader's last visit, and the feeds page.

The reader's last visit is a cookie the server sets and reads (``seen_front`` for the
front page, ``seen_story`` scoped to each story's path): the time of the newest change
the reader was shown, on the store's own clock, so a reader's wrong clock changes
nothing. The line is drawn into the page where ``base.html`` leaves its ``LIVE_MARK``, so
a story page rendered once for every reader (and cached) still gets each reader's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from ..store import feeds as db
from ..watch.health import feed_health

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api")

LIVE_MARK = "<!--live-->"
COOKIE_DAYS = 30
SHOWN = 8
#: A cookie holds a store time as the store writes it, nothing else.
_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d)?$")


@dataclass
class Changes:
    """What the reader has not seen: the page's last update, and since the last visit."""

    updated: str | None
    since: str | None  # the last visit, None on a first visit
    added: list[dict] = field(default_factory=list)  # {"id", "title", "outlet"} or stories
    edited: list[dict] = field(default_factory=list)
    new_quotes: int = 0
    stories: list[dict] = field(default_factory=list)  # front page: {"id", "headline", "n"}

    @property
    def any(self) -> bool:
        return bool(self.added or self.edited or self.new_quotes or self.stories)


def seen_cookie(request: Request, name: str) -> str | None:
    value = request.cookies.get(name)
    return value if value and _TIME.match(value) else None


def front_changes(store, since: str | None, headlines: dict[str, str]) -> Changes:
    changes = Changes(updated=db.last_change(store), since=since)
    if since and changes.updated and changes.updated > since:
        counts = db.stories_changed_since(store, since)
        changes.stories = [{"id": sid, "headline": headlines.get(sid), "n": n}
                           for sid, n in sorted(counts.items(), key=lambda kv: -kv[1])]
    return changes


def story_changes(store, story_id: str, since: str | None, brief: dict) -> Changes:
    changes = Changes(updated=db.last_change(store, story_id), since=since)
    if not (since and changes.updated and changes.updated > since):
        return changes
    found = db.changed_since(store, since, story_id)
    articles = {a["id"]: a for a in brief.get("story", {}).get("articles", [])}
    changes.added = [articles.get(i, {"id": i}) for i in found["added"]]
    changes.edited = [articles.get(i, {"id": i}) for i in found["edited"]]
    fresh = set(found["added"]) | set(found["edited"])
    changes.new_quotes = sum(
        1 for q in brief.get("quotes", [])
        if q.get("sources") and all(s["article_id"] in fresh for s in q["sources"])
    )
    return changes


def draw(request: Request, page: str, changes: Changes) -> str:
    """``page`` with the reader's live line in place of :data:`LIVE_MARK`."""
    line = request.app.state.templates.get_template("_live.html").render(changes=changes, shown=SHOWN)
    return page.replace(LIVE_MARK, line, 1)


def respond(request: Request, page: str, changes: Changes, cookie: str, path: str) -> HTMLResponse:
    response = HTMLResponse(draw(request, page, changes))
    if changes.updated:
        response.set_cookie(cookie, changes.updated, max_age=COOKIE_DAYS * 86400, path=path,
                            httponly=True, samesite="lax")
    return response


# -- the feeds page ---------------------------------------------------------------------------


def _health(request: Request) -> tuple[list[dict], list[dict]]:
    with request.app.state.ctx.reader() as desk:
        return feed_health(desk.store), db.list_streams(desk.store)


@router.get("/feeds", response_class=HTMLResponse)
def feeds_page(request: Request) -> HTMLResponse:
    feeds, streams = _health(request)
    states: dict[str, int] = {}
    for f in feeds:
        states[f["state"]] = states.get(f["state"], 0) + 1
    page = request.app.state.templates.get_template("feeds.html").render(
        title="Feeds", feeds=feeds, streams=streams, states=states)
    return HTMLResponse(page)


@api_router.get("/feeds", summary="Feed health", tags=["feeds"])
def feeds_api(request: Request, state: str | None = Query(None, pattern="^(ok|new|failing|parked)$")) -> dict:
    """Each watched feed's health (state, last poll and HTTP status, entries seen, articles
    stored, next poll, consecutive failures, last error), only those in ``state`` when
    given, and each post stream's cursor and post count."""
    feeds, streams = _health(request)
    return {"feeds": [f for f in feeds if state is None or f["state"] == state], "streams": streams}
