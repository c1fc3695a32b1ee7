"""The brief's promise, as a test helper: every excerpt is exactly its article's text at
its offsets and can be found (up to runs of white space) in the input the article was
read from (a page's text up to white space altogether, since inline tags join words
without a space); every quote's text appears verbatim in one of its sources; every summary
sentence is the excerpt of one of its sources.

``assert_brief_verbatim(brief, articles)`` is called by every test that builds a brief;
an autouse fixture in tests/conftest.py also checks every brief
built through ``storydesk.brief.build_brief`` during a test.
"""

from __future__ import annotations

import html
import re

_WS = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]+>")
_INVISIBLE = re.compile("[\u00ad\u200b-\u200d\ufeff]")


def squash(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _input_text(article) -> str:
    """What the article was read from, as text to search excerpts in."""
    raw = article.raw or article.text
    if article.format == "html":
        raw = html.unescape(_TAG.sub(" ", raw))
    elif article.format in ("json", "jsonl", "rss", "atom"):
        import json

        try:
            raw = " \n ".join(_strings(json.loads(raw)))
        except ValueError:
            pass
        if article.format in ("rss", "atom"):
            raw = html.unescape(_TAG.sub(" ", raw))
    return squash(raw)


def _strings(value) -> list[str]:
    """Every string inside a parsed JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _sources(brief: dict):
    for section in ("trending", "summary", "quotes", "posts", "timeline", "figures"):
        for entry in brief.get(section) or []:
            for src in entry.get("sources") or []:
                yield section, entry, src
    if brief.get("origin"):
        for src in brief["origin"]["sources"]:
            yield "origin", brief["origin"], src


def assert_brief_verbatim(brief: dict, articles) -> None:
    """Fail with the offending entry when the brief says anything its sources don't."""
    by_id = {}
    for a in articles:
        article = getattr(a, "article", a)
        by_id[article.id] = article
    inputs = {aid: _input_text(a) for aid, a in by_id.items()}
    for section, _entry, src in _sources(brief):
        article = by_id.get(src["article_id"])
        assert article is not None, f"{section}: cites an article not in the story: {src}"
        assert article.text[src["start"]:src["end"]] == src["excerpt"], (
            f"{section}: excerpt is not text[{src['start']}:{src['end']}] of {article.id}")
        found = squash(src["excerpt"]) in inputs[article.id] or (
            # a page's inline tags ("<a>Dancing with the Stars</a>.") are no space in the text
            # and its invisible soft hyphens and zero-width marks are not text either
            article.format == "html"
            and _WS.sub("", src["excerpt"]) in _INVISIBLE.sub("", _WS.sub("", inputs[article.id])))
        assert found, f"{section}: excerpt not found in the input of {article.source}: {src['excerpt']!r}"
    for q in brief.get("quotes") or []:
        assert any(squash(q["text"]) in squash(by_id[s["article_id"]].text) for s in q["sources"]), (
            f"quote not printed verbatim by any of its sources: {q['text']!r}")
        for v in q["variants"]:
            assert squash(v["text"]) in squash(by_id[v["article_id"]].text), f"variant not verbatim: {v}"
    for s in brief.get("summary") or []:
        assert any(squash(s["text"]) == squash(src["excerpt"]) for src in s["sources"]), (
            f"summary sentence is not one of its sources' excerpts: {s['text']!r}")
    headline_from = brief.get("story", {}).get("headline_from")
    if headline_from and headline_from.get("kind") == "lead_sentence":
        article = by_id[headline_from["article_id"]]
        assert article.text[headline_from["start"]:headline_from["end"]] == brief["story"]["headline"]
    elif headline_from and headline_from.get("kind") == "title":
        assert by_id[headline_from["article_id"]].title == brief["story"]["headline"]
