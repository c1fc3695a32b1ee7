"""Issue 16: no single article, at any stage after reading (its date, extraction,
analysis, grouping, trend counting), can stop the desk from storing the next one. Each
test feeds a stage a poisoned article and then a good one, and checks the good one lands
(stored, analyzed, grouped) while the poisoned one is recorded with its reason.

The date, extraction, analysis and enormous-field cases are real inputs; grouping and
trend counting have no input left that breaks them once dates are checked, so their
tests inject the failure (a stage raising for one article) to check the quarantine."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from storydesk import Desk, Settings
from storydesk.store.quarantine import notes_for, quarantined_ids
from storydesk.store.stories import is_grouped

GOOD = {"title": "Council backs ferry expansion", "outlet": "Coast Herald", "date_publish": "2021-07-01",
        "text": "The city council voted on Tuesday to expand the harbour ferry service after a long debate "
                "about costs, Mayor Ana Ruiz said. \"This is a good day for the harbour,\" Ruiz told reporters."}


def _record(path: Path, **fields) -> str:
    path.write_text(json.dumps(fields))
    return str(path)


def _lands(desk: Desk, tmp_path: Path, name: str = "good.json") -> str:
    """Ingest the good record; assert it is stored, analyzed and grouped; its id."""
    report = desk.ingest(_record(tmp_path / name, **GOOD))
    assert report.rejected == [] and len(report.stored) == 1
    article = report.stored[0]
    assert is_grouped(desk.store, article.id)
    analysis = desk.analyze([article])[0].analysis
    assert "Ana Ruiz" in {e.canonical for e in analysis.entities}
    return article.id


def _notes(desk: Desk, article_id: str) -> dict[str, tuple[str, bool]]:
    return {stage: (reason, q) for stage, reason, q in notes_for(desk.store, [article_id]).get(article_id, [])}


# -- dates ---------------------------------------------------------------------------------
def test_edge_dates_break_nothing_and_say_why_they_were_not_used(tmp_path):
    """Issue 16, finding 1: one record dated 9999-12-31 made every later ingest exit 1."""
    text = "The port authority approved the new cargo terminal on Monday, officials said, after years of talks."
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        ids = {}
        for day in ("9999-12-31", "0001-01-01", "9999-12-31T23:59:59", "2099-01-01", "1899-12-31", "1970-01-01"):
            report = desk.ingest(_record(tmp_path / f"{day}.json", title=f"Terminal {day}", text=text,
                                         date_publish=day))
            [article] = report.stored
            ids[day] = article.id
            assert desk.store.get_article(article.id).published.startswith(day[:10])  # the raw date is kept
            assert is_grouped(desk.store, article.id)
        for day, article_id in ids.items():
            notes = _notes(desk, article_id)
            if day == "1970-01-01":
                assert notes == {}
            else:
                reason, quarantined = notes["date"]
                assert reason.startswith(f"published date {day}") and "outside the plausible range" in reason
                assert not quarantined
        _lands(desk, tmp_path)
        for story in desk.stories():  # nothing was grouped or counted in the year 1 or 9999
            assert "1900" <= story["first_seen"] <= story["last_seen"] < "2100"
        assert all("1900" <= t["bucket"] < "2100" for trend in desk.trends() for t in trend["volume"])


def test_a_date_a_few_hours_ahead_is_capped_at_the_ingest_time(tmp_path):
    ahead = (datetime.now(UTC) + timedelta(hours=3)).replace(microsecond=0, tzinfo=None)
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        [article] = desk.ingest(_record(tmp_path / "a.json", **{**GOOD, "date_publish": ahead.isoformat()})).stored
        reason, quarantined = _notes(desk, article.id)["date"]
        assert "h after ingest (clock skew?)" in reason and not quarantined
        assert article.published == ahead.isoformat()
        [story] = desk.stories()
        assert story["first_seen"] < ahead.isoformat()


def test_the_plausible_range_is_a_setting(tmp_path):
    with Desk(Settings(db=str(tmp_path / "s.db"), date_min="2022-01-01")) as desk:
        [article] = desk.ingest(_record(tmp_path / "a.json", **GOOD)).stored
        assert "(2022-01-01 to 24 h after ingest)" in _notes(desk, article.id)["date"][0]


# -- extraction ----------------------------------------------------------------------------
def test_a_page_over_the_extraction_budget_is_rejected_and_the_batch_goes_on(tmp_path):
    """Issue 16, finding 8: a 19.9 MB page took 83 s and 962 MiB."""
    page = tmp_path / "slow.html"
    para = f"<p>{GOOD['text']}</p>\n"
    page.write_text("<html><body><article>" + para * 12_000 + "</article></body></html>")  # 2.7 MB
    with Desk(Settings(db=str(tmp_path / "s.db"), article_seconds=0.5)) as desk:
        started = time.monotonic()
        report = desk.ingest([str(page), _record(tmp_path / "good.json", **GOOD)], process=False)
        assert time.monotonic() - started < 20
    [rejection] = report.rejected
    assert rejection.source == str(page)
    assert rejection.reason == "HTML extraction took longer than its time budget (0.5 s, article_seconds)"
    assert len(report.stored) == 1


# -- analysis ------------------------------------------------------------------------------
def test_an_article_over_the_analysis_budget_is_quarantined_from_analysis_only(tmp_path):
    """200 kB of hashtags took 75 s of analysis here: one such article held the desk."""
    bomb = " ".join(f"#tag{i}" for i in range(20_000))
    with Desk(Settings(db=str(tmp_path / "s.db"), article_seconds=2)) as desk:
        started = time.monotonic()
        [article] = desk.ingest(_record(tmp_path / "bomb.json", title="Tags", text=bomb)).stored
        assert time.monotonic() - started < 60
        reason, quarantined = _notes(desk, article.id)["analyze"]
        assert reason == "analysis took longer than its time budget (2 s, article_seconds)" and quarantined
        assert is_grouped(desk.store, article.id)  # grouped and counted without an analysis
        started = time.monotonic()
        cached = desk.analyze([desk.store.get_article(article.id)])[0].analysis
        assert time.monotonic() - started < 1 and cached.notes == (reason,) and cached.entities == ()
        _lands(desk, tmp_path)
        assert desk.update_stories() == 0


def test_an_analysis_that_fails_is_quarantined_and_the_next_lands(tmp_path, monkeypatch):
    import storydesk.analyze as analyze

    real = analyze.analyze_parsed

    def fails_on_poison(article, doc, max_chars=200_000):
        if "POISON" in article.text:
            raise RuntimeError("the analyzer broke on this text")
        return real(article, doc, max_chars)

    monkeypatch.setattr(analyze, "analyze_parsed", fails_on_poison)
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        [article] = desk.ingest(_record(tmp_path / "p.json", title="P", text="POISON " + GOOD["text"])).stored
        assert _notes(desk, article.id)["analyze"] == (
            "analysis failed: RuntimeError: the analyzer broke on this text", True)
        _lands(desk, tmp_path)


# -- grouping and trends -------------------------------------------------------------------
def test_an_article_grouping_fails_on_is_quarantined_and_not_retried(tmp_path, monkeypatch):
    from storydesk.stories.grouping import StoryGrouper

    real = StoryGrouper.learn_one

    def fails_on_poison(self, features):
        if "poison" in features.terms:
            raise ValueError("grouping broke on this article")
        return real(self, features)

    monkeypatch.setattr(StoryGrouper, "learn_one", fails_on_poison)
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        [article] = desk.ingest(_record(tmp_path / "p.json", title="Poison", text=GOOD["text"] + " Poison.")).stored
        note = _notes(desk, article.id)["group"]
        assert note == ("grouping failed: ValueError: grouping broke on this article", True)
        assert not is_grouped(desk.store, article.id)
        assert quarantined_ids(desk.store, "group") == {article.id}
        assert desk.update_stories() == 0  # not retried forever
        _lands(desk, tmp_path)


def test_an_article_trend_counting_fails_on_is_grouped_but_not_counted(tmp_path, monkeypatch):
    from storydesk.stories.trends import TrendDetector

    real = TrendDetector.learn_one

    def fails_on_poison(self, terms, time, *args, **kwargs):
        terms = list(terms)
        if any("#poison" in t.key for t in terms):
            raise OverflowError("trend counting broke on this article")
        return real(self, terms, time, *args, **kwargs)

    monkeypatch.setattr(TrendDetector, "learn_one", fails_on_poison)
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        [article] = desk.ingest(_record(tmp_path / "p.json", title="P", text=GOOD["text"] + " #Poison",
                                        date_publish="2021-06-30")).stored
        reason, quarantined = _notes(desk, article.id)["trends"]
        assert reason == "trend counting failed: OverflowError: trend counting broke on this article" and quarantined
        assert is_grouped(desk.store, article.id)
        good = _lands(desk, tmp_path)
        assert _notes(desk, good) == {}
        counted = desk.store.execute("SELECT count(*) FROM term_volume").fetchone()[0]
        assert counted > 0


# -- enormous and empty fields ---------------------------------------------------------------
def test_an_enormous_body_and_an_empty_one_cost_nothing_else(tmp_path):
    huge = (GOOD["text"] + " ") * 40_000  # 7 MB of text
    with Desk(Settings(db=str(tmp_path / "s.db"), article_seconds=5)) as desk:
        started = time.monotonic()
        report = desk.ingest([_record(tmp_path / "huge.json", title="Huge", text=huge),
                              _record(tmp_path / "empty.json", title="", text="   ")])
        assert time.monotonic() - started < 90
        assert len(report.stored) == 1 and len(report.rejected) == 1
        assert "no article text and no title" in report.rejected[0].reason
        assert is_grouped(desk.store, report.stored[0].id)
        _lands(desk, tmp_path)
