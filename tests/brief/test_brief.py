"""build_brief: the DESIGN.md JSON contract, determinism, and bad input (one article,
articles that share nothing, no quotes or dates, an article given twice, hundreds of
articles) always giving a valid brief with notes, never a crash or an invented line."""

from __future__ import annotations

import json
import random

from storydesk.brief import SCHEMA, build_brief

from .handmade import analyzed

SOURCE_KEYS = {"article_id", "outlet", "start", "end", "excerpt"}


def assert_contract(brief: dict) -> None:
    assert brief["schema"] == SCHEMA
    assert set(brief) >= {"schema", "story", "origin", "trending", "summary", "quotes", "posts",
                          "timeline", "figures", "entities", "notes"}
    story = brief["story"]
    assert isinstance(story["id"], str) and isinstance(story["headline"], str)
    for row in story["articles"]:
        assert set(row) >= {"id", "outlet", "title", "published", "source"}
        assert row["published"] is None or len(row["published"]) == 10
    sources = [s for sec in ("trending", "summary", "quotes", "posts", "timeline", "figures")
               for e in brief[sec] for s in e["sources"]]
    if brief["origin"]:
        assert isinstance(brief["origin"]["outlet"], str)
        sources += brief["origin"]["sources"]
    for s in sources:
        assert set(s) >= SOURCE_KEYS
    for s in brief["summary"]:
        assert set(s) >= {"text", "sources"} and s["sources"]
    for q in brief["quotes"]:
        assert set(q) >= {"speaker", "text", "cue", "sources", "variants"} and q["sources"]
        for v in q["variants"]:
            assert set(v) == {"text", "article_id"}
    for e in brief["entities"]:
        assert set(e) >= {"name", "type", "aliases", "mentions"}
    json.dumps(brief)  # JSON-ready


def test_seed_story_follows_the_contract(analyzed_seeds, seed_articles):
    brief = build_brief(analyzed_seeds)
    assert_contract(brief)
    story = brief["story"]
    assert len(story["articles"]) == len(seed_articles)
    titles = {a.title for a in seed_articles if a.title}
    assert story["headline"] in titles and story["headline_from"]["kind"] == "title"
    days = sorted(a.published_day for a in seed_articles if a.published_day)
    assert (story["first_published"], story["last_published"]) == (days[0], days[-1])
    undated = [a.id for a in seed_articles if a.published is None]
    assert all(r["published"] is None for r in story["articles"] if r["id"] in undated)
    # plain-text files carry no outlet: none is invented
    assert all(r["outlet"] is None for r in story["articles"])
    assert all(c["outlet"] is None and c["source"] for c in brief["coverage"])
    assert 3 <= len(brief["summary"]) <= 6
    assert brief["origin"] is not None
    people = [e for e in brief["entities"] if e["type"] == "PERSON"]
    assert people and all(e["mentions"] >= 1 for e in people)


def test_brief_is_deterministic_and_independent_of_article_order(analyzed_seeds):
    a = build_brief(analyzed_seeds)
    b = build_brief(list(analyzed_seeds))
    assert a == b
    c = build_brief(list(reversed(analyzed_seeds)))
    assert c["story"]["id"] == a["story"]["id"]
    assert [r["id"] for r in c["story"]["articles"]] == [r["id"] for r in a["story"]["articles"]]


def test_ingest_time_dates_are_not_publication_dates(analyzed_seeds):
    from dataclasses import replace

    from storydesk.model import AnalyzedArticle

    item = analyzed_seeds[1]
    stamped = AnalyzedArticle(replace(item.article, published="2031-05-05T10:00:00",
                                      date_from_ingest=True), item.analysis)
    brief = build_brief([stamped])
    assert brief["story"]["articles"][0]["published"] is None
    assert brief["story"]["first_published"] is None


def test_an_article_given_twice_is_used_once_and_noted(analyzed_seeds):
    brief = build_brief([analyzed_seeds[0], analyzed_seeds[0]])
    assert len(brief["story"]["articles"]) == 1
    assert any("more than once" in n for n in brief["notes"])


def test_no_articles_gives_an_empty_valid_brief():
    brief = build_brief([])
    assert_contract(brief)
    assert brief["summary"] == [] and brief["story"]["articles"] == []
    assert brief["notes"]


def test_articles_that_share_nothing_with_no_quotes_or_dates():
    # written for this test: two unrelated local news items
    story = [
        analyzed("The council approved a new cycle lane on Mill Road after a long consultation. "
                 "Work will start next spring and take four months.", source="cycle.txt"),
        analyzed("A rare orchid was found growing in a railway embankment by a retired teacher. "
                 "Botanists said it had not been seen in the county for decades.", source="orchid.txt"),
    ]
    brief = build_brief(story)
    assert_contract(brief)
    assert brief["quotes"] == [] and brief["origin"] is None
    assert all(len(s["sources"]) == 1 for s in brief["summary"])  # nothing is cross-cited
    notes = " ".join(brief["notes"])
    assert "quotes" in notes and "origin" in notes and "publication date" in notes
    assert brief["story"]["headline"]  # a lead sentence, verbatim, and said so
    assert brief["story"]["headline_from"]["kind"] == "lead_sentence"


