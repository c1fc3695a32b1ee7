"""Speakers taking turns (issue 11, ninth round): a speaker's second quote after a new
sentence that opens the next speaker's quote with a colon, a quote carried over from the
one before when someone else spoke earlier in the paragraph, and a pronoun after a line the
parser ran into the next one. Passages written for these tests, in the forms of the page
where the errors were found (a long feature with several speakers quoted in turns)."""

from __future__ import annotations

from .speaking import speaker_in


def test_a_colon_after_a_finished_quote_opens_the_next_quote_not_this_one(nlp):
    # `"... I guess." Ana Moss agreed: "..."`: Moss's cue is the next quote's; the words
    # before it go on from Kate Berg's quote (once credited to Moss)
    text = ("Both writers had worked on television before.\n\n"
            "\u201cIt is a totally different muscle,\u201d Kate Berg said. \u201cYou have to take yourself out of "
            "it a little bit, I guess.\u201d Ana Moss agreed: \u201cIt is a different job altogether, and a hard "
            "one.\u201d\n")
    assert speaker_in(nlp, text, "take yourself") == "Kate Berg"
    assert speaker_in(nlp, text, "different job") == "Ana Moss"


def test_a_carried_quote_is_not_weakened_by_who_spoke_before_the_quote_it_continues(nlp):
    # "A neurologist once wrote" came before Lane's first quote: her rival there, not for the
    # words that go on after her "she said" (once left without a speaker)
    text = ("The actress Mary Lane had surgery on her arm in 2009. A neurologist once wrote about such cases "
            "in a book. \u201cI could not focus, I could not have acted,\u201d she said. \u201cI could not have "
            "learned any lines at all.\u201d\n")
    assert speaker_in(nlp, text, "learned any lines") == "Mary Lane"


def test_a_pronoun_after_lines_the_parser_ran_together_is_the_one_named_on_them(nlp):
    # the parser runs the quote's line, a scraper's copyright line and Holt's line into one
    # sentence; "she said" is Holt, named on the line before, not Lane, the subject before all three
    text = ("The actress Jessie Holt sang the song in the film.\n"
            "The actress Mary Lane wrote it with two friends in a few hours.\n"
            "Mary Lane has only found one drawback to collaborating with Berg and Moss: \u201cThey\u2019re such good "
            "singers that people are going to get intimidated by their demos and go, \u2018Well I can\u2019t sing "
            "like that, so I\u2019m not doing that song.\u2019\u201d\n"
            "1996-98 AccuSoft Inc., All right\n"
            "Holt, who hadn\u2019t sung in a long time before the production, worried about doing justice to a song "
            "like that, given that she had no background in country music. \u201cBut the story of it really moved "
            "me,\u201d she said, \u201cso I sat down with a guitarist.\u201d\n")
    assert speaker_in(nlp, text, "story of it") == "Jessie Holt"


def test_a_term_in_quotation_marks_does_not_cut_the_clause_that_attributes_the_next_quote(nlp):
    # `said he had never used the term "three amigos" and said, "..."`: the two-word term is no
    # quote of its own to cut the attribution window at (the words after it had no speaker)
    text = ("Kurt Vale said he had never used the term \u201cthree amigos\u201d and said, \u201cI frankly cringe "
            "when I hear it.\u201d\n")
    assert speaker_in(nlp, text, "frankly cringe") == "Kurt Vale"
    text = ("The mayor, Ana Ruiz, called the crash a \u201cdark day\u201d and said the city would \u201cdo everything "
            "we can for the families.\u201d\n")
    assert speaker_in(nlp, text, "everything we can") == "Ana Ruiz"


def test_a_textbook_attribution_is_not_weakened_by_who_spoke_before_an_earlier_quote(nlp):
    # `"...," Moss said.` right after the quote: Kate Berg, who said the earlier quote, and the
    # songwriters "who had written music" before it are no rivals for these words (once null)
    text = ("Both songwriters, who had written music for a television show before, came to the project with "
            "the same idea. \u201cIt is a totally different muscle,\u201d Kate Berg said. Ana Moss agreed that it "
            "was a different job. This particular task was a little bit of both. \u201cI feel like we could get "
            "into the guts of this song because we have all lived it,\u201d Moss said.\n")
    assert speaker_in(nlp, text, "totally different muscle") == "Kate Berg"
    assert speaker_in(nlp, text, "guts of this song") == "Ana Moss"


def _candidates(nlp, text: str, words: str):
    """The speaker candidates of the quote holding ``words`` (as the speaker model sees them)."""
    from storydesk.analyze.entities import find_entities
    from storydesk.analyze.headlines import headline_spans
    from storydesk.analyze.posts import find_posts
    from storydesk.analyze.quotes import attribute_quotes
    from storydesk.analyze.sentences import find_sentences

    doc = nlp(text)
    posts = find_posts(text)
    headlines = headline_spans(text, find_sentences(doc, text))
    explain: list = []
    attribute_quotes(doc, find_entities(doc, posts, headlines), posts, None, headlines, None, explain)
    return next(cands for span, cands in explain if words in span.text)


def test_a_quote_only_paragraph_is_not_carried_over_a_paragraph_naming_someone_else(nlp):
    # Bell's quote, then a paragraph reporting Erekat's words, then a paragraph of quotation:
    # the words may well be Erekat's, so Bell's is no carried attribution for them (it was one,
    # left below the threshold by the model only)
    text = ("\u201cThe illegality of the camps has always been stated as a fact. The breaking of that consensus "
            "is important,\u201d said Avi Bell, a senior fellow at a policy forum.\n"
            "Saeb Erekat said it was only the latest move to force the Palestinians to give up their claims.\n"
            "\u201cThey wanted us on our knees and they used every trick to put pressure on us. We stand tall and "
            "we will stand tall.\u201d\n")
    cands = _candidates(nlp, text, "on our knees")
    assert not any(c.route == "carry" for c in cands)
    assert speaker_in(nlp, text, "on our knees") != "Avi Bell"
