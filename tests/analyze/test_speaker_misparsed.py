"""Textbook attributions the parser gets wrong (issue 11, twelfth round): a name in front
of "said:" that the parser hung on a photo caption's line run into it, and a name right
after a quote whose apposition the parser hung on a name inside the quote. Passages
written for these tests, in the shapes of the wire stories where the nulls were found."""

from __future__ import annotations

from .speaking import quote_containing


def test_a_name_before_said_colon_after_a_caption_line_is_the_speaker(nlp):
    # the parser runs the caption line (no full stop) into the next and makes the name the
    # object of its "in": the words "NAME said:" still say who speaks
    text = ("A tram overturned in the south of the city on Wednesday morning.\n"
            "The police have set up a number for friends and family to call.\n"
            "Image copyright Getty Images Image caption Rescuers worked to free people who were trapped in "
            "the carriage\n"
            "Deputy Chief Constable Ana Ruiz said: \"We can confirm that at least four people have lost "
            "their lives.\"\n")
    quote = quote_containing(nlp, text, "lost their lives")
    assert quote.speaker == "Ana Ruiz"  # the ranks are titles, not part of the name


def test_a_name_and_its_apposition_after_a_quote_are_the_speaker(nlp):
    # the parser makes "Paul" (inside the quote) the subject of "said" and the name after
    # the quote an apposition of it
    text = ("Four members of a congregation were on the plane, the rabbi said.\n"
            "\u201cWe were deeply grieved this morning to learn of the deaths of two beloved members of our "
            "team - Drs. Paul and Mary Lane,\u201d Kris Hale, president and CEO of Lakeside Mease and Bay "
            "Health System\u2019s West Region, said in a statement.\n")
    assert quote_containing(nlp, text, "deeply grieved").speaker == "Kris Hale"

