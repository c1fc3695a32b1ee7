"""Hashtags and @mentions (issue 3): exact spans, glued hashtags, no e-mails, URLs or numbers."""

from __future__ import annotations

from storydesk.analyze.tags import find_links, find_tags

# Written for these tests in the style of a UK sports report embedding fan reactions
# (a different story from the seeds): glued hashtags, e-mail, URL fragments, numbers.
SPORTS = (
    "Fans flooded Twitter with #COYS and #SpursOut after the 3-0 defeat, the club's #1 "
    "problem now. \"Unreal scenes!!#COYS\" wrote @spurs_fan99. Tips to sport@example.co.uk "
    "or see https://example.com/report#comments and medium.com/@writer/post for more; "
    "the decision was 'a disgrace' &#39;#notmyclub&#39; said @LauraK_."
)


def test_hashtags_and_mentions_with_exact_spans():
    tags = find_tags(SPORTS)
    assert [(t.text, t.kind) for t in tags] == [
        ("#COYS", "hashtag"),
        ("#SpursOut", "hashtag"),
        ("#COYS", "hashtag"),
        ("@spurs_fan99", "mention"),
        ("#notmyclub", "hashtag"),  # after an HTML entity, the "#" of "&#39;" is not one
        ("@LauraK_", "mention"),
    ]
    for t in tags:
        assert SPORTS[t.start : t.end] == t.text


def test_glued_hashtags_count_in_the_seeds(seed_articles):
    for article in seed_articles:
        for t in find_tags(article.text):
            assert article.text[t.start : t.end] == t.text
    glued = [t for a in seed_articles for t in find_tags(a.text)
             if t.kind == "hashtag" and a.text[t.start - 1].isalpha()]
    assert glued, "a hashtag glued to the word before it (NERVE#Tag) must still count"
    assert all(t.text == "#JusticeForJohnnyDepp" for t in glued)


def test_numbers_and_entities_are_not_hashtags():
    assert find_tags("He was the #1 seed in 2019, #2020 was worse, &#8217;quoted&#8217;") == []


def test_emails_and_url_handles_are_not_mentions():
    assert find_tags("write to desk@news.org or visit twitter.com/@someone today") == []


def test_links_drop_trailing_punctuation():
    text = "Watch (https://youtu.be/abc123). Photo: pic.twitter.com/KJuit0LwbV, via www.bbc.co.uk."
    assert [link.text for link in find_links(text)] == [
        "https://youtu.be/abc123", "pic.twitter.com/KJuit0LwbV", "www.bbc.co.uk"]
    for link in find_links(text):
        assert text[link.start : link.end] == link.text


def test_hashtag_opening_the_text_is_found():
    # Regression (issue 6): the character before offset 0 is "", and `"" in "&#/="` is
    # always true, so a post or caption that opens with its hashtag lost it.
    text = "#StormCiara batters the coast; #StormCiara trends as rail lines close"
    tags = find_tags(text)
    assert [(t.start, t.text) for t in tags] == [(0, "#StormCiara"), (31, "#StormCiara")]
    assert [t.text for t in find_tags("#1 seed")] == []  # numbers stay out at offset 0 too
