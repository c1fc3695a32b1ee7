"""Role mentions read from the text (storydesk.analyze.roles.role_mentions): the phrases a
pronoun or a quote may stand for when no name is tied to them."""

from __future__ import annotations

from storydesk.analyze.roles import role_mentions


def _mentions(text: str) -> list[tuple[str, str]]:
    return [(r.role, text[r.start:r.end]) for r in role_mentions(text, [])]


def test_an_indefinite_role_keeps_its_lower_case_qualifiers():
    assert _mentions("A foreign ministry spokesman in Berlin said it.") == [
        ("spokesman", "A foreign ministry spokesman")]
    assert _mentions("a senior administration official said") == [
        ("official", "a senior administration official")]


def test_a_definite_role_with_lower_case_qualifiers_is_no_mention():
    # "The Republican presidential nominee" is most often a named person's epithet
    assert _mentions("The Republican presidential nominee noted it.") == []


def test_a_verb_or_function_word_ends_the_qualifiers():
    assert _mentions("the company sues the officer") == [("officer", "the officer")]
    assert _mentions("a man who shot the officer") == [("man", "a man"), ("officer", "the officer")]


def test_a_role_word_inside_a_longer_word_is_no_mention():
    assert _mentions("his mother-in-law said") == []
    assert _mentions("the actors said") == []
    assert _mentions("a co-founder said") == [("founder", "a co-founder")]
