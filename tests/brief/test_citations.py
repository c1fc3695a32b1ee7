"""Summary citations: another outlet's sentence reporting the same content is found,
even in other words; a sentence that only shares the story's names is not; a sentence
that denies the claim or reverses who did what to whom is never cited, whatever its
words. Each source says whether it prints the sentence or paraphrases it, with the
probability that it reports the same.

The fixture story is written for these tests (a bridge closure told by three outlets);
it is not copied from any outlet.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from storydesk.brief.citations import LEXICAL, StorySentences, key_items
from storydesk.brief.summary import SummaryParams, build_summary

from .handmade import analyzed

#: The model at an even chance: these tests are about which sentence it prefers, not
#: about the strict threshold it cites at by default.
EVEN = replace(LEXICAL, threshold=0.5)

NAMES = (("Harbour Bridge", "FAC", "Harbour Bridge"), ("Jane Roe", "PERSON", "Jane Roe"),
         ("Roe", "PERSON", "Jane Roe"))
COURIER = ("Engineers closed the Harbour Bridge on Monday after inspectors found a crack in a main "
           "steel beam. Mayor Jane Roe said the bridge would stay shut for at least two weeks.")
LEDGER = ("Traffic on the Harbour Bridge was heavy on Monday morning. A cracked steel beam forced "
          "the shutdown of the Harbour Bridge on Monday, officials said. Buses were sent over the "
          "old ferry road instead.")
STAR = ("The Harbour Bridge is one of the oldest crossings in the city. It opened in 1932 and "
        "carries 80,000 cars a day.")


def _story():
    return [analyzed(COURIER, outlet="Courier", source="courier.txt", entities=NAMES),
            analyzed(LEDGER, outlet="Ledger", source="ledger.txt", entities=NAMES),
            analyzed(STAR, outlet="Star", source="star.txt", entities=NAMES)]


def _crack_span(story):
    text = story[0].article.text
    return 0, text.index(".") + 1


def test_a_paraphrase_is_cited_by_its_own_sentence_not_one_sharing_names():
    story = _story()
    sents = StorySentences(story)
    k, p = sents.best(0, _crack_span(story), 1, EVEN)
    start, end = sents.pieces[1][k]
    assert story[1].article.text[start:end].startswith("A cracked steel beam forced the shutdown")
    # the Ledger's lede shares the bridge and the day, and ranks below it
    lede = sents.features(0, _crack_span(story), 1)[0]
    assert EVEN.probability(lede) < p


def test_background_that_only_shares_the_names_is_not_cited():
    story = _story()
    found = StorySentences(story).reporting(0, _crack_span(story), set(), EVEN)
    assert 2 not in {b for b, _, _, _ in found}


def test_each_source_says_whether_it_prints_the_sentence_or_paraphrases_it():
    story = _story()
    story[1] = analyzed(LEDGER + " " + COURIER.split(". ")[0] + ".", outlet="Ledger", source="ledger.txt",
                        entities=NAMES)  # Ledger also prints Courier's sentence word for word
    summary = build_summary(story, 3)
    crack = next(entry for entry in summary if entry["text"].startswith("Engineers closed"))
    kinds = {src["outlet"]: (src["kind"], src["probability"]) for src in crack["sources"]}
    assert kinds["Courier"] == ("verbatim", 1.0) and kinds["Ledger"] == ("verbatim", 1.0)
    assert "Star" not in kinds
    for entry in summary:
        for src in entry["sources"]:
            assert src["kind"] in ("verbatim", "paraphrase") and 0.0 <= src["probability"] <= 1.0
            if src["kind"] == "paraphrase":
                assert src["probability"] >= LEXICAL.threshold
                assert src["excerpt"] != entry["text"]


def test_an_uploaded_article_claiming_something_new_is_not_confirmed_by_the_others():
    story = _story()
    upload = analyzed("Mayor Jane Roe resigned on Tuesday after the Harbour Bridge was closed, "
                      "her office said. Engineers will inspect every bridge in the city.",
                      outlet=None, source="upload.txt", entities=NAMES)
    story.append(upload)
    sents = StorySentences(story)
    claim = sents.pieces[3][0]
    for model in (LEXICAL, EVEN):  # not even at an even chance
        assert sents.reporting(3, claim, set(), model) == []
    for entry in build_summary(story, 6):
        if "resigned" in entry["text"]:
            assert [(s["article_id"], s["kind"]) for s in entry["sources"]] == [(upload.article.id, "verbatim")]


def test_a_name_counts_once_as_its_entity():
    story = _story()
    items = key_items(story[0], *_crack_span(story))
    assert "@harbour bridge" in items
    assert "harbour" not in items and "bridge" not in items
    assert {"crack", "beam", "steel"} <= items


def test_numbers_that_disagree_lower_the_chance_of_citing():
    a = analyzed("The storm killed 12 people in the valley on Sunday.", outlet="A", source="a.txt")
    same = analyzed("The storm killed 12 people in the valley on Sunday, police said.", outlet="B",
                    source="b.txt")
    other = analyzed("The storm killed 40 people in the valley on Sunday, police said.", outlet="C",
                     source="c.txt")
    sents = StorySentences([a, same, other])
    span = sents.pieces[0][0]
    p_same = sents.best(0, span, 1, EVEN)[1]
    p_other = sents.best(0, span, 2, EVEN)[1]
    assert p_same > p_other
    assert sents.features(0, span, 2)[0]["numbers_clash"] == 1.0


def test_big_stories_cite_without_embeddings_and_say_so():
    calls = []

    def embed(texts):
        calls.append(len(texts))
        return [[1.0] + [0.0] * 7 for _ in texts]

    notes: list[str] = []
    params = SummaryParams(max_embedded_sentences=3)
    summary = build_summary(_story(), 3, embed=embed, params=params, notes=notes)
    assert summary
    assert any("sentence embeddings" in n for n in notes)
    assert len(calls) == 1  # candidates and titles, compared once; no sentence embedded to cite


def test_a_sentence_sharing_only_names_and_numbers_is_never_cited():
    # a partial report: the same person, age and town, but nothing of what s says of them
    names = (("Jane Roe", "PERSON", "Jane Roe"), ("Leeds", "GPE", "Leeds"))
    claim = analyzed("Jane Roe, 41, of Leeds, said the train sped up before it tipped over on the bend.",
                     outlet="A", source="a.txt", entities=names)
    detail = analyzed("Jane Roe, 41, of Leeds, was among the passengers.", outlet="B", source="b.txt",
                      entities=names)
    report = analyzed("The train sped up just before it tipped over on the bend, said Jane Roe, 41, of Leeds.",
                      outlet="C", source="c.txt", entities=names)
    sents = StorySentences([claim, detail, report])
    span = sents.pieces[0][0]
    assert sents.features(0, span, 1)[0]["names_only"] == 1.0
    assert sents.best(0, span, 1, EVEN)[1] == 0.0  # not even at an even chance
    assert sents.features(0, span, 2)[0]["names_only"] == 0.0
    assert [b for b, _, _, _ in sents.reporting(0, span, set(), LEXICAL)] == [2]


# A report told in three outlets' words: the tax agency's wording shares little with the
# Treasury's, and a third outlet's wording shares much with both (written for these tests).
TAX_NAMES = (("Treasury Department", "ORG", "Treasury Department"),
             ("House Democrats", "ORG", "House Democrats"))
TREASURY = ("The Treasury Department on Tuesday missed a second deadline from House Democrats to provide "
            "the tax returns of the president.")
AGENCY = ("The tax agency on Tuesday failed to meet a congressional deadline for turning over the returns "
          "of the president to lawmakers.")
THIRD = ("The Treasury Department on Tuesday failed to meet a second deadline from House Democrats for "
         "turning over the tax returns of the president.")
PART = ("The tax agency is part of the Treasury Department, which House Democrats oversee. It keeps "
        "the returns of every president.")


def _tax(*texts):
    return StorySentences([analyzed(t, outlet=f"Outlet {i}", source=f"{i}.txt", entities=TAX_NAMES)
                           for i, t in enumerate(texts)])


def test_a_report_in_other_words_is_linked_through_a_third_outlets_wording():
    alone, bridged = _tax(TREASURY, AGENCY), _tax(TREASURY, AGENCY, THIRD)
    span = alone.pieces[0][0]
    assert alone.bridges(0, span, 1, LEXICAL.base) == [0.0]  # no third article, no link
    (link,) = bridged.bridges(0, span, 1, LEXICAL.base)
    # both links must hold: the bridge is the weaker of s -> u and u -> t
    s_u = LEXICAL.base.probability(bridged.features(0, span, 2)[0])
    u_t = LEXICAL.base.probability(bridged.features(2, bridged.pieces[2][0], 1)[0])
    assert link == pytest.approx(min(s_u, u_t), abs=0.05) and link > 0.5
    assert bridged.best(0, span, 1, LEXICAL)[1] > alone.best(0, span, 1, LEXICAL)[1]


def test_a_partial_report_is_not_cited_through_a_third_outlet():
    sents = _tax(TREASURY, PART, THIRD)
    span = sents.pieces[0][0]
    assert 1 not in {b for b, _, _, _ in sents.reporting(0, span, set(), LEXICAL)}
    assert sents.best(0, span, 1, LEXICAL)[1] < sents.best(0, span, 2, LEXICAL)[1]
