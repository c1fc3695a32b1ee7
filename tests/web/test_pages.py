"""The pages, drawn from a real store; the story page also from a brief written here
(so the page is tested apart from how briefs are made), laced with injection payloads."""

from __future__ import annotations

import re

import pytest

from .briefs import PAYLOAD, find_wire, install_written_brief
from .conftest import hostile_record
from .htmlcheck import audit, visible_text


@pytest.fixture()
def brief_client(client, monkeypatch):
    """The client, with the desk's story methods answering from a written brief."""
    stored = client.post("/api/articles", json=hostile_record()).json()["stored"][0]
    hostile = client.get(f"/api/articles/{stored['id']}").json()
    client.brief = install_written_brief(monkeypatch, find_wire(client), hostile)
    return client


def test_front_page_is_accessible_and_lists_stories(brief_client):
    page = brief_client.get("/").text
    assert '<a class="skip" href="#main">' in page and '<main id="main"' in page
    assert 'name="viewport"' in page and '<html lang="en">' in page
    assert re.search(r'<label for="q"[^>]*>Search articles</label>', page)
    assert 'href="/stories/s-test"' in page
    assert page.count('<rect class="bar') == 3  # the volume chart of the trend
    assert audit(page) == []
    assert PAYLOAD in visible_text(page)  # shown as text, not as markup


def test_story_page_shows_the_brief(brief_client):
    page = brief_client.get("/stories/s-test").text
    assert audit(page) == [], audit(page)
    text = visible_text(page)
    brief = brief_client.brief
    for quote in brief["quotes"]:
        assert f"“{quote['text']}”" in text
    # quotes grouped by speaker: the named speaker once, with both quotes under it
    assert text.count("Daniel Okafor") >= 1
    assert len(re.findall(r'<h3 class="speaker-name">Daniel Okafor</h3>', page)) == 1
    assert "Speaker not determined" in text and "not named in the sources" not in text
    assert "1 other wording" in text  # the identical variant is not repeated
    src = brief["summary"][0]["sources"][0]
    assert f'href="/articles/{src["article_id"]}?start={src["start"]}&amp;end={src["end"]}#hl"' in page
    assert 'class="conflict"' in page and "outlets disagree" in text
    assert page.count('<circle class="dot development"') == 2
    assert page.count('<circle class="dot background"') == 1
    assert "coverage-chart" in page


def test_citation_opens_the_article_with_the_span_highlighted(brief_client):
    src = brief_client.brief["quotes"][0]["sources"][0]
    page = brief_client.get(f"/articles/{src['article_id']}?start={src['start']}&end={src['end']}").text
    marked = page.split('<mark id="hl" class="cited" tabindex="-1">', 1)[1].split("</mark>", 1)[0]
    assert visible_text(marked) == src["excerpt"]


def test_article_page_highlights_the_analysis(client):
    wire = find_wire(client)
    page = client.get(f"/articles/{wire['id']}").text
    assert audit(page) == []
    assert visible_text(page).count(wire["text"][:60]) == 1
    assert 'class="quote"' in page and "speaker" in page
    assert "title=\"quote; speaker: Daniel Okafor\"" in page
    for q in wire["quotes"]:
        assert q["text"][:30] in visible_text(page)


def test_cited_span_outside_the_article_is_reported_not_drawn(client):
    wire = find_wire(client)
    page = client.get(f"/articles/{wire['id']}?start=5&end=999999").text
    assert 'id="hl"' not in page and "is not inside this article" in page


def test_hostile_article_is_inert_on_every_page(client):
    stored = client.post("/api/articles", json=hostile_record()).json()["stored"][0]
    for path in (f"/articles/{stored['id']}", "/search?q=council", "/", f"/articles/{stored['id']}?start=0&end=20"):
        page = client.get(path).text
        assert audit(page) == [], (path, audit(page))
    page = client.get(f"/articles/{stored['id']}").text
    assert "javascript:" not in re.sub(r"<[^>]*>", "", page) or "&lt;" in page
    assert 'href="javascript:' not in page


def test_search_page_marks_matches(client):
    page = client.get("/search", params={"q": "ferry"}).text
    assert "<mark>ferry</mark>" in page.lower() or "<mark>Ferry</mark>" in page
    assert "1 result for" in page


#: Written for this test: a court report that prints brackets (an editor's insertion,
#: a citation) and a script tag next to the words searched for.
BRACKETED = {
    "title": "Judge [in chambers] rules on the tunnel contract",
    "outlet": "Valley Courier", "published": "2021-08-03",
    "text": "The judge said the tunnel contract \"[was] never properly tendered\" [1], "
            "and <script>window.__pwned='search'</script> the tunnel works stop on Monday.",
}


