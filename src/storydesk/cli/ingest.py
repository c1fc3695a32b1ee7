"""`storydesk ingest`, `storydesk articles`, `storydesk article`."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import Optional

import typer

from ..desk import Desk
from ..ingest import expand, field_map
from ..listing import article_row
from ..model import Article, Rejection, to_dict
from ..pipeline import ENGINES, executor_for
from .app import (
    EXIT_REJECTED,
    EXIT_USAGE,
    DbOption,
    SetOption,
    app,
    check_choice,
    fail,
    print_json,
    run,
    settings_for,
)


def _progress():
    """A Rich progress display on stderr when it is a terminal; nothing when piped."""
    if not sys.stderr.isatty():
        return nullcontext(None)
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    return Progress(
        SpinnerColumn(),
        TextColumn("ingesting: {task.completed} read, {task.fields[stored]} new, "
                   "{task.fields[rejected]} rejected, {task.fields[grouped]} grouped"),
        TimeElapsedColumn(),
        transient=True,
        console=Console(stderr=True),
    )


FieldOption = typer.Option(
    None, "--field", metavar="NAME=KEY",
    help="Read JSON field KEY as NAME (title, text, published, url, outlet, authors).",
)
ENGINE_HELP = ("Where reading and analysis run: local (the `workers` setting's processes) "
               "or ray (Ray tasks; needs storydesk's ray extra).")
ADDRESS_HELP = "Join the Ray cluster at this address (with --engine ray); without it Ray starts locally."


@app.command()
def ingest(
    paths: Optional[list[str]] = typer.Argument(None, help="Files, folders (read recursively), URLs, or - for stdin."),
    db: Optional[str] = DbOption,
    field: Optional[list[str]] = FieldOption,
    sets: Optional[list[str]] = SetOption,
    posts: Optional[str] = typer.Option(
        None, "--posts", metavar="FILE",
        help='Also read social posts for trend detection: JSON Lines, one {"time": ISO, '
             '"text": ..., "handle"/"author"/"platform"/"id": optional} per line (- for stdin).',
    ),
    engine: str = typer.Option("local", "--engine", help=ENGINE_HELP),
    address: Optional[str] = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    """Store the articles found in PATHS (plain text, HTML, JSON, JSONL, RSS/Atom).

    The format is told from the content. Inputs already stored are skipped, so re-running
    is safe. Rejected inputs are reported (file, line, reason), recorded in the store, and
    make the exit status 3; the rest of the batch is still stored. Articles are read and
    analyzed by the `workers` setting's processes (default: one per core), then grouped
    into stories in publication order, whatever the order of the files.
    """

    if not paths and not posts:
        fail("give PATHS to ingest, or --posts FILE", EXIT_USAGE)
    ingest_command(paths, db, field, sets, posts, engine, address)


def ingest_command(paths, db, field, sets, posts, engine: str, address: str | None) -> None:
    """The body of `ingest` and `backfill`: ingest with a progress display, then the summary."""
    check_choice("--engine", engine, ENGINES)
    if address and engine != "ray":
        fail("--address names a Ray cluster: use it with --engine ray", EXIT_USAGE)

    def body() -> int:
        settings = settings_for(db, sets)
        fields = field_map(field)
        inputs = expand(paths or [])
        executor = executor_for(engine, address)
        with Desk(settings) as desk, _progress() as progress:
            task = (progress.add_task("ingest", total=None, stored=0, rejected=0, grouped=0)
                    if progress else None)
            count = {"new": 0, "rejected": 0}

            def on_result(result: Article | Rejection, is_new: bool) -> None:
                if isinstance(result, Rejection):
                    count["rejected"] += 1
                    message = f"storydesk: rejected {result}"
                    (progress.console.print(message, markup=False, highlight=False) if progress
                     else typer.echo(message, err=True))
                count["new"] += is_new
                if progress:
                    progress.update(task, advance=1, stored=count["new"], rejected=count["rejected"])

            def on_grouped(n: int) -> None:
                if progress and n % 50 == 0:
                    progress.update(task, grouped=n)

            report = desk.ingest(inputs, fields=fields, on_result=on_result, executor=executor,
                                 on_grouped=on_grouped)
            posted = desk.ingest_posts(posts) if posts else None
        typer.echo(
            f"stored {len(report.stored)} new article(s), {len(report.already)} already stored, "
            f"{len(report.rejected)} input(s) rejected; store: {settings.db}",
            err=True,
        )
        if report.caught_up:
            typer.echo(
                f"also grouped {report.caught_up} article(s) an earlier, interrupted ingest "
                "had stored but not grouped",
                err=True,
            )
        if posted is not None:
            for rejection in posted.rejected:
                typer.echo(f"storydesk: rejected {rejection}", err=True)
            typer.echo(f"stored {posted.stored} new post(s), {posted.already} already stored, "
                       f"{len(posted.rejected)} line(s) rejected", err=True)
            return max(report.exit_status, posted.exit_status)
        return report.exit_status

    status = run(body)
    if status:
        raise typer.Exit(EXIT_REJECTED)


def _published_cell(row: dict) -> str:
    """The table's date: an ingest-time date says so, since the source gave none."""
    if row["published"] is None:
        return "-"
    return f"{row['published']} (ingest time)" if row["date_from_ingest"] else row["published"]


