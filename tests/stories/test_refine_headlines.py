"""Issue 13: headline-only streams. Two stories of headlines only are compared in
refinement by their words' full stems, so that "striking" meets "strike" and "stranded"
meets "stranding" (a dozen words leave no other evidence); a story with a member that has
a lead is compared as before, and one common word still chains nothing.

The headlines are written for these tests (an invented ferry strike): the two share only
"Tressby" and "ferry" as written, so neither the online pass nor the plain average link
joins them."""

from __future__ import annotations

import json

from storydesk import Desk, Settings
from storydesk.model import Article
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.merging import folded
from storydesk.stories.story_state import StoryState

CREWS = "Tressby ferry crews striking over unpaid wages, commuters stranded at harbour"
STRIKE = "Strike halts crossings as passengers wait, stranding hundreds, in Tressby ferry pay dispute"
OTHERS = ["Gas prices climb for a third week in Ohio",
          "Gas leak forces evacuation of Denton primary school",
          "Gas pipeline deal signed after months of talks",
          "Weekend sports roundup: Hawks edge Rovers",
          "Business roundup: retailer cuts jobs, bank profits fall"]


def _grouped(fold: bool) -> tuple[StoryGrouper, list[str]]:
    grouper = StoryGrouper(fold_headlines=fold)
    titles = OTHERS + [CREWS, STRIKE]
    ids = [grouper.learn_one(article_features(Article(id=f"h{i}", source="titles", format="json",
                                                      title=t, text=t))).story_id
           for i, t in enumerate(titles)]
    assert len(set(ids)) == len(titles)  # undated headlines: the online pass joins none of them
    return grouper, ids


def test_folded_terms_gather_a_word_s_forms():
    assert folded({"strike": 0.5, "striking": 0.25, "\x01tressby": 0.25}) == {"strike": 0.75, "\x01tressby": 0.25}


def test_two_headline_stories_worded_apart_are_merged_by_their_stems():
    grouper, ids = _grouped(fold=True)
    crews, strike = ids[-2:]
    assert grouper.story_state(crews).headline_only
    assert grouper.refine(ids) == [(crews, strike)]  # the older keeps its id; the others stay apart
    assert grouper.story_state(crews).headlines == 2
    plain, ids = _grouped(fold=False)
    assert plain.refine(ids) == []


def test_a_story_with_a_lead_is_compared_by_its_words_as_written():
    grouper, ids = _grouped(fold=True)
    grouper.story_state(ids[-1]).headlines = 0  # as if its member had a body
    assert not grouper.story_state(ids[-1]).headline_only
    assert grouper.refine(ids) == []


def test_the_headline_count_is_stored_with_the_story():
    state = StoryState.from_dict(json.loads(json.dumps(_grouped(fold=True)[0].story_state("s-h5").to_dict())))
    assert state.headlines == 1 and state.headline_only
    stored = state.to_dict()
    del stored["headlines"]  # a story stored before they were counted
    assert not StoryState.from_dict(stored).headline_only


def test_the_desk_merges_them_through_its_own_ingest(tmp_path):
    path = tmp_path / "titles.jsonl"
    path.write_text("".join(json.dumps({"title": t, "text": t}) + "\n" for t in OTHERS + [CREWS, STRIKE]),
                    encoding="utf-8")
    with Desk(Settings(db=str(tmp_path / "s.db"), workers=1)) as desk:
        desk.ingest([str(path)])
        articles = desk.store.list_articles()
        stories = desk.stories_of(a.id for a in articles)
        story_of = {a.title: stories[a.id] for a in articles}
    assert story_of[CREWS] == story_of[STRIKE]
    assert len(set(story_of.values())) == len(OTHERS) + 1
