"""Direct quotes with their speakers (issue 3): every news form, pronoun and role speakers,
scare quotes, posts, unbalanced marks, and the seed articles."""

from __future__ import annotations

import pytest

from storydesk.analyze import analyze_article
from storydesk.analyze.quotemarks import pair_quotes
from storydesk.model import Article, Post

# Written for these tests in the style of a wire report on a different story (a city
# budget fight), one paragraph per attribution form; curly and straight marks mixed as
# they are in scraped copy.
BUDGET = """Mayor Karen Holt defended the budget on Tuesday.

"We balanced it without closing a single library," Holt said.

Council member David Ruiz replied: "The libraries stay open, but the buses stop at nine."

“Nobody voted for this,” said Mr. Ruiz, who chairs the transit committee.

"The numbers are public," she said, "and anyone can check them."

"It is a fair budget," Holt told reporters. "It asks something of everyone."

Ruiz called the plan "a slow-motion cut to the bus network" and vowed to fight it.

Residents packed a "town hall" that ran past midnight.

Holt's spokesperson dubbed the criticism "theatre" in an email.
"""


def _article(text: str) -> Article:
    return Article(id="t", text=text, source="test.txt", format="text")


@pytest.fixture(scope="module")
def budget(nlp):
    return analyze_article(_article(BUDGET), nlp)


def _quote(analysis, words: str):
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0]


@pytest.mark.parametrize(
    ("words", "speaker", "cue"),
    [
        ("without closing a single library", "Karen Holt", "said"),  # "...," X said
        ("buses stop at nine", "David Ruiz", "replied"),  # X replied: "..."
        ("Nobody voted for this", "David Ruiz", "said"),  # "...," said X
        ("It is a fair budget", "Karen Holt", "told reporters"),  # told X
        ("It asks something of everyone", "Karen Holt", "told reporters"),  # continuation
        ("slow-motion cut to the bus network", "David Ruiz", "called"),  # fragment
    ],
)
def test_each_news_form_gets_its_speaker_and_cue(budget, words, speaker, cue):
    q = _quote(budget, words)
    assert q.speaker == speaker
    assert q.cue == cue


def test_split_quote_gives_two_records_with_the_pronoun_resolved(budget):
    first = _quote(budget, "The numbers are public")
    second = _quote(budget, "anyone can check them")
    assert first is not second
    # "she" follows a paragraph about Mr. Ruiz, a man; Holt is named as a woman nowhere,
    # so the pronoun stays unresolved or goes to Holt, never to Ruiz
    for q in (first, second):
        assert q.speaker in (None, "Karen Holt")
        assert BUDGET[q.speaker_start:q.speaker_end] == "she"


def test_quote_spans_are_exact_and_exclude_marks(budget):
    for q in budget.quotes:
        assert BUDGET[q.start:q.end] == q.text
        assert q.text[0] not in "\"“”" and q.text[-1] not in "\"“”,"
        if q.speaker_start is not None:
            assert BUDGET[q.speaker_start:q.speaker_end].strip()


def test_scare_quotes_are_not_quotes_but_governed_fragments_are(budget):
    assert not [q for q in budget.quotes if q.text == "town hall"]
    theatre = _quote(budget, "theatre")
    # the subject of "dubbed" is the spokesperson, not Holt: an unnamed role, as printed
    # (issue 11: roles stay roles)
    assert theatre.speaker in (None, "Holt's spokesperson")
    assert theatre.speaker_type in (None, "role")
    assert BUDGET[theatre.speaker_start:theatre.speaker_end] == "Holt's spokesperson"


def test_pronoun_resolves_to_the_nearest_compatible_person(nlp):
    text = (
        "Actress Mia Lund arrived with her lawyer, Tom Berg. Mr. Berg spoke to reporters first.\n\n"
        '"I have nothing to hide," she said. "My client will not comment further," he added.\n'
    )
    a = analyze_article(_article(text), nlp)
    # "she": Berg is a man ("Mr."), Lund a woman ("Actress"): the nearer name is skipped
    assert _quote(a, "nothing to hide").speaker == "Mia Lund"
    assert _quote(a, "will not comment").speaker == "Tom Berg"


