"""RSS 2.0 and Atom feeds, on fixtures written for these tests (transit_rss.xml,
science_atom.xml: feeds in the shape news sites and blogs publish)."""

from __future__ import annotations

import json
from pathlib import Path

from storydesk.ingest import read_articles
from storydesk.model import Article, Rejection

FIXTURES = Path(__file__).parent / "fixtures"


def _read(name: str):
    results = list(read_articles([str(FIXTURES / name)]))
    return [r for r in results if isinstance(r, Article)], [r for r in results if isinstance(r, Rejection)]


def test_rss_items_become_articles_with_full_content_and_metadata():
    path = str(FIXTURES / "transit_rss.xml")
    articles, rejected = _read("transit_rss.xml")
    assert [a.source for a in articles] == [f"{path}#1", f"{path}#2", f"{path}#3"]
    first, second, _ = articles
    assert first.format == "rss" and first.outlet == "The Harbour Ledger"
    assert first.title == "Tram extension wins council approval"
    assert first.url.endswith("/tram-extension-approved")
    assert (first.published, first.precision) == ("2021-03-09T22:40:00", "time")
    assert first.authors == ("Priya Natarajan",)
    # content:encoded (the full text) wins over the short description, markup removed
    assert first.text.startswith("Harbour City councillors voted 9-4")
    assert "“This is the most important transport decision" in first.text
    assert "<p>" not in first.text and "&ldquo;" not in first.text
    # an item with only an (escaped HTML) description uses it
    assert second.text.startswith("The first morning ferry will leave fifteen minutes earlier")
    assert json.loads(first.raw)["link"] == first.url


def test_rss_item_with_a_title_and_no_text_is_a_headline_only_article():
    """Issue 15: headline feeds are stored, marked, not rejected."""
    articles, rejected = _read("transit_rss.xml")
    assert rejected == []
    third = articles[2]
    assert third.headline_only and not articles[0].headline_only
    assert third.text == third.title == "Photo gallery: council night"


def test_rss_item_without_text_or_title_is_rejected_by_its_position(tmp_path):
    path = tmp_path / "feed.xml"
    path.write_text('<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>'
                    "<item><title>Kept</title><description>Some text here.</description></item>"
                    "<item><link>http://example.org/x</link></item></channel></rss>")
    results = list(read_articles([str(path)]))
    assert [type(r).__name__ for r in results] == ["Article", "Rejection"]
    assert (results[1].source, results[1].reason) == (f"{path}#2", "feed entry has no text and no title")


def test_atom_entries_use_content_or_summary_and_published_or_updated():
    articles, rejected = _read("science_atom.xml")
    assert rejected == []
    first, second = articles
    assert first.format == "atom" and first.outlet == "Northfield Science Desk"
    assert first.authors == ("Ines Duarte",)
    assert first.published == "2022-05-03T16:30:00"  # published, not the later update
    assert '"The chemistry does not match anything from Earth," said lead author' in first.text
    assert second.published == "2022-05-04T11:00:00"  # no published date: updated
    assert second.text.startswith("The last segment of the primary mirror")


def test_feed_without_entries_is_rejected(tmp_path):
    path = tmp_path / "empty.xml"
    path.write_text('<?xml version="1.0"?><rss version="2.0"><channel><title>Quiet</title></channel></rss>')
    [rejection] = read_articles([str(path)])
    assert isinstance(rejection, Rejection) and rejection.reason.startswith("feed has no entries")
