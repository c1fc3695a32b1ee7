"""HTML pages, on tests/ingest/fixtures/council_vote.html (a page written for these tests
in the markup news CMSs emit: metadata, navigation, byline, embedded tweet, captioned
photo, related links, footer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from storydesk.errors import InputError
from storydesk.ingest import read_articles
from storydesk.ingest.html import covers, drop_title_line, extract_html, read_html

PAGE = Path(__file__).parent / "fixtures" / "council_vote.html"


@pytest.fixture(scope="module")
def article():
    [found] = read_articles([str(PAGE)])
    return found


def test_page_metadata_is_read(article):
    assert article.format == "html"
    assert article.title == "Harbour City council approves tram extension after marathon session"
    assert article.outlet == "The Harbour Ledger"
    assert article.published == "2021-03-09" and article.precision == "day"
    assert article.authors == ("Priya Natarajan",)
    assert article.url == "https://www.harbourledger.example/news/2021/03/09/tram-extension-approved"
    assert article.source == str(PAGE)
    assert article.raw == PAGE.read_text(encoding="utf-8")


def test_body_is_the_article_text_without_page_furniture(article):
    text = article.text
    assert text.startswith("Harbour City councillors voted 9-4 late on Tuesday")
    assert text.endswith("the transport department said.")
    assert "Mayor Elena Ruiz told reporters" in text
    assert "“This is the most important transport decision this city has made in a generation,”" in text
    for furniture in ("Subscribe", "All rights reserved", "Privacy", "Related", "Ferry terminal upgrade"):
        assert furniture not in text
    assert not text.startswith(article.title)  # the headline is the title, not the body


def test_embedded_social_post_text_is_kept_for_the_analysis(article):
    assert "The eastern tram line is happening." in article.text
    assert "@MayorRuiz" in article.text


def test_markup_in_untrusted_text_is_not_kept_as_markup():
    page = (
        b"<html><head><title>Storm hits coast</title></head><body><article>"
        b"<h1>Storm hits coast</h1>"
        b"<p>The storm reached the coast on Monday night, flooding streets in three towns "
        b"and cutting power to about 40,000 homes, the utility said.</p>"
        b"<p>Forecasters said the rain &lt;script&gt;would ease&lt;/script&gt; by Wednesday, "
        b"but warned of high tides through the weekend along the whole coast.</p>"
        b"<script>window.__pwned = 1</script></article></body></html>"
    )
    found = extract_html(page)
    assert found is not None
    assert "window.__pwned" not in found.text
    assert "<script>would ease</script>" in found.text  # escaped text is text, shown as such


def test_page_without_article_text_is_rejected():
    page = b"<!DOCTYPE html><html><head><title>Login</title></head><body><nav><a href='/'>Home</a></nav></body></html>"
    assert extract_html(page) is None
    with pytest.raises(InputError, match="no article text"):
        read_html(page, "login.html")


def test_title_line_is_dropped_only_when_it_repeats_the_title():
    assert drop_title_line("Storm Hits Coast!\nThe storm reached...", "Storm hits coast") == "The storm reached..."
    assert drop_title_line("Storm hits coast", "Storm hits coast") == "Storm hits coast"  # never empty
    assert drop_title_line("A storm hit the coast.\nMore.", "Storm hits coast") == "A storm hit the coast.\nMore."


def test_coverage_measures_shared_word_sequences():
    long = "the council voted nine to four on tuesday to fund the eastern tram line"
    assert covers(long, "voted nine to four on tuesday") == 1.0
    assert covers(long, "the mayor said the vote was close") == 0.0
    assert 0 < covers(long, "voted nine to four on friday") < 1


def test_page_in_a_declared_legacy_encoding_is_decoded_for_text_and_raw():
    page = (
        '<html><head><meta charset="windows-1252"><title>Café reopens</title></head><body>'
        "<article><h1>Café reopens</h1><p>The café on Main Street reopened on Monday after the "
        "flood, the owner said, serving crème brûlée to the first forty guests.</p>"
        "<p>“We are back,” she said.</p></article></body></html>"
    ).encode("cp1252")
    article = read_html(page, "cafe.html")
    assert article.title == "Café reopens"
    assert "serving crème brûlée" in article.text and "“We are back,” she said." in article.text
    assert "<title>Café reopens</title>" in article.raw and "\ufffd" not in article.raw


def test_a_link_inside_a_sentence_keeps_its_words():
    # written for this test (round 10): trafilatura's precision mode drops an inline link
    # wrapped in an element whose class it takes for boilerplate, mid-sentence ("has
    # reported that for his role"), so the article said something its page does not
    page = (
        b"<html><head><title>League fines coach</title></head><body><article>"
        b"<h1>League fines coach</h1>"
        b"<p>The league spent Monday trying to move on from the brawl that ended Thursday's game "
        b"between the two rivals, and both clubs were fined for their part in it.</p>"
        b"<p>Our insider Dana Reyes has reported that <span class=\"link\"><a href=\"/news/fine\">"
        b"the league will fine the coach</a></span> for his role in the brawl. His part in it was "
        b"the talk of the week among fans and former players alike.</p>"
        b"<p>The coach said he would not appeal, and that his team would now focus on the next "
        b"game, at home on Sunday against the league leaders.</p>"
        b"</article></body></html>"
    )
    found = extract_html(page)
    assert found is not None
    assert "has reported that the league will fine the coach for his role" in found.text