def test_pronoun_looks_back_no_further_than_the_paragraph_before(nlp):
    text = (
        "Actress Mia Lund arrived with her lawyer.\n\n"
        "The hearing was delayed by an hour.\n\n"
        '"I have nothing to hide," she said.\n'
    )
    q = _quote(analyze_article(_article(text), nlp), "nothing to hide")
    assert q.speaker is None and text[q.speaker_start:q.speaker_end] == "she"


# Written for these tests in the style of a celebrity-news rewrite on another story (a
# footballer's contract dispute), with a related-article title glued after a quote as
# scraped pages have them, a role subject and pronoun speakers whose gender only the
# text's own clauses show.
CLUB = """Marta Silva can be seen in the video admitting that she missed the meeting. "I was late, I was angry, and I said things I regret," she says in the clip, adding, "I never meant to hurt the club."

Silva insists a few more times that she did not leave on purpose. "I did not walk out. I did not quit." Striker Marta Silva's Ex-Husband Pleads Court to Freeze Transfer Fee in Response to Her $5 Million Claim.

Veteran coach Paul Okafor told the board he was stunned by the video. Okafor, 58, the manager, has run the club since 2015.

The 58-year-old manager adds that the squad needs calm, "so that we don't lose the whole season over one bad night."
"""  # noqa: E501 - paragraphs as scraped, one line each


@pytest.fixture(scope="module")
def club(nlp):
    return analyze_article(_article(CLUB), nlp)


def test_pronoun_speaker_resolved_from_a_name_subject_with_a_pronoun_clause(club):
    # "Marta Silva ... admitting that she ...": the text itself shows she is a woman
    for words in ("I was late", "I never meant to hurt"):
        q = _quote(club, words)
        assert q.speaker == "Marta Silva"
        assert CLUB[q.speaker_start:q.speaker_end] == "she"


def test_headline_like_sentence_never_supplies_a_cue_or_a_speaker(club):
    q = _quote(club, "I did not walk out")
    # the title after the quote has a capitalised "Pleads" after a name: never a cue
    assert q.cue != "Pleads"
    assert q.speaker in (None, "Marta Silva")
    headline = CLUB.index("Striker Marta")
    assert q.speaker_start is None or q.speaker_start < headline


def test_headline_like_sentence_creates_no_entities(club):
    headline = CLUB.index("Striker Marta")
    end = CLUB.index("Claim.") + 6
    names = {e.canonical for e in club.entities}
    assert not [n for n in names if "Pleads" in n or "Transfer" in n or "Court" in n]
    for e in club.entities:
        if headline <= e.start < end:
            assert e.canonical in {x.canonical for x in club.entities if not headline <= x.start < end}


def test_role_subject_resolves_to_the_person_the_article_ties_the_role_to(club):
    # "Okafor, 58, the manager": "The 58-year-old manager adds" is Okafor
    q = _quote(club, "lose the whole season")
    assert q.speaker == "Paul Okafor"
    assert CLUB[q.speaker_start:q.speaker_end].startswith("The 58-year-old")


def test_role_subject_without_a_tie_or_a_single_subject_before_is_unresolved(nlp):
    text = ("Paul Okafor and Lena Morrow spoke after the match.\n\n"
            'The manager said the squad was tired, "and nobody wants to hear excuses."\n')
    q = _quote(analyze_article(_article(text), nlp), "nobody wants to hear")
    # neither person named before: the role as printed (issue 11), or nobody
    assert q.speaker in (None, "The manager") and q.speaker_type in (None, "role")


def test_pronoun_between_two_people_of_unknown_gender_stays_unresolved(nlp):
    text = (
        "Robin Vale met Sasha Kerr at the summit.\n\n"
        '"The talks went well," she said.\n'
    )
    q = _quote(analyze_article(_article(text), nlp), "talks went well")
    assert q.speaker is None
    assert text[q.speaker_start:q.speaker_end] == "she"


