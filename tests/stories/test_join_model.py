"""The learned join decision (``stories/join.py``'s :class:`JoinModel`, an opt-in
parameter of :class:`StoryGrouper`; the rules stay the default, see README): its
features on real articles, its decision, and clear errors for a bad weights file."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from test_grouping import _dated, _storm  # the seed stream and an unrelated storm report

from storydesk.stories.features import article_features, words
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.join import JOIN_FEATURES, JoinModel


def _cosine_only(threshold: float) -> JoinModel:
    """A model that joins at a centroid cosine of about ``threshold`` (steep logistic)."""
    weights = [0.0] * len(JOIN_FEATURES)
    weights[JOIN_FEATURES.index("bias")] = -40.0 * threshold
    weights[JOIN_FEATURES.index("cosine")] = 40.0
    return JoinModel(tuple(weights), 0.5)


def test_features_of_a_real_article_and_its_story(seed_articles):
    a, b = _dated(seed_articles)[1:3]
    g = StoryGrouper()
    sid = g.learn_one(article_features(a)).story_id
    f = article_features(replace(b, published="2020-03-20"))
    vec = g.vector(f)
    found = g._dots(vec)[sid]
    x = dict(zip(JOIN_FEATURES, g.join_features(vec, set(words(f.title or "")), f.time, g.story_state(sid), found)))
    assert len(x) == len(JOIN_FEATURES) and x["bias"] == 1.0
    assert 0.1 < x["cosine"] <= 1.0 and x["cosine if undated"] == 0.0 and x["undated"] == 0.0
    assert x["gap"] > 0 and x["newest gap"] > 5  # weeks after the story's only member
    # the same article undated: no time features, the undated cosine carries the score
    u = dict(zip(JOIN_FEATURES, g.join_features(vec, set(), None, g.story_state(sid), found)))
    assert u["undated"] == 1.0 and u["gap"] == u["newest gap"] == 0.0 and u["cosine if undated"] == u["cosine"]


def test_a_learned_decision_groups_the_seeds_and_keeps_the_storm_apart(seed_articles):
    stream = _dated(seed_articles)
    stream.insert(2, _storm())
    g = StoryGrouper(join_model=_cosine_only(0.15))
    out = [g.learn_one(article_features(a)) for a in stream]
    seeds = {x.story_id for x, a in zip(out, stream) if a.id != "storm"}
    storm = next(x.story_id for x, a in zip(out, stream) if a.id == "storm")
    assert len(seeds) == 1 and storm not in seeds
    # a model that asks more than any seed pair reaches starts a story per article
    strict = StoryGrouper(join_model=_cosine_only(0.99))
    assert all(strict.learn_one(article_features(a)).new_story for a in stream)


def test_bad_weights_files_name_the_file(tmp_path):
    path = tmp_path / "join.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="join.json"):
        JoinModel.load(path)
    path.write_text(json.dumps({"features": ["bias"], "weights": {"bias": 1.0}, "threshold": 0.5}), encoding="utf-8")
    with pytest.raises(ValueError, match="features"):
        JoinModel.load(path)
    good = {"features": list(JOIN_FEATURES), "weights": dict.fromkeys(JOIN_FEATURES, 0.1), "threshold": 0.5}
    path.write_text(json.dumps(good), encoding="utf-8")
    assert JoinModel.load(path).threshold == 0.5
    with pytest.raises(ValueError, match="threshold"):
        JoinModel((0.0,) * len(JOIN_FEATURES), 1.5)
