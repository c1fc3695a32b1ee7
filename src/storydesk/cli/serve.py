"""`storydesk serve`: the web desk (HTTP JSON API and pages) on uvicorn."""

from __future__ import annotations

import errno
import socket
import sys
from pathlib import Path

import typer

from .app import DbOption, SetOption, app, fail, run, settings_for

#: The access log's line: client, request line, status (uvicorn's own fields).
ACCESS_FORMAT = '%(asctime)s %(client_addr)s "%(request_line)s" %(status_code)s'


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` and listening; a clear error when the port is
    taken or the address is not this machine's. (Binding here, before the server starts,
    is what lets a busy port be one line and status 1.)"""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        fail(f"cannot listen on {host}: {exc.strerror or exc}")
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is already in use (another server?); choose another with --port")
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    sock.set_inheritable(True)
    return sock


def log_config(access_log: str | None) -> dict:
    """uvicorn's logging: warnings and errors on stderr; with ``access_log`` one line per
    request, on stderr (``-``) or appended to that file."""
    handlers: dict = {"default": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                                  "formatter": "default"}}
    loggers: dict = {"uvicorn": {"handlers": ["default"], "level": "WARNING", "propagate": False},
                     "uvicorn.access": {"handlers": [], "level": "WARNING", "propagate": False}}
    if access_log:
        handlers["access"] = (
            {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "access"}
            if access_log == "-" else
            {"class": "logging.FileHandler", "filename": access_log, "encoding": "utf-8", "formatter": "access"}
        )
        loggers["uvicorn.access"] = {"handlers": ["access"], "level": "INFO", "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "default": {"format": "storydesk: %(levelname)s: %(name)s: %(message)s"},
            "access": {"()": "uvicorn.logging.AccessFormatter", "fmt": ACCESS_FORMAT, "use_colors": False},
        },
        "handlers": handlers,
        "loggers": loggers,
    }


@app.command()
def serve(
    db: str | None = DbOption,
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    access_log: str | None = typer.Option(
        None, "--access-log", metavar="FILE",
        help="Log every request (time, client, request line, status) to FILE, or - for stderr.",
    ),
    sets: list[str] | None = SetOption,
) -> None:
    """Serve the JSON API (/api, docs at /api/docs) and the pages over the store.

    The store must exist (`storydesk ingest --db FILE` creates it); it may be written
    meanwhile by `storydesk ingest`. Beyond localhost, POST /api/articles is refused
    unless the api_token setting is set.
    """

    def body() -> None:
        import uvicorn

        from ..web import create_app
        from ..web.context import is_loopback

        settings = settings_for(db, sets)
        if settings.db == ":memory:":
            fail("serve needs a store file (--db FILE), not :memory:")
        if access_log and access_log != "-":
            try:
                Path(access_log).open("a", encoding="utf-8").close()
            except OSError as exc:
                fail(f"cannot write the access log {access_log}: {exc.strerror or exc}")
        application = create_app(settings, host=host, create=False)  # the store must exist
        sock = listen(host, port)
        if not is_loopback(host) and settings.api_token is None:
            typer.echo(f"storydesk: serving on {host}: ingest over HTTP is off (no api_token set)", err=True)
        bound = sock.getsockname()[1]
        typer.echo(f"storydesk: serving {settings.db} on http://{host}:{bound}/ (API docs: /api/docs)", err=True)
        config = uvicorn.Config(application, log_config=log_config(access_log), access_log=bool(access_log),
                                server_header=False, proxy_headers=False, log_level=None)
        uvicorn.Server(config).run(sockets=[sock])
        sys.stderr.flush()

    run(body)
