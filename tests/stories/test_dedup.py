"""Near-duplicate detection: MinHash estimates, the LSH index, and what counts as a copy."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from storydesk.stories.dedup import LshIndex, from_bytes, jaccard, signature, to_bytes
from storydesk.stories.features import article_features, shingles, words


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(0, 400), min_size=20, max_size=200),
       st.sets(st.integers(0, 400), min_size=20, max_size=200))
def test_minhash_estimates_jaccard(a, b):
    sa, sb = {f"t{i}" for i in a}, {f"t{i}" for i in b}
    true = len(sa & sb) / len(sa | sb)
    # 64 permutations: the estimate's standard error is at most 0.0625; allow 4 of them
    assert abs(jaccard(signature(sa), signature(sb)) - true) <= 0.25


def test_signature_survives_storage():
    sig = signature({"a b c", "b c d"})
    assert (from_bytes(to_bytes(sig)) == sig).all()


def test_copy_with_other_boilerplate_is_found_and_other_seeds_are_not(seed_articles):
    index = LshIndex()
    for a in seed_articles:
        index.add(a.id, signature(article_features(a).shingles))
    original = seed_articles[2]
    copy = replace(original, id="copy", text="Share this article\n" + original.text + "\nAdvertisement")
    assert index.find(signature(article_features(copy).shingles), 0.6) == original.id
    # the other outlets rewrote the scoop: same story, not copies of each other
    for a in seed_articles:
        others = LshIndex()
        for b in seed_articles:
            if b.id != a.id:
                others.add(b.id, signature(article_features(b).shingles))
        assert others.find(signature(article_features(a).shingles), 0.6) is None


def test_short_bodies_are_never_called_copies():
    boiler = "Chat with us in Facebook Messenger. Find out what's happening in the world as it unfolds."
    assert shingles(words(boiler)) == frozenset()


def test_removed_articles_are_not_found():
    index = LshIndex()
    sig = signature({f"w{i} w{i+1} w{i+2}" for i in range(100)})
    index.add("a", sig)
    index.remove("a")
    assert index.find(sig, 0.5) is None and len(index) == 0
