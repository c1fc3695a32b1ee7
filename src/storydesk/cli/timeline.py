"""`storydesk timeline`: a timeline summary of any collection of dated articles."""

from __future__ import annotations

import typer

from ..ingest import read_articles
from ..model import Article, Rejection
from .app import EXIT_REJECTED, EXIT_USAGE, SetOption, app, check_choice, fail, print_json, run, settings_for
from .terminal import safe


def to_markdown(result: dict) -> str:
    """The timeline as Markdown: one heading per date, one cited bullet per sentence."""
    lines = []
    for entry in result["timeline"]:
        lines.append(f"## {entry['date']}")
        lines.append("")
        for s in entry["sentences"]:
            cited = s["outlet"] or s["source"]
            text = " ".join(s["text"].split())
            lines.append(f"- {text} ({cited})")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n" if lines else ""


@app.command()
def timeline(
    paths: list[str] = typer.Argument(..., help="Files, folders (read recursively), URLs, or - for stdin."),
    dates: int = typer.Option(10, "--dates", "-n", help="How many dates (the most important ones)."),
    sentences: int = typer.Option(1, "--sentences", "-k", help="Sentences per date."),
    query: str | None = typer.Option(
        None, "--query", help="Only choose sentences containing one of these words."
    ),
    format: str = typer.Option("md", "--format", help="md or json."),
    sets: list[str] | None = SetOption,
) -> None:
    """Summarise the articles in PATHS as a timeline: the N most important dates, K
    sentences each, taken verbatim from the articles.

    Dates mentioned inside the articles count, not only publication dates: an article
    of 2011 recalling "the spill on 20 April 2010" is evidence for that day. Of articles
    without a publication date only the dates they state explicitly are used (they are
    listed on stderr). No store is needed.
    """
    check_choice("--format", format, ("md", "json"))
    if dates < 1 or sentences < 1:
        fail("--dates and --sentences must be at least 1", EXIT_USAGE)

    def body() -> int:
        settings = settings_for(None, sets)
        articles: list[Article] = []
        rejected: list[Rejection] = []
        for item in read_articles(paths, max_bytes=settings.max_input_bytes):
            if isinstance(item, Rejection):
                rejected.append(item)
            else:
                articles.append(item)
        for r in rejected:
            typer.echo(f"storydesk: rejected {safe(r)}", err=True)
        from ..brief.timeline_summary import summarize_articles  # imports spaCy: only when run

        result = summarize_articles(articles, dates, sentences, query)
        for source in result["undated"]:
            typer.echo(f"storydesk: {safe(source)}: no publication date; only its explicit dates used", err=True)
        if format == "json":
            result["rejected"] = [str(r) for r in rejected]
            print_json(result)
        elif result["timeline"]:
            typer.echo(safe(to_markdown(result), multiline=True), nl=False)
        else:
            typer.echo("storydesk: no dated sentences found", err=True)
        return EXIT_REJECTED if rejected else 0

    status = run(body)
    if status:
        raise typer.Exit(status)
