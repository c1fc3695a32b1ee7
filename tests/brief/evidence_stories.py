"""Small multi-outlet stories for the reactions/trending/figures section tests.

Written for these tests (not copied from any outlet), modelled on how UK and US sites
covered a football transfer in 2023: three outlets rewrite one scoop, embed the same fan
tweet in different forms (one glues the hashtag to the word before it and keeps the
pic.twitter.com link, one truncates it), and disagree on the fee and the player's age.
Analysed with storydesk's own finders only (posts, tags, figures), so these tests do not
depend on the entity and quote stages.
"""

from __future__ import annotations

from storydesk.analyze.figures import find_figures
from storydesk.analyze.posts import find_posts
from storydesk.analyze.tags import find_tags
from storydesk.model import Analysis, AnalyzedArticle, Article

TRANSFER = [
    ("Daily Sport", "2023-06-07", (
        "Real Madrid have agreed a £88.5m fee for Jude Bellingham, the club said on Wednesday. "
        "Bellingham, 19, will sign a six-year contract. Fans celebrated online with #HeyJude "
        "and #HalaMadrid.\n\n"
        "Hey Jude, don't make it bad. Welcome to the best club in the world #HeyJude "
        "pic.twitter.com/Hj12AbCd — Marta (@marta_rm) June 7, 2023\n\n"
        "Borussia Dortmund said 20 people worked on the deal."
    )),
    ("The Ledger", "2023-06-08", (
        "Jude Bellingham has completed his move to Real Madrid for a £88.5m fee. "
        "Bellingham, 20, signed a six-year contract on Thursday, the #heyjude hashtag trending "
        "again.\n\n"
        "Hey Jude, don't make it bad. Welcome to the best club in the world#HeyJude\n\n"
        "— Marta (@marta_rm) June 7, 2023\n\n"
        "Madrid will pay a further £14m in add-ons, and 2,000 fans are expected at his "
        "unveiling.\n\n"
        "Goodbye Jude, thank you for three years — BVB fan (@bvb_fan) June 8, 2023"
    )),
    ("Sport Wire", "2023-06-08", (
        "Real Madrid confirmed the signing of Bellingham for a £113m fee including add-ons. "
        "The 20-year-old midfielder joins on a six-year contract. #HeyJude #HeyJude\n\n"
        "Hey Jude, don't make it bad. Welcome to the best — Marta (@marta_rm) June 7, 2023"
    )),
]


def analyzed_story(nlp, story=TRANSFER) -> list[AnalyzedArticle]:
    items = []
    for i, (outlet, published, text) in enumerate(story):
        article = Article(id=f"art{i}", text=text, source=f"fixture:{i}", format="text",
                          outlet=outlet, published=published, precision="day")
        analysis = Analysis(
            article_id=article.id, version="test",
            posts=tuple(find_posts(text)), tags=tuple(find_tags(text)),
            figures=tuple(find_figures(text, nlp(text))),
        )
        items.append(AnalyzedArticle(article, analysis))
    return items


def assert_sources_exact(entries, items) -> None:
    """Every excerpt is exactly its article's text at start:end."""
    texts = {item.article.id: item.article.text for item in items}
    for entry in entries:
        assert entry["sources"], entry
        for src in entry["sources"]:
            assert texts[src["article_id"]][src["start"] : src["end"]] == src["excerpt"]
