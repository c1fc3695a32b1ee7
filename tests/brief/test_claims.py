"""Citations read who did what to whom: a sentence that shares every name and word with a
summary sentence but denies its claim, or reverses its doer and done-to, is never cited.

The sentences are written for these tests, in the patterns the issue reports (a passer-by's
"we are not at war" cited for a leader's "act of war"; "Heard said Depp assaulted her"
cited by "Heard was abusive"); they go through the real spaCy analysis.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from storydesk.brief.citations import LEXICAL, StorySentences

EVEN = replace(LEXICAL, threshold=0.5)


def _story(nlp, *texts):
    from storydesk.analyze import analyze_articles
    from storydesk.analyze.entities import resolve_story
    from storydesk.ingest.common import make_article
    from storydesk.model import AnalyzedArticle

    articles = [make_article(text=t, source=f"{i}.txt", format="text", raw=t, outlet=f"Outlet {i}")
                for i, t in enumerate(texts)]
    return resolve_story([AnalyzedArticle(a, x) for a, x in zip(articles, analyze_articles(articles, nlp))])


def _features(nlp, s, t):
    story = StorySentences(_story(nlp, s, t))
    return story, story.features(0, story.pieces[0][0], 1)[0]


@pytest.mark.parametrize("s, t", [
    ("Prime Minister Anna Berg told reporters on Friday that the country is not at war with its neighbour.",
     "Prime Minister Anna Berg told reporters on Friday that the country is at war with its neighbour."),
    ("The company denied that it had sold the data of its customers to advertisers last year.",
     "The company admitted that it had sold the data of its customers to advertisers last year."),
    ("Nobody has claimed responsibility for the bombing of the central station in the capital.",
     "The rebel group has claimed responsibility for the bombing of the central station in the capital."),
])
def test_a_denied_claim_is_never_cited_for_the_claim(nlp, s, t):
    story, f = _features(nlp, s, t)
    assert f["negation_flip"] == 1.0
    assert story.best(0, story.pieces[0][0], 1, EVEN)[1] == 0.0


def test_the_same_claim_without_a_negation_is_cited(nlp):
    story, f = _features(nlp, "Prime Minister Anna Berg told reporters on Friday that the country is at war.",
                         "The country is at war, Prime Minister Anna Berg told reporters on Friday.")
    assert f["negation_flip"] == 0.0 and f["role_swap"] == 0.0
    assert story.best(0, story.pieces[0][0], 1, EVEN)[1] >= 0.5


def test_the_doer_and_the_done_to_reversed_is_never_cited(nlp):
    story, f = _features(nlp, "Police said Tom Walker attacked Peter Lindqvist outside the stadium on Saturday.",
                         "Police said Peter Lindqvist attacked Tom Walker outside the stadium on Saturday.")
    assert f["role_swap"] == 1.0
    assert story.best(0, story.pieces[0][0], 1, EVEN)[1] == 0.0
