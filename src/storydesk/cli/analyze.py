"""`storydesk analyze PATH...`: the analysis of the given inputs, for checking by eye.

The JSON form follows the analysis contract in DESIGN.md: one object per article.
"""

from __future__ import annotations

import sys
from typing import Optional

import typer

from ..desk import Desk
from ..ingest import expand, read_articles
from ..model import Analysis, AnalyzedArticle, Article, Rejection
from .app import EXIT_REJECTED, SetOption, app, check_choice, print_json, run, settings_for


def analysis_json(article: Article, analysis: Analysis) -> dict:
    """One article's analysis in the contract's shape (offsets into ``text``)."""
    return {
        "id": article.id,
        "source": article.source,
        "outlet": article.outlet,
        "title": article.title,
        "published": article.published,
        "text": article.text,
        "sentences": [{"start": s.start, "end": s.end} for s in analysis.sentences],
        "entities": [{"start": e.start, "end": e.end, "text": e.text, "type": e.type,
                      "canonical": e.canonical} for e in analysis.entities],
        "quotes": [{"start": q.start, "end": q.end, "text": q.text, "speaker": q.speaker,
                    "speaker_type": q.speaker_type, "speaker_probability": q.speaker_probability,
                    "speaker_start": q.speaker_start, "speaker_end": q.speaker_end, "cue": q.cue}
                   for q in analysis.quotes],
        "posts": [{"start": p.start, "end": p.end, "platform": p.platform, "author": p.author,
                   "handle": p.handle, "date": p.date, "text": p.text} for p in analysis.posts],
        "dates": [{"start": d.start, "end": d.end, "text": d.text, "value": d.value,
                   "sentence_start": d.sentence_start} for d in analysis.dates],
        "figures": [{"start": f.start, "end": f.end, "text": f.text, "value": f.value,
                     "unit": f.unit} for f in analysis.figures],
    }


def print_analysis(item: AnalyzedArticle) -> None:
    """A plain-text view: the article's quotes, entities, posts, dates, figures, notes."""
    from rich.console import Console
    from rich.table import Table

    a, an = item.article, item.analysis
    console = Console(width=None if sys.stdout.isatty() else 160, highlight=False)
    console.print(f"{a.id}  {a.outlet or '-'}  {a.published or '-'}  {a.title or '-'}", markup=False)
    console.print(f"source: {a.source}; {len(an.sentences)} sentences", markup=False)
    quotes = Table("speaker", "cue", "quote", box=None, title="quotes", title_justify="left")
    for q in an.quotes:
        quotes.add_row(q.speaker or "?", q.cue or "-", q.text)
    names: dict[tuple[str, str], list[str]] = {}
    for e in an.entities:
        names.setdefault((e.canonical, e.type), []).append(e.text)
    entities = Table("entity", "type", "mentions", box=None, title="entities", title_justify="left")
    for (name, kind), texts in sorted(names.items(), key=lambda kv: -len(kv[1])):
        entities.add_row(name, kind, f"{len(texts)} ({', '.join(sorted(set(texts)))})")
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
            console.print(f"{label}:", markup=False)
            for row in rows:
                console.print(f"  {row}", markup=False)
    console.print("")


@app.command()
def analyze(
    paths: list[str] = typer.Argument(..., help="Files, folders, URLs, or - for stdin."),
    format: str = typer.Option("table", "--format", help="table or json."),
    sets: Optional[list[str]] = SetOption,
) -> None:
    """Analyze the articles in PATHS without storing them: sentences, entities with
    canonical names, quotes with speakers, posts, dates, figures.

    Rejected inputs are reported and make the exit status 3.
    """
    check_choice("--format", format, ("table", "json"))

    def body() -> int:
        settings = settings_for(None, sets).replace(db=":memory:")
        articles, rejected = [], []
        for result in read_articles(expand(paths), max_bytes=settings.max_input_bytes):
            (rejected if isinstance(result, Rejection) else articles).append(result)
        for r in rejected:
            typer.echo(f"storydesk: rejected {r}", err=True)
        with Desk(settings) as desk:
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
