"""`storydesk settings`: every setting with its default and help."""

from __future__ import annotations

import typer

from ..config import describe
from .app import app, print_json


@app.command("settings")
def settings_cmd(
    format: str = typer.Option("table", "--format", help="table or json."),
) -> None:
    """List every setting, its default and what it does (change one with --set NAME=VALUE
    on any command, or the STORYDESK_<NAME> environment variable)."""
    rows = describe()
    if format == "json":
        print_json([{"name": n, "default": d, "help": h} for n, d, h in rows])
        return
    for name, default, text in rows:
        typer.echo(f"{name:<20} {default!s:<26} {text}")
