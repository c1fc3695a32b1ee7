"""The brief's trending section (issue 4): hashtags with mention counts, case variants merged."""

from __future__ import annotations

from storydesk.brief.trending import build_trending

from .evidence_stories import analyzed_story, assert_sources_exact


def test_counts_every_occurrence_and_merges_case(nlp):
    items = analyzed_story(nlp)
    terms = build_trending(items)
    assert_sources_exact(terms, items)
    by_term = {t["term"]: t for t in terms}
    # prose, posts, glued to a word, twice in one paragraph, lower-cased: all count
    expected = sum(item.article.text.casefold().count("#heyjude") for item in items)
    assert by_term["#HeyJude"]["mentions"] == expected == 6
    assert "#heyjude" not in by_term, "shown in the most common casing"
    assert by_term["#HeyJude"]["kind"] == "hashtag"
    assert len(by_term["#HeyJude"]["sources"]) == 3, "one source per article"
    assert by_term["#HalaMadrid"]["mentions"] == 1
    assert terms[0]["term"] == "#HeyJude"


def test_seed_hashtag(analyzed_seeds):
    terms = build_trending(analyzed_seeds)
    assert_sources_exact(terms, analyzed_seeds)
    top = terms[0]
    total = sum(item.article.text.casefold().count(top["term"].casefold()) for item in analyzed_seeds)
    assert top["term"] == "#JusticeForJohnnyDepp" and top["mentions"] == total
    assert {s["article_id"] for s in top["sources"]} == {i.article.id for i in analyzed_seeds}
    assert all(t["mentions"] >= 1 and t["term"].startswith("#") for t in terms)


def test_no_hashtags(nlp):
    assert build_trending(analyzed_story(nlp, [("X", None, "No tags, #1 fan, a@b.com.")])) == []


def test_an_article_read_twice_counts_once(nlp):
    from storydesk.brief.figures import build_figures
    from storydesk.brief.reactions import build_posts

    items = analyzed_story(nlp)
    twice = items + [items[0]]
    assert build_trending(twice) == build_trending(items)
    assert build_posts(twice) == build_posts(items)
    assert build_figures(twice) == build_figures(items)
