"""The event-labelled grouping dev set (benchmarks/labels/events/): well formed, and each
label still matches the timeline17 article it was made from (text hash and date), so a
changed data file is caught before it skews ``benchmarks/grouping_events.py``; each labelled
event sits in exactly one story (the story level). No floor on grouping yet: the lead sets
one once the grouper has been tuned on this set."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from benchmarks.grouping_events import (
    LABELS,
    PASS2,
    STORY_PAIRS,
    agreement,
    level_gold,
    mismatches,
    read_labels,
    read_pass,
    story_of,
    topic_f1,
)


def test_labels_are_well_formed():
    rows = read_labels(LABELS)
    keys = [(r["folder"], r["id"]) for r in rows]
    assert len(keys) == len(set(keys)), [k for k, n in Counter(keys).items() if n > 1]
    descriptions: dict[str, str] = {}
    for r in rows:
        assert re.fullmatch(r"[A-Za-z0-9]+_[a-z]+", r["folder"]), r
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", r["date"]), r
        assert re.fullmatch(r"[0-9a-f]{40}", r["sha1"]), r
        if r["event"] is None:
            assert r["description"] is None and r["story"] is None, r
            continue
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", r["story"] or ""), r
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", r["event"]), r
        assert r["description"] and len(r["description"]) < 200, r
        # one description per event, and one topic per event (events never cross topics)
        assert descriptions.setdefault(r["event"], r["description"]) == r["description"], r
    labelled = [r for r in rows if r["event"]]
    topics = {}
    for r in labelled:
        assert topics.setdefault(r["event"], r["folder"].split("_")[0]) == r["folder"].split("_")[0], r
    sizes = Counter(r["event"] for r in labelled)
    assert len(labelled) >= 450 and len(sizes) >= 220
    assert sum(1 for n in sizes.values() if n > 1) >= 80  # events that can be split or merged


def test_every_event_is_in_exactly_one_story():
    """The story level groups whole events: an event never splits between stories and a story
    never crosses topics; it is coarser than the events (stories of several events), finer
    than the topics (several stories a topic)."""
    labelled = [r for r in read_labels(LABELS) if r["event"]]
    story_of: dict[str, set[str]] = {}
    topic_of: dict[str, set[str]] = {}
    for r in labelled:
        story_of.setdefault(r["event"], set()).add(r["story"])
        topic_of.setdefault(r["story"], set()).add(r["folder"].split("_")[0])
    assert all(len(s) == 1 for s in story_of.values()), {e: s for e, s in story_of.items() if len(s) > 1}
    assert all(len(t) == 1 for t in topic_of.values()), {s: t for s, t in topic_of.items() if len(t) > 1}
    events_per_story = Counter(next(iter(s)) for s in story_of.values())
    assert len(topic_of) >= 2 * len({t for ts in topic_of.values() for t in ts})
    assert len(events_per_story) < len(story_of) and sum(1 for n in events_per_story.values() if n > 1) >= 20


def test_labels_match_the_data(data_dir):
    folder = data_dir / "timeline17"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found")
    assert mismatches(read_labels(LABELS), folder) == []


def test_a_malformed_label_row_is_named(tmp_path):
    path = tmp_path / "events.jsonl"
    good = LABELS.read_text(encoding="utf-8").splitlines()[0]
    path.write_text(good + "\n" + '{"folder": "bpoil_bbc", "id": "1"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"events\.jsonl:2: expected the fields"):
        read_labels(path)


def test_a_changed_article_is_caught(data_dir):
    folder = data_dir / "timeline17"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found")
    row = next(r for r in read_labels(LABELS) if r["event"])
    changed = {**row, "sha1": "0" * 40}
    gone = {**row, "id": "no-such-id"}
    found = mismatches([changed, gone], folder)
    assert len(found) == 2 and "differs" in found[0] and "not in the data" in found[1]


def test_the_second_pass_covers_labelled_articles():
    """pass2.jsonl (the blind re-labelling the README's agreement figures come from) names
    articles of the label file only, with well-formed ids of its own."""
    keys = {(r["folder"], r["id"]) for r in read_labels(LABELS)}
    second = read_pass(PASS2)
    assert len(second) >= 100 and set(second) <= keys, set(second) - keys
    assert all(e is None or re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", e) for e in second.values())


def test_agreement_drops_with_each_kind_of_disagreement():
    first = {(r["folder"], r["id"]): r["event"] for r in read_labels(LABELS)}
    sample = {k: first[k] for k in read_pass(PASS2)}
    same = agreement(first, sample)
    assert same["kappa"] == same["pair_f1"] == same["bcubed_f1"] == 1.0
    sizes = Counter(e for e in sample.values() if e)
    moved = next(k for k, e in sample.items() if e and sizes[e] > 1)
    split = agreement(first, {**sample, moved: "x-split-off"})  # a different event
    assert split["kappa"] == 1.0 and split["pair_f1"] < 1.0 and split["bcubed_f1"] < 1.0
    dropped = agreement(first, {**sample, moved: None})  # called null
    assert dropped["kappa"] < 1.0 and dropped["both_labelled"] == same["both_labelled"] - 1


def test_topic_f1_scores_each_topic_on_its_own():
    rows = [r for r in read_labels(LABELS) if r["event"]]
    gold = [r["event"] for r in rows]
    topics = [r["folder"].split("_")[0] for r in rows]
    assert len(set(topics)) >= 5  # the set is not three topics any more
    assert set(topic_f1(gold, gold, topics).values()) == {1.0}
    # one story per topic: each topic's F1 falls, by how many events the topic holds
    lumped = topic_f1(topics, gold, topics)
    assert all(v < 1.0 for v in lumped.values()) and set(lumped) == {f"f1 {t}" for t in topics}


def test_the_story_recheck_names_labelled_event_pairs():
    """story_pairs.jsonl (the README's blind re-check of the story level) holds pairs of
    distinct labelled events of one topic, judged both ways."""
    import json

    topic = {r["event"]: r["folder"].split("_")[0] for r in read_labels(LABELS) if r["event"]}
    pairs = [json.loads(line) for line in STORY_PAIRS.read_text(encoding="utf-8").splitlines()]
    assert len(pairs) >= 30 and {p["same_story"] for p in pairs} == {True, False}
    for p in pairs:
        assert p["a"] != p["b"] and topic[p["a"]] == topic[p["b"]], p


def test_an_event_split_between_stories_is_named():
    rows = read_labels(LABELS)
    stories = story_of(rows)
    assert len(stories) == len({r["event"] for r in rows if r["event"]})
    row = next(r for r in rows if r["event"] and sum(x["event"] == r["event"] for x in rows) > 1)
    split = [r if r is not row else {**row, "story": "x-elsewhere"} for r in rows]
    with pytest.raises(ValueError, match=rf"event {row['event']}: every article"):
        story_of(split)
    with pytest.raises(ValueError, match="every article"):
        story_of([{**row, "story": None}])


def test_the_story_level_scores_event_lumping_as_right():
    """Grouping each story's events together is perfect at the story level and loses precision
    at the event level; one group per event is the reverse."""
    rows = [r for r in read_labels(LABELS) if r["event"]]
    gold = level_gold([r["event"] for r in rows], story_of(rows))
    topics = [r["folder"].split("_")[0] for r in rows]
    assert set(topic_f1(gold["story"], gold["story"], topics).values()) == {1.0}
    assert all(v < 1.0 for v in topic_f1(gold["story"], gold["event"], topics).values())
    assert any(v < 1.0 for v in topic_f1(gold["event"], gold["story"], topics).values())
