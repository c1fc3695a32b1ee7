"""The brief's promise, checked: every excerpt is its article's text at its offsets, and
every quote's text is printed verbatim by one of its sources.

:func:`build_brief` runs :func:`drop_unsupported` on every section before returning, so
a section that cites a span wrongly loses that entry (and says so in ``notes``) instead
of putting words in a source's mouth.
"""

from __future__ import annotations

import logging
import re

from ..model import AnalyzedArticle

log = logging.getLogger(__name__)

_WS = re.compile(r"\s+")

#: Brief sections whose entries carry ``sources``.
CITED_SECTIONS = ("trending", "summary", "quotes", "posts", "timeline", "figures")


def squash(text: str) -> str:
    """``text`` with every run of white space made one space."""
    return _WS.sub(" ", text).strip()


def source_problem(src: dict, articles: dict[str, AnalyzedArticle]) -> str | None:
    """Why a ``Source`` object does not hold, or None when it does."""
    item = articles.get(src.get("article_id", ""))
    if item is None:
        return f"cites unknown article {src.get('article_id')!r}"
    text = item.article.text
    start, end = src.get("start"), src.get("end")
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(text)):
        return f"span {start}:{end} outside article {item.article.id}"
    if text[start:end] != src.get("excerpt"):
        return f"excerpt is not the text at {start}:{end} of article {item.article.id}"
    return None


def entry_problem(section: str, entry: dict, articles: dict[str, AnalyzedArticle]) -> str | None:
    """Why one brief entry is not backed by its sources, or None."""
    sources = entry.get("sources") or []
    if section in ("summary", "quotes") and not sources:
        return "has no sources"
    for src in sources:
        problem = source_problem(src, articles)
        if problem:
            return problem
    if section == "quotes":
        text = squash(entry.get("text", ""))
        if not any(text in squash(articles[s["article_id"]].article.text) for s in sources):
            return "quote text is printed by none of its sources"
    if section == "summary":
        if not any(squash(entry.get("text", "")) == squash(s["excerpt"]) for s in sources):
            return "summary sentence is not the excerpt of one of its sources"
    return None


def drop_unsupported(brief: dict, analyzed: list[AnalyzedArticle], notes: list[str]) -> None:
    """Remove, in place, every cited entry of ``brief`` that its sources do not back."""
    articles = {item.article.id: item for item in analyzed}
    for section in CITED_SECTIONS:
        entries = brief.get(section) or []
        kept = []
        for entry in entries:
            problem = entry_problem(section, entry, articles)
            if problem:
                log.warning("brief %s entry dropped: %s", section, problem)
                notes.append(f"{section}: an entry was left out because it {problem}")
            else:
                kept.append(entry)
        brief[section] = kept
    origin = brief.get("origin")
    if origin:
        problems = [p for p in (source_problem(s, articles) for s in origin.get("sources", [])) if p]
        if problems or not origin.get("sources"):
            notes.append(f"origin: left out because {problems[0] if problems else 'it has no sources'}")
            brief["origin"] = None
