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
    # one row per outlet, with its time; the unnamed "20-year-old midfielder" joins the
    # only named person with that age
    assert {v["article_id"]: v["value"] for v in age["values"]} == {"art0": 19, "art1": 20, "art2": 20}
    assert [v["published"] for v in age["values"]] == sorted(v["published"] for v in age["values"])
    assert {v["outlet"] for v in age["values"]} == {"Daily Sport", "The Ledger", "Sport Wire"}
    assert not age["evolution"], "an age does not rise with the news"
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



# Written for these tests in the style of wire copy on a ferry disaster and an election
# (neither is a story the benchmarks use): outlets at different hours, a rising toll, a
# same-hour disagreement, bounds, another event's toll recalled, and an age.
def _story(nlp, *articles):
    return analyzed_story(nlp, list(articles))


def test_a_rising_toll_is_an_evolution_not_a_conflict(nlp):
    """Issue 11: a value that changes over time is shown as its evolution."""
    figures = build_figures(_story(
        nlp,
        ("Harbour Wire", "2022-04-02T06:10:00", ("At least 30 people were killed when the ferry capsized. "
         "Rescuers said 12 people were in critical condition.")),
        ("Coast Times", "2022-04-02T14:00:00", ("The ferry capsized on Saturday. At least 41 people were killed, "
         "and 12 people were in critical condition, officials said.")),
        ("Evening Post", "2022-04-03T09:30:00", ("The death toll rose to 46 on Sunday. Four decades ago a "
         "storm killed 130 people on the same coast.")),
    ))
    killed = [f for f in figures if f.get("measure") == "killed" and f["value"] < 100]
    assert len(killed) == 1
    (toll,) = killed
    assert toll["evolution"] and not toll["conflict"]
    assert toll["value"] == 46, "the latest value is shown"
    assert [(v["outlet"], v["value"]) for v in toll["values"]] == [
        ("Harbour Wire", 30), ("Coast Times", 41), ("Evening Post", 46)]
    critical = [f for f in figures if f.get("measure") == "critical"]
    assert len(critical) == 1 and critical[0]["value"] == 12 and not critical[0]["conflict"]
    assert len({s["article_id"] for s in critical[0]["sources"]}) == 2
    # another event's toll recalled in passing is not part of the story's toll
    assert any(f["value"] == 130 and not f["conflict"] for f in figures)


def test_outlets_of_one_time_that_disagree_are_a_conflict(nlp):
    """Death tolls 127/128/129 and an age 27/28 were never compared (issue 11)."""
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2015-11-14", ("At least 127 people were killed in the attacks. The gunman, "
         "Samir Halloum, 27, was shot dead by police.")),
        ("Wire B", "2015-11-14", "The attacks killed 129 people. Samir Halloum, 28, was shot dead."),
        ("Wire C", "2015-11-14", "Officials said 128 people died. The party won 128 seats."),
    ))
    (toll,) = [f for f in figures if f.get("measure") == "killed"]
    assert toll["conflict"] and not toll["evolution"]
    assert sorted((v["outlet"], v["value"]) for v in toll["values"]) == [
        ("Wire A", 127), ("Wire B", 129), ("Wire C", 128)]
    (age,) = [f for f in figures if f["kind"] == "age"]
    assert age["conflict"] and "Halloum" in age["context"]
    seats = [f for f in figures if f.get("measure") == "win"]
    assert seats and not seats[0]["conflict"], "128 seats won is not the death toll"


def test_killed_and_in_critical_condition_are_different_figures(nlp):
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2016-07-15", "Police said 80 people were killed on the promenade."),
        ("Wire B", "2016-07-15", "Doctors said 80 people were in critical condition."),
    ))
    measures = {f.get("measure"): f for f in figures if f["value"] == 80}
    assert set(measures) == {"killed", "critical"}
    assert not any(f["conflict"] or f["evolution"] for f in figures)
    assert "critical condition" in measures["critical"]["context"]


