"""Bodies as speakers (issue 11, eleventh round): an organisation the tagger types
correctly is weighed as a speaker as a person is ("the ministry said in a statement"),
not left null while the same name typed a person would have got the quote. Passages
written for these tests, in the form of the wire report where the null was found."""

from __future__ import annotations

from storydesk.analyze import analyze_article
from storydesk.model import Article

TEXT = (
    "Fishing boats were ordered back to port on Tuesday after the drills began near the coast.\n\n"
    "Norway said it was ready to defend its waters. \u201cMoscow must come back to the negotiating table, "
    "realizing that dialogue is the only way to ensure the security of the region,\u201d the Norwegian "
    "Foreign Ministry said in a statement.\n"
)


def _quote(nlp, text: str, words: str):
    analysis = analyze_article(Article(id="t", text=text, source="test.txt", format="text"), nlp)
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0]


def test_a_ministry_named_as_the_speaker_of_a_quote_is_its_speaker(nlp):
    # once null (probability 0.87): an organisation weighed below a person of the same form
    q = _quote(nlp, TEXT, "negotiating table")
    assert q.speaker == "Norwegian Foreign Ministry"
    assert q.speaker_type == "organization"
    assert TEXT[q.speaker_start:q.speaker_end] == "the Norwegian Foreign Ministry"


def test_a_body_that_only_reports_is_not_made_a_speaker(nlp):
    # "the Times reported": an outlet relaying words, not weighed as a speaker here
    text = ("Officials met late on Monday.\n\n"
            "\u201cWe will not accept any deal that weakens the alliance,\u201d the minister told "
            "lawmakers, the Financial Times reported.\n")
    q = _quote(nlp, text, "weakens the alliance")
    assert q.speaker != "Financial Times"


BODY_PRONOUNS = (
    "Flights resumed on Tuesday after a two-day halt.\n\n"
    "The Norwegian Maritime Authority has denied doing anything wrong.\n\n"
    '"At no point did we stop any ship from leaving port," they said in a statement on their website.\n\n'
    "The Norwegian Maritime Authority blamed the Coast Guard for the delay.\n\n"
    '"We acted on the information we had at the time," it said.\n'
)


def test_it_or_they_after_a_sentence_whose_subject_is_one_body_is_that_body(nlp):
    # once null: "they said" after the one organisation the sentence before is about
    q = _quote(nlp, BODY_PRONOUNS, "At no point")
    assert q.speaker == "Norwegian Maritime Authority"
    assert q.speaker_type == "organization"
    assert BODY_PRONOUNS[q.speaker_start:q.speaker_end] == "they"


def test_it_after_a_sentence_naming_two_bodies_stays_unresolved(nlp):
    # the Coast Guard, named there too, may be "it"
    assert _quote(nlp, BODY_PRONOUNS, "We acted on").speaker is None


def test_it_after_a_sentence_about_people_is_no_body(nlp):
    text = ("Regulators in Oslo asked the Norwegian Maritime Authority to act on Thursday.\n\n"
            '"We take these reports seriously and act quickly," it said.\n')
    assert _quote(nlp, text, "take these reports").speaker is None