def test_search_snippet_keeps_brackets_as_text_and_marks_only_matches(client):
    """Issue 7 (round 2): snippets marked matches with [ and ], as articles print them."""
    assert client.post("/api/articles", json=BRACKETED).status_code == 201
    hit = client.get("/api/search", params={"q": "tunnel"}).json()["results"][0]
    assert "[was]" in hit["snippet"] and "[1]" in hit["snippet"]
    assert {hit["snippet"][a:b] for a, b in hit["matches"]} == {"tunnel"}
    page = client.get("/search", params={"q": "tunnel"}).text
    snippet = re.search(r'<p class="snippet">(.*?)</p>', page, re.S).group(1)
    assert "[was] never properly tendered" in snippet and "[1]" in snippet
    assert re.findall(r"<mark>(.*?)</mark>", snippet) == ["tunnel"] * snippet.count("<mark>")
    assert snippet.count("<mark>") >= 1
    assert "&lt;script&gt;" in snippet and "<script>" not in snippet
    assert audit(page) == []


def test_api_docs_page_lists_every_endpoint(client):
    page = client.get("/api/docs").text
    schema = client.get("/api/openapi.json").json()
    for path in schema["paths"]:
        assert f"<code>{path}</code>" in page
    assert audit(page) == []


def test_story_page_tells_citations_and_outlets_apart(brief_client):
    """Two passages of one article were two links with the same text, and articles with no
    outlet were counted as one outlet ("5 articles from 1 outlets")."""
    brief = brief_client.brief
    first, second = brief["summary"][0]["sources"][0], brief["timeline"][0]["sources"][0]
    assert first["article_id"] == second["article_id"] and first["start"] != second["start"]
    brief["origin"]["sources"] = [first, second]
    brief["story"]["articles"][0]["outlet"], brief["story"]["articles"][1]["outlet"] = "Harbour Wire", None
    page = brief_client.get("/stories/s-test").text
    origin = re.search(r'<p class="origin">(.*?)</p>', page, re.S).group(1)
    labels = re.findall(r'<a class="cite"[^>]*>(.*?)</a>', origin)
    assert labels == ["Harbour Wire", "Harbour Wire, passage 2"]
    assert "2 articles: 1 from 1 outlet, 1 with no outlet named" in visible_text(page)


def test_article_page_names_its_source_and_an_ingest_date_as_such(client):
    wire = find_wire(client)
    page = client.get(f"/articles/{wire['id']}").text
    assert f'<code class="source">{wire["source"]}</code>' in page
    undated = {"title": "Pier closed", "outlet": "Coast Herald", "text": "The east pier closed for repairs."}
    stored = client.post("/api/articles", params={"name": "desk"}, json=undated).json()["stored"][0]
    page = visible_text(client.get(f"/articles/{stored['id']}").text)
    assert "undated (ingested " in page and "from api:desk" in page


def test_story_page_shows_every_doubt_the_brief_carries(brief_client):
    """Issue 11: the page showed no speaker conflict, called an undetermined speaker "not
    named in the sources", and could not tell a paraphrase citation or a figure's outlets."""
    page = brief_client.get("/stories/s-test").text
    assert audit(page) == [], audit(page)
    text = " ".join(visible_text(page).split())
    assert "a spokesperson for the harbour authority (unnamed)" in text
    assert "outlets credit these words differently, also to: Mayor Ines Duarte" in text
    assert "speaker probability 81%" in text
    assert "paraphrase, 74%" in text and 'class="cite paraphrase"' in page
    assert "outlets disagree" in text and "changed over time" in text
    figure = brief_client.brief["figures"][0]
    for v in figure["values"]:
        assert v["text"] in text
    assert "2021-06-07 09:15" in text, "each outlet's value is shown with its time"
    assert "scheduled" in text


def test_cli_page_and_web_page_are_one_brief(brief_client):
    """Issue 15: the CLI's HTML and the web story page render the same template: the same
    sections, labels and doubts; the CLI page is self-contained, the web page links."""
    from storydesk.brief.render.html import to_html

    brief = brief_client.brief
    web = brief_client.get("/stories/s-test").text
    cli = to_html(brief)
    assert audit(cli) == []
    for part in ("What happened", "Who said what", "Reactions", "Timeline", "Key figures",
                 "Coverage by outlet", "Speaker not determined", "paraphrase, 74%", "outlets disagree"):
        assert part in visible_text(web) and part in visible_text(cli), part
    web_labels = re.findall(r'<a class="cite(?: paraphrase)?"[^>]*>(.*?)</a>', web)
    cli_labels = re.findall(r'<span class="cite(?: paraphrase)?"[^>]*>(.*?)</span>', cli)
    assert web_labels == cli_labels and web_labels
    assert 'href="/articles/' in web and 'href="/articles/' not in cli
    assert "<link" not in cli and "<style>" in cli
    assert "No outlet is credited with the scoop." in visible_text(to_html(dict(brief, origin=None)))
