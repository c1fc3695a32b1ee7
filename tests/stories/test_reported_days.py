"""The days an article reports (``Features.reported``): a follow-up published months
after its event that names the day the event happened is judged by that day's distance to
the story, not by its own publication date; one that names no earlier day is held to the
time penalty, which keeps separate stories of one subject apart."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from storydesk.model import Analysis, Article, DatedEvent
from storydesk.stories.features import Features, article_features, reported_days
from storydesk.stories.grouping import StoryGrouper

STORY = "gorilla zoo boy enclosure shot keepers cincinnati harambe"
# a retrospective months later: half its words are the story's, half its own
FOLLOW_UP = "gorilla zoo harambe cincinnati anniversary memorial petition statue"


def _feat(i: int, words: str, when: datetime, reported: tuple[datetime, ...] = ()) -> Features:
    return Features(f"a{i}", dict.fromkeys(words.split(), 1.0), frozenset(), when, reported=reported)


def _grouper_with_story() -> tuple[StoryGrouper, str]:
    grouper = StoryGrouper()
    start = datetime(2016, 5, 28)
    sid = grouper.learn_one(_feat(0, STORY, start)).story_id
    for i in range(1, 4):
        assert grouper.learn_one(_feat(i, STORY, start + timedelta(days=i))).story_id == sid
    for i in range(4, 40):  # other news, so that the story's words are not common ones
        grouper.learn_one(_feat(i, f"topic{i} other{i} words{i} more{i}", start + timedelta(days=i % 5)))
    return grouper, sid


def test_a_follow_up_that_reports_the_day_of_its_event_joins_that_event_s_story():
    later = datetime(2016, 11, 30)  # six months on
    grouper, sid = _grouper_with_story()
    assert grouper.learn_one(_feat(99, FOLLOW_UP, later, (datetime(2016, 5, 28),))).story_id == sid

    grouper, sid = _grouper_with_story()  # the switch for experiments turns it off
    grouper.use_reported_days = False
    assert grouper.learn_one(_feat(99, FOLLOW_UP, later, (datetime(2016, 5, 28),))).new_story

    grouper, sid = _grouper_with_story()  # the same words, no day reported: too far
    assert grouper.learn_one(_feat(99, FOLLOW_UP, later)).new_story

    grouper, sid = _grouper_with_story()  # a reported day far from the story does not help
    assert grouper.learn_one(_feat(99, FOLLOW_UP, later, (datetime(2016, 9, 1),))).new_story


def test_the_penalty_counts_from_the_nearest_of_the_article_s_time_and_its_reported_days():
    grouper, sid = _grouper_with_story()
    story = grouper.story_state(sid)
    later = datetime(2016, 11, 30)
    far = grouper.penalty(later, story)
    assert far > 0.3  # six months: 0.08 per doubling of the gap beyond the window
    assert grouper.penalty(later, story, (datetime(2016, 5, 30),)) == 0.0
    assert 0.0 < grouper.penalty(later, story, (datetime(2016, 7, 15),)) < far
    assert grouper.penalty(None, story, (datetime(2016, 5, 30),)) == 0.0  # undated: no penalty at all


def test_reported_days_are_the_lead_s_earlier_days_and_only_for_a_dated_article():
    text = "Harambe was shot on May 28, 2016. " + "x " * 10
    dates = (
        DatedEvent(19, 33, "May 28, 2016", "2016-05-28", "day", 0, 34),
        DatedEvent(0, 5, "Friday", "2016-12-02", "day", 0, 34, scheduled=True),  # still to come
        DatedEvent(0, 5, "today", "2016-11-30", "day", 0, 34),  # the publication day itself
        DatedEvent(0, 5, "2015", "2015", "year", 0, 34),
        DatedEvent(5000, 5010, "May 1", "2016-05-01", "day", 5000, 5010),  # past the lead
    )
    analysis = Analysis("a1", "test", dates=dates)
    article = Article(id="a1", text=text, source="x", format="text", title="Harambe, six months on",
                      published="2016-11-30")
    assert article_features(article, analysis).reported == (datetime(2016, 5, 28),)
    assert reported_days(analysis, None) == ()
    undated = replace(article, published=None)
    assert article_features(undated, analysis).reported == ()


def test_a_headline_has_no_lead_to_report_a_day_so_it_pays_the_gentler_penalty():
    grouper, sid = _grouper_with_story()
    story = grouper.story_state(sid)
    later = datetime(2016, 7, 15)  # seven weeks on
    full, headline = grouper.penalty(later, story), grouper.penalty(later, story, lead=False)
    assert 0.0 < headline < full
    assert headline / full == pytest.approx(grouper.headline_time_penalty / grouper.time_penalty)
    # which articles have a lead: a headline or a blurb has not, an article's body has
    title = "Cincinnati zoo gorilla shot after boy falls into enclosure"
    blurb = Article(id="h", text=title, source="x", format="text", title=title, published="2016-05-29")
    body = replace(blurb, text=title + ". Keepers shot Harambe, a 17-year-old western lowland gorilla, on Saturday "
                   "after a four-year-old boy climbed through a barrier and fell into the moat of his enclosure. "
                   "Firefighters said the boy was taken to hospital with minor injuries; the zoo will reopen Tuesday.")
    assert not article_features(blurb).lead and article_features(body).lead
