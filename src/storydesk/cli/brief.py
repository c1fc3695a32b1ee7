"""`storydesk brief`: the brief of a story, from files or from the store."""

from __future__ import annotations

from pathlib import Path

import typer

from ..brief.render import FORMATS, render
from .app import EXIT_REJECTED, EXIT_USAGE, DbOption, SetOption, app, check_choice, fail, open_desk, run
from .terminal import safe, safe_json_text


@app.command()
def brief(
    paths: list[str] | None = typer.Argument(
        None, help="Articles of one story: files, folders (read recursively), URLs, or - for stdin."
    ),
    story: str | None = typer.Option(None, "--story", help="Brief a stored story by id instead."),
    db: str | None = DbOption,
    format: str = typer.Option("md", "--format", help="md (for a terminal), json or html."),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write to this file instead of stdout."),
    sets: list[str] | None = SetOption,
) -> None:
    """Write the brief of one story: what happened (cited), who said what, reactions,
    trending terms, timeline, key figures, where it came from and who covered it.

    Give the articles of the story as PATHS, or a stored story with --story ID [--db FILE].
    Unreadable inputs are reported on stderr and listed in the brief's notes (exit
    status 3); the brief is written from the rest.
    """
    check_choice("--format", format, FORMATS)
    if bool(paths) == bool(story):
        fail("give either PATHS or --story ID", EXIT_USAGE)

    def body() -> int:
        with open_desk(db, sets) as desk:
            result = desk.brief_story(story) if story else desk.brief_paths(paths or [])
        for r in result.get("rejected", []):
            where = f"{r['source']}:{r['line']}" if r.get("line") is not None else r["source"]
            typer.echo(f"storydesk: rejected {safe(where)}: {safe(r['reason'])}", err=True)
        text = render(result, format)
        if output is not None:
            try:
                output.write_text(text, encoding="utf-8")
            except OSError as exc:
                fail(f"cannot write {output}: {exc.strerror or exc}")
            typer.echo(f"storydesk: brief written to {safe(output)}", err=True)
        elif format == "json":  # JSON escapes what a terminal could act on, and stays JSON
            typer.echo(safe_json_text(text), nl=False)
        else:
            typer.echo(safe(text, multiline=True), nl=False)
        return EXIT_REJECTED if result.get("rejected") else 0

    status = run(body)
    if status:
        raise typer.Exit(status)
