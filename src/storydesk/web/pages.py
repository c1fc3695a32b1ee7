"""The HTML pages: front page (trends, latest stories), story, article, search, API docs.

Pages are drawn on the server from the same reads as the API; they carry no script.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse

from ..brief.render import article_labels
from . import charts, live, views
from .api import AT_PATTERN, DATE_PATTERN, ID_PATTERN
from .errors import ApiError
from .highlight import layers_of, mark_up
from .reading import analysis_for, brief_for, call, moved, story_key

router = APIRouter(include_in_schema=False)

PAGE_SIZE = 20
TRENDS_SHOWN = 12


def html(request: Request, template: str, **context: Any) -> str:
    return request.app.state.templates.get_template(template).render(**context)


def render(request: Request, template: str, **context: Any) -> HTMLResponse:
    return HTMLResponse(html(request, template, **context))


def _optional(desk, method: str, notices: list[str], *args: Any, **kwargs: Any) -> Any:
    """``desk.<method>(...)``, or an empty list and a notice when this build lacks it."""
    try:
        return call(desk, method, *args, **kwargs)
    except ApiError as exc:
        if exc.status != 501:
            raise
        notices.append(exc.message)
        return []


@router.get("/", response_class=HTMLResponse)
def front(
    request: Request,
    page: int = Query(1, ge=1, le=10_000),
    since: str | None = Query(None, pattern=DATE_PATTERN),
    at: str | None = Query(None, pattern=AT_PATTERN),
) -> HTMLResponse:
    ctx = request.app.state.ctx

    def read() -> tuple[dict, list, int, list[str]]:
        notices: list[str] = []
        with ctx.reader() as desk:
            report = _optional_report(desk, notices, at)
            stories = _optional(desk, "stories", notices, since=since, limit=PAGE_SIZE + 1,
                                offset=(page - 1) * PAGE_SIZE)
            return report, stories, desk.store.count_articles(), notices

    report, stories, total, notices = ctx.front.get((page, since, at), read)
    trends = report["trends"][:TRENDS_SHOWN]
    body = html(
        request, "front.html", title="What is trending",
        trend_groups=views.group_trends(trends), axis=views.trend_axis(trends),
        trend_notes=report.get("notes", []), trend_at=report.get("at"),
        bucket_hours=ctx.settings.trend_bucket_hours, stories=stories[:PAGE_SIZE],
        page=page, more=len(stories) > PAGE_SIZE, since=since, at=at, notices=notices,
        n_articles=total,
    )
    with ctx.reader() as desk:
        changes = live.front_changes(desk.store, live.seen_cookie(request, "seen_front"),
                                     {s["id"]: s.get("headline") for s in stories})
    return live.respond(request, body, changes, "seen_front", "/")


def _optional_report(desk, notices: list[str], at: str | None) -> dict:
    """What is trending (``Desk.trend_report``), or an empty answer and a notice when this
    build lacks it."""
    if not hasattr(desk, "trend_report"):
        return {"trends": _optional(desk, "trends", notices), "notes": []}
    return _optional(desk, "trend_report", notices, at=at) or {"trends": [], "notes": []}


@router.get("/stories/{story_id}", response_class=HTMLResponse)
def story_page(request: Request, story_id: str = Path(..., pattern=ID_PATTERN)) -> HTMLResponse:
    ctx = request.app.state.ctx
    with ctx.reader() as desk:
        redirect = moved(request, desk, story_id)
        if redirect is not None:
            return redirect
        key = story_key(desk, story_id)
        brief = brief_for(ctx, desk, story_id, key)

    def draw() -> str:
        story = brief.get("story", {})
        return html(request, "story.html", title=story.get("headline") or "Story", brief=brief,
                    story=story, labels=article_labels(brief), charts=charts)

    page = ctx.story_pages.get(key, draw)
    with ctx.reader() as desk:
        changes = live.story_changes(desk.store, key[0], live.seen_cookie(request, "seen_story"), brief)
    return live.respond(request, page, changes, "seen_story", views.story_href(key[0]))


@router.get("/articles/{article_id}", response_class=HTMLResponse)
def article_page(
    request: Request,
    article_id: str = Path(..., pattern=ID_PATTERN),
    start: int | None = Query(None, ge=0),
    end: int | None = Query(None, ge=0),
) -> HTMLResponse:
    ctx = request.app.state.ctx
    with ctx.reader() as desk:
        article = desk.store.get_article(article_id)
        story_id = desk.stories_of([article.id]).get(article.id)
    analysis = analysis_for(ctx, article)
    cited = None
    notices = []
    if start is not None and end is not None:
        if start < end <= len(article.text):
            cited = (start, end)
        else:
            notices.append(f"the cited span {start}-{end} is not inside this article's "
                           f"{len(article.text)} characters")
    layers = layers_of(analysis) if analysis is not None else []
    entities = Counter((e.canonical, e.type) for e in analysis.entities) if analysis else Counter()
    return render(
        request, "article.html", title=article.title or "Article", article=article, story_id=story_id,
        analysis=analysis, body=mark_up(article.text, layers, cited), cited=cited,
        cited_text=article.text[cited[0]:cited[1]] if cited else None, notices=notices,
        entities=entities.most_common(30),
    )


@router.get("/search", response_class=HTMLResponse)
def search_page(request: Request, q: str = Query("", max_length=500)) -> HTMLResponse:
    hits, stories = [], {}
    if q.strip():
        with request.app.state.ctx.reader() as desk:
            hits = desk.store.search(q, limit=50)
            stories = desk.stories_of(a.id for a, _ in hits)
    return render(request, "search.html", title=f"Search: {q}" if q else "Search", q=q, hits=hits,
                  stories=stories)


@router.get("/api/docs", response_class=HTMLResponse)
def api_docs(request: Request) -> HTMLResponse:
    schema = request.app.openapi()
    operations = [
        {"method": method.upper(), "path": path, **op}
        for path, item in schema.get("paths", {}).items()
        for method, op in item.items()
    ]
    return render(request, "docs.html", title="API", schema=schema, operations=operations)
