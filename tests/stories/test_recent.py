"""A story's newest members as vectors (``stories/members.py``): a joining article must
be close to the story's recent coverage as well as to its centroid, and what a story
keeps of them is its newest members whatever order they came in, stored with it."""

from __future__ import annotations

import json
from datetime import datetime

from storydesk.stories.features import Features
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.members import keep_member, merge_members
from storydesk.stories.story_state import StoryState


def _feat(i: int, words: str, day: int) -> Features:
    return Features(f"a{i}", dict.fromkeys(words.split(), 1.0), frozenset(), datetime(2020, 2, day))


EARLY = "storm city flood river rain evacuation levee"  # the story's first days
LATER = "storm city insurance claims repair damage cost"  # what it became
NEWCOMER = "flood river rain evacuation levee dam"  # close to the early days only


def _stream(grouper: StoryGrouper) -> str:
    sid = grouper.learn_one(_feat(0, EARLY, 1)).story_id
    for i in range(1, 4):
        assert grouper.learn_one(_feat(i, EARLY, 1 + i)).story_id == sid
    for i in range(4, 7):
        assert grouper.learn_one(_feat(i, LATER, 1 + i)).story_id == sid
    return sid


def test_a_joining_article_must_be_close_to_the_recent_coverage_not_only_the_centroid():
    without = StoryGrouper(recent_floor=0.0)
    sid = _stream(without)
    assert without.learn_one(_feat(9, NEWCOMER, 8)).story_id == sid  # the centroid alone says yes

    grouper = StoryGrouper(recent_vectors=3)
    sid = _stream(grouper)
    assert grouper.learn_one(_feat(9, NEWCOMER, 8)).story_id != sid
    # ... and an article on what the story is now about still joins it
    assert grouper.learn_one(_feat(10, f"{LATER} payout", 8)).story_id == sid


def test_a_story_keeps_its_newest_members_whatever_their_order_and_stores_them():
    kept = []
    for n, day in enumerate([5, 1, 9, 3, 7]):
        keep_member(kept, f"a{day}", datetime(2020, 1, day), {f"w{n}": 1.0, "x": 0.5}, keep=3, terms=1)
    assert [m[0] for m in kept] == ["a5", "a7", "a9"]
    assert all(len(m[2]) == 1 for m in kept)  # each cut to its strongest terms
    other = [["b2", datetime(2020, 1, 2).isoformat(), {"y": 1.0}], ["b8", datetime(2020, 1, 8).isoformat(), {"y": 1.0}]]
    assert [m[0] for m in merge_members(kept, other, 3)] == ["a7", "b8", "a9"]

    grouper = StoryGrouper(recent_vectors=2)
    sid = _stream(grouper)
    state = grouper.story_state(sid)
    assert [m[0] for m in state.recent] == ["a5", "a6"]
    assert StoryState.from_dict(json.loads(json.dumps(state.to_dict()))).recent == state.recent
