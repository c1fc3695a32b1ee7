"""Issue 13: a late article that bridges two stories of one event merges them (the story
that started first keeps its id, the other's id redirects to it in the API and the
pages); a headline-only stream does not chain unrelated stories through one common word.

The three articles are written for these tests (invented places): a dam failure, an
evacuation downstream, then the report that ties the two together."""

from __future__ import annotations

import json
from functools import partial

import pytest

from storydesk import Desk, Settings
from storydesk.model import Article
from storydesk.stories import tracker
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper

DAM = {"title": "Dam failure floods Ravensby valley", "published": "2021-05-03T08:00:00",
       "outlet": "Valley Post",
       "text": "The Ravensby dam failed overnight and water flooded the valley farms. Engineers said "
               "cracks in the dam wall had been reported in March. Farmers moved cattle to higher ground."}
TOWN = {"title": "Hundreds evacuated from Lowmoor as river rises", "published": "2021-05-03T09:00:00",
        "outlet": "Lowmoor Herald",
        "text": "Hundreds of residents of Lowmoor were evacuated as the river rose through the night. "
                "Emergency shelters opened in the town hall and a school. Police closed the bridge."}
BRIDGE = {"title": "Ravensby dam failure forces Lowmoor evacuation", "published": "2021-05-03T12:00:00",
          "outlet": "County Wire",
          "text": "Water from the failed Ravensby dam flooded the valley and the river rose through Lowmoor, "
                  "where hundreds of residents were evacuated overnight to shelters in the town hall. "
                  "Engineers had reported cracks in the dam wall in March."}


def _article(i: int, record: dict) -> Article:
    return Article(id=f"a{i}", source=f"a{i}.json", format="json", **record)


def _grouper(**params) -> StoryGrouper:
    return StoryGrouper(**{"threshold": 0.15, "idf_warmup": 0, "merge_threshold": 0.2, **params})


def test_a_bridging_article_merges_two_stories_into_the_older_one():
    grouper = _grouper()
    dam, town, bridge = (grouper.learn_one(article_features(_article(i, r)))
                         for i, r in enumerate((DAM, TOWN, BRIDGE)))
    assert dam.new_story and town.new_story  # apart, they look like two stories
    assert bridge.story_id == dam.story_id and bridge.merged == (town.story_id,)
    assert grouper.active_ids() == {dam.story_id}
    state = grouper.story_state(dam.story_id)
    assert set(state.members) == {"a0", "a1", "a2"} and state.size == 3
    # without merging, the same stream keeps the split
    apart = _grouper(merge_threshold=1.0)
    assert len({apart.learn_one(article_features(_article(i, r))).story_id
                for i, r in enumerate((DAM, TOWN, BRIDGE))}) == 2


def test_the_story_that_started_first_keeps_its_id_whichever_the_bridge_joins():
    early_town = dict(TOWN, published="2021-05-03T07:00:00")  # the town's story is older now
    grouper = _grouper()
    dam, town, bridge = (grouper.learn_one(article_features(_article(i, r)))
                         for i, r in enumerate((DAM, early_town, BRIDGE)))
    assert bridge.story_id == town.story_id and bridge.merged == (dam.story_id,)


def test_a_bridge_does_not_merge_stories_weeks_apart():
    """The same three articles, the town's story three weeks after the dam's: the bridge
    could join both (the older one with a time penalty), but coverage weeks apart is not
    one story split by arrival order, so it joins one and nothing is merged."""
    late_town = dict(TOWN, published="2021-05-24T09:00:00")
    late_bridge = dict(BRIDGE, published="2021-05-24T12:00:00")
    grouper = _grouper()
    dam, town, bridge = (grouper.learn_one(article_features(_article(i, r)))
                         for i, r in enumerate((DAM, late_town, late_bridge)))
    assert dam.new_story and town.new_story
    assert bridge.merged == () and grouper.active_ids() == {dam.story_id, town.story_id}
    # the same order with the dates close merges (the rule is about time, not the text)
    close = _grouper()
    stream = (DAM, dict(late_town, published="2021-05-04T09:00:00"), dict(late_bridge, published="2021-05-04T12:00:00"))
    last = [close.learn_one(article_features(_article(i, r))) for i, r in enumerate(stream)][-1]
    assert last.merged and close.active_ids() == {last.story_id}


