"""Renderers of a brief dict (the JSON contract): Markdown for a terminal, and the one
HTML brief (``templates/brief.html``), drawn as a self-contained page by the CLI and
inside the site by the web story page. JSON is the dict itself.

What every rendering shows the same way (how an article is named in a citation, how a
paraphrase, a speaker and each doubt are shown) lives in :mod:`.shape`.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from . import shape
from .shape import article_labels, cited, one_line

FORMATS = ("md", "json", "html")
#: The folder of the HTML brief's templates; the web app loads it beside its own.
TEMPLATES = Path(__file__).parent / "templates"


def environment(*extra: Path) -> jinja2.Environment:
    """A template environment over :data:`TEMPLATES` (and ``extra`` folders, searched
    first) in which every ``{{ value }}`` is HTML-escaped, with ``shape`` as a global."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([*map(str, extra), str(TEMPLATES)]),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["shape"] = shape
    return env


def render(brief: dict, fmt: str) -> str:
    """``brief`` as ``fmt`` (one of :data:`FORMATS`)."""
    if fmt == "json":
        import json

        return json.dumps(brief, ensure_ascii=False, indent=2) + "\n"
    if fmt == "md":
        from .markdown import to_markdown

        return to_markdown(brief)
    if fmt == "html":
        from .html import to_html

        return to_html(brief)
    raise ValueError(f"unknown brief format {fmt!r}; use one of {', '.join(FORMATS)}")


__all__ = ["FORMATS", "TEMPLATES", "article_labels", "cited", "environment", "one_line", "render"]
