"""StoryGrouper on the seed articles and on small hand-made streams: who joins whom,
time, late and undated articles, repeats, state round trips (issue 6)."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from storydesk.model import Article
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.story_state import StoryState

FIXTURES = Path(__file__).parent / "fixtures"


def _storm() -> Article:
    data = json.loads((FIXTURES / "storm.json").read_text(encoding="utf-8"))
    return Article(id="storm", source="storm.json", format="json", **data)


def _dated(articles, day="2020-02-02"):
    return [a if a.published else replace(a, published=day, precision="day") for a in articles]


def test_seed_articles_form_one_story_and_unrelated_news_its_own(seed_articles):
    grouper = StoryGrouper()
    stream = _dated(seed_articles)
    stream.insert(2, _storm())
    assignments = [grouper.learn_one(article_features(a)) for a in stream]
    seed_stories = {x.story_id for x, a in zip(assignments, stream) if a.id != "storm"}
    storm_story = next(x.story_id for x, a in zip(assignments, stream) if a.id == "storm")
    assert len(seed_stories) == 1
    assert storm_story not in seed_stories
    assert assignments[0].new_story and not assignments[1].new_story


def test_same_text_far_apart_in_time_needs_more_similarity(seed_articles):
    a, b = _dated(seed_articles)[1:3]
    near, far = StoryGrouper(), StoryGrouper()
    s1 = near.learn_one(article_features(a)).story_id
    assert near.learn_one(article_features(b)).story_id == s1
    f1 = far.learn_one(article_features(a)).story_id
    later = replace(b, published="2024-06-01")  # years later: beyond the horizon
    assert far.learn_one(article_features(later)).story_id != f1
    assert far.penalty(datetime(2020, 3, 1), far.story_state(f1)) > 0
    assert far.penalty(datetime(2020, 2, 5), far.story_state(f1)) == 0


def test_time_counts_from_the_nearest_member_not_the_span(seed_articles):
    """A story that took one article weeks after the others (a strong match bridging the
    gap) does not take the days in between for free: the gap is to its nearest member."""
    a, b = _dated(seed_articles)[1:3]
    grouper = StoryGrouper()
    sid = grouper.learn_one(article_features(a)).story_id  # 2020-02-02
    assert grouper.learn_one(article_features(replace(b, published="2020-03-20"))).story_id == sid
    story = grouper.story_state(sid)
    assert (story.first, story.last) == (datetime(2020, 2, 2), datetime(2020, 3, 20))
    assert story.times == [datetime(2020, 2, 2), datetime(2020, 3, 20)]
    between, near = datetime(2020, 2, 26), datetime(2020, 3, 18)
    assert grouper.penalty(between, story) > 0 == grouper.penalty(near, story)
    # the member times survive the stored form, so a restored story decides the same
    assert StoryState.from_dict(story.to_dict()).times == story.times


def test_late_article_joins_the_story_it_belongs_to(seed_articles):
    grouper = StoryGrouper()
    stream = _dated(seed_articles)
    first = grouper.learn_one(article_features(stream[3]))  # dated 2020-02-03
    grouper.learn_one(article_features(_storm()))
    late = grouper.learn_one(article_features(replace(stream[1], published="2020-01-31")))
    assert late.story_id == first.story_id
    assert grouper.story_state(first.story_id).first == datetime(2020, 1, 31)


def test_undated_article_joins_on_text_and_does_not_stretch_the_story(seed_articles):
    grouper = StoryGrouper()
    dated = [a for a in seed_articles if a.published]
    undated = [a for a in seed_articles if not a.published]
    assert dated and undated
    sid = grouper.learn_one(article_features(dated[0])).story_id
    span = (grouper.story_state(sid).first, grouper.story_state(sid).last)
    ingest_time = datetime(2031, 5, 1)  # far from the story: its own time is unknown
    features = article_features(replace(undated[0], date_from_ingest=True,
                                        published=ingest_time.isoformat()))
    assert not features.time_known
    assert grouper.learn_one(features).story_id == sid
    assert (grouper.story_state(sid).first, grouper.story_state(sid).last) == span


def test_the_same_article_twice_changes_nothing(seed_articles):
    grouper = StoryGrouper()
    article = _dated(seed_articles)[1]
    first = grouper.learn_one(article_features(article))
    n_docs, size = grouper.n_docs, grouper.story_state(first.story_id).size
    again = grouper.learn_one(article_features(article))
    assert again.story_id == first.story_id and not again.new_story
    assert (grouper.n_docs, grouper.story_state(first.story_id).size) == (n_docs, size)


def test_syndicated_copy_is_linked_and_not_counted(seed_articles):
    grouper = StoryGrouper()
    original = _dated(seed_articles)[1]
    copy = replace(original, id="copy", outlet="Another Outlet", title="A new headline",
                   text="By Staff Reporter\n\n" + original.text + "\n\nRead more at anotheroutlet.example")
    a = grouper.learn_one(article_features(original))
    b = grouper.learn_one(article_features(copy))
    assert b.duplicate_of == original.id and b.story_id == a.story_id
    assert grouper.story_state(a.story_id).size == 1 and grouper.n_docs == 1


def test_state_round_trip_gives_the_same_decisions(seed_articles):
    stream = _dated(seed_articles)
    live = StoryGrouper()
    for a in stream[:3]:
        live.learn_one(article_features(a))
    restored = StoryGrouper()
    df = {int(b): int(c) for b, c in enumerate(live._df) if c}
    restored.restore_df(live.n_docs, df, live.latest)
    for sid in live.active_ids():
        restored.restore_story(StoryState.from_dict(json.loads(json.dumps(live.story_state(sid).to_dict()))))
    for a in [*stream[3:], _storm()]:
        x, y = live.learn_one(article_features(a)), restored.learn_one(article_features(a))
        assert (x.story_id, x.similarity, x.duplicate_of) == (y.story_id, y.similarity, y.duplicate_of)


def test_inactive_stories_leave_memory_and_can_come_back(seed_articles):
    grouper = StoryGrouper(window_days=1, horizon_days=2)
    old = grouper.learn_one(article_features(_dated(seed_articles)[1]))
    saved = grouper.story_state(old.story_id).to_dict()
    grouper.learn_one(article_features(replace(_storm(), published="2020-03-01")))
    assert grouper.evict_inactive() == [old.story_id]
    assert old.story_id not in grouper.active_ids()
    grouper.restore_story(StoryState.from_dict(saved))
    assert old.story_id in grouper.active_ids()


@pytest.mark.parametrize("kwargs", [
    {"threshold": 0.0}, {"threshold": 1.5}, {"window_days": 0}, {"entity_weight": -1},
    {"duplicate_threshold": 0}, {"horizon_days": 1, "window_days": 7}, {"idf_warmup": -1}, {"link_threshold": 1.0},
])
def test_bad_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        StoryGrouper(**kwargs)


def test_story_ids_are_stable_and_come_from_the_first_article(seed_articles):
    stream = _dated(seed_articles)
    ids = [StoryGrouper().learn_one(article_features(stream[0])).story_id for _ in range(2)]
    assert ids[0] == ids[1] == f"s-{stream[0].id}"
