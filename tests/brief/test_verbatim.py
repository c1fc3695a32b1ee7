"""The brief never says what its sources don't: every excerpt is its article's text at
its offsets and occurs in the input; every quote is printed verbatim by a source.

tests/brief/conftest.py applies :func:`assert_brief_verbatim` to every brief built by
any test in tests/brief; the tests here build briefs from every kind of input we have
and check that the helper itself catches a brief that misquotes.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from storydesk.brief import build_brief
from storydesk.ingest import read_articles
from storydesk.model import AnalyzedArticle, Rejection

from .verbatim import assert_brief_verbatim


def test_seed_brief_is_verbatim(analyzed_seeds):
    assert_brief_verbatim(build_brief(analyzed_seeds), analyzed_seeds)


def test_brief_of_html_and_json_inputs_is_verbatim(tmp_path: Path, nlp, seed_paths):
    from storydesk.analyze import analyze_articles

    # an HTML page and a JSON record made from the seed texts (entities and quotes
    # escaped the way a site would)
    text = seed_paths[4].read_text(encoding="utf-8")
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    html_page = ("<html><head><title>" + paragraphs[0].replace("&", "&amp;").replace("<", "&lt;")
                 + "</title></head><body><article>"
                 + "".join(f"<p>{p.replace('&', '&amp;').replace('<', '&lt;')}</p>" for p in paragraphs[1:])
                 + "</article></body></html>")
    (tmp_path / "page.html").write_text(html_page, encoding="utf-8")
    import json

    record = {"title": "Leaked audio", "text": seed_paths[3].read_text(encoding="utf-8"),
              "outlet": "Example Times", "published": "2020-02-03"}
    (tmp_path / "story.json").write_text(json.dumps(record), encoding="utf-8")
    articles = [a for a in read_articles([str(tmp_path)]) if not isinstance(a, Rejection)]
    assert len(articles) == 2
    items = [AnalyzedArticle(a, x) for a, x in zip(articles, analyze_articles(articles, nlp))]
    brief = build_brief(items)
    assert brief["quotes"] and brief["summary"]
    assert_brief_verbatim(brief, items)


def test_the_check_catches_a_misquote_and_a_shifted_excerpt(analyzed_seeds):
    brief = build_brief(analyzed_seeds)
    misquoted = copy.deepcopy(brief)
    misquoted["quotes"][0]["text"] = misquoted["quotes"][0]["text"].replace(" ", " never ", 1)
    with pytest.raises(AssertionError, match="quote not printed verbatim"):
        assert_brief_verbatim(misquoted, analyzed_seeds)
    shifted = copy.deepcopy(brief)
    shifted["summary"][0]["sources"][0]["start"] += 1
    with pytest.raises(AssertionError, match="excerpt is not text"):
        assert_brief_verbatim(shifted, analyzed_seeds)
