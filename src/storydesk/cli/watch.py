"""`storydesk watch`: poll feeds, fetch full articles and follow post streams until
stopped (Ctrl-C or SIGTERM finish the article in hand and stop within seconds)."""

from __future__ import annotations

import logging
import signal
import threading
import time

import typer

from ..desk import Desk
from .app import EXIT_USAGE, DbOption, SetOption, app, fail, run, settings_for

log = logging.getLogger(__name__)


def _serve_in_background(settings, host: str, port: int):
    """The web desk on the same store, in a thread; returns its uvicorn server."""
    import uvicorn

    from ..web import create_app

    config = uvicorn.Config(create_app(settings, host=host), host=host, port=port, log_level="warning",
                            server_header=False, proxy_headers=False)
    server = uvicorn.Server(config)
    # this command owns the signals (uvicorn before 0.29; later ones leave them alone in a thread)
    server.install_signal_handlers = lambda: None  # type: ignore[attr-defined]
    threading.Thread(target=server.run, name="storydesk-serve", daemon=True).start()
    return server


@app.command()
def watch(
    feeds: list[str] | None = typer.Argument(
        None, help="Feed URLs (a homepage works: its feed is found), text files of URLs, OPML files. "
                   "They are added to the store's feeds; with none, the stored feeds are watched."),
    db: str | None = DbOption,
    posts: list[str] | None = typer.Option(
        None, "--posts", metavar="SPEC",
        help="Follow a post stream too (repeatable): a JSON Lines file (followed as it grows), - for "
             "stdin, mastodon:https://HOST (or .../tags/TAG, .../trends), or jetstream (or "
             "jetstream:wss://HOST/subscribe).",
    ),
    serve: bool = typer.Option(False, "--serve", help="Serve the web desk on the same store meanwhile."),
    host: str = typer.Option("127.0.0.1", "--host", help="With --serve: address to listen on."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="With --serve: port."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Do not print each new article."),
    sets: list[str] | None = SetOption,
) -> None:
    """Watch feeds and post streams until stopped: each feed polled on its own schedule
    (conditional GET, its publishing rate, faster while one of its stories trends), full
    text fetched for summary-only entries, posts counted for trends; every article is
    stored, analyzed and grouped as it arrives. State lives in the store: stopping and
    starting again resumes without duplicates or gaps, which is how the watcher process is
    replaced by a fresh one every `watch_restart_hours` (24; 0: never, in this process).
    See `storydesk feeds list`."""
    from ..watch import Watcher
    from ..watch.feedlist import read_feed_list
    from ..watch.health import add as add_feeds
    from ..watch.streams import SpecError
    from ..watch.supervise import Supervisor
    from ..watch.watcher import ArticleEvent

    settings = run(lambda: settings_for(db, sets))
    if settings.db == ":memory:":
        fail("watch needs a store file (--db FILE), not :memory:", EXIT_USAGE)

    def body() -> None:
        from ..watch.memory import tune_allocator

        tune_allocator()  # before any thread starts: a long run of a dozen threads stays flat
        with Desk(settings) as desk:
            refs, bad = read_feed_list(feeds or [])
            for r in bad:
                typer.echo(f"storydesk: {r}", err=True)
                desk.store.add_rejection(r)
            added = add_feeds(desk.store, refs, time.time())
            if added:
                n_new = sum(new for _, new in added)
                typer.echo(f"storydesk: {len(added)} feed(s) given, {n_new} new", err=True)
            from ..store.feeds import count_feeds

            n_feeds = count_feeds(desk.store)
            if not n_feeds and not posts:
                fail("nothing to watch: give feed URLs or files, or --posts (stored feeds are all parked "
                     "or none were added; see `storydesk feeds list`)", EXIT_USAGE)
            if settings.watch_contact is None:
                typer.echo("storydesk: hint: set watch_contact (--set watch_contact=URL-or-email) so that "
                           "site owners can reach you; it goes in the User-Agent", err=True)
            stop = threading.Event()

            def told(event: ArticleEvent) -> None:
                if not quiet:
                    a = event.article
                    mark = "~ edited" if event.edited else "+"
                    typer.echo(f"{mark} {a.outlet or '-'}: {a.title or a.id} [{a.id}]"
                               + (f" story {event.story_id}" if event.story_id else ""))

            try:  # built here either way: a bad --posts spec is refused before anything runs
                watcher = Watcher(desk, posts=posts or [], on_article=told, stop=stop)
            except SpecError as exc:
                fail(str(exc), EXIT_USAGE)
            runner: Watcher | Supervisor = watcher
            # the watcher in a child process, replaced daily; stdin (--posts -) is this process's only
            if settings.watch_restart_hours > 0 and "-" not in (posts or []):
                watcher.fetcher.close()
                runner = Supervisor(settings, posts=posts or [], on_article=told, stop=stop)
            server = _serve_in_background(settings, host, port) if serve else None
            if server is not None:
                typer.echo(f"storydesk: serving {settings.db} on http://{host}:{port}/", err=True)
            _install_stop(stop)
            typer.echo(f"storydesk: watching {n_feeds} feed(s) and {len(posts or [])} post stream(s) "
                       f"into {settings.db}; Ctrl-C stops", err=True)
            stats = runner.run()
            if server is not None:
                server.should_exit = True
            typer.echo(
                f"storydesk: stopped: {stats.polls} polls ({stats.not_modified} not modified, "
                f"{stats.failures} failed), {stats.articles} new articles, {stats.edits} edited, "
                f"{stats.posts} posts ({stats.posts_linked} linking a stored article)", err=True)

    run(body)


def _install_stop(stop: threading.Event) -> None:
    """SIGTERM and Ctrl-C ask the watcher to stop; a second Ctrl-C leaves at once."""

    def ask(signum, frame) -> None:
        if stop.is_set() and signum == signal.SIGINT:
            raise KeyboardInterrupt
        typer.echo("storydesk: stopping (finishing the article in hand)...", err=True)
        stop.set()

    signal.signal(signal.SIGINT, ask)
    signal.signal(signal.SIGTERM, ask)
