"""The predicate pairs the citation model reads as one event ("ended"/"suspended") are
mined from different outlets' leads on the same story; pairs that merely co-occur
everywhere are not kept."""

from __future__ import annotations

from benchmarks.predicate_pairs import count_pairs, related_pairs

from storydesk.brief.claims import load_predicate_pairs


def _story(*leads):
    return [[(set(preds), set(names))] for preds, names in leads]


def test_pairs_come_from_name_sharing_sentences_of_different_outlets():
    stories = [_story(({"end"}, {"sanders"}), ({"suspend"}, {"sanders"}), ({"win"}, {"biden"}))
               for _ in range(3)]
    stories += [_story(({"win"}, {"biden"}), ({"lose"}, {"trump"})) for _ in range(3)]
    single, pair, n = count_pairs(stories)
    assert pair[("end", "suspend")] == 3 and ("lose", "win") not in pair  # no shared name
    kept = related_pairs(single, pair, n, min_count=3, min_pmi=0.5)
    assert [a for a, b, *_ in kept] == ["end"]


def test_a_pair_seen_in_too_few_stories_is_not_kept():
    single, pair, n = count_pairs([_story(({"fire"}, {"comey"}), ({"oust"}, {"comey"}))])
    assert related_pairs(single, pair, n, min_count=3, min_pmi=0.0) == []


def test_the_shipped_pairs_are_symmetric():
    related = load_predicate_pairs()
    assert len(related) > 50
    assert all(a in related[b] for a, others in related.items() for b in others)