def test_a_broken_section_costs_that_section_not_the_brief(analyzed_seeds, monkeypatch):
    import storydesk.brief.reactions as reactions

    def broken(analyzed):
        raise RuntimeError("boom")

    monkeypatch.setattr(reactions, "build_posts", broken)
    brief = build_brief(analyzed_seeds)
    assert brief["posts"] == [] and any("posts: could not be built" in n for n in brief["notes"])
    assert brief["summary"]


def test_an_entry_its_sources_do_not_back_is_left_out(analyzed_seeds, monkeypatch):
    import storydesk.brief.figures as figures

    item = analyzed_seeds[0]
    bad = {"text": "9 billion", "value": 9e9, "unit": None, "context": "invented", "conflict": False,
           "sources": [{"article_id": item.article.id, "outlet": None, "start": 0, "end": 9,
                        "excerpt": "9 billion"}]}
    monkeypatch.setattr(figures, "build_figures", lambda analyzed: [bad])
    brief = build_brief(analyzed_seeds)
    assert brief["figures"] == []
    assert any(n.startswith("figures: an entry was left out") for n in brief["notes"])


def _recombined(analyzed_seeds, n: int, per_article: int = 8):
    """``n`` articles, each made of real sentences of the seed articles (with the quotes
    and entities inside them), chosen by a seeded random generator."""
    pool = []
    for item in analyzed_seeds:
        text = item.article.text
        for s in item.analysis.sentences:
            quotes = tuple((q.text, q.speaker, q.cue) for q in item.analysis.quotes
                           if s.start <= q.start and q.end <= s.end and text[q.start:q.end] == q.text)
            ents = tuple({(e.text, e.type, e.canonical) for e in item.analysis.entities
                          if s.start <= e.start and e.end <= s.end})
            pool.append((text[s.start:s.end], quotes, ents))
    rng = random.Random(4)
    out = []
    for i in range(n):
        chosen = rng.sample(pool, per_article)
        body = "\n\n".join(c[0] for c in chosen)
        out.append(analyzed(body, outlet=f"Outlet {i % 40}", source=f"wire/{i}.txt",
                            published=f"2020-02-{1 + i % 5:02d}",
                            quotes=tuple(q for c in chosen for q in c[1]),
                            entities=tuple(sorted({e for c in chosen for e in c[2]}))))
    return out, {q[0] for _, qs, _ in pool for q in qs}


def test_hundreds_of_articles_give_a_valid_brief_with_each_utterance_once(analyzed_seeds):
    story, distinct_quotes = _recombined(analyzed_seeds, 300)
    brief = build_brief(story)
    assert_contract(brief)
    assert len(brief["story"]["articles"]) == 300
    assert 3 <= len(brief["summary"]) <= 5
    assert len(brief["quotes"]) <= len(distinct_quotes)
    texts = [q["text"] for q in brief["quotes"]]
    assert len(texts) == len(set(texts))
    widely = max(len(q["sources"]) for q in brief["quotes"]) if brief["quotes"] else 0
    assert widely >= 10  # the same utterance, printed by many articles, is one entry


def test_entities_carry_aliases_and_mentions_from_the_resolved_names():
    from storydesk.brief.entities import build_entities

    # written for this test: one person named three ways, one organisation, tagger noise
    story = [analyzed("Prime Minister Jacinda Ardern visited the port. Ardern met workers of "
                      "Port Otago. LONDON • Jacinda said the port was vital.",
                      entities=(("Jacinda Ardern", "PERSON", "Jacinda Ardern"),
                                ("Ardern", "PERSON", "Jacinda Ardern"),
                                ("Jacinda", "PERSON", "Jacinda Ardern"),
                                ("Port Otago", "ORG", "Port Otago"),
                                ("LONDON •", "ORG", "LONDON •")))]
    entities = build_entities(story)
    assert [e["name"] for e in entities] == ["Jacinda Ardern", "Port Otago"]
    person = entities[0]
    assert person["type"] == "PERSON" and person["mentions"] == 3
    assert set(person["aliases"]) == {"Ardern", "Jacinda"}


def test_an_analysis_that_does_not_fit_its_article_is_never_cited(analyzed_seeds):
    from dataclasses import replace

    from storydesk.model import AnalyzedArticle, Quote, Sentence

    item = analyzed_seeds[3]
    n = len(item.article.text)
    broken = replace(item.analysis,
                     sentences=item.analysis.sentences + (Sentence(n - 5, n + 50),),
                     quotes=item.analysis.quotes + (Quote(n + 1, n + 30, "beyond the end", "Someone"),))
    brief = build_brief([AnalyzedArticle(item.article, broken), analyzed_seeds[4]])
    assert_contract(brief)
    assert all(s["end"] <= n for e in brief["summary"] for s in e["sources"]
               if s["article_id"] == item.article.id)
    assert "beyond the end" not in json.dumps(brief["quotes"])