def test_headlines_sharing_one_common_word_do_not_chain():
    headlines = ["Gas prices climb for a third week in Ohio",
                 "Gas leak forces evacuation of Denton primary school",
                 "Gas pipeline deal signed after months of talks",
                 "Weekend sports roundup: Hawks edge Rovers",
                 "Business roundup: retailer cuts jobs, bank profits fall"]
    stream = [Article(id=f"h{i}", source="titles", format="json", title=h, text=h,
                      published=f"2021-06-0{1 + i % 3}") for i, h in enumerate(headlines)]
    # the defaults; two shared words alone at a lax join (no mean-cosine floor); one word enough
    lax = {"threshold": 0.15, "link_threshold": 0.0}
    for strict in (StoryGrouper(), StoryGrouper(**lax)):
        assert len({strict.learn_one(article_features(a)).story_id for a in stream}) == 5
    loose = StoryGrouper(min_shared=1, **lax)
    assert len({loose.learn_one(article_features(a)).story_id for a in stream}) < 5  # the chain


@pytest.fixture()
def merged_store(tmp_path, nlp, monkeypatch):
    """A store where the bridging article merged the town's story into the dam's, by the
    desk's own ingest (grouper made to merge at this small scale)."""
    monkeypatch.setattr(tracker, "StoryGrouper", partial(StoryGrouper, idf_warmup=0, merge_threshold=0.2))
    for i, record in enumerate((DAM, TOWN, BRIDGE)):
        (tmp_path / f"{i}.json").write_text(json.dumps(record), encoding="utf-8")
    db = tmp_path / "s.db"
    with Desk(Settings(db=str(db), workers=1)) as desk:
        desk._nlp = nlp
        for i in range(3):  # as they arrive: the bridge comes last
            desk.ingest([str(tmp_path / f"{i}.json")])
        ids = {a.title: a.id for a in desk.store.list_articles()}
    return db, f"s-{ids[DAM['title']]}", f"s-{ids[TOWN['title']]}"


def test_a_merged_story_redirects_in_the_desk_the_api_and_the_pages(merged_store):
    from fastapi.testclient import TestClient

    from storydesk.web import create_app

    db, kept, gone = merged_store
    with Desk(Settings(db=str(db))) as desk:
        assert [s["id"] for s in desk.stories()] == [kept]
        assert desk.resolve_story(gone) == kept and desk.story(gone)["id"] == kept
        assert desk.story(kept)["n_articles"] == 3
        assert len(desk.story_article_ids(gone)) == 3
    with TestClient(create_app(Settings(db=str(db)))) as client:
        for prefix in ("/api/stories/", "/stories/"):
            moved = client.get(prefix + gone, follow_redirects=False)
            assert moved.status_code == 308 and moved.headers["location"] == prefix + kept
        assert client.get("/api/stories/" + gone).json()["story"]["id"] == kept
        assert client.get("/api/stories/" + kept).status_code == 200


def test_trend_mentions_counted_for_a_merged_story_name_the_story_it_is_now(merged_store):
    """Trend mentions keep the story id they were counted under; once that story is merged
    away, trend lists must link the story it went into (a trend list naming the old id
    failed to find its headline and stopped the whole listing)."""
    from storydesk.store import trends as tdb

    db, kept, gone = merged_store
    with Desk(Settings(db=str(db))) as desk:
        terms = [r[0] for r in desk.store.execute(
            "SELECT DISTINCT term FROM term_sources WHERE story_id = ?", (gone,))]
        assert terms  # counted under the story before it was merged away
        mentions = tdb.mentions_between(desk.store, terms, "0000", "9999")
    stories = {story for found in mentions.values() for _, story, _ in found}
    assert gone not in stories and kept in stories


def test_undated_articles_need_more_in_common_to_share_an_undated_story():
    """A follow-up (a council meeting the day after the evacuation) shares a few words
    with the evacuation report: dated, the window makes that enough; undated, nothing
    keeps either to its days, and a shared town and river are not one story."""
    follow_up = {"title": "Lowmoor council to discuss flood defences", "published": "2021-05-04T09:00:00",
                 "text": "The Lowmoor council will meet on Thursday to discuss flood defences along the "
                         "river, after residents asked for a new wall near the bridge."}
    for dated, together in ((True, True), (False, False)):
        stream = [_article(i, r) for i, r in enumerate((TOWN, follow_up))]
        if not dated:  # as ingest stores them: dated by the ingest time, and saying so
            stream = [Article(**{**a.__dict__, "published": "2030-01-01T00:00:00", "date_from_ingest": True})
                      for a in stream]
        # at a lax join threshold (the window alone decides a dated pair), the undated one is what splits them
        lax = {"threshold": 0.15, "link_threshold": 0.0}
        for grouper, joined in ((StoryGrouper(**lax), together), (StoryGrouper(undated_threshold=0.15, **lax), True)):
            first, second = (grouper.learn_one(article_features(a)) for a in stream)
            assert (second.story_id == first.story_id) is joined  # the threshold is what splits them
