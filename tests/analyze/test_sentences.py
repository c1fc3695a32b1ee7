"""Sentences (issue 3): spans are exact and never cross a line break, even where spaCy's
parser runs one sentence over a blank line."""

from __future__ import annotations

from storydesk.analyze.headlines import headline_like, headline_spans
from storydesk.analyze.sentences import find_sentences

# Written for these tests: a scraped page's caption line run straight into the first
# paragraph (no full stop after the caption), then a one-line section heading.
CAPTION = """Mayor Karen Holt at City Hall (Photo: File)

The council passed the budget on Tuesday after a long night. Holt thanked the staff.
Budget Vote Highlights
Buses will stop at nine."""


def test_no_sentence_crosses_a_line_break(nlp):
    doc = nlp(CAPTION)
    sents = find_sentences(doc)
    texts = [CAPTION[s.start:s.end] for s in sents]
    assert all("\n" not in t for t in texts)
    assert texts[0] == "Mayor Karen Holt at City Hall (Photo: File)"
    assert "Budget Vote Highlights" in texts
    for t in texts:
        assert t == t.strip() and t


def test_seed_sentences_stay_within_their_lines(analyzed_seeds):
    for item in analyzed_seeds:
        text = item.article.text
        for s in item.analysis.sentences:
            assert "\n" not in text[s.start:s.end]


def test_headline_like_sentences_are_title_case_not_names(nlp):
    # a related-article title glued after a paragraph, beside a real sentence that is
    # nothing but names and a lower-case verb
    text = ("Prime Minister Tom Lee met President Ana Diaz in Oslo on Monday. "
            "Lee's Ex-Wife Pleads Court to Reopen Divorce Case in Response to His Book.")
    sents = find_sentences(nlp(text))
    spans = headline_spans(text, sents)
    assert [text[s:e] for s, e in spans] == [
        "Lee's Ex-Wife Pleads Court to Reopen Divorce Case in Response to His Book."]
    assert not headline_like("THE NERVE OF THESE PEOPLE TODAY")  # shouting, not a title


def test_an_opening_quotation_mark_starts_its_sentence(nlp):
    # Written for this test, in the shape spaCy splits badly: a quoted title opening the
    # next sentence after a full stop.
    text = ("After the recording was published, fans have become vocal in supporting the singer. "
            "'Justice For Mary Lane' started trending on Twitter. Her label declined to comment.")
    sents = [text[s.start:s.end] for s in find_sentences(nlp(text), text)]
    assert not any(s.endswith(("'", '"', "“")) and not s.endswith(".'") for s in sents), sents
    assert any(s.startswith("'Justice For Mary Lane'") for s in sents), sents
