"""The brief's timeline section (issue 5).

Besides the analyzed seed articles, the small articles below are written for these
tests in the style of the seed articles and of wire copy (two outlets retelling one
couple's back story, one of them getting the wedding year wrong); they are analyzed
without spaCy (regex sentences and dates), which is all the timeline needs.
"""

from __future__ import annotations

from storydesk.analyze.dates import find_dates
from storydesk.analyze.dates_sentences import split_sentences
from storydesk.brief.timeline import build_timeline
from storydesk.model import Analysis, AnalyzedArticle, Article, Sentence


def analyzed(id: str, text: str, published: str | None, outlet: str | None = None, from_ingest: bool = False):
    sentences = tuple(Sentence(s, e) for s, e in split_sentences(text))
    article = Article(
        id=id, text=text, source=f"{id}.txt", format="text", outlet=outlet, published=published,
        precision="day" if published else None, date_from_ingest=from_ingest,
    )
    dates = find_dates(text, published, list(sentences))
    return AnalyzedArticle(article, Analysis(id, "test", sentences=sentences, dates=tuple(dates)))


def check_sources(entries, items):
    by_id = {i.article.id: i.article for i in items}
    for entry in entries:
        assert entry["sources"], entry
        excerpts = [s["excerpt"] for s in entry["sources"]]
        assert entry["text"] in excerpts  # the entry's sentence is one source's, verbatim
        for s in entry["sources"]:
            assert by_id[s["article_id"]].text[s["start"] : s["end"]] == s["excerpt"]
    assert [e["date"] for e in entries] == sorted(e["date"] for e in entries)


def test_seed_story_back_story_and_news(analyzed_seeds):
    entries = build_timeline(analyzed_seeds)
    check_sources(entries, analyzed_seeds)
    by_date = {}
    for e in entries:
        by_date.setdefault(e["date"], []).append(e)
    wedding = by_date["2015-02"]
    assert any("married" in e["text"] for e in wedding)
    # "married in 2015" (one outlet) and "married in February 2015" (another): one event
    assert any(len({s["article_id"] for s in e["sources"]}) >= 2 for e in wedding)
    assert all(e["kind"] == "background" for e in by_date["2016-08"])
    assert "settlement" in by_date["2016-08"][0]["text"]
    assert any("2018 article" in e["text"] for e in by_date["2018"])
    # the lawsuit "set to be heard this year" is still to come: a development
    assert any("set to be heard this year" in e["text"] and e["kind"] == "development" for e in by_date["2020"])
    # embedded posts' signature dates are reactions, not events
    assert not any("(@" in e["text"] or "pic.twitter.com" in e["text"] for e in entries)
    assert not any(e.get("conflict") for e in entries)


def test_compatible_dates_merge_at_the_most_precise_one():
    a = analyzed("a", "The couple married in 2015 after a whirlwind romance.", "2020-02-03", "Outlet A")
    b = analyzed("b", "The couple married in February 2015 in a private ceremony.", "2020-02-02", "Outlet B")
    entries = build_timeline([a, b])
    assert len(entries) == 1
    assert entries[0]["date"] == "2015-02" and entries[0]["precision"] == "month"
    assert {s["article_id"] for s in entries[0]["sources"]} == {"a", "b"}
    assert "conflict" not in entries[0]


def test_contradictory_dates_for_one_event_are_shown():
    a = analyzed("a", "The couple married in 2014 in a private ceremony in Los Angeles.", "2020-02-03", "A")
    b = analyzed("b", "The couple married in 2015 in a private ceremony in Los Angeles.", "2020-02-02", "B")
    c = analyzed("c", "Records show the couple married in 2015 in a ceremony in Los Angeles.", "2020-02-02", "C")
    entries = build_timeline([a, b, c])
    check_sources(entries, [a, b, c])
    assert len(entries) == 1
    entry = entries[0]
    assert entry["conflict"] is True
    assert entry["conflicting_dates"] == ["2014", "2015"]
    assert entry["date"] == "2015"  # the date more sources give
    assert {s["article_id"]: s["date"] for s in entry["sources"]} == {"a": "2014", "b": "2015", "c": "2015"}


def test_two_dates_in_one_sentence_are_two_events_not_a_conflict():
    text = "They married in February 2015, but split up less than two years later."
    entries = build_timeline([analyzed("a", text, "2020-02-03")])
    assert [(e["date"], e.get("conflict")) for e in entries] == [("2015-02", None), ("2016", None)]


def test_background_and_development_against_the_story_start():
    a = analyzed("a", "Police were called to the house on 21 May 2016. On Tuesday the tape was released to the press.",
                 "2020-02-04")
    b = analyzed("b", "The trial will open in Fairfax County on 25 March 2020, lawyers said.", "2020-02-07")
    entries = build_timeline([a, b])
    assert [(e["date"], e["kind"]) for e in entries] == [
        ("2016-05-21", "background"),
        ("2020-02-04", "development"),
        ("2020-03-25", "development"),
    ]
    # an explicit start moves the line between back story and news
    later = build_timeline([a, b], story_start="2020-03-01")
    assert [e["kind"] for e in later] == ["background", "background", "development"]


