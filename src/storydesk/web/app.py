"""The FastAPI application: JSON API under ``/api``, pages everywhere else.

>>> from storydesk.config import Settings
>>> app = create_app(Settings(db=":memory:"))
>>> sorted(app.openapi()["paths"])
['/api/articles', '/api/articles/{article_id}', '/api/feeds', '/api/search', '/api/stories', '/api/stories/{story_id}', '/api/trends']
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from pathlib import Path

import jinja2
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from .. import __version__
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
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(views=views, charts=charts)
    return env


def create_app(settings: Settings | None = None, *, host: str = "127.0.0.1") -> FastAPI:
    """The web app over the store named by ``settings.db``.

    ``host`` is the address the server listens on: beyond localhost, ``POST
    /api/articles`` is refused unless the ``api_token`` setting is set.
    """
    settings = settings or Settings()
    ctx = WebContext(settings, host=host)

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
    return app
