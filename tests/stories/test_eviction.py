"""A live desk keeps only recent stories in memory (issue 12: memory stays flat over
days); the stories it evicted are found in the store when an article or a merge needs
them, so grouping decides exactly as a desk that kept every story in memory would."""

from __future__ import annotations

import functools
import json
import random
from datetime import timedelta

import pytest

from storydesk import Settings
from storydesk.ingest.common import make_article
from storydesk.store import Store
from storydesk.stories.features import LEAD_CHARS
from storydesk.stories.grouping import StoryGrouper
from storydesk.stories.tracker import StoryTracker

NEVER = timedelta(days=365_000)


def _timeline17(data_dir, n: int) -> list[dict]:
    from benchmarks.scale import sample

    folder = data_dir / "timeline17"
    if not folder.exists():
        pytest.skip("timeline17 not in the evaluation data")
    return sample(folder, n)


def _assert_bounded(tracker: StoryTracker) -> None:
    """What the grouper holds is the stories of the last ``_keep`` and nothing of the
    stories it evicted: no article, signature or posting of theirs is left behind."""
    g = tracker._grouper
    active = [g.story_state(sid) for sid in g.active_ids()]
    assert all(s.last >= g.latest - tracker._keep for s in active)
    members = {a for s in active for a in s.members}
    assert set(g._story_of) == members and len(g._lsh) == len(members)
    assert {sid for ids in g._postings.values() for sid in ids} <= g.active_ids()
    assert len(g._postings) <= len({t for s in active for t in s.centroid})


def _group(path, records: list[dict], *, evict: bool, batch: int = 25, **settings) -> tuple[list, dict, int, set]:
    """Group ``records`` in their order through a tracker (a refinement after every
    ``batch``, as ``Desk.ingest`` does); returns the store's assignments, the stored story
    states, the most stories the tracker held in memory, and the articles that joined a
    story the tracker had evicted."""
    config = Settings(db=str(path), **settings)
    most, late_joins = 0, set()
    with Store(path) as store:
        tracker = StoryTracker(store, config)
        if not evict:
            tracker._keep = NEVER
        evicted: set[str] = set()
        for i, r in enumerate(records, start=1):
            article = make_article(text=r["text"], title=r["title"], outlet=r["outlet"], published=r["published"],
                                   url=r["url"], source=r["url"], format="json", raw="")
            store.add_article(article)
            before = tracker._grouper.active_ids()
            assignment = tracker.add_article(article, None)
            assert assignment is not None
            if assignment.story_id in evicted and assignment.story_id not in before:
                late_joins.add(article.id)
            evicted |= before - tracker._grouper.active_ids()
            most = max(most, len(tracker._grouper.active_ids()))
            if evict:
                _assert_bounded(tracker)
            if i % batch == 0:
                tracker.refine()
        tracker.refine()
        members = [tuple(r) for r in store.execute(
            "SELECT article_id, story_id, similarity, duplicate_of FROM story_articles ORDER BY article_id")]
        states = {sid: json.loads(s) for sid, s in store.execute("SELECT id, state FROM stories")}
    return members, states, most, late_joins


@pytest.mark.parametrize("threshold", [Settings().story_threshold, 0.3])
def test_grouping_with_eviction_is_grouping_without(tmp_path, data_dir, threshold):
    """Real dated articles (timeline17: nine news topics over months), read in time order
    but with every eighth one held back to the end (the late articles of a feed read
    again, an archive backfilled): with eviction the tracker holds a fraction of the
    stories, yet every article goes where it goes without eviction, late ones included,
    and every stored story state is the same. At a higher joining threshold the single
    pass splits more stories and the batch refinement merges them, evicted ones too."""
    records = _timeline17(data_dir, 360)
    late = [r for i, r in enumerate(records) if i % 8 == 3]
    on_time = [r for i, r in enumerate(records) if i % 8 != 3]
    random.Random(5).shuffle(late)
    order = on_time + late

    kept, kept_states, kept_most, _ = _group(tmp_path / "kept.db", order, evict=False, story_threshold=threshold)
    members, states, most, late_joins = _group(tmp_path / "evicted.db", order, evict=True,
                                               story_threshold=threshold)

    assert members == kept
    assert states == kept_states
    assert len(kept_states) > 20  # many stories, not one lump
    assert most < kept_most / 2  # memory held a fraction of them
    assert late_joins  # articles arriving after their story left memory still joined it


