"""The FastAPI application: JSON API under ``/api``, pages everywhere else.

>>> from storydesk.config import Settings
>>> app = create_app(Settings(db=":memory:"))
>>> sorted(app.openapi()["paths"])
['/api/articles', '/api/articles/{article_id}', '/api/feeds', '/api/search', '/api/stories', '/api/stories/{story_id}', '/api/trends']
"""  # noqa: E501 - doctest output is one line

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from pathlib import Path

import jinja2
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from .. import __version__
from ..brief.render import environment
from ..config import Settings
from . import charts, errors, live, views
from .api import router as api_router
from .context import WebContext
from .guard import Guard
from .pages import router as pages_router

log = logging.getLogger(__name__)

HERE = Path(__file__).parent


def templates() -> jinja2.Environment:
    """The page templates; every ``{{ value }}`` is HTML-escaped."""
    env = environment(HERE / "templates")  # the site's templates, then the one HTML brief's
    env.globals.update(views=views, charts=charts)
    return env


def create_app(settings: Settings | None = None, *, host: str = "127.0.0.1", create: bool = True) -> FastAPI:
    """The web app over the store named by ``settings.db``.

    ``host`` is the address the server listens on: beyond localhost, ``POST
    /api/articles`` is refused unless the ``api_token`` setting is set. With
    ``create=False`` (``storydesk serve``) the store must exist already.
    """
    settings = settings or Settings()
    ctx = WebContext(settings, host=host, create=create)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        ctx.close()

    app = FastAPI(
        title="storydesk",
        version=__version__,
        description="Sourced story briefs from news articles: stories, trends, articles, search.",
        docs_url=None,  # Swagger UI loads scripts from a CDN; /api/docs is drawn here instead
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
    )
    app.state.ctx = ctx
    app.state.templates = templates()
    errors.install(app)
    app.include_router(api_router)
    app.include_router(live.api_router)
    app.include_router(pages_router)
    app.include_router(live.router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    app.add_middleware(Guard, max_body=settings.max_request_bytes)
    app.add_middleware(HeadAsGet)
    return app


class HeadAsGet:
    """Answers ``HEAD`` wherever ``GET`` is answered: the request runs as a GET and the
    client gets its status and headers (Content-Length included), without the body."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message):
            if message["type"] == "http.response.body":
                if not message.get("more_body", False):
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)