def test_bounds_are_compared_as_bounds(nlp):
    later_fewer = _story(
        nlp,
        ("Wire A", "2016-07-14T23:00:00", "The truck hit the crowd, killing at least 84 people."),
        ("Wire B", "2016-07-15T08:00:00", "Nearly 80 people were killed when the truck hit the crowd."),
        ("Wire C", "2016-07-15T09:00:00", "The attack killed 86 people, the prosecutor said."),
    )
    (toll,) = [f for f in build_figures(later_fewer) if f.get("measure") == "killed"]
    assert toll["conflict"], "a later, lower figure is a disagreement, not an evolution"
    assert {v["bound"] for v in toll["values"]} == {"min", "max", None}
    agreeing = _story(
        nlp,
        ("Wire A", "2016-07-14T23:00:00", "The truck hit the crowd, killing at least 84 people."),
        ("Wire C", "2016-07-14T23:00:00", "The attack killed 86 people, the prosecutor said."),
    )
    (toll,) = [f for f in build_figures(agreeing) if f.get("measure") == "killed"]
    assert not toll["conflict"] and not toll["evolution"] and "values" not in toll


# Written for these tests in the style of business wire copy on a takeover (no story the
# benchmarks use): a raised offer, its per-share terms and cash part, a rival deal that
# outlets value differently, and a share price that moves during the day.
def test_a_raised_offer_is_two_figures_and_outlets_that_disagree_on_one_are_flagged(nlp):
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2021-03-01T08:00:00", (
            "Norvel raised its offer for Castrum to $62 billion on Monday, up from its initial $48 billion "
            "offer. The new bid is worth $80 a share, of which $55 a share in cash. Castrum's $12 billion "
            "purchase of Dulwich Labs is still pending.")),
        ("Wire B", "2021-03-01T09:00:00", (
            "Norvel sweetened its bid for Castrum to $62 billion. Castrum rejected Norvel's original "
            "$51 billion approach in January. Castrum agreed its $15 billion deal for Dulwich Labs last year.")),
    ))
    money = [f for f in figures if f["kind"] == "money"]
    first = [f for f in money if {48e9, 51e9} & {v["value"] for v in f.get("values", [])}]
    assert len(first) == 1 and first[0]["conflict"], "the first offer, $48 vs $51 billion, is flagged"
    assert sorted((v["outlet"], v["value"]) for v in first[0]["values"]) == [("Wire A", 48e9), ("Wire B", 51e9)]
    new = [f for f in money if f["value"] == 62e9]
    assert len(new) == 1 and not new[0]["conflict"] and not new[0]["evolution"]
    assert not any({62e9, 48e9} <= {v["value"] for v in f.get("values", [])} for f in money), \
        "the new offer and the initial one are two figures, not an evolution"
    per_share = {f["value"]: f for f in money if f["value"] < 100}
    assert per_share[80]["sources"] != per_share[55]["sources"], "a cash part is not the whole offer"
    rival = [f for f in money if {12e9, 15e9} <= {v["value"] for v in f.get("values", [])}]
    assert len(rival) == 1 and rival[0]["conflict"], "the Dulwich deal, $12 vs $15 billion, is flagged"


def test_rounded_figures_agree_with_exact_ones_and_prices_move_with_time(nlp):
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2021-03-01T08:00:00",
         "About 130 people were injured in the blast. Shares of Castrum fell to $61.20."),
        ("Wire B", "2021-03-01T08:00:00", "The blast injured 128 people, officials said."),
        ("Wire C", "2021-03-01T15:00:00", "More than 120 people were injured. Shares of Castrum fell to $58.90."),
    ))
    (injured,) = [f for f in figures if f.get("measure") == "injured"]
    assert not injured["conflict"], "about 130 and more than 120 both allow 128"
    assert not any(f["conflict"] for f in figures if f["kind"] == "money"), \
        "a share price at 8am and 3pm is not a disagreement"


