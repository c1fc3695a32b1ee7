"""The analysis pipeline (issue 3): offsets, the cache by content hash and analyzer
version, and bad input (long, sentence-less, non-English, unbalanced) recorded in notes."""

from __future__ import annotations

import storydesk.analyze as analyze_pkg
from storydesk import Desk, Settings
from storydesk.analyze import ANALYZER_VERSION, analyze_article, analyze_articles
from storydesk.model import Article


def _article(text: str, id: str = "t") -> Article:
    return Article(id=id, text=text, source=f"{id}.txt", format="text")


def test_every_span_points_into_the_body(analyzed_seeds):
    for item in analyzed_seeds:
        text, a = item.article.text, item.analysis
        assert a.version == ANALYZER_VERSION and a.article_id == item.article.id
        assert a.sentences and a.entities and a.quotes
        for s in a.sentences:
            assert text[s.start:s.end].strip() == text[s.start:s.end]
        for e in a.entities:
            assert text[e.start:e.end] == e.text
        for q in a.quotes:
            assert text[q.start:q.end] == q.text


def test_batch_and_single_analysis_agree(seed_articles, nlp, analyzed_seeds):
    single = analyze_article(seed_articles[3], nlp)
    assert single == analyzed_seeds[3].analysis
    assert list(analyze_articles(seed_articles[:2], nlp)) == [x.analysis for x in analyzed_seeds[:2]]


def test_the_store_cache_is_used_and_invalidated_by_a_new_version(seed_articles, nlp, monkeypatch):
    desk = Desk(Settings(db=":memory:", article_seconds=0, article_memory_mb=0))  # in-process: calls seen here
    desk._nlp = nlp
    article = seed_articles[0]
    desk.store.add_article(article)
    first = desk.analyze([article])[0].analysis
    assert desk.store.get_analysis(article.id, ANALYZER_VERSION) == first

    calls = []
    real = analyze_pkg.analyze_articles

    def counting(articles, *args, **kw):
        articles = list(articles)
        calls.append([a.id for a in articles])
        return real(articles, *args, **kw)

    monkeypatch.setattr(analyze_pkg, "analyze_articles", counting)
    assert desk.analyze([article])[0].analysis == first
    assert calls == []  # served from the store
    monkeypatch.setattr(analyze_pkg, "ANALYZER_VERSION", ANALYZER_VERSION + "-next")
    desk.analyze([article])
    assert calls == [[article.id]]  # a new analyzer version analyzes again
    desk.close()


def test_long_article_is_cut_with_a_note(nlp):
    text = ('"We are ready," Mayor Ana Ruiz said. ' * 40).strip()
    a = analyze_article(_article(text), nlp, max_chars=300)
    assert any("max_analysis_chars" in n for n in a.notes)
    assert all(q.end <= 300 for q in a.quotes)


def test_text_without_sentences_is_noted_not_crashed(nlp):
    for text in ("", "   \n\n  ", "—— ... ——"):
        a = analyze_article(_article(text), nlp)
        assert a.quotes == () and a.entities == ()
        if not text.strip():
            assert any("no sentences" in n for n in a.notes)


def test_non_english_text_is_noted_and_nothing_is_invented(nlp):
    # a German wire paragraph (written for this test)
    text = (
        "Die Bürgermeisterin verteidigte am Dienstag den Haushalt der Stadt. Kritiker "
        "bemängeln seit Wochen die Kürzungen bei Bussen und Bahnen, während die Verwaltung "
        "auf steigende Kosten verweist. Eine Entscheidung wird im Frühjahr erwartet."
    )
    a = analyze_article(_article(text), nlp)
    assert any("English" in n for n in a.notes)
    assert a.quotes == ()


def test_unbalanced_marks_are_recorded(nlp):
    a = analyze_article(_article('She said "no and left.\n\nThen "yes" twice.'), nlp)
    assert any("unbalanced" in n for n in a.notes)


def test_dates_inside_embedded_posts_are_not_events(nlp):
    # written for this test in the form the seeds embed tweets: a post run into the
    # paragraph, signed "— Name (@handle) Month D, YYYY"
    text = ("The club sacked its coach on Monday after the cup defeat.\n\n"
            "Fans were furious. What a joke of a club, since March 2019 nothing but lies "
            "pic.twitter.com/AbC123xyZ — Sam Ortiz (@samortiz) June 4, 2024\n")
    a = analyze_article(Article(id="p", text=text, source="p.txt", format="text",
                                published="2024-06-04", precision="day"), nlp)
    assert a.posts, "the embedded post should be found"
    post = a.posts[0]
    assert not [d for d in a.dates if post.start <= d.start < post.end]
    assert [d for d in a.dates if d.text == "Monday"]
