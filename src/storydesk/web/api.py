"""The HTTP JSON API, thin over :class:`~storydesk.desk.Desk`.

Every route answers errors in the one shape of :mod:`storydesk.web.errors`. Reads use a
fresh read-only connection per request; ``POST /api/articles`` uses the one writer.
"""

from __future__ import annotations

import hmac
import re
from typing import Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from .context import WebContext
from .errors import ApiError, error_body
from .present import article_json, ingest_json, search_json
from .reading import analysis_for, brief_for, call, moved

router = APIRouter(prefix="/api", tags=["api"])

#: A duration back from the newest activity: "90m", "36h", "7d", "2w".
DURATION_PATTERN = r"^\d+(\.\d+)?[mhdwMHDW]$"
#: ``at``: an ISO date, or date and time (optionally with seconds and a UTC offset).
AT_PATTERN = r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:?\d{2})?)?$"
#: An ISO date or datetime prefix ("2020", "2020-02-01", "2020-02-01T10:00") or a duration.
DATE_PATTERN = r"^(\d{4}(-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?)?)?|\d+(\.\d+)?[mhdwMHDW])$"
ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,128}$"

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {
        "description": description,
        "content": {"application/json": {"example": error_body(status, code, description)}},
    }
    for status, code, description in (
        (404, "not_found", "No such id."),
        (422, "invalid_request", "A parameter is invalid."),
        (500, "internal_error", "A bug; the server log has the details."),
    )
}


def _ctx(request: Request) -> WebContext:
    return request.app.state.ctx


@router.get("/stories", summary="Stories, most recently active first", responses=_ERRORS)
def list_stories(
    request: Request,
    since: str | None = Query(None, pattern=DATE_PATTERN, description="Only stories active on or "
                              "after this ISO date/time, or within this duration (36h, 7d) of the newest activity."),
    limit: int = Query(50, ge=1, le=500, description="At most this many stories."),
    offset: int = Query(0, ge=0, le=1_000_000, description="Skip this many stories (paging)."),
) -> dict:
    with _ctx(request).reader() as desk:
        stories = call(desk, "stories", since=since, limit=limit + 1, offset=offset)
    more = len(stories) > limit
    return {
        "stories": stories[:limit],
        "since": since,
        "limit": limit,
        "offset": offset,
        "next_offset": offset + limit if more else None,
    }


@router.get("/stories/{story_id}", summary="The brief of one story (storydesk.brief/1)",
            responses=_ERRORS)
def get_story(request: Request, story_id: str = Path(..., pattern=ID_PATTERN)) -> Any:
    ctx = _ctx(request)
    with ctx.reader() as desk:
        return moved(request, desk, story_id) or brief_for(ctx, desk, story_id)


@router.get("/trends", summary="What is trending, each term with its burst, its sources and the story "
            "holding most of its mentions",
            responses=_ERRORS)
def list_trends(
    request: Request,
    window: str | None = Query(None, pattern=DURATION_PATTERN,
                               description="Terms that burst within this duration (90m, 36h, 7d, 2w) "
                               "before the window's end (see at); default 7d."),
    limit: int = Query(50, ge=1, le=1000, description="At most this many terms, new bursts first."),
    at: str | None = Query(None, pattern=AT_PATTERN,
                           description="End the window here (ISO date, or date and time; a date "
                           "means the end of that day). Default: now in a live desk, else the "
                           "newest activity of the store that is not an outlier."),
) -> dict:
    with _ctx(request).reader() as desk:
        report = call(desk, "trend_report", window=window, at=at)
    trends = report["trends"]
    return {"window": window, "at": report["at"], "mode": report["mode"], "notes": report["notes"],
            "limit": limit, "trends": trends[:limit], "total": len(trends)}


@router.get("/articles/{article_id}", summary="One article with its analysis", responses=_ERRORS)
def get_article(request: Request, article_id: str = Path(..., pattern=ID_PATTERN)) -> dict:
    ctx = _ctx(request)
    with ctx.reader() as desk:
        article = desk.store.get_article(article_id)
        story_id = desk.stories_of([article.id]).get(article.id)
    return article_json(article, analysis_for(ctx, article), story_id)


