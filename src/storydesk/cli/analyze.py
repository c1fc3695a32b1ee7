"""`storydesk analyze PATH...`: the analysis of the given inputs, for checking by eye.

The JSON form is the analysis contract (docs/analysis-contract.md, written by
:func:`storydesk.contract.analysis_json`): one object per article.
"""

from __future__ import annotations

import sys

import typer

from ..contract import analysis_json
from ..desk import Desk
from ..ingest import read_articles
from ..model import AnalyzedArticle, Article, Rejection
from .app import EXIT_REJECTED, SetOption, app, check_choice, print_json, run, settings_for
from .terminal import safe


def print_analysis(item: AnalyzedArticle) -> None:
    """A plain-text view: the article's quotes, entities, posts, dates, figures, notes."""
    from rich.console import Console
    from rich.table import Table

    a, an = item.article, item.analysis
    console = Console(width=None if sys.stdout.isatty() else 160, highlight=False, markup=False)
    console.print(safe(f"{a.id}  {a.outlet or '-'}  {a.published or '-'}  {a.title or '-'}"))
    console.print(safe(f"source: {a.source}; {len(an.sentences)} sentences"))
    quotes = Table("speaker", "cue", "quote", box=None, title="quotes", title_justify="left")
    for q in an.quotes:
        quotes.add_row(safe(q.speaker or "?"), safe(q.cue or "-"), safe(q.text))
    names: dict[tuple[str, str], list[str]] = {}
    for e in an.entities:
        names.setdefault((e.canonical, e.type), []).append(e.text)
    entities = Table("entity", "type", "mentions", box=None, title="entities", title_justify="left")
    for (name, kind), texts in sorted(names.items(), key=lambda kv: -len(kv[1])):
        entities.add_row(safe(name), kind, safe(f"{len(texts)} ({', '.join(sorted(set(texts)))})"))
    console.print(quotes)
    console.print(entities)
    for label, rows in (
        ("posts", [f"{p.platform} {p.author or '-'} @{p.handle or '-'} {p.date or '-'}: {p.text}"
                   for p in an.posts]),
        ("dates", [f"{d.value} ({d.precision}): {d.text}" for d in an.dates]),
        ("figures", [f"{f.text}: {f.value} {f.unit or ''}" for f in an.figures]),
        ("notes", list(an.notes)),
    ):
        if rows:
            console.print(f"{label}:")
            for row in rows:
                console.print(f"  {safe(row)}")
    console.print("")


@app.command()
def analyze(
    paths: list[str] = typer.Argument(..., help="Files, folders, URLs, or - for stdin."),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: list[str] | None = SetOption,
) -> None:
    """Analyze the articles in PATHS without storing them: sentences, entities with
    canonical names, quotes with speakers, posts, dates, figures.

    Rejected inputs are reported and make the exit status 3.
    """
    check_choice("--format", format, ("table", "json"))

    def body() -> int:
        settings = settings_for(None, sets).replace(db=":memory:")
        articles: list[Article] = []
        rejected: list[Rejection] = []
        with Desk(settings) as desk:
            for result in read_articles(paths, max_bytes=settings.max_input_bytes, html=desk.guard.read_html):
                if isinstance(result, Rejection):
                    rejected.append(result)
                else:
                    articles.append(result)
            for r in rejected:
                typer.echo(f"storydesk: rejected {safe(r)}", err=True)
            analyzed = desk.analyze(articles, cache=False) if articles else []
        if format == "json":
            print_json([analysis_json(x.article, x.analysis) for x in analyzed])
        else:
            for item in analyzed:
                print_analysis(item)
        return EXIT_REJECTED if rejected else 0

    status = run(body)
    if status:
        raise typer.Exit(status)
