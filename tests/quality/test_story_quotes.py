"""Who said what on the hand-labelled dev stories (issue 11): benchmarks/story_quotes.py on
the dev split of benchmarks/story_set.py, the product path (``Desk.brief_articles``).

A misattributed quote is the worst error a brief can carry, so none is allowed on the
Giveme5W1H dev stories; the quotes shown and those left null although the sources name the
speaker may not get worse than when the floor was set (round 8: the 28 Giveme5W1H dev
stories 440 shown, 189 null-but-named, 0 wrong; round 9: 451 shown, 178 null-but-named). The
18 single pages of other kinds added in round 8 (Zyte article-extraction benchmark) are held
to their own bounds: 136 shown, 38 null-but-named, at most 3 wrong (5 in round 8; round 9
tied "China's ambassador" and "the production company" to the one person or body the text
introduces with them), all an epithet the text never ties to the named person it stands for,
shown as the role ("said the actor", "the singer and guitarist"; a role, not another
person). The four stories of six pages added in round 9 (Zyte, labelled before storydesk ran
on them) are held to theirs: none wrong, 75 shown, 21 null-but-named (round 9's fixes). The twenty
stories of round 10 (seventeen of Zyte pages and three Giveme5W1H events, labelled blind) likewise:
none wrong, 130 shown, 35 null-but-named (the first run showed one role for a person the text names
"a ... official named Adrienne Day"; the fix named her).
The held-out test stories are never gated (scoring them in
every run would make them read). It has no baseline to beat, so it is not a
benchmarks.floors gate (like test_brief_audit.py, its bounds are here). Skipped, saying
why, without the data."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

#: At least this many dev quotes shown with a speaker, at most this many null-but-named,
#: for the Giveme5W1H dev stories and for the single pages of other kinds (round 8).
MIN_SHOWN = 451
MAX_NULL_BUT_NAMED = 178
PAGES_MIN_SHOWN, PAGES_MAX_NULL_BUT_NAMED, PAGES_MAX_WRONG = 136, 38, 3
#: The stories of round 9 (``benchmarks.story_set.ROUND9``): none wrong.
ROUND9_MIN_SHOWN, ROUND9_MAX_NULL_BUT_NAMED = 75, 21
#: The stories of round 10 (``benchmarks.story_set.ROUND10``): none wrong.
ROUND10_MIN_SHOWN, ROUND10_MAX_NULL_BUT_NAMED = 130, 35


def test_no_dev_quote_is_misattributed_and_coverage_holds(data_dir):
    from benchmarks.story_quotes import brief_stories, check_hashes, read_labels, score
    from benchmarks.story_set import ROUND9, ROUND10, STORIES, load_story_set

    folder = data_dir / "giveme5w1h-news-cluster"
    if not (folder / "data").is_dir():
        pytest.skip(f"{folder / 'data'} not found")
    stories = load_story_set(folder, "dev", needs=("quotes",))
    check_hashes(stories, read_labels())
    briefs = brief_stories(stories)
    pages = {s.name for s in STORIES if s.corpus != "giveme5w1h"}
    events = [s for s in stories if s.name not in pages and s.name not in ROUND10]
    row = score(events, [briefs[s.name] for s in events])
    assert row["misattributed"] == 0, f"{row['misattributed']:.0f} dev quotes credited to the wrong speaker"
    assert row["attributed"] >= MIN_SHOWN, f"only {row['attributed']:.0f} dev quotes shown with a speaker"
    assert row["null_but_named"] <= MAX_NULL_BUT_NAMED, f"{row['null_but_named']:.0f} null-but-named"
    other = [s for s in stories if s.name in pages and s.name not in ROUND9 | ROUND10]
    row = score(other, [briefs[s.name] for s in other])
    assert row["misattributed"] <= PAGES_MAX_WRONG, f"{row['misattributed']:.0f} page quotes misattributed"
    assert row["misattributed"] == row["role_for_named"], "a page quote credited to another named speaker"
    assert row["attributed"] >= PAGES_MIN_SHOWN, f"only {row['attributed']:.0f} page quotes shown with a speaker"
    assert row["null_but_named"] <= PAGES_MAX_NULL_BUT_NAMED, f"{row['null_but_named']:.0f} page null-but-named"
    new = [s for s in stories if s.name in ROUND9]
    row = score(new, [briefs[s.name] for s in new])
    assert row["misattributed"] == 0, f"{row['misattributed']:.0f} round-9 page quotes misattributed"
    assert row["attributed"] >= ROUND9_MIN_SHOWN, f"only {row['attributed']:.0f} round-9 quotes shown with a speaker"
    assert row["null_but_named"] <= ROUND9_MAX_NULL_BUT_NAMED, f"{row['null_but_named']:.0f} round-9 null-but-named"
    new = [s for s in stories if s.name in ROUND10]
    row = score(new, [briefs[s.name] for s in new])
    assert row["misattributed"] == 0, f"{row['misattributed']:.0f} round-10 quotes misattributed"
    assert row["attributed"] >= ROUND10_MIN_SHOWN, f"only {row['attributed']:.0f} round-10 quotes shown with a speaker"
    assert row["null_but_named"] <= ROUND10_MAX_NULL_BUT_NAMED, f"{row['null_but_named']:.0f} round-10 null-but-named"