@router.get("/search", summary="Full-text search over stored articles", responses=_ERRORS)
def search(
    request: Request,
    q: str = Query(..., min_length=1, max_length=500, description="Words to find."),
    limit: int = Query(20, ge=1, le=100),
) -> dict:
    with _ctx(request).reader() as desk:
        hits = desk.store.search(q, limit=limit)
        stories = desk.stories_of(a.id for a, _ in hits)
    return search_json(q, hits, stories)


_POST_BODY = {
    "requestBody": {
        "required": True,
        "description": "An article record or a list of them (JSON), or an uploaded file "
        "(multipart field `file`: text, HTML, JSON, JSONL, RSS or Atom).",
        "content": {
            "application/json": {"schema": {"type": "object"}, "example": {
                "title": "A headline", "text": "The body text.", "outlet": "Example News",
                "published": "2020-02-01", "url": "https://example.org/a"}},
            "multipart/form-data": {"schema": {"type": "object", "properties": {
                "file": {"type": "string", "format": "binary"}}, "required": ["file"]}},
        },
    }
}


@router.post(
    "/articles",
    summary="Ingest articles (analyzed and grouped as `storydesk ingest` does)",
    status_code=201,
    openapi_extra=_POST_BODY,
    responses={
        **_ERRORS,
        200: {"description": "Every article was already stored."},
        401: {"description": "A token is configured and the request did not carry it."},
        403: {"description": "Serving beyond localhost without an api_token: ingest is off."},
        413: {"description": "The body is larger than max_request_bytes."},
        415: {"description": "Neither JSON nor a multipart upload."},
    },
)
async def post_articles(
    request: Request,
    name: str | None = Query(None, max_length=200, description="A name for this input; its "
                             "articles are stored with source `api:<name>` (an upload's source "
                             "is `upload:<file name>`)."),
) -> JSONResponse:
    ctx = _ctx(request)
    _authorize(ctx, request.headers.get("authorization"))
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        data, source = await request.body(), upload_source("api", name or "request.json")
    elif kind == "multipart/form-data":
        data, source = await _uploaded(request)
    else:
        raise ApiError(415, f"send application/json or a multipart/form-data upload, not {kind or 'no content type'!r}")
    if not data.strip():
        raise ApiError(422, "the request body is empty")

    def ingest() -> dict:
        with ctx.writer() as desk:
            return ingest_json(desk, data, source)

    result = await run_in_threadpool(ingest)
    if not result["stored"] and not result["already"]:
        reasons = "; ".join(f"{r['source']}: {r['reason']}" for r in result["rejected"])
        raise ApiError(422, f"nothing could be ingested: {reasons or 'no article found'}")
    return JSONResponse(result, status_code=201 if result["stored"] else 200)


async def _uploaded(request: Request) -> tuple[bytes, str]:
    form = await request.form()
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        raise ApiError(422, "the multipart body has no file field named 'file'")
    return await upload.read(), upload_source("upload", upload.filename or "file")


def upload_source(kind: str, name: str) -> str:
    """The source recorded for an input sent over HTTP: ``kind:name``, the name reduced to
    a file name (never a path on either machine) of safe characters.

    >>> upload_source("upload", "C:\\\\Users\\\\me\\\\wire story.html")
    'upload:wire_story.html'
    >>> upload_source("api", "../../etc/passwd")
    'api:passwd'
    >>> upload_source("api", "..")
    'api:unnamed'
    """
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"[^\w.@+-]+", "_", base).strip("._")[:200]
    return f"{kind}:{base or 'unnamed'}"


def _authorize(ctx: WebContext, header: str | None) -> None:
    token = ctx.settings.api_token
    if token is None:
        refused = ctx.ingest_refused
        if refused:
            raise ApiError(403, refused)
        return
    scheme, _, given = (header or "").partition(" ")
    if scheme.lower() != "bearer" or not given:
        raise ApiError(401, "this server needs 'Authorization: Bearer <api_token>' to ingest")
    if not hmac.compare_digest(given.strip().encode(), token.encode()):
        raise ApiError(401, "the api token is wrong")