def test_a_late_copy_finds_its_evicted_original(tmp_path, seed_paths):
    """A near-duplicate (the wire text again under another outlet, behind a lead of its
    own) arriving weeks after its original's story left memory is still marked a copy of
    it, as without eviction."""
    text = next(p for p in seed_paths if p.suffix in (".txt", ".md")).read_text(encoding="utf-8")
    filler = [
        ("Council approves new budget for city parks",
         ("The city council approved a budget for parks, pools and playgrounds on Tuesday after a "
         "long debate over maintenance costs and staffing.")),
        ("Rail strike halts trains across the region",
         ("Train drivers walked out on Monday over pay, leaving commuters stranded and stations "
         "closed across the region, the union said.")),
    ]
    records = [{"title": "Original report", "text": text, "outlet": "wire", "published": "2021-01-01T08:00:00",
                "url": "https://wire.example/original"}]
    for day in range(2, 40, 3):  # weeks of other news: the original's story is evicted
        title, body = filler[day % 2]
        records.append({"title": f"{title} (day {day})", "text": f"{body} Day {day} of the month.",
                        "outlet": "local", "published": f"2021-01-{day:02d}T09:00:00" if day < 32
                        else f"2021-02-{day - 31:02d}T09:00:00", "url": f"https://local.example/{day}"})
    # the copy opens with a long unrelated lead: grouping reads the first LEAD_CHARS, so only
    # its MinHash bands (all of its text) can lead to the original's story
    lead = " ".join([filler[1][1]] * (LEAD_CHARS // len(filler[1][1]) + 1))
    records.append({"title": "Copied report", "text": f"{lead}\n\n{text}", "outlet": "copier",
                    "published": "2021-02-10T10:00:00", "url": "https://copier.example/copy"})

    kept, _, _, _ = _group(tmp_path / "kept.db", records, evict=False)
    members, _, _, late_joins = _group(tmp_path / "evicted.db", records, evict=True)
    assert members == kept
    story_of = {m[0]: m[1] for m in members}
    copies = [m for m in members if m[3] is not None]
    assert len(copies) == 1 and story_of[copies[0][3]] == copies[0][1]
    assert late_joins  # the copy joined a story that had left memory


def test_a_story_that_stays_active_holds_a_bounded_state(tmp_path, data_dir, monkeypatch):
    """A story that keeps getting articles (nothing evicts it) holds in memory only its
    newest ``RECENT_MEMBERS`` members' signatures and a capped centroid, and stores no
    more: what it holds does not grow with its size."""
    from storydesk.stories import tracker as tracker_module

    monkeypatch.setattr(tracker_module, "RECENT_MEMBERS", 8)
    # stories of a whole subject (no mean-cosine floor on a join), so that some grow far
    # past the bound: an event's story rarely takes 32 of 240 articles over months
    monkeypatch.setattr(tracker_module, "StoryGrouper", functools.partial(StoryGrouper, link_threshold=0.0))
    records = _timeline17(data_dir, 240)
    path = tmp_path / "active.db"
    with Store(path) as store:
        tracker = StoryTracker(store, Settings(db=str(path)))
        tracker._keep = NEVER  # every story stays active
        for r in records:
            article = make_article(text=r["text"], title=r["title"], outlet=r["outlet"], published=r["published"],
                                   url=r["url"], source=r["url"], format="json", raw="")
            store.add_article(article)
            tracker.add_article(article, None)
        g = tracker._grouper
        stories = [g.story_state(sid) for sid in g.active_ids()]
        assert max(s.size + s.duplicates for s in stories) > 4 * 8  # stories far bigger than the bound
        assert all(len(s.members) <= 8 for s in stories)
        assert all(len(s.centroid) <= g.max_terms * 3 // 2 for s in stories)
        held = {a for s in stories for a in s.members}
        assert set(g._story_of) == held and len(g._lsh) == len(held)
        stored = [json.loads(s) for (s,) in store.execute("SELECT state FROM stories")]
        assert all(len(s["members"]) <= 8 for s in stored)
        sizes = [n for (n,) in store.execute("SELECT count(*) FROM story_articles GROUP BY story_id")]
        assert len(held) == sum(min(n, 8) for n in sizes) < sum(sizes)  # the rest: in the store's band index


def test_copies_of_old_members_are_found_with_a_bounded_story(tmp_path, data_dir, monkeypatch):
    """Copies of articles a story no longer holds in memory (the wire text again, under
    another outlet, weeks later in the same story) are marked copies of their originals,
    and every article goes where it goes when a story holds all its members."""
    from storydesk.stories import tracker as tracker_module

    records = _timeline17(data_dir, 200)
    copies = [{**r, "text": f"From our partners.\n\n{r['text']}", "outlet": "copier",
               "url": r["url"] + "?copy=1", "published": records[min(i + 40, len(records) - 1)]["published"]}
              for i, r in enumerate(records) if i % 10 == 0]
    order = sorted(records + copies, key=lambda r: r["published"])
    monkeypatch.setattr(tracker_module, "RECENT_MEMBERS", None)
    whole, whole_states, _, _ = _group(tmp_path / "whole.db", order, evict=False)
    monkeypatch.setattr(tracker_module, "RECENT_MEMBERS", 3)
    bounded, states, _, _ = _group(tmp_path / "bounded.db", order, evict=True)
    assert bounded == whole
    assert {sid: (s["size"], s["duplicates"], s["first"], s["last"]) for sid, s in states.items()} == {
        sid: (s["size"], s["duplicates"], s["first"], s["last"]) for sid, s in whole_states.items()}
    found = [m for m in bounded if m[3] is not None]
    assert len(found) >= len(copies) * 3 // 4  # copies found, most of them of an article memory let go
