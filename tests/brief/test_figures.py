"""The brief's figures section (issue 4): deduplicated key figures, conflicts flagged."""

from __future__ import annotations

from storydesk.brief.figures import build_figures

from .evidence_stories import analyzed_story, assert_sources_exact


def _find(figures, **want):
    return [f for f in figures if all(f.get(k) == v for k, v in want.items())]


def test_conflicts_dedup_and_key_figures(nlp):
    items = analyzed_story(nlp)
    figures = build_figures(items)
    assert_sources_exact(figures, items)

    (age,) = _find(figures, kind="age")
    assert age["conflict"] and age["context"] == "Bellingham"
    values = {v["value"]: {s["article_id"] for s in v["sources"]} for v in age["values"]}
    # the unnamed "20-year-old midfielder" joins the only named person with that age
    assert values == {19: {"art0"}, 20: {"art1", "art2"}}
    assert age["value"] == 20, "the value most outlets give is shown"

    (contract,) = _find(figures, kind="duration")
    assert contract["value"] == 6 and contract["context"] == "contract" and not contract["conflict"]
    assert {s["article_id"] for s in contract["sources"]} == {"art0", "art1", "art2"}

    fees = _find(figures, kind="money", unit="GBP")
    fee = next(f for f in fees if f["conflict"])
    assert {v["value"] for v in fee["values"]} == {88.5e6, 113e6}
    assert fee["value"] == 88.5e6 and "fee" in fee["context"]
    assert any(f["value"] == 14e6 and not f["conflict"] for f in fees), "add-ons are another thing"

    counts = _find(figures, kind="count")
    assert sorted((c["value"], c["unit"]) for c in counts) == [(20, "people"), (2000, "fans")]
    assert not any(f["kind"] == "count" and f["value"] == 3 for f in figures), \
        "figures inside embedded posts are not reporting"
    spread = [len({s["article_id"] for s in f["sources"]}) for f in figures]
    assert spread == sorted(spread, reverse=True), "the most widely reported first"


def test_one_article_with_two_values_is_not_a_conflict(nlp):
    text = ("The club paid a £10m fee in 2019 and a £12m fee in 2021 for two players. "
            "A rival paid a £12m fee as well.")
    figures = build_figures(analyzed_story(nlp, [("A", None, text)]))
    assert figures and not any(f["conflict"] for f in figures)
    assert sorted(f["value"] for f in figures if f["kind"] == "money") == [10e6, 12e6]


def test_seed_figures(analyzed_seeds):
    figures = build_figures(analyzed_seeds)
    assert_sources_exact(figures, analyzed_seeds)
    money = {f["value"]: f for f in _find(figures, kind="money")}
    assert money[7e6]["unit"] == "USD" and money[7e6]["context"] == "divorce settlement"
    assert len(money[50e6]["sources"]) == 2, "the $50 million suit printed twice is one figure"
    ages = {f["value"]: f for f in _find(figures, kind="age")}
    assert "Depp" in ages[56]["context"] and "Heard" in ages[33]["context"]
    assert len({s["article_id"] for s in ages[33]["sources"]}) == 2
    assert not any(f["conflict"] for f in figures)
    assert not any(f["kind"] == "count" and f["value"] < 10 for f in figures), "trivia is left out"
