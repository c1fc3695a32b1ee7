"""The one tokenizer, stop-word list and stemmer (storydesk.text), as its uses rely on it."""

from __future__ import annotations

import threading

from storydesk.brief.quote_match import tokens
from storydesk.brief.terms import content_terms
from storydesk.brief.terms import words as brief_words
from storydesk.stories.features import words as grouping_words
from storydesk.text import STOP_WORDS, stem, words


def test_forms_of_one_verb_meet_without_a_workaround():
    # the old suffix strip left "hitt" and "admitt", which citations had to undo
    assert set(content_terms("appears to confess to hitting him")) & set(content_terms("admitted he hit him"))
    assert {stem(w) for w in ("hit", "hits", "hitting")} == {"hit"}
    assert {stem(w) for w in ("admit", "admits", "admitted", "admitting")} == {"admit"}


def test_every_use_tokenizes_with_the_same_rules():
    text = "O’Brien’s crime-scene claims, U.S. 2020"
    assert words(text) == ["o'brien's", "crime", "scene", "claims", "u", "s", "2020"]
    # the brief counts a hyphenated word once; grouping splits it and keeps stems of content words
    assert brief_words(text) == ["o'brien's", "crime-scene", "claims", "u", "s", "2020"]
    assert grouping_words(text) == ["o'brien", "crime", "scene", "claim"]


def test_censored_words_compare_equal_only_for_quote_matching():
    assert tokens("a f**king disgrace") == tokens("A f—–g disgrace") == ["a", "f*g", "disgrace"]
    assert words("#MeToo @someone") == ["metoo", "someone"]  # not censored outside quotes


def test_a_use_extends_the_shared_stop_words():
    assert {"the", "and", "don't", "it's"} <= STOP_WORDS
    assert "said" not in STOP_WORDS and "said" not in content_terms("Depp said")
    assert content_terms("Depp said") == ["depp"]


def test_stemming_from_threads_gives_the_same_stems():
    vocabulary = [f"{w}{suffix}" for w in ("leak", "report", "walk", "vote") for suffix in ("", "s", "ed", "ing")]
    expected = [stem(w) for w in vocabulary]
    stem.cache_clear()
    results: list[list[str]] = []

    def run():
        results.append([stem(w) for w in vocabulary])

    threads = [threading.Thread(target=run) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 8