def test_ingest_dated_articles_resolve_no_relative_dates():
    text = "Yesterday the court adjourned the hearing. The case was first filed in March 2019 in Virginia."
    item = analyzed("a", text, "2024-06-01", from_ingest=True)  # the day storydesk read it
    entries = build_timeline([item])
    assert [e["date"] for e in entries] == ["2019-03"]


def test_no_dates_one_article_no_articles():
    assert build_timeline([]) == []
    assert build_timeline([analyzed("a", "Nothing here says when anything happened at all.", "2020-02-03")]) == []
    one = build_timeline([analyzed("a", "The company was founded in 1998 by two engineers.", None)])
    assert [(e["date"], len(e["sources"])) for e in one] == [("1998", 1)]
    assert one[0]["kind"] in ("background", "development")


def test_a_dates_conflict_is_shown_in_markdown_and_html(analyzed_seeds):
    """Issue 5: "contradictory dates for one event ... the conflict shown" — also to a
    reader of the rendered brief, not only in the JSON."""
    from storydesk.brief import build_brief
    from storydesk.brief.render.html import to_html
    from storydesk.brief.render.markdown import to_markdown

    a = analyzed("a", "The couple married in 2014 in a private ceremony in Los Angeles.", "2020-02-03", "A")
    b = analyzed("b", "The couple married in 2015 in a private ceremony in Los Angeles.", "2020-02-02", "B")
    brief = build_brief([a, b])
    assert any(e.get("conflict") for e in brief["timeline"])
    assert "sources disagree: 2014, 2015" in to_markdown(brief)
    assert "sources disagree: 2014, 2015" in to_html(brief)
    calm = build_brief(analyzed_seeds)  # the seeds' timeline has no conflicting dates
    assert "sources disagree" not in to_markdown(calm) and "sources disagree" not in to_html(calm)


def test_an_announced_event_is_scheduled_until_a_source_reports_it_done():
    """Issue 11: a future event is marked as scheduled, per source and per entry."""
    a = analyzed("a", "The minister will open the new bridge over the estuary on Friday, officials said.",
                 "2021-09-01", "Outlet A")  # a Wednesday
    b = analyzed("b", "The new bridge over the estuary is due to be opened by the minister on Friday.",
                 "2021-09-02", "Outlet B")
    entries = build_timeline([a, b])
    (bridge,) = [e for e in entries if e["date"] == "2021-09-03"]
    assert bridge["scheduled"] and all(s["scheduled"] for s in bridge["sources"])
    assert bridge["kind"] == "development"
    c = analyzed("c", "The minister opened the new bridge over the estuary on Friday, officials said.",
                 "2021-09-04", "Outlet C")
    (done,) = [e for e in build_timeline([a, b, c]) if e["date"] == "2021-09-03"]
    assert not done["scheduled"]
    assert {s["article_id"]: s["scheduled"] for s in done["sources"]} == {"a": True, "b": True, "c": False}


def test_a_date_in_a_parenthetical_aside_is_not_the_sentence_event():
    text = ("The Ledger reported Monday that the group (which cut its wearables unit last July) "
            "has been working on glasses.")
    entries = build_timeline([analyzed("a", text, "2018-02-05")])
    assert [e["date"] for e in entries] == ["2018-02-05"]
    alone = build_timeline([analyzed("b", "The group (which cut its wearables unit last July) said so.",
                                     "2018-02-05")])
    assert [e["date"] for e in alone] == ["2017-07"]  # an aside with no other date still dates it


def test_a_since_date_or_a_date_set_off_by_commas_is_not_the_sentence_event():
    # written for this test (round 9, issue 11), in the shapes of science copy: the sentence
    # is dated by its event, not by the start of a span ("since 1976") or a clause set off by
    # commas that describes a thing in passing (", expected to be launched in 2018,")
    text = ("In 2013, the probe made the first soft landing on the moon since 1976. In February, the "
            "agency asked for a study of a crewed rocket, expected to be launched in 2018, to carry "
            "astronauts.")
    entries = build_timeline([analyzed("a", text, "2018-01-01")])
    assert [e["date"] for e in entries] == ["2013", "2017-02"]
    alone = build_timeline([analyzed("b", "No probe had landed there since 1976, the agency said.", "2018-01-01")])
    assert [e["date"] for e in alone] == ["1976"]  # with no other date, the span's start dates it


def test_a_notice_about_the_article_is_no_event():
    # round 9 (issue 11): a correction line dated the story's timeline ("This article was
    # amended on 4 November 2016"); it is about the article, as a copyright line is
    text = ("The team won the title on Wednesday night. This article was amended on 4 November 2016. "
            "Updated: 5 November 2016.")
    entries = build_timeline([analyzed("a", text, "2016-11-03")])
    assert [e["date"] for e in entries] == ["2016-11-02"]
