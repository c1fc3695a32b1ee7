"""The quote of a passage written for a speaker test, as storydesk reads the passage."""

from __future__ import annotations

from storydesk.analyze import analyze_article
from storydesk.model import Article, Quote


def quote_containing(nlp, text: str, words: str) -> Quote:
    """The first quote of ``text`` (analysed as a plain-text article) holding ``words``;
    fails naming the quotes found when none does."""
    analysis = analyze_article(Article(id="t", text=text, source="test.txt", format="text"), nlp)
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0]


def speaker_in(nlp, text: str, words: str):
    """The speaker shown for the quote of ``text`` holding ``words``."""
    return quote_containing(nlp, text, words).speaker
