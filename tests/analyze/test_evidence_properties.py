"""Properties of the post, tag and figure finders on any text (issue 3, bad input):
never a crash, every span exact, nothing outside the text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from storydesk.analyze.figures import find_figures
from storydesk.analyze.posts import find_posts
from storydesk.analyze.tags import find_tags

# Text made of the pieces these finders react to, so the rules are exercised.
PIECES = st.sampled_from([
    "#Tag", "NERVE#Tag", "@handle", "a@b.com", "pic.twitter.com/Ab1", "https://t.co/x",
    " — Name (@h_1) February 1, 2020", "— (@x) 1 Feb 2020", "A post shared by A (@a) on Feb 1, 2020",
    "Posted by B on Monday, June 3, 2024", "View this post on Instagram", "$7 million", "US$",
    "£1.2bn", "33-year-old", "Heard, 33,", "18-month", "for 3 years", "45%", "two children",
    "2015", "No. 1", "\n", "\n\n", " ", ".", ":", "“", "\"", "é", "🏳️‍🌈", "word",
])
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=5)), max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_finders_never_crash_and_spans_are_exact(text):
    for post in find_posts(text):
        assert 0 <= post.start <= post.end <= len(text)
        assert post.text in text[post.start : post.end]
    for tag in find_tags(text):
        assert text[tag.start : tag.end] == tag.text
    for fig in find_figures(text):
        assert text[fig.start : fig.end] == fig.text
        assert fig.value is None or fig.value >= 0


def test_figures_with_a_parse_on_odd_text(nlp):
    for text in ["", "   ", "$", "33,", "Heard, 33", "— (@x) Feb 1, 2020", "%" * 50, "1" * 400]:
        for fig in find_figures(text, nlp(text)):
            assert text[fig.start : fig.end] == fig.text