def test_an_approximate_value_keeps_its_precision(nlp):
    """"some $146 billion" rounds to the billion: $148.9 billion is another value."""
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2021-03-01", "Norvel's deal for Castrum, including debt, is worth some $146 billion."),
        ("Wire B", "2021-03-01", "Norvel's deal for Castrum is worth $148.9 billion including debt."),
    ))
    flagged = [f for f in figures if f["conflict"]]
    assert len(flagged) == 1 and {v["value"] for v in flagged[0]["values"]} == {146e9, 148.9e9}


# Written for these tests in the style of wire copy on an outbreak and a rig blast (not the
# stories the benchmarks use).
def test_a_toll_revised_down_is_an_evolution_and_one_that_falls_unsaid_a_conflict(nlp):
    """Issue 11: a lower later toll is flagged only when the text does not say it was revised."""
    articles = [
        ("Wire A", "2009-04-27", "In Mexico, 103 people have died from the flu."),
        ("Wire B", "2009-04-30", "Mexico, the worst-hit country, has reported 132 deaths from the virus."),
        ("Wire C", "2009-05-02", "A revised death toll in Mexico gives a total of 101 deaths."),
    ]
    (toll,) = [f for f in build_figures(_story(nlp, *articles)) if f.get("measure", "").startswith("killed")]
    assert toll["evolution"] and not toll["conflict"]
    assert [v["value"] for v in toll["values"]] == [103, 132, 101]
    fell = articles[:2] + [("Wire C", "2009-05-02", "In Mexico, 101 people have died from the flu.")]
    (toll,) = [f for f in build_figures(_story(nlp, *fell)) if f.get("measure", "").startswith("killed")]
    assert toll["conflict"], "a toll that fell with no word of a revision: outlets disagree"


def test_counts_of_one_fate_in_different_places_or_parts_stay_apart(nlp):
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2009-04-27", "There were 103 deaths in Mexico and 20 cases in the US."),
        ("Wire B", "2009-04-27", "Mexico has confirmed 20 deaths and has 40 other possible deaths."),
        ("Wire C", "2009-04-28", "In the US, 64 cases have been confirmed; Canada has 6 cases."),
    ))
    assert not any(f["conflict"] for f in figures), [f for f in figures if f["conflict"]]
    assert not any(f["evolution"] and f["value"] == 64 and any(v["value"] == 6 for v in f["values"])
                   for f in figures), "Canada's cases are not the US's"


def test_a_flow_estimate_rises_but_a_distance_does_not(nlp):
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2010-04-26", "Some 1,000 barrels of oil a day are leaking from the well, 50 miles off the coast."),
        ("Wire B", "2010-04-29", "Officials now say 5,000 barrels of oil a day are leaking, 42 miles off the coast."),
    ))
    (flow,) = [f for f in figures if f["unit"] == "barrels/day"]
    assert flow["evolution"] and not flow["conflict"]
    assert [v["value"] for v in flow["values"]] == [1000, 5000]
    (distance,) = [f for f in figures if f["unit"] == "miles"]
    assert distance["conflict"] and not distance["evolution"]


def test_a_raised_leak_estimate_and_the_oil_collected_are_two_series(nlp):
    """Round 9 (issue 11): rates of one unit measure different things (the leak's estimate,
    the oil collected beside it); each is its own series, and an article recalling the
    earlier estimate ("increased from 5,000 barrels per day to ...") does not make the series
    fall. Written for this test in the style of wire copy on a leak."""
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2010-05-27", "Scientists estimated that 19,000 barrels a day are leaking from the well."),
        ("Daily B", "2010-06-04", ("Officials said 1,000 barrels a day were being captured, a fraction of the "
                                  "19,000 barrels a day believed to be leaking.")),
        ("Paper C", "2010-06-14", ("The estimate of the leak rose from 5,000 barrels per day to 40,000 barrels "
                                  "per day in a month.")),
        ("Wire D", "2010-06-15", ("A cap is now collecting 15,000 barrels daily, while scientists estimate the "
                                 "well is leaking 60,000 barrels per day.")),
    ))
    rates = [f for f in figures if f["unit"] == "barrels/day" and (f["conflict"] or f["evolution"])]
    leak = [f for f in rates if f["value"] == 60000]
    collected = [f for f in rates if f["value"] == 15000]
    assert len(leak) == 1 and leak[0]["evolution"] and not leak[0]["conflict"]
    assert [v["value"] for v in leak[0]["values"]] == [19000, 19000, 40000, 60000]
    assert len(collected) == 1 and collected[0]["evolution"] and not collected[0]["conflict"]
    assert [v["value"] for v in collected[0]["values"]] == [1000, 15000]
    # and each says what it measures, not only "per day"
    assert (leak[0]["context"], collected[0]["context"]) == ("leaking", "collected")


