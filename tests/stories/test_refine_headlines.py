"""Issue 13: headline-only streams. An article that is its title alone, and a story of
such articles only, are compared by their terms' full stems, so that "striking" meets
"strike" and "stranded" meets "stranding" (a dozen words leave no other evidence), in the
join and in refinement, with full articles too; two full articles are compared as before,
and one common word still chains nothing.

The headlines and the article are written for these tests (an invented ferry strike): the
two headlines share only "Tressby" and "ferry" as written, so neither the online pass nor
the plain average link joins them."""

from __future__ import annotations

import json

from storydesk import Desk, Settings
from storydesk.model import Article
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.join import ENTITY_PREFIX, folded
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


BODY = ("Ferry crews in Tressby walked off the job on Monday, striking over wages they say have gone unpaid "
        "for two months. Commuters were stranded at the harbour as crossings halted, and the operator said "
        "talks with the union would resume once both sides agreed on an independent mediator.")
HEADLINE = "Tressby strike strands ferry commuters at harbour overnight"


def test_folded_terms_gather_a_word_s_forms():
    entity = ENTITY_PREFIX + "tressby"
    assert folded({"strike": 0.5, "striking": 0.25, entity: 0.25}) == {"strike": 0.75, entity: 0.25}


def test_a_title_alone_is_told_from_an_article():
    def features(text: str, headline_only: bool = False):
        return article_features(Article(id="a", source="x", format="json", title=HEADLINE, text=text,
                                        headline_only=headline_only))
    assert features(HEADLINE).title_only and features(HEADLINE, headline_only=True).title_only
    assert not features(BODY).title_only
    assert not features("Ferry crews walked out.").title_only  # a blurb: words of its own


def test_a_headline_joins_a_full_article_s_story_by_stems():
    for fold in (True, False):
        grouper = StoryGrouper(fold_headlines=fold)
        for i, t in enumerate(OTHERS):
            grouper.learn_one(article_features(Article(id=f"h{i}", source="titles", format="json", title=t, text=t)))
        story = grouper.learn_one(article_features(Article(id="full", source="x", format="json",
                                                           title="Tressby ferry crews walk out", text=BODY)))
        joined = grouper.learn_one(article_features(Article(id="head", source="titles", format="json",
                                                            title=HEADLINE, text=HEADLINE)))
        assert (joined.story_id == story.story_id) == fold


def test_two_headline_stories_worded_apart_are_merged_by_their_stems():
    grouper, ids = _grouped(fold=True)
    crews, strike = ids[-2:]
    assert grouper.story_state(crews).headline_only
    assert grouper.refine(ids) == [(crews, strike)]  # the older keeps its id; the others stay apart
    assert grouper.story_state(crews).headlines == 2
    plain, ids = _grouped(fold=False)
    assert plain.refine(ids) == []


def test_full_articles_are_compared_by_their_words_as_written():
    second = BODY.replace("striking", "strike").replace("stranded", "stranding")
    found = []
    for fold in (True, False):
        grouper = StoryGrouper(fold_headlines=fold)
        for i, text in enumerate((BODY, second)):
            found.append(grouper.learn_one(article_features(Article(id=f"a{i}", source="x", format="json",
                                                                    title="Ferry crews walk out", text=text))))
    assert not found[1].new_story and found[1].similarity == found[3].similarity  # no stems: the same


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
