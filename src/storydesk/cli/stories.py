"""`storydesk stories` and `storydesk trends`: what the live desk has grouped and what
is bursting."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from .app import DbOption, SetOption, app, check_choice, open_desk, print_json, run


def _print_table(columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(*columns, box=None)
    for row in rows:
        table.add_row(*row)
    Console(width=None if sys.stdout.isatty() else 200).print(table, markup=False, highlight=False)


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
    db: Optional[str] = DbOption,
    since: Optional[str] = typer.Option(
        None, "--since", metavar="WHEN",
        help="Only stories active since WHEN: an ISO date/time, or a duration (36h, 7d) "
             "back from the newest activity in the store.",
    ),
    limit: int = typer.Option(50, "--limit", min=0, help="At most this many stories."),
    update: bool = typer.Option(
        False, "--update", help="First group stored articles that are in no story yet."
    ),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: Optional[list[str]] = SetOption,
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


@app.command()
def trends(
    db: Optional[str] = DbOption,
    window: Optional[str] = typer.Option(
        None, "--window", metavar="DURATION",
        help="Terms flagged within this long before the newest bucket (36h, 7d; default 7d).",
    ),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: Optional[list[str]] = SetOption,
) -> None:
    """List the bursting terms (hashtags, names, phrases): burst score, volume per time
    bucket, and the story that explains each: "#Tag — trending because: <headline>"."""
    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with open_desk(db, sets) as desk:
            rows = desk.trends(window=window)
        if format == "json":
            print_json(rows)
            return
        if not rows:
            typer.echo("nothing is trending in this window", err=True)
            return
        _print_table(
            ("term", "kind", "score", "volume", "trending because", "story"),
            [(t["term"], t["kind"], f"{t['score']:.1f}",
              " ".join(f"{v['bucket'][5:10]}:{v['count']}" for v in t["volume"][-7:]),
              t["headline"] or "-", t["story_id"] or "-")
             for t in rows],
        )

    run(body)
