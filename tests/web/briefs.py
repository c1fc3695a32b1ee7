"""A brief written by hand in the JSON contract over stored articles, with exact spans and
injection payloads in every text field, and a way to make the desk answer with it: the
pages are tested apart from how briefs are made."""

from __future__ import annotations

from storydesk.desk import Desk
from storydesk.errors import NotFound

PAYLOAD = "<script>window.__pwned='brief'</script><img src=x onerror=alert(1)>"


def find_wire(client) -> dict:
    """The wire fixture article, as the API gives it."""
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
    paraphrase = dict(_source(hostile, hostile["text"].split(".")[0]), kind="paraphrase", probability=0.74)
    return {
        "schema": "storydesk.brief/1",
        "story": {"id": "s-test", "headline": "Ferry terminal approved " + PAYLOAD,
                  "articles": [{"id": a["id"], "outlet": a["outlet"], "title": a["title"],
                                "published": a["published"][:10], "source": a["source"]}
                               for a in (wire, hostile)],
                  "first_published": "2021-03-04", "last_published": "2021-06-07"},
        "origin": {"outlet": "Harbour Wire " + PAYLOAD, "sources": [terminal]},
        "trending": [{"term": "#HarbourPlan" + PAYLOAD, "kind": "hashtag", "mentions": 3, "sources": []}],
        "summary": [{"text": "The authority approved a new ferry terminal. " + PAYLOAD,
                     "sources": [dict(terminal, kind="verbatim", probability=1.0), paraphrase]}],
        "quotes": [
            {"speaker": "Daniel Okafor", "text": quote["excerpt"], "cue": "said",
             "speaker_type": "person", "speaker_probability": 0.81,
             "speaker_conflict": ["Mayor Ines Duarte"],
             "sources": [quote], "variants": [{"text": quote["excerpt"], "article_id": wire["id"]},
                                               {"text": "carry 4m passengers " + PAYLOAD,
                                                "article_id": hostile["id"]}]},
            {"speaker": "a spokesperson for the harbour authority", "speaker_type": "role",
             "speaker_probability": 0.9, "text": "construction would start", "cue": "said",
             "sources": [_source(wire, "construction would start")], "variants": []},
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
            {"date": "2023", "text": "Planned opening.", "kind": "development", "scheduled": True,
             "sources": [cost]},
        ],
        "figures": [
            {"text": "$120 million", "value": 120e6, "unit": "USD", "context": "cost " + PAYLOAD,
             "sources": [cost], "conflict": True, "evolution": False,
             "values": [{"value": 120e6, "text": "$120 million", "article_id": wire["id"], "outlet": wire["outlet"],
                         "published": "2021-06-07T09:15:00", "bound": None, "sources": [cost]},
                        {"value": 95e6, "text": "$95m " + PAYLOAD, "article_id": hostile["id"],
                         "outlet": hostile["outlet"], "published": "2021-06-07T09:15:00", "bound": None,
                         "sources": [cost]}]},
            {"text": "four million", "value": 4e6, "unit": "passengers", "context": "passengers a year",
             "sources": [quote], "conflict": False, "evolution": True,
             "values": [{"value": 3e6, "text": "three million", "article_id": hostile["id"],
                         "outlet": hostile["outlet"], "published": "2021-03-04", "bound": None, "sources": [quote]},
                        {"value": 4e6, "text": "four million", "article_id": wire["id"], "outlet": wire["outlet"],
                         "published": "2021-06-07", "bound": None, "sources": [quote]}]},
        ],
        "entities": [{"name": "Daniel Okafor" + PAYLOAD, "type": "PERSON", "aliases": ["Okafor"], "mentions": 2}],
    }


def install_written_brief(monkeypatch, wire: dict, hostile: dict) -> dict:
    """Make Desk's story methods answer with :func:`written_brief` (story id "s-test")."""
    brief = written_brief(wire, hostile)
    row = {"id": "s-test", "headline": brief["story"]["headline"],
           "articles": [{"id": a["id"], "source": a["source"]} for a in brief["story"]["articles"]],
           "n_articles": 2, "n_outlets": 2, "first_seen": "2021-03-04", "last_seen": "2021-06-07",
           "top_entities": ["Daniel Okafor" + PAYLOAD], "hashtags": ["#HarbourPlan"], "trend_score": 4.2}

    def story(self, story_id):
        if story_id != "s-test":
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
    return brief
