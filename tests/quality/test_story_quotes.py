"""Who said what on the hand-labelled dev stories (issue 11): benchmarks/story_quotes.py on
the dev split of benchmarks/story_set.py (the quote benchmarks' own split,
``story_set.quotes_split``), the product path (``Desk.brief_articles``).

A misattributed quote is the worst error a brief can carry. Each group of dev stories is
held to its own bounds: at most so many wrong, at least so many shown with a speaker, at most
so many left null although the sources name the speaker, each set when the group's rules
were last changed (:data:`BOUNDS`):

- ``giveme5w1h``, the 28 Giveme5W1H dev stories: none wrong (round 8: 440 shown, 189
  null-but-named; round 9: 451 / 178; round 11: 458 / 173; round 12: 469 / 164; round 13:
  484 / 150; the scorer now reads "A spokesman in Berlin" as a spokesman, which showed a
  commentator's words in three printings credited to the paper the commentator wrote in, now fixed);
- ``pages8``, the 18 single pages of other kinds (round 8, Zyte article-extraction
  benchmark): at most 3 wrong, all an epithet the text never ties to the named person it
  stands for, shown as the role ("said the actor"; a role, never another person);
- ``pages9``, round 9's four stories of six pages (labelled before storydesk ran on them)
  and ``round10``, round 10's twenty stories (labelled blind): none wrong (round 12's
  line starts, which gave every other group more speakers, cost round10 one shown
  speaker, 130 to 129: the two quotes of `"...," says Early.`, whose "Early" the parser
  now reads as an adverb, are null, and a source's quote is now shown);
- ``read11``, the seven former test stories whose errors were read in round 11 (15 wrong
  of 148 before): none wrong until round 13, which reads a speech verb coordinated with
  its subject's verb as that subject's ("The Williams driver was making his final F1
  appearance ..., and admitted: '...'"): 2 wrong, both that epithet shown as the role (a
  role, as issue 11 asks of one the text ties to no name; the scorer counts it wrong
  because the text names Felipe Massa a sentence before), 171 shown (round 14: 172, a
  pronoun no longer goes back through the words another speaker reports);
- ``dev11``, round 11's dev stories (labelled blind, in three batches: 13 Giveme5W1H
  events and 15 single pages, 548 quotes): each batch's first run on the round's code of
  the day showed 3 wrong of 168, 4 of 73 and 9 of 86; 7 are left: 5 epithets shown as
  the role ("the businesswoman", "the sexy star"), and two quotes under "T.J." for T.J.
  Watt in a story with two T.J.s (round 13 left a photo caption's fan, given the next
  paragraph's "he said", without a speaker, then gave more pronouns the subject before:
  339 shown, 91 null; round 14, where a pronoun skips a first name once tagged as a
  company and names used as a noun's modifier, and a full name no longer grows over the
  title words before it: 344 shown, 87 null; round 15, where a surname several full
  names end with is one person however each mention is tagged: 348 shown, 83 null, and
  then 345 / 86 once the story no longer names a pronoun's person by its gender votes).

Round 15 stopped that story-level step (see brief/story_speakers.py): on the held-out
stories it made both misattributions left (2 of 126 shown, to 0 of 123), and read on
timeline17 it was wrong 5 times in 6; Giveme5W1H dev went from 484 / 150 to 480 / 154 and
read11 from 172 / 63 to 170 / 65.

The held-out test stories (round 11's pages) are never gated (scoring them in every run
would make them read). It has no baseline to beat, so it is not a benchmarks.floors gate
(like test_brief_audit.py, its bounds are here). Skipped, saying why, without the data."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

#: Per group of dev stories (``benchmarks.story_set.group``): at most so many quotes
#: misattributed, at least so many shown with a speaker, at most so many null but named.
BOUNDS = {
    "giveme5w1h": (0, 480, 154),
    "pages8": (3, 145, 30),
    "pages9": (0, 79, 17),
    "round10": (0, 134, 32),
    "read11": (2, 170, 65),
    "dev11": (7, 345, 86),
}


def test_no_dev_quote_is_misattributed_and_coverage_holds(data_dir):
    from benchmarks.story_quotes import brief_stories, check_hashes, read_labels, score
    from benchmarks.story_set import group, load_story_set, quotes_split

    folder = data_dir / "giveme5w1h-news-cluster"
    if not (folder / "data").is_dir():
        pytest.skip(f"{folder / 'data'} not found")
    stories = [s for s in load_story_set(folder, needs=("quotes",)) if quotes_split(s) == "dev"]
    check_hashes(stories, read_labels())
    briefs = brief_stories(stories)
    assert {group(s.name) for s in stories} == set(BOUNDS), "a dev group without bounds"
    for name, (max_wrong, min_shown, max_null) in BOUNDS.items():
        part = [s for s in stories if group(s.name) == name]
        row = score(part, [briefs[s.name] for s in part])
        assert row["misattributed"] <= max_wrong, f"{name}: {row['misattributed']:.0f} quotes misattributed"
        if name == "pages8":
            assert row["misattributed"] == row["role_for_named"], "a page quote credited to another named speaker"
        assert row["attributed"] >= min_shown, f"{name}: only {row['attributed']:.0f} quotes shown with a speaker"
        assert row["null_but_named"] <= max_null, f"{name}: {row['null_but_named']:.0f} null-but-named"
