"""`storydesk stories` and `storydesk trends`: what the live desk has grouped and what
is bursting."""

from __future__ import annotations

import sys

import typer

from .app import DbOption, SetOption, app, check_choice, open_desk, print_json, run
from .terminal import safe


def _print_table(columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(*columns, box=None)
    for row in rows:
        table.add_row(*(safe(cell) for cell in row))
    Console(width=None if sys.stdout.isatty() else 200, markup=False, highlight=False).print(table)


def _headline(story: dict, limit: int = 100) -> str:
    """The table's headline: the story's own, cut at a word to ``limit`` characters (the
    JSON keeps it whole)."""
    text = story["headline"] or "(untitled)"
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _seen(story: dict) -> str:
    span = story["first_seen"][:16].replace("T", " ")
    if story["last_seen"] != story["first_seen"]:
        span += f" .. {story['last_seen'][:16].replace('T', ' ')}"
    return span + (" (some dates are ingest times)" if story["dates_from_ingest"] else "")


@app.command()
def stories(
    db: str | None = DbOption,
    since: str | None = typer.Option(
        None, "--since", metavar="WHEN",
        help="Only stories active since WHEN: an ISO date/time, or a duration (36h, 7d) "
             "back from the newest activity in the store.",
    ),
    limit: int = typer.Option(50, "--limit", min=0, help="At most this many stories."),
    update: bool = typer.Option(
        False, "--update", help="First group stored articles that are in no story yet."
    ),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: list[str] | None = SetOption,
) -> None:
    """List the stories: id, headline, articles, outlets, first and last seen, top
    entities and hashtags, trend score. Newest activity first.

    Copies of an article (the same wire story under another outlet) are listed with
    the story but not counted as another outlet. `storydesk brief --story ID` briefs one.
    """
    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with open_desk(db, sets) as desk:
            if update:
                desk.update_stories()
            rows = desk.stories(since=since, limit=limit)
        if format == "json":
            print_json(rows)
            return
        if not rows:
            typer.echo("no stories (ingest articles first)", err=True)
            return
        _print_table(
            ("id", "headline", "articles", "outlets", "seen", "top entities", "hashtags", "trend"),
            [(s["id"], _headline(s),
              f"{s['n_articles']}" + (f" ({s['n_duplicates']} copies)" if s["n_duplicates"] else ""),
              str(s["n_outlets"]), _seen(s), ", ".join(s["top_entities"]) or "-",
              " ".join(s["hashtags"]) or "-", f"{s['trend_score']:.1f}")
             for s in rows],
        )

    run(body)


def _sources_cell(sources: dict) -> str:
    names = [*sources.get("outlets", []), *sources.get("accounts", []), *sources.get("other", [])]
    return (", ".join(names[:4]) + (f" +{len(names) - 4}" if len(names) > 4 else "")) or "-"


@app.command()
def trends(
    db: str | None = DbOption,
    window: str | None = typer.Option(
        None, "--window", metavar="DURATION",
        help="Terms that burst within this long before the window's end (36h, 7d; default 7d).",
    ),
    at: str | None = typer.Option(
        None, "--at", metavar="TIME",
        help="End the window at TIME (ISO date or date and time; a date means the end of "
             "that day), to replay an archive. Default: now in a live desk, else the newest "
             "activity in the store that is not an outlier.",
    ),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: list[str] | None = SetOption,
) -> None:
    """List the bursting terms (hashtags, names, phrases), new bursts first: burst score
    and what it measures, sources per time bucket, the outlets and accounts behind each,
    and the story that explains it: "#Tag — trending because: <headline>". With the
    table, notes (where the window ends, what was left out and why) go to stderr."""
    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with open_desk(db, sets) as desk:
            report = desk.trend_report(window=window, at=at)
        rows = report["trends"]
        if format == "json":  # the rows alone; the notes are in the API's and Desk.trend_report's answer
            print_json(rows)
            return
        for note in report["notes"]:
            typer.echo(f"note: {note}", err=True)
        if not rows:
            typer.echo("nothing is trending in this window", err=True)
            return
        _print_table(
            ("term", "kind", "score", "peak", "sources per bucket", "sources", "trending because", "story"),
            [(t["term"], t["kind"] + (" (new)" if t.get("new") else ""), f"{t['score']:.1f}",
              f"{t['count']} vs {t['expected']:.1f} on {t['peak'][:10]}",
              " ".join(f"{v['bucket'][5:10]}:{v['count']}" for v in t["volume"][-7:]),
              _sources_cell(t["sources"]), t["headline"] or "-", t["story_id"] or "-")
             for t in rows],
        )

    run(body)