def test_a_few_things_done_in_sentences_naming_no_one_in_common_are_not_one_count(nlp):
    """Round 9 (issue 11): "They scored two runs on three hits" (one game's tenth inning) and
    "Chicago took advantage of a misplay to score three runs in the first inning" (another
    game) were flagged as outlets disagreeing. Written for this test."""
    figures = build_figures(_story(
        nlp,
        ("Paper A", "2016-11-03", ("When the tenth inning began, the visitors were unstoppable. They scored two runs "
                                  "on three hits.")),
        ("Paper B", "2016-11-03", ("Back at Harbor Field for game six, Chicago took advantage of a fielding misplay "
                                  "to score three runs in the first inning.")),
    ))
    assert not [f for f in figures if f["conflict"] or f["evolution"]]


def test_a_rate_in_gallons_and_one_in_barrels_are_compared(nlp):
    # Written for this test (round 10, issue 11): one outlet gives a leak in barrels a day,
    # another in gallons (42 US gallons to the barrel); the raised estimate is one series
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2010-04-26", "Some 1,000 barrels of oil a day are leaking from the well, officials say."),
        ("Wire B", "2010-04-29", "Officials now say 210,000 gallons of oil a day are leaking from the well."),
    ))
    (flow,) = [f for f in figures if (f.get("unit") or "").endswith("/day")]
    assert flow["evolution"] and not flow["conflict"], flow
    # the same leak told in both units on one day agrees
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2010-04-29", "Some 5,000 barrels of oil a day are leaking from the well, officials say."),
        ("Wire B", "2010-04-29", "About 210,000 gallons of oil a day are leaking from the well, officials say."),
    ))
    (flow,) = [f for f in figures if (f.get("unit") or "").endswith("/day")]
    assert not flow["conflict"] and not flow["evolution"], flow


def test_a_worst_case_rate_is_not_the_leak_estimate(nlp):
    # Written for this test (round 10): a worst case ("up to ... could be released") printed
    # before the first estimate is what might flow, not the leak's first value; once units are
    # compared it must not make the raised estimate look like a fall
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2010-04-23", ("Should the well leak, officials estimate that up to 336,000 gallons of oil "
                                  "a day could be released.")),
        ("Wire B", "2010-04-26", "Some 1,000 barrels of oil a day are leaking from the well, officials say."),
        ("Wire C", "2010-04-29", "Officials now say 5,000 barrels of oil a day are leaking from the well."),
        ("Wire D", "2010-04-23", ("Officials feared as much as 336,000 gallons of oil a day could be rising. At "
                                  "the worst-case figure of 336,000 gallons a day, the spill would grow fast.")),
    ))
    (leak,) = [f for f in figures if f.get("unit") == "barrels/day" and f.get("evolution")]
    assert not leak["conflict"] and [v["value"] for v in leak["values"]] == [1000, 5000], leak


