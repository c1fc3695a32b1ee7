"""Speaker patterns of issue 11's second round, each found as an error on the dev stories
(benchmarks/story_set.py) and fixed by a general rule: relayed words, a name after a body's
name, hyphenated given names, photo credits, a speaker continuing in one paragraph, and the
explicit forms the model must be sure of.

The texts are written for these tests (a port authority and a missile launch, wire style),
not taken from the stories."""

from __future__ import annotations

import pytest

from storydesk.analyze import analyze_article
from storydesk.analyze.speaker_model import load_model
from storydesk.model import Article


def _analyze(nlp, text: str):
    return analyze_article(Article(id="t", text=text, source="test.txt", format="text"), nlp)


def _quote(analysis, words: str):
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0]


def test_words_a_news_agency_relays_are_not_the_agency_s(nlp):
    a = _analyze(nlp, "The North's leader watched the launch from a hill near the capital.\n\n"
                      "\u201cThe drill is the first step of our operation in the Pacific and a prelude "
                      "to containing Guam,\u201d the agency KCNA quoted Kim as saying.\n")
    q = _quote(a, "first step of our operation")
    assert q.speaker != "KCNA"  # the agency only relays the words
    assert q.speaker in (None, "Kim")


def test_a_role_ending_with_a_name_after_a_body_s_name_is_that_person(nlp):
    a = _analyze(nlp, "U.S. Ambassador to the United Nations Nikki Haley said the launch was "
                      "\u201cabsolutely unacceptable and irresponsible\u201d and that the council must act.\n")
    q = _quote(a, "absolutely unacceptable")
    assert q.speaker in (None, "Nikki Haley")
    assert q.speaker_type != "role"


def test_a_spokesman_for_a_named_person_is_not_that_person(nlp):
    a = _analyze(nlp, "\"The talks will go on as planned next week,\" a spokesman for President "
                      "Ana Diaz said on Tuesday.\n")
    q = _quote(a, "talks will go on")
    assert q.speaker != "Ana Diaz"


def test_a_hyphenated_given_name_stays_in_the_name(nlp):
    a = _analyze(nlp, "Kim Jong Un ordered the launch, state media said.\n\n"
                      "Kim Dong-yup, a professor at Kyungnam University in Seoul, said the launch "
                      "showed confidence in the missile.\n")
    names = {e.canonical for e in a.entities if e.type == "PERSON"}
    assert "Kim Dong-yup" in names
    mention = next(e for e in a.entities if e.text.startswith("Kim Dong"))
    assert mention.canonical == "Kim Dong-yup"


def test_a_photo_credit_word_is_not_part_of_a_name(nlp):
    a = _analyze(nlp, "Michael Lee moved back to Cardiff last year.\n"
                      "Getty - Contributor Michael revealed he was leaving the stage\n")
    assert not any("Contributor" in e.canonical for e in a.entities)


def test_a_speaker_continuing_in_the_same_paragraph_keeps_the_quote(nlp):
    a = _analyze(nlp, "The port authority said the terminal would open in June.\n\n"
                      "The harbour will change slowly, says economist Ruth Abara. \"It is going to "
                      "take years for the trade to come back,\" she says.\n")
    q = _quote(a, "take years for the trade")
    assert q.speaker == "Ruth Abara"


def test_the_textbook_forms_clear_the_threshold(nlp):
    threshold = load_model().threshold
    texts = {
        "said NAME, ROLE": "\"We expect the first ships within hours,\" said Daniel Okafor, the "
                           "authority's chief executive.\n",
        "NAME said:": "Daniel Okafor said: \"We expect the first ships within hours of the reopening.\"\n",
        "NAME said": "\"We expect the first ships within hours,\" Okafor said.\n",
    }
    for form, text in texts.items():
        q = _quote(_analyze(nlp, text), "first ships")
        assert q.speaker in ("Daniel Okafor", "Okafor"), form
        assert q.speaker_probability >= threshold, form


@pytest.mark.parametrize("name", ["Navy Capt", "Air Force 1st"])
def test_a_name_cut_at_a_rank_is_never_shown(nlp, name):
    from storydesk.analyze.coref import _cut_name

    assert _cut_name(name)
