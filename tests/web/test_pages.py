"""The pages, drawn from a real store; the story page also from a brief written here
(so the page is tested apart from how briefs are made), laced with injection payloads."""

from __future__ import annotations

import re

import pytest

from storydesk.config import Settings
from storydesk.desk import Desk

from .conftest import hostile_record
from .htmlcheck import audit, visible_text

PAYLOAD = "<script>window.__pwned='brief'</script><img src=x onerror=alert(1)>"


def _wire(client) -> dict:
    hit = client.get("/api/search", params={"q": "ferry"}).json()["results"][0]
    return client.get(f"/api/articles/{hit['id']}").json()


def _source(article: dict, phrase: str) -> dict:
    start = article["text"].index(phrase)
    return {"article_id": article["id"], "outlet": article["outlet"], "start": start,
            "end": start + len(phrase), "excerpt": phrase}


def written_brief(wire: dict, hostile: dict) -> dict:
    """A brief in the JSON contract over two stored articles, with exact spans."""
    terminal = _source(wire, "approved a new ferry terminal on the east pier")
    quote = _source(wire, "This terminal will carry four million passengers a year")
    cost = _source(wire, "$120 million")
    return {
        "schema": "storydesk.brief/1",
        "story": {"id": "s-test", "headline": "Ferry terminal approved " + PAYLOAD,
                  "articles": [{"id": a["id"], "outlet": a["outlet"], "title": a["title"],
                                "published": a["published"][:10], "source": a["source"]}
                               for a in (wire, hostile)],
                  "first_published": "2021-03-04", "last_published": "2021-06-07"},
        "origin": {"outlet": "Harbour Wire " + PAYLOAD, "sources": [terminal]},
        "trending": [{"term": "#HarbourPlan" + PAYLOAD, "kind": "hashtag", "mentions": 3, "sources": []}],
        "summary": [{"text": "The authority approved a new ferry terminal. " + PAYLOAD, "sources": [terminal]}],
        "quotes": [
            {"speaker": "Daniel Okafor", "text": quote["excerpt"], "cue": "said",
             "sources": [quote], "variants": [{"text": quote["excerpt"], "article_id": wire["id"]},
                                               {"text": "carry 4m passengers " + PAYLOAD,
                                                "article_id": hostile["id"]}]},
            {"speaker": "Daniel Okafor", "text": "construction would start", "cue": "added",
             "sources": [_source(wire, "construction would start")], "variants": []},
            {"speaker": None, "text": "an unattributed line " + PAYLOAD, "cue": None,
             "sources": [quote], "variants": []},
        ],
        "posts": [{"platform": "twitter", "author": "Resident " + PAYLOAD, "handle": "coastroad",
                   "date": "2021-06-07", "text": "No to the terminal " + PAYLOAD, "sources": [quote]}],
        "timeline": [
            {"date": "2019-03", "text": "The review began " + PAYLOAD, "kind": "background",
             "sources": [_source(wire, "a review that began in March 2019")]},
            {"date": "2021-06-07", "text": "The terminal was approved.", "kind": "development",
             "sources": [terminal]},
            {"date": "2023", "text": "Planned opening.", "kind": "development", "sources": [cost]},
        ],
        "figures": [{"text": "$120 million", "value": 120e6, "unit": "USD", "context": "cost " + PAYLOAD,
                     "sources": [cost], "conflict": True}],
        "entities": [{"name": "Daniel Okafor" + PAYLOAD, "type": "PERSON", "aliases": ["Okafor"], "mentions": 2}],
    }


@pytest.fixture()
def brief_client(client, monkeypatch):
    """The client, with the desk's story methods answering from :func:`written_brief`."""
    wire = _wire(client)
    stored = client.post("/api/articles", json=hostile_record()).json()["stored"][0]
    hostile = client.get(f"/api/articles/{stored['id']}").json()
    brief = written_brief(wire, hostile)
    row = {"id": "s-test", "headline": brief["story"]["headline"],
           "articles": [{"id": a["id"], "source": a["source"]} for a in brief["story"]["articles"]],
           "n_articles": 2, "n_outlets": 2, "first_seen": "2021-03-04", "last_seen": "2021-06-07",
           "top_entities": ["Daniel Okafor" + PAYLOAD], "hashtags": ["#HarbourPlan"], "trend_score": 4.2}

    def story(self, story_id):
        if story_id != "s-test":
            from storydesk.errors import NotFound
            raise NotFound(f"no story with id {story_id!r}")
        return row

    monkeypatch.setattr(Desk, "story", story, raising=False)
    monkeypatch.setattr(Desk, "brief_story", lambda self, sid: (story(self, sid), brief)[1], raising=False)
    monkeypatch.setattr(Desk, "stories", lambda self, **kw: [row], raising=False)
    monkeypatch.setattr(Desk, "trends", lambda self, **kw: [
        {"term": "#HarbourPlan" + PAYLOAD, "kind": "hashtag", "score": 4.2,
         "volume": [{"bucket": "2021-06-05", "count": 0}, {"bucket": "2021-06-06", "count": 1},
                    {"bucket": "2021-06-07", "count": 9}], "story_id": "s-test",
         "headline": row["headline"]}], raising=False)
    client.brief = brief
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
    assert "Speaker not named in the sources" in text
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
    wire = _wire(client)
    page = client.get(f"/articles/{wire['id']}").text
    assert audit(page) == []
    assert visible_text(page).count(wire["text"][:60]) == 1
    assert 'class="quote"' in page and "speaker" in page
    assert "title=\"quote; speaker: Daniel Okafor\"" in page
    for q in wire["quotes"]:
        assert q["text"][:30] in visible_text(page)


def test_cited_span_outside_the_article_is_reported_not_drawn(client):
    wire = _wire(client)
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


def test_api_docs_page_lists_every_endpoint(client):
    page = client.get("/api/docs").text
    schema = client.get("/api/openapi.json").json()
    for path in schema["paths"]:
        assert f"<code>{path}</code>" in page
    assert audit(page) == []
