"""`storydesk feeds add|remove|list|resume`: the feeds `storydesk watch` polls."""

from __future__ import annotations

import time

import typer

from ..model import Rejection
from .app import EXIT_REJECTED, DbOption, SetOption, app, check_choice, open_desk, print_json, run
from .stories import _print_table

feeds_app = typer.Typer(help="Manage the feeds `storydesk watch` polls, and see their health.",
                        no_args_is_help=True)
app.add_typer(feeds_app, name="feeds")


def _report_rejected(rejected: list[Rejection]) -> None:
    for r in rejected:
        typer.echo(f"storydesk: {r}", err=True)
    if rejected:
        raise typer.Exit(EXIT_REJECTED)


@feeds_app.command("add")
def add(
    feeds: list[str] = typer.Argument(..., help="Feed URLs, text files of URLs (one a line), OPML files."),
    db: str | None = DbOption,
    sets: list[str] | None = SetOption,
) -> None:
    """Add feeds; each is polled at once by the next `storydesk watch`. A homepage URL
    works too: its feed is found through its <link rel="alternate">."""
    from ..watch.feedlist import read_feed_list
    from ..watch.health import add as add_feeds

    def body() -> list[Rejection]:
        refs, bad = read_feed_list(feeds)
        with open_desk(db, sets, create=True) as desk:
            for feed, new in add_feeds(desk.store, refs, time.time()):
                typer.echo(f"{'added' if new else 'already watched'}: {feed['id']} {feed['url']}")
            for r in bad:
                desk.store.add_rejection(r)
        return bad

    _report_rejected(run(body))


@feeds_app.command("remove")
def remove(
    feeds: list[str] = typer.Argument(..., help="Feed ids or URLs (see `storydesk feeds list`)."),
    db: str | None = DbOption,
    sets: list[str] | None = SetOption,
) -> None:
    """Stop watching feeds. Their articles stay in the store."""
    from ..watch.health import remove as remove_feeds

    def body() -> list[Rejection]:
        with open_desk(db, sets) as desk:
            removed, unknown = remove_feeds(desk.store, feeds)
        for feed in removed:
            typer.echo(f"removed: {feed['id']} {feed['url']}")
        return unknown

    _report_rejected(run(body))


@feeds_app.command("resume")
def resume(
    feeds: list[str] | None = typer.Argument(None, help="Feed ids or URLs."),
    all_parked: bool = typer.Option(False, "--all", help="Every parked feed."),
    db: str | None = DbOption,
    sets: list[str] | None = SetOption,
) -> None:
    """Poll parked feeds again (at the next `storydesk watch`), their failures cleared."""
    from ..watch.health import resume as resume_feeds

    def body() -> list[Rejection]:
        with open_desk(db, sets) as desk:
            resumed, unknown = resume_feeds(desk.store, feeds or [], time.time(), everything=all_parked)
        for feed in resumed:
            typer.echo(f"resumed: {feed['id']} {feed['url']}")
        if not resumed and not unknown:
            typer.echo("no parked feed to resume", err=True)
        return unknown

    _report_rejected(run(body))


@feeds_app.command("list")
def list_(
    db: str | None = DbOption,
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: list[str] | None = SetOption,
) -> None:
    """Each feed's health: state (ok, new, failing, parked), last poll and its HTTP
    status, entries seen, articles stored, next poll, consecutive failures, last error;
    then each post stream followed: posts stored, last update, last error."""
    from ..store.feeds import list_streams
    from ..watch.health import feed_health

    check_choice("--format", format, ("table", "json"))

    def body() -> None:
        with open_desk(db, sets) as desk:
            rows = feed_health(desk.store)
            streams = list_streams(desk.store)
        if format == "json":
            print_json({"feeds": rows, "streams": streams})
            return
        if streams:
            _print_table(("post stream", "posts", "last update", "last error"),
                         [(s["spec"], str(s["posts"]), _when(s["updated_at"]), s["last_error"] or "-")
                          for s in streams])
        if not rows:
            typer.echo("no feeds (add some with `storydesk feeds add URL`)", err=True)
            return
        _print_table(
            ("id", "feed", "state", "last poll", "HTTP", "entries", "articles", "next poll", "failures",
             "last error"),
            [(str(r["id"]), r["url"], r["state"], _when(r["last_poll"]), str(r["last_status"] or "-"),
              str(r["entries_seen"]), str(r["articles_stored"]),
              "-" if r["state"] == "parked" else _when(r["next_poll"]), str(r["failures"]),
              r["last_error"] or "-")
             for r in rows],
        )

    run(body)


def _when(value: str | None) -> str:
    return value.replace("T", " ") + " UTC" if value else "-"
