"""A line that opens as a sentence does starts one (storydesk.analyze.line_starts): a
heading or photo caption without a full stop no longer swallows the name that opens the
next paragraph, while a line that leads into the next with a colon still does."""

from __future__ import annotations


def _subject_of(doc, verb: str) -> str | None:
    """The head word of ``verb``'s subject."""
    tok = next(t for t in doc if t.text == verb)
    return next((c.text for c in tok.children if c.dep_ == "nsubj"), None)


def test_a_name_after_a_heading_line_is_its_sentences_subject(nlp):
    doc = nlp("'No time to react'\nEric Lee, an American who witnessed the scene, recalled how he and his "
              "wife were having a glass of wine.\n")
    assert [t for t in doc if t.text == "Eric"][0].is_sent_start
    assert _subject_of(doc, "recalled") == "Lee"  # not "time", the heading's noun


def test_a_line_ending_in_a_colon_still_leads_into_the_next(nlp):
    doc = nlp("Lee continued:\n\"The health issue is very much a partisan issue.\"\n")
    opening = [t for t in doc if t.text == '"'][0]
    assert not opening.is_sent_start


def test_a_line_going_on_in_lower_case_is_left_to_the_parser(nlp):
    doc = nlp("The rescuers freed the people who were\ntrapped in the carriage for an hour.\n")
    assert not [t for t in doc if t.text == "trapped"][0].is_sent_start


def test_a_line_opening_with_a_quotation_mark_is_one_sentence_with_its_words(nlp):
    # the opening mark starts the sentence; the quote's first word does not start another
    doc = nlp("The fans made the trip for the historic game\n"
              "'I just had to remind everybody who we are,' he said.\n")
    opening = [t for t in doc if t.text == "'"][0]
    assert opening.is_sent_start and not doc[opening.i + 1].is_sent_start
    assert opening.sent == [t for t in doc if t.text == "he"][0].sent
