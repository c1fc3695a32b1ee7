"""Renderers of a brief dict (the JSON contract): Markdown for a terminal, one
self-contained HTML page. JSON is the dict itself.

What both share lives here: how an article is named in a citation (its outlet; without
one, the file or URL it was read from, never an invented outlet).
"""

from __future__ import annotations

import posixpath

FORMATS = ("md", "json", "html")


def article_labels(brief: dict) -> dict[str, str]:
    """``{article id: label}``: the outlet, else the source's last path part; labels
    that would be equal for different articles get the article id added."""
    rows = brief.get("story", {}).get("articles", [])
    raw = {}
    for row in rows:
        source = (row.get("source") or "").rstrip("/")
        raw[row["id"]] = row.get("outlet") or posixpath.basename(source) or source or row["id"]
    counts: dict[str, int] = {}
    for label in raw.values():
        counts[label] = counts.get(label, 0) + 1
    return {aid: (label if counts[label] == 1 else f"{label} [{aid[:8]}]") for aid, label in raw.items()}


def cited(sources: list[dict], labels: dict[str, str]) -> list[str]:
    """Distinct labels of the articles ``sources`` cite, in citation order."""
    out: list[str] = []
    for s in sources:
        label = labels.get(s.get("article_id"), s.get("outlet") or s.get("article_id") or "?")
        if label not in out:
            out.append(label)
    return out


def one_line(text: str | None) -> str:
    """``text`` with runs of white space made single spaces."""
    return " ".join((text or "").split())


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


__all__ = ["FORMATS", "article_labels", "cited", "one_line", "render"]
