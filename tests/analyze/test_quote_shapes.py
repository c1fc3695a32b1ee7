"""Speaker shapes the eighth round's dev stories showed (issue 11): a long apposition
between a quote and its cue, words an agency relays "quoting" someone, a person named
in a relative clause next to the pronoun that speaks, two people who are subjects
before a "he said", and a photo caption between a quote and the next paragraph's
pronoun. Each passage was written for these tests; each asserts the speaker is right or
null, never someone else."""

from __future__ import annotations

from storydesk.analyze import analyze_article
from storydesk.analyze.roles import caption, paragraph_before
from storydesk.model import Article


def _analysis(text: str, nlp):
    return analyze_article(Article(id="t", text=text, source="test.txt", format="text"), nlp)


def _speaker(analysis, words: str):
    found = [q for q in analysis.quotes if words in q.text]
    assert found, f"no quote containing {words!r} in {[q.text for q in analysis.quotes]}"
    return found[0].speaker


def test_long_apposition_between_the_quote_and_its_cue(nlp):
    text = ('"After checking the figures, we found that the bridge is sound," Dana Whitfield, '
            "the minister of transport, housing and regional planning, said during a televised "
            "news conference.\n")
    assert _speaker(_analysis(text, nlp), "the bridge is sound") == "Dana Whitfield"


def test_a_verb_before_a_far_cue_keeps_the_window_short(nlp):
    # "who ran the inquiry for the council and wrote its report" has verbs of its own: the
    # far "said" is not taken through them, so nobody is guessed
    text = ('"The report is complete and it will be published," according to officials. Tom '
            "Reed, who ran the inquiry for the council and wrote most of its long final report "
            "last year, said nothing.\n")
    assert _speaker(_analysis(text, nlp), "report is complete") != "Tom Reed"


def test_an_agency_quoting_someone_is_not_the_speaker(nlp):
    text = ("The Northern Farm Bureau announced the harvest on Monday.\n\n"
            '"The harvest is ready and the granaries are full," the Northern Farm Bureau said, '
            "quoting a regional director who was not identified by name.\n")
    assert _speaker(_analysis(text, nlp), "granaries are full") != "Northern Farm Bureau"


def test_a_person_in_a_relative_clause_is_not_the_pronoun(nlp):
    text = ("Mr. Lind, a former minister who backs the plan, accused the board of panic. Citing "
            'the audit, which Mr. Osei strongly opposed, he said, "There is no crisis on the '
            'horizon and there never was."\n')
    assert _speaker(_analysis(text, nlp), "no crisis on the horizon") in (None, "Lind")


def test_pronoun_after_two_subjects_is_never_the_reported_one(nlp):
    text = ("Dr. Paul Reyes, the second surgeon to arrive, said by the time he got there, Mr. Tom "
            'Baker was in a coma, "barely alive at that point," he said.\n')
    assert _speaker(_analysis(text, nlp), "barely alive") in (None, "Paul Reyes")


def test_photo_caption_lines_are_passed_over_as_paragraphs():
    text = "First paragraph.\nA rocket lifts off. (Lee Jin/AFP/Getty Images)\nThird."
    assert paragraph_before(text, text.index("Third")) == 0
    assert caption("The launch. (Brett Coomer/AP)") and not caption("He left (for good).")
