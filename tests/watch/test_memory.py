"""A watcher runs for weeks: every structure that grows with what it reads has a bound.

These check the bounds themselves (counts of entries), not resident memory, which is
measured over simulated days by ``benchmarks/watch.py --days N``."""

from __future__ import annotations

import logging
import threading

from storydesk.analyze import analyze_articles
from storydesk.ingest.common import make_article
from storydesk.watch import fetch
from storydesk.watch.clock import SystemClock
from storydesk.watch.fetch import Fetched, Fetcher, HostGate
from storydesk.watch.watcher import Watcher


def _invented(n: int) -> str:
    """Text full of words no vocabulary holds (new to spaCy on every call with a new n)."""
    words = " ".join(f"Zorblat{n}x{i}quent" for i in range(30))
    return f"Mayor Elvira Quandt{n} said the {words} would reopen on Monday. \"We are ready,\" she said."


def test_analysis_leaves_the_spacy_vocabulary_as_it_was(nlp):
    """spaCy's StringStore grows with every new token of every document parsed; in a
    memory zone it does not, and the analyses are the same as outside one."""
    articles = [make_article(text=_invented(n), source=f"t{n}", format="text", raw="") for n in range(4)]
    before = len(nlp.vocab.strings)
    zoned = list(analyze_articles(articles, nlp))
    assert len(nlp.vocab.strings) == before
    from storydesk.analyze import analyze_parsed

    outside = [analyze_parsed(a, nlp(a.text)) for a in articles]  # the old way: the vocabulary grows
    assert len(nlp.vocab.strings) > before
    assert zoned == outside
    assert any("Quandt" in (s.speaker or "") for a in zoned for s in a.quotes) or any(
        "Quandt" in e.text for a in zoned for e in a.entities)  # a real analysis, not an empty one


def test_robots_answers_kept_for_at_most_hosts_kept_hosts(monkeypatch, settings):
    monkeypatch.setattr(fetch, "HOSTS_KEPT", 3)
    fetcher = Fetcher(settings, SystemClock(), threading.Event())
    asked: list[str] = []

    def no_robots(url, headers, max_bytes):
        asked.append(url)
        return Fetched(url, status=404)

    monkeypatch.setattr(fetcher, "_get", no_robots)
    try:
        for n in range(10):
            assert fetcher.robots_allow(f"https://host{n}.example/story")[0]
            assert len(fetcher._robots) <= 3 and len(fetcher._robots_locks) <= 6
        fetcher.robots_allow("https://host9.example/other")  # kept: not asked again
        assert len(asked) == 10
        fetcher.robots_allow("https://host0.example/story")  # forgotten: asked again
        assert len(asked) == 11
    finally:
        fetcher.close()


def test_host_gate_forgets_hosts_it_no_longer_waits_for(monkeypatch):
    monkeypatch.setattr(fetch, "HOSTS_KEPT", 4)
    gate = HostGate(2, SystemClock(), threading.Event())
    for n in range(50):
        with gate.slot(f"host{n}.example", delay=0.0):
            assert gate._busy == {f"host{n}.example": 1}
    assert gate._busy == {}
    assert len(gate._next_start) <= 5


def test_warm_up_loads_what_the_first_page_would(desk):
    from trafilatura import external

    Watcher(desk).warm()
    assert external.JT_STOPLIST  # justext's stop lists of every language: loaded at start, not hours in


def test_trending_stories_are_read_without_error(desk, caplog):
    article = make_article(text="Storm Hilde flooded 120 homes in Lower Tavistow on Wednesday, officials said.",
                           source="https://valley.example/flood", format="html", raw="x", title="Flood",
                           outlet="Valley", url="https://valley.example/flood", published="2024-05-14T06:00:00")
    desk.add_articles([article])
    watcher = Watcher(desk)
    with caplog.at_level(logging.ERROR):
        watcher._refresh_trending(1e12)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert watcher._trending_at == 1e12  # read, not skipped


def test_shared_reads_keep_at_most_their_size():
    from storydesk.watch.poll import SharedReads

    shared = SharedReads(size=4)
    for n in range(20):
        assert shared.read([f"guid:{n}", f"url:https://a.example/{n}"], lambda n=n: f"page {n}") == f"page {n}"
        assert len(shared._reads) <= 4


def test_the_word_caches_keep_at_most_their_size():
    """The tokenizer's stem cache and grouping's word cache fill with the vocabulary a desk
    reads over weeks (new names every day): a size bound, a few MB each, not 65,536
    entries of strings (issue 12)."""
    from storydesk.stories.features import normalise_word
    from storydesk.text import stem

    for cached in (stem, normalise_word):
        bound = cached.cache_info().maxsize
        assert bound is not None and bound <= 1 << 14
        for n in range(bound + 500):
            cached(f"zorblat{n}s")
        assert cached.cache_info().currsize <= bound
