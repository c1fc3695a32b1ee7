"""The Typer application and what every command shares: settings, errors, output.

Exit statuses (the same for every command):

====  =====================================================================
0     success
1     an error stopped the command (bad store, missing model, bad setting)
2     the command line was wrong (unknown option, missing argument)
3     some inputs were rejected; the others were processed and stored
====  =====================================================================
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

import typer

from ..config import Settings
from ..desk import Desk
from ..errors import StorydeskError
from .terminal import safe, safe_json

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_REJECTED = 0, 1, 2, 3

app = typer.Typer(
    name="storydesk",
    help="Turn a stream of news articles into sourced story briefs and explain what is trending.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Libraries whose warnings are about the page being read, which a rejection line names.
_NOISY = ("trafilatura", "htmldate", "readability", "courlan", "charset_normalizer")

DbOption = typer.Option(None, "--db", help="SQLite store (default: the 'db' setting, storydesk.db).")
SetOption = typer.Option(
    None, "--set", metavar="NAME=VALUE", help="Change a setting for this run (see `storydesk settings`)."
)


def _print_version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"storydesk {__version__}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def main(
    verbose: int = typer.Option(0, "--verbose", "-v", count=True, help="Log more (-v info, -vv debug)."),
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """storydesk: sourced story briefs from news articles."""
    level = logging.WARNING if verbose == 0 else logging.INFO if verbose == 1 else logging.DEBUG
    logging.basicConfig(level=level, format="storydesk: %(levelname)s: %(name)s: %(message)s")
    if verbose < 2:  # extraction libraries warn about odd pages the rejection already names
        for name in _NOISY:
            logging.getLogger(name).setLevel(logging.ERROR)


def settings_for(db: str | None = None, sets: list[str] | None = None) -> Settings:
    """The settings for one command: defaults, then STORYDESK_* variables, then --set, then --db."""
    settings = Settings.from_env().apply(sets or [])
    return settings.replace(db=db) if db else settings


def open_desk(db: str | None = None, sets: list[str] | None = None, *, create: bool = False) -> Desk:
    """The Desk of one command. Only commands that store articles pass ``create=True``:
    for every other one a store that does not exist (a mistyped ``--db``) is an error,
    and nothing is created."""
    return Desk(settings_for(db, sets), create=create)


def fail(message: str, status: int = EXIT_ERROR) -> None:
    typer.echo(f"storydesk: error: {safe(message)}", err=True)
    raise typer.Exit(status)


def run(fn: Callable[[], Any]) -> Any:
    """Run a command body, turning storydesk errors into one clear line and status 1."""
    try:
        return fn()
    except StorydeskError as exc:
        fail(str(exc))
    except BrokenPipeError:  # `storydesk articles | head`
        sys.stderr.close()
        raise typer.Exit(EXIT_OK) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as exc:  # a bug: one clear line, the traceback only when asked
        logging.getLogger("storydesk").debug("internal error", exc_info=True)
        hint = "" if logging.getLogger().isEnabledFor(logging.DEBUG) else " (run with -vv for the traceback)"
        fail(f"internal error: {type(exc).__name__}: {exc}{hint}")


def print_json(data: Any) -> None:
    typer.echo(safe_json(data, indent=2))


def check_choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        fail(f"{name} must be one of {', '.join(choices)}, got {value!r}", EXIT_USAGE)
    return value
