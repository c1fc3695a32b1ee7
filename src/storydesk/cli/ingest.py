"""`storydesk ingest`, `storydesk articles`, `storydesk article`."""

from __future__ import annotations

import sys
from contextlib import nullcontext

import typer

from ..desk import Desk
from ..ingest import field_map
from ..listing import article_row
from ..model import Article, Rejection, to_dict
from ..pipeline import ENGINES, executor_for
from ..store.quarantine import notes_for
from .app import (
    EXIT_REJECTED,
    EXIT_USAGE,
    DbOption,
    SetOption,
    app,
    check_choice,
    fail,
    open_desk,
    print_json,
    run,
    settings_for,
)
from .terminal import safe


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
    paths: list[str] | None = typer.Argument(None, help="Files, folders (read recursively), URLs, or - for stdin."),
    db: str | None = DbOption,
    field: list[str] | None = FieldOption,
    sets: list[str] | None = SetOption,
    posts: str | None = typer.Option(
        None, "--posts", metavar="FILE",
        help='Also read social posts for trend detection: JSON Lines, one {"time": ISO, '
             '"text": ..., "handle"/"author"/"platform"/"id": optional} per line (- for stdin).',
    ),
    engine: str = typer.Option("local", "--engine", help=ENGINE_HELP),
    address: str | None = typer.Option(None, "--address", help=ADDRESS_HELP),
) -> None:
    """Store the articles found in PATHS (plain text, HTML, JSON, JSONL, RSS/Atom).

    The format is told from the content, the text encoding by detection. Inputs already
    stored are skipped, so re-running is safe. Rejected inputs are reported once each
    (file, line, reason), recorded in the store, and make the exit status 3; the rest of
    the batch is still stored. What a later stage could not do with a stored article (an
    implausible date, an analysis over its time or memory budget) is reported as a note.
    Articles are read and analyzed by the `workers` setting's processes (default: one
    per core), then grouped into stories in publication order, whatever the order of
    the files.
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
        executor = executor_for(engine, address)
        with Desk(settings) as desk, _progress() as progress:
            task = (progress.add_task("ingest", total=None, stored=0, rejected=0, grouped=0)
                    if progress else None)
            count = {"new": 0, "rejected": 0}

            def on_result(result: Article | Rejection, is_new: bool) -> None:
                if isinstance(result, Rejection):
                    count["rejected"] += 1
                    message = f"storydesk: rejected {safe(result)}"
                    (progress.console.print(message, markup=False, highlight=False) if progress
                     else typer.echo(message, err=True))
                count["new"] += is_new
                if progress:
                    progress.update(task, advance=1, stored=count["new"], rejected=count["rejected"])

            def on_grouped(n: int) -> None:
                if progress and n % 50 == 0:
                    progress.update(task, grouped=n)

            report = desk.ingest(paths or [], fields=fields, on_result=on_result, executor=executor,
                                 on_grouped=on_grouped)
            noted = notes_for(desk.store, report.stored.ids)
            posted = desk.ingest_posts(posts) if posts else None
        for article_id, found in noted.items():
            for stage, reason, _ in found:
                typer.echo(f"storydesk: note on {article_id} ({stage}): {safe(reason)}", err=True)
        typer.echo(
            f"stored {len(report.stored)} new article(s), {len(report.already)} already stored, "
            f"{len(report.rejected)} input(s) rejected; store: {safe(settings.db)}",
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
                typer.echo(f"storydesk: rejected {safe(rejection)}", err=True)
            typer.echo(f"stored {posted.stored} new post(s), {posted.already} already stored, "
                       f"{len(posted.rejected)} line(s) rejected", err=True)
            return max(report.exit_status, posted.exit_status)
        return report.exit_status

    status = run(body)
    if status:
        raise typer.Exit(EXIT_REJECTED)


def _published_cell(row: dict) -> str:
    """The table's date: an ingest-time date says so, since the source gave none; a date
    the stages did not use (see ``notes``) says so too."""
    if row["published"] is None:
        return "-"
    cell = f"{row['published']} (ingest time)" if row["date_from_ingest"] else row["published"]
    if any(note.startswith("published date") for note in row.get("notes", ())):
        cell += " (not used: see notes)"
    return safe(cell)


@app.command()
def articles(
    db: str | None = DbOption,
    format: str = typer.Option("table", "--format", help="table or json."),
    since: str | None = typer.Option(
        None, "--since", metavar="WHEN",
        help="Only articles published since WHEN: an ISO date/time, or a duration (36h, 7d) "
             "back from the newest article in the store.",
    ),
    limit: int | None = typer.Option(None, "--limit", help="At most this many."),
    sets: list[str] | None = SetOption,
) -> None:
    """List the stored articles: id, outlet, published, title, source.

    Articles whose source gave no date are dated by the time they were ingested; the
    table marks those "(ingest time)" and the JSON has ``"date_from_ingest": true``.
    Notes say what a stage could not do with an article, and why (an implausible date,
    an analysis over its budget); headline-only articles (a title, no body) are marked.
    """
    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with open_desk(db, sets) as desk:
            found = desk.articles(since=since, limit=limit)
            stories = desk.stories_of(a.id for a in found)
            noted = notes_for(desk.store, [a.id for a in found])
            rows = [article_row(a, stories.get(a.id), [reason for _, reason, _ in noted.get(a.id, [])])
                    for a in found]
        if format == "json":
            print_json(rows)
            return
        if not rows:
            typer.echo("no articles stored", err=True)
            return
        from rich.console import Console
        from rich.table import Table

        table = Table("id", "outlet", "published", "title", "source", "story", "notes", box=None)
        for r in rows:
            cells = {k: "-" if r[k] is None else safe(r[k]) for k in ("id", "outlet", "title", "source", "story_id")}
            if r["headline_only"]:
                cells["title"] += " (headline only)"
            table.add_row(cells["id"], cells["outlet"], _published_cell(r), cells["title"], cells["source"],
                          cells["story_id"], safe("; ".join(r["notes"])) or "-")
        Console(width=None if sys.stdout.isatty() else 200).print(table, markup=False, highlight=False)

    run(body)


@app.command()
def article(
    article_id: str = typer.Argument(..., help="An article id (or a unique prefix of one)."),
    db: str | None = DbOption,
    format: str = typer.Option("text", "--format", help="text or json."),
    analysis: bool = typer.Option(
        False, "--analysis", help="Also show its analysis (quotes, entities, ...), cached in the store."),
    sets: list[str] | None = SetOption,
) -> None:
    """Show one stored article with its body text (and, with --analysis, its analysis)."""
    check_choice("--format", format, ("text", "json"))

    def body() -> None:
        analyzed = None
        with open_desk(db, sets) as desk:
            found = desk.store.get_article(article_id)
            story_id = desk.stories_of([found.id]).get(found.id)
            noted = notes_for(desk.store, [found.id]).get(found.id, [])
            if analysis:
                analyzed = desk.analyze([found])[0]
        if format == "json":
            data = {**to_dict(found), "story_id": story_id}
            data.pop("raw", None)
            data["notes"] = [{"stage": stage, "reason": reason, "quarantined": q} for stage, reason, q in noted]
            if analyzed is not None:
                from ..contract import analysis_json

                data["analysis"] = analysis_json(found, analyzed.analysis, story_id=story_id)
            print_json(data)
            return
        if analyzed is not None:
            from .analyze import print_analysis

            print_analysis(analyzed)
        for key in ("id", "title", "outlet", "published", "url", "source", "encoding"):
            value = getattr(found, key)
            if key == "published" and found.date_from_ingest:
                value = f"{value} (the ingest time: the source gave no date)"
            if value:
                typer.echo(f"{key}: {safe(value)}")
        if found.headline_only:
            typer.echo("headline only: the source gave a title and no body; the text is the title")
        if story_id:
            typer.echo(f"story: {story_id} (storydesk brief --story {story_id})")
        if found.authors:
            typer.echo(f"authors: {safe(', '.join(found.authors))}")
        for stage, reason, quarantined in noted:
            typer.echo(f"note ({stage}{', quarantined' if quarantined else ''}): {safe(reason)}")
        typer.echo("")
        typer.echo(safe(found.text, multiline=True))

    run(body)
