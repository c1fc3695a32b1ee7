"""The brief's posts section (issue 4): one entry per post however many outlets embed it."""

from __future__ import annotations

from storydesk.brief.reactions import build_posts, same_post
from storydesk.model import Post

from .evidence_stories import analyzed_story, assert_sources_exact


def test_one_entry_per_post_across_outlets(nlp):
    items = analyzed_story(nlp)
    posts = build_posts(items)
    assert_sources_exact(posts, items)
    assert [(p["handle"], len(p["sources"])) for p in posts] == [("marta_rm", 3), ("bvb_fan", 1)]
    marta = posts[0]
    assert marta["author"] == "Marta" and marta["date"] == "2023-06-07"
    assert marta["platform"] == "twitter"
    # the fullest form is shown: with the link, not the truncated one
    assert marta["text"].endswith("pic.twitter.com/Hj12AbCd")
    assert {s["article_id"] for s in marta["sources"]} == {"art0", "art1", "art2"}
    for src in marta["sources"]:
        assert "(@marta_rm)" in src["excerpt"], "each source covers the embed with its signature"


def test_different_posts_by_one_account_stay_apart():
    a = Post(0, 10, "twitter", "Ticket prices are a disgrace again this season", "Al", "al", "2023-01-01")
    b = Post(0, 10, "twitter", "What a goal by the number nine, unbelievable scenes", "Al", "al", "2023-01-01")
    c = Post(0, 10, "twitter", "Ticket prices are a disgrace again this season", "Bo", "bo", "2023-01-01")
    assert not same_post(a, b)
    assert not same_post(a, c), "same words from another account are another post"


def test_seed_posts_are_merged_across_outlets(analyzed_seeds):
    posts = build_posts(analyzed_seeds)
    assert_sources_exact(posts, analyzed_seeds)
    handles = [p["handle"] for p in posts]
    assert len(handles) == len(set(handles)) == 9
    top = posts[0]
    assert len({s["article_id"] for s in top["sources"]}) == 2, "the post two outlets embedded comes first"
    for p in posts:
        assert p["author"] and p["date"]
        for src in p["sources"]:
            assert f"(@{p['handle']})" in src["excerpt"]
            assert p["author"] in src["excerpt"], "the author is the signature's name"
    dated = [p["date"] for p in posts[1:]]
    assert dated == sorted(dated), "then by date"


def test_no_posts_no_entries(nlp):
    items = analyzed_story(nlp, [("X", "2023-01-01", "A plain report with no embeds at all.")])
    assert build_posts(items) == []