def test_unattributed_quote_has_no_speaker(nlp):
    text = 'The report ended abruptly.\n\n"We will rebuild everything that was lost here."\n'
    a = analyze_article(_article(text), nlp)
    assert _quote(a, "We will rebuild").speaker is None


def test_text_inside_an_embedded_post_is_never_a_quote(nlp):
    from storydesk.analyze.entities import find_entities
    from storydesk.analyze.quotes import find_quotes

    text = 'Fans reacted online.\n\n"This is the best day ever," wrote Sam Lee (@samlee) June 2, 2024\n'
    doc = nlp(text)
    post = Post(start=text.index('"'), end=len(text.rstrip()), platform="twitter", text="x")
    assert find_quotes(doc, find_entities(doc, [post]), [post]) == []
    assert find_quotes(doc, find_entities(doc, []), [])  # the same text outside a post is


def test_unbalanced_marks_are_skipped_with_a_note(nlp):
    text = 'He said "we will win the vote and then left.\n\nLater he said: "Fine."\n'
    a = analyze_article(_article(text), nlp)
    assert not [q for q in a.quotes if "we will win" in q.text]
    assert any("unbalanced" in n for n in a.notes)
    spans, notes = pair_quotes(text)
    assert [s.text for s in spans] == ["Fine."]


def test_quote_continued_into_the_next_paragraph(nlp):
    text = (
        '"We will not stop," Ana Diaz said. "The schools come first.\n\n'
        '"And the roads come second."\n'
    )
    a = analyze_article(_article(text), nlp)
    assert _quote(a, "The schools come first").speaker == "Ana Diaz"
    assert _quote(a, "roads come second").speaker == "Ana Diaz"


def test_seed_quotes_are_never_misattributed(analyzed_seeds):
    """The seeds' speakers, checked by reading the articles: every named speaker is the
    right one (a wrong name fails; an unresolved one is allowed)."""
    said = {}
    for item in analyzed_seeds:
        for q in item.analysis.quotes:
            assert item.article.text[q.start:q.end] == q.text
            if q.speaker:
                said.setdefault(q.speaker, []).append(q.text)
    heard = " ".join(said.get("Amber Heard", []))
    depp = " ".join(said.get("Johnny Depp", []))
    assert "I did not punch you" in heard
    assert "I pushed you" in depp
    # "crime scene" is Depp's too; the speaker model leaves it unattributed (its
    # probability is under the threshold): allowed, a wrong name is not
    assert "crime scene" not in heard
    assert "I pushed you" not in heard and "I did not punch you" not in depp
    # Waldman's words go to Waldman or, under the speaker model's threshold, to nobody
    assert not any("chilling confessions of violence" in " ".join(v) for k, v in said.items() if k != "Adam Waldman")
    # a commenter's and a producer's words: theirs, or (under the threshold) nobody's
    for words, owner in (("recovery circles", "Jesse Zook"), ("two audio files", "Jacklyn Krol")):
        assert not any(words in " ".join(v) for k, v in said.items() if k != owner)
    assert said  # the seeds' speakers are not all left unattributed


def test_relative_pronoun_speaker_is_the_noun_it_follows(nlp):
    # written for this test: the speaker named once, then "who said"
    text = ('The plan was attacked by Senator Ana Diaz, who said it would "cut the bus '
            'network in half."\n\nResidents who called it "a slow-motion disaster" packed the hall.\n')
    a = analyze_article(_article(text), nlp)
    q = _quote(a, "cut the bus network")
    # the relative pronoun's noun is the speaker; the model may leave it under its threshold
    assert q.speaker in ("Ana Diaz", None)
    assert q.speaker is None or text[q.speaker_start:q.speaker_end] == "who"
    residents = _quote(a, "slow-motion disaster")  # residents: nobody named, a group
    assert residents.speaker in (None, "Residents") and residents.speaker_type in (None, "role")