@app.command()
def articles(
    db: Optional[str] = DbOption,
    format: str = typer.Option("table", "--format", help="table or json."),
    since: Optional[str] = typer.Option(None, "--since", help="Only articles published on or after this date."),
    limit: Optional[int] = typer.Option(None, "--limit", help="At most this many."),
    sets: Optional[list[str]] = SetOption,
) -> None:
    """List the stored articles: id, outlet, published, title, source.

    Articles whose source gave no date are dated by the time they were ingested; the
    table marks those "(ingest time)" and the JSON has ``"date_from_ingest": true``.
    """
    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with Desk(settings_for(db, sets)) as desk:
            rows = [article_row(a) for a in desk.store.list_articles(since=since, limit=limit)]
        if format == "json":
            print_json(rows)
            return
        if not rows:
            typer.echo("no articles stored", err=True)
            return
        from rich.console import Console
        from rich.table import Table

        table = Table("id", "outlet", "published", "title", "source", box=None)
        for r in rows:
            cells = {k: "-" if r[k] is None else str(r[k]) for k in ("id", "outlet", "title", "source")}
            table.add_row(cells["id"], cells["outlet"], _published_cell(r), cells["title"], cells["source"])
        Console(width=None if sys.stdout.isatty() else 200).print(table)

    run(body)


@app.command()
def article(
    article_id: str = typer.Argument(..., help="An article id (or a unique prefix of one)."),
    db: Optional[str] = DbOption,
    format: str = typer.Option("text", "--format", help="text or json."),
    analysis: bool = typer.Option(
        False, "--analysis", help="Also show its analysis (quotes, entities, ...), cached in the store."),
    sets: Optional[list[str]] = SetOption,
) -> None:
    """Show one stored article with its body text (and, with --analysis, its analysis)."""
    check_choice("--format", format, ("text", "json"))

    def body() -> None:
        analyzed = None
        with Desk(settings_for(db, sets)) as desk:
            found = desk.store.get_article(article_id)
            if analysis:
                analyzed = desk.analyze([found])[0]
        if format == "json":
            data = to_dict(found)
            data.pop("raw", None)
            if analyzed is not None:
                from .analyze import analysis_json

                data["analysis"] = analysis_json(found, analyzed.analysis)
                data["analysis"]["notes"] = list(analyzed.analysis.notes)
            print_json(data)
            return
        if analyzed is not None:
            from .analyze import print_analysis

            print_analysis(analyzed)
        for key in ("id", "title", "outlet", "published", "url", "source"):
            value = getattr(found, key)
            if value:
                typer.echo(f"{key}: {value}")
        if found.authors:
            typer.echo(f"authors: {', '.join(found.authors)}")
        typer.echo("")
        typer.echo(found.text)

    run(body)