def test_confirmed_cases_are_plain_cases_where_nothing_counts_them_as_suspected(nlp):
    """Round 11 (issue 11): "confirmed" tells counts apart only beside an unsure count of the
    same fate; without one, "4,120 confirmed cases" and "4,480 cases" are one measure
    compared across outlets. Sentences written for this test."""
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2023-05-02", "Health officials reported 4,120 confirmed cases of the virus in the region."),
        ("Wire B", "2023-05-02", "There are now 4,480 cases of the virus in the region, officials said."),
    ))
    flagged = [f for f in figures if f["conflict"] or f["evolution"]]
    assert len(flagged) == 1 and {v["value"] for v in flagged[0]["values"]} == {4120, 4480}
    unsure = build_figures(_story(
        nlp,
        ("Wire A", "2023-05-02", "Health officials reported 4,120 confirmed cases and 900 suspected cases."),
        ("Wire B", "2023-05-02", "There are now 4,480 cases of the virus in the region, officials said."),
    ))
    assert not any(f["conflict"] or f["evolution"] for f in unsure), \
        "beside suspected cases, a plain count may be either: not compared with the confirmed one"


def test_a_datelines_hour_orders_two_pages_of_one_day(nlp):
    """Round 11: a page whose ``published`` gives only its day but whose dateline prints
    the hour is an earlier or a later report, so a count rising between two pages of one
    day is an evolution, not a disagreement. Sentences written for this test."""
    figures = build_figures(_story(
        nlp,
        ("Daily A", "2023-05-02", "Flu spreads Tuesday 2 May 2023 09.10 BST There are 210 cases in the county."),
        ("Daily A", "2023-05-02", "Flu spreads Tuesday 2 May 2023 17.45 BST There are 236 cases in the county."),
    ))
    (cases,) = [f for f in figures if f["evolution"] or f["conflict"]]
    assert cases["evolution"] and not cases["conflict"]
    assert [v["published"] for v in cases["values"]] == ["2023-05-02T09:10", "2023-05-02T17:45"]


def test_the_time_since_the_last_such_event_is_compared_without_a_name_in_common(nlp):
    """Round 11 (issue 11): "the first pandemic in 41 years" and "the first flu pandemic in 40
    years" are one duration, the story's own, though their sentences name no one in common;
    the first of another thing ("its first win in three years") is another. Written for this test."""
    figures = build_figures(_story(
        nlp,
        ("Wire A", "2023-05-02", "The outbreak is now the first official pandemic in 41 years, experts said."),
        ("Daily B", "2023-05-02", "Doctors fear the first flu pandemic in 40 years as cases climb."),
        ("Paper C", "2023-05-02", "The club celebrated its first win in three years on Monday."),
    ))
    flagged = [f for f in figures if f["conflict"] or f["evolution"]]
    assert len(flagged) == 1 and flagged[0]["conflict"], flagged
    assert {v["value"] for v in flagged[0]["values"]} == {40, 41}



def test_a_deals_value_is_compared_when_the_sentence_before_names_the_company(nlp):
    """Round 11 (issue 11): two outlets' values of one deal including debt, whose own
    sentences name no one in common ("the target's debt", "debt Vantor would assume") but
    whose sentences before name the same company, disagree. Written for this test."""
    from dataclasses import replace

    from storydesk.analyze.sentences import find_sentences

    items = _story(
        nlp,
        ("Wire A", "2021-03-01", ("The new bid of Norvel is 50 percent above the share price of Castrum before the "
                                 "approach was first made public in November last year. With the target's debt "
                                 "included, the deal's value would be some $146 billion.")),
        ("Wire B", "2021-03-01", ("That offer is a large premium over the closing price of Castrum stock on the "
                                 "second day of November last year, analysts said. The deal, including debt Vantor "
                                 "would assume, is valued at $148.9 billion.")),
    )
    items = [replace(it, analysis=replace(it.analysis, sentences=tuple(
        find_sentences(nlp(it.article.text), it.article.text)))) for it in items]
    flagged = [f for f in build_figures(items) if f["conflict"]]
    assert len(flagged) == 1 and {v["value"] for v in flagged[0]["values"]} == {146e9, 148.9e9}
