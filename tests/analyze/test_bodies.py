"""Bodies named by their kind ("the airline said", issue 11): the one organisation of that
kind the article names, or no name. Passages written for these tests, each on an invented
story; every assertion allows only the right body or no name (a misattributed quote is
worse than a missing speaker)."""

from __future__ import annotations

import pytest

from storydesk.analyze import analyze_article
from storydesk.model import Article


def _quote(nlp, text: str, words: str):
    analysis = analyze_article(Article(id="t", text=text, source="test.txt", format="text"), nlp)
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0]


@pytest.mark.parametrize(("text", "words", "body"), [
    # an apposition says what the body is
    (("Skyvale, the regional airline, grounded its fleet on Tuesday after the storm.\n\n"
      '"We will not fly until every aircraft has been inspected," the airline said in a statement.\n'),
     "every aircraft has been inspected", "Skyvale"),
    # a noun before the name does
    (("Credit company Norvex said on Monday that hackers had stolen customer records.\n\n"
      '"We apologise for the concern this causes," the company said.\n'),
     "concern this causes", "Norvex"),
    # the name itself holds the kind
    (("The Harbour Bay Council said the beach would stay closed over the weekend.\n\n"
      'In a second post, the council said that "public safety comes first."\n'),
     "public safety comes first", "Harbour Bay Council"),
])
def test_a_body_called_by_its_kind_is_the_one_body_of_that_kind(nlp, text, words, body):
    q = _quote(nlp, text, words)
    assert q.speaker == body and q.speaker_type == "organization"


def test_two_bodies_of_no_stated_kind_leave_the_company_unnamed(nlp):
    # both are companies in fact, but the text says of neither: nobody is picked
    text = ("Orbix removed the Kestrel app from its store on Thursday.\n\n"
            '"We take the safety of our users seriously," the company said.\n')
    q = _quote(nlp, text, "safety of our users")
    assert q.speaker in (None, "the company")
    assert q.speaker not in ("Orbix", "Kestrel")


def test_the_body_of_the_kind_is_not_chosen_when_another_body_spoke_last(nlp):
    # "Coastline Airlines" holds the kind, but Tamaru Air spoke last: "the airline" may be it
    text = ("One brother was ticketed on Coastline Airlines and the other on Tamaru Air.\n\n"
            "Tamaru Air said it was investigating how the passenger boarded the wrong plane.\n\n"
            '"We apologise to every passenger for the delay," the airline said.\n')
    q = _quote(nlp, text, "apologise to every passenger")
    assert q.speaker != "Coastline Airlines"


def test_a_word_for_a_person_is_never_a_body_s_kind(nlp):
    text = ("Norvex, the payments company, said its systems were restored on Friday.\n\n"
            '"The outage lasted four hours," the spokesman said.\n')
    q = _quote(nlp, text, "outage lasted four hours")
    assert q.speaker != "Norvex"

