"""`storydesk backfill`: ingest an archive, by default on Ray."""

from __future__ import annotations

import typer

from .app import EXIT_USAGE, DbOption, SetOption, app, fail
from .ingest import ADDRESS_HELP, ENGINE_HELP, FieldOption, ingest_command


@app.command()
def backfill(
    paths: list[str] | None = typer.Argument(None, help="Files and folders of the archive (read recursively)."),
    db: str | None = DbOption,
    field: list[str] | None = FieldOption,
    engine: str = typer.Option("ray", "--engine", help=ENGINE_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
    sets: list[str] | None = SetOption,
) -> None:
    """Ingest an archive: reading and analysis as Ray tasks (--engine ray, the default;
    --address joins a running cluster, otherwise a small local one is started), one writer
    here storing every article, then grouping them all in publication order.

    It is `ingest` on many machines, into the same store: re-running a killed backfill
    stores only what is missing, and a cluster that goes away stops it with an error,
    every article stored so far whole (re-run to finish).
    """
    if not paths:
        fail("give the archive's PATHS", EXIT_USAGE)
    ingest_command(paths, db, field, sets, None, engine, address)
