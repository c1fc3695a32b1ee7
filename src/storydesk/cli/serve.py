"""`storydesk serve`: the web desk (HTTP JSON API and pages) on uvicorn."""

from __future__ import annotations

from typing import Optional

import typer

from .app import DbOption, SetOption, app, fail, run, settings_for


@app.command()
def serve(
    db: Optional[str] = DbOption,
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    sets: Optional[list[str]] = SetOption,
) -> None:
    """Serve the JSON API (/api, docs at /api/docs) and the pages over the store.

    The store may be written meanwhile by `storydesk ingest`. Beyond localhost,
    POST /api/articles is refused unless the api_token setting is set.
    """

    def body() -> None:
        import uvicorn

        from ..web import create_app
        from ..web.context import is_loopback

        settings = settings_for(db, sets)
        if settings.db == ":memory:":
            fail("serve needs a store file (--db FILE), not :memory:")
        application = create_app(settings, host=host)
        if not is_loopback(host) and settings.api_token is None:
            typer.echo(f"storydesk: serving on {host}: ingest over HTTP is off (no api_token set)", err=True)
        typer.echo(f"storydesk: serving {settings.db} on http://{host}:{port}/ (API docs: /api/docs)", err=True)
        uvicorn.run(application, host=host, port=port, log_level="warning", server_header=False,
                    proxy_headers=False)

    run(body)
