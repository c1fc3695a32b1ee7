"""Embedded social posts (issue 3): signature shapes, where a post starts, exact spans."""

from __future__ import annotations

import pytest

from storydesk.analyze.posts import find_posts, parse_date

# Written for these tests, modelled on how entertainment and sports sites print embeds
# after text extraction (a different story from the seeds): an Instagram embed with its
# header, a UK-dated tweet on its own line, two tweets run together in one paragraph,
# a tweet introduced by a colon whose text was lost, and a Facebook post.
EMBEDS = """Taylor Swift surprised fans at the Eras Tour on Sunday with a new song.

View this post on Instagram

Tonight was magic. Thank you Lisbon 💛 #ErasTour

A post shared by Taylor Swift (@taylorswift) on Jun 2, 2024 at 3:01pm PDT

The singer later thanked her band.

Best night of my life, crying in the car park

— Hannah-Jane O'Neill (@hjoneill) 3 June 2024

Others were less impressed.

Two hours in the rain for this?? https://t.co/xY12ab — Rob (@rob_k) June 2, 2024 Still shaking #ErasTour pic.twitter.com/Qw9Zt — Ines S. (@ines_s) June 3, 2024

The mayor posted:

— Carlos Moedas (@Moedas) June 3, 2024

What a weekend for our city. Obrigado to everyone who came! Posted by Lisbon City Council on Monday, June 3, 2024
"""  # noqa: E501 - posts as pasted, one line each


def _check_spans(text, posts):
    for p in posts:
        span = text[p.start : p.end]
        assert p.text in span, "a post's text lies inside its span"
        assert p.text == p.text.strip()
        for tag in p.hashtags:
            assert tag in p.text
        for link in p.links:
            assert link in p.text


def test_embed_forms_from_other_sites():
    posts = find_posts(EMBEDS)
    _check_spans(EMBEDS, posts)
    got = [(p.platform, p.author, p.handle, p.date, p.text) for p in posts]
    assert got == [
        ("instagram", "Taylor Swift", "taylorswift", "2024-06-02",
         "Tonight was magic. Thank you Lisbon 💛 #ErasTour"),
        ("twitter", "Hannah-Jane O'Neill", "hjoneill", "2024-06-03",
         "Best night of my life, crying in the car park"),
        ("twitter", "Rob", "rob_k", "2024-06-02",
         "Two hours in the rain for this?? https://t.co/xY12ab"),
        ("twitter", "Ines S.", "ines_s", "2024-06-03", "Still shaking #ErasTour pic.twitter.com/Qw9Zt"),
        ("twitter", "Carlos Moedas", "Moedas", "2024-06-03", ""),
        ("facebook", "Lisbon City Council", None, "2024-06-03",
         "What a weekend for our city. Obrigado to everyone who came!"),
    ]
    insta = posts[0]
    assert EMBEDS[insta.start:].startswith("View this post on Instagram"), "the header is not prose"
    assert EMBEDS[insta.start : insta.end].endswith("at 3:01pm PDT")
    assert posts[3].links == ("pic.twitter.com/Qw9Zt",) and posts[2].links == ("https://t.co/xY12ab",)


def test_no_signature_no_post():
    text = ('"We will appeal," the club said in a statement on February 1, 2020.\n\n'
            "- Reporting by Jane Doe; editing by John Roe (jroe@example.com)")
    assert find_posts(text) == []


@pytest.fixture(scope="module")
def seed_posts(seed_articles):
    return [(a, find_posts(a.text)) for a in seed_articles]


def test_seed_posts_have_signature_fields_and_exact_spans(seed_posts):
    total = 0
    for article, posts in seed_posts:
        _check_spans(article.text, posts)
        for p in posts:
            total += 1
            span = article.text[p.start : p.end]
            assert p.platform == "twitter" and p.handle and p.author and p.date
            assert span.startswith(p.text), "the span starts with the post's text"
            assert f"(@{p.handle})" in span[len(p.text):], "the signature is covered too"
            assert p.author in span[len(p.text):], "the author is the signature's name"
            assert p.date.startswith("2020-")
    assert total == 10


def test_seed_post_starts_follow_paragraph_rules(seed_posts):
    for article, posts in seed_posts:
        prev_end = 0
        for p in posts:
            before = article.text[prev_end : p.start]
            # a post starts at a paragraph start, or right after the previous embed
            assert p.start == 0 or before.endswith("\n") or (before.strip() == "" and prev_end)
            assert "\n\n" not in p.text
            prev_end = p.end


def test_seed_post_text_stays_out_of_article_prose(seed_posts):
    prose_after_post = "This moved so many fans"
    for article, posts in seed_posts:
        where = article.text.find(prose_after_post)
        if where >= 0:
            assert not any(p.start <= where < p.end for p in posts)


def test_dates_of_several_shapes():
    assert parse_date("Jan 31, 2020") == "2020-01-31"
    assert parse_date("31 January 2020") == "2020-01-31"
    assert parse_date("Smarch 3, 2020") is None


# Written for this test in the shape HTML extraction gives (one line per paragraph, no
# blank lines), modelled on a city-news page embedding a council leader's tweet whose own
# line breaks survive: its lines above the signature belong to it, the prose lines above
# them (ending in a full stop) and the subheading do not.
HTML_LINES = (
    "The council voted on Tuesday to close the library.\n"
    "What They Said\n"
    "The leader defended the decision in a post.\n"
    "Libraries are the heart of a town\n"
    "We will find the money to reopen it #SaveOurLibrary pic.twitter.com/Zx81Lm\n"
    "— Priya Shah (@cllrpriya) March 5, 2024\n"
    "Residents have until May to respond."
)


def test_single_line_paragraphs_post_spans_its_lines():
    (post,) = find_posts(HTML_LINES)
    assert post.text == ("Libraries are the heart of a town\n"
                         "We will find the money to reopen it #SaveOurLibrary pic.twitter.com/Zx81Lm")
    assert HTML_LINES[post.start : post.end].endswith("March 5, 2024")
    assert "Residents" not in HTML_LINES[post.start : post.end]
