"""Who said what: one entry per utterance, merged across outlets' differing printings.

The fixture texts were written for these tests, modelled on how outlets reprinted a
coach's leaked dressing-room recording in 2019 (censored differently, trimmed, with
words dropped or added, in different quotation marks); they are not copied from any
outlet. Analyses are hand-built (tests/brief/handmade.py) so that these tests check the
merging alone, whatever the quote finder does.
"""

from __future__ import annotations

from storydesk.brief.quote_match import same_utterance, tokens
from storydesk.brief.quotes import build_quotes

from .handmade import analyzed


def _story(*printings):
    """One article per (outlet, text, quotes) printing."""
    return [analyzed(text, outlet=outlet, source=f"{outlet}.txt", quotes=quotes)
            for outlet, text, quotes in printings]


def test_censored_forms_of_one_word_match_each_other_and_the_plain_word():
    plain = tokens("We are a fucking disgrace tonight")
    for censored in ("We are a f**king disgrace tonight", "We are a f***ing disgrace tonight",
                     "We are a f—–g disgrace tonight", "We are a F*****G disgrace tonight"):
        assert same_utterance(tokens(censored), plain), censored


def test_censoring_does_not_match_a_different_word():
    assert not same_utterance(tokens("I did not f**king deck you"), tokens("I did not simply deck you"))


def test_a_dash_between_words_is_no_censored_word_that_matches_anything():
    # a dash alone once read as a censored word with no visible letter, which matched every
    # word of the other quote: two different quotes with a dash each were one utterance, and
    # the brief showed one speaker's words under another's name
    one = tokens("You have to take yourself out of it a little bit — it’s kind of like acting, I guess.")
    other = tokens("It made sense, because it came from someone with a complex understanding of "
                   "character — someone who was able to go right to the root of what her story is about")
    assert not same_utterance(one, other)
    assert same_utterance(one, tokens("You have to take yourself out of it a little bit - it's kind of like acting"))


def test_variants_merge_into_one_entry_with_the_fullest_text_and_every_outlet():
    full = ("I can't promise you I won't lose my temper again. We are a f***ing disgrace "
            "and every one of you knows it.")
    story = _story(
        ("Courier", f'The coach said: "{full}"', ((full, "Mark Hollis", "said"),)),
        ("Ledger", ("Hollis told players: “I can’t promise I won’t lose my temper again. We are a "
                   "f—–g disgrace...”"), (("I can’t promise I won’t lose my temper again. We are a f—–g disgrace...",
                                        "Mark Hollis", "told players"),)),
        ("Star", "He went on: 'WE ARE A F**KING DISGRACE AND EVERY ONE OF YOU KNOWS IT.'",
         (("WE ARE A F**KING DISGRACE AND EVERY ONE OF YOU KNOWS IT.", "Mark Hollis", "went on"),)),
    )
    quotes = build_quotes(story)
    assert len(quotes) == 1
    q = quotes[0]
    assert q["text"] == full and q["speaker"] == "Mark Hollis"
    assert {s["outlet"] for s in q["sources"]} == {"Courier", "Ledger", "Star"}
    assert len(q["variants"]) == 3
    assert {v["article_id"] for v in q["variants"]} == {a.article.id for a in story}


def test_two_people_saying_similar_words_are_never_merged():
    words = "We are not going to resign over a recording"
    story = _story(
        ("Courier", f'"{words}," the chairman said.', ((words, "Ann Price", "said"),)),
        ("Ledger", f'"{words}," the coach said.', ((words, "Mark Hollis", "said"),)),
    )
    quotes = build_quotes(story)
    assert sorted(q["speaker"] for q in quotes) == ["Ann Price", "Mark Hollis"]
    assert all(len(q["sources"]) == 1 for q in quotes)
    assert all(q.get("speaker_conflict") for q in quotes)  # flagged, not resolved by guessing


def test_unnamed_printing_takes_the_speaker_only_from_another_printing_of_the_same_words():
    words = "Nobody in this room has earned the shirt tonight"
    story = _story(
        ("Courier", f'"{words}," Hollis said.', ((words, "Mark Hollis", "said"),)),
        ("Ledger", f'On the tape a voice says: "{words}."', ((words, None, "says"),)),
        ("Star", '"We will play the kids on Saturday," a voice says.',
         (("We will play the kids on Saturday", None, "says"),)),
    )
    quotes = build_quotes(story)
    merged = next(q for q in quotes if q["text"] == words)
    assert merged["speaker"] == "Mark Hollis"
    assert merged["speaker_from"] == [story[0].article.id]
    other = next(q for q in quotes if q["text"] != words)
    assert other["speaker"] is None and "speaker_from" not in other


def test_unnamed_printing_credited_to_two_people_elsewhere_stays_unattributed():
    words = "This club will not be bullied by anyone"
    story = _story(
        ("Courier", f'"{words}," Price said.', ((words, "Ann Price", "said"),)),
        ("Ledger", f'"{words}," Hollis said.', ((words, "Mark Hollis", "said"),)),
        ("Star", f'"{words}," was heard on the tape.', ((words, None, "heard"),)),
    )
    quotes = build_quotes(story)
    star = story[2].article.id
    entry = next(q for q in quotes if any(s["article_id"] == star for s in q["sources"]))
    assert entry["speaker"] is None


def test_grouped_by_speaker_most_widely_reported_first_and_scare_quotes_left_out():
    a = "We were the better side for an hour"
    b = "The referee had a shocker from start to finish"
    c = "I am proud of the way the boys fought back"
    story = _story(
        ("Courier", f'"{a}," said Price. "{b}," Hollis said. He called it "a shambles".',
         ((a, "Ann Price", "said"), (b, "Mark Hollis", "said"), ("a shambles", None, None))),
        ("Ledger", f'"{b}," Hollis said. "{c}," he added.',
         ((b, "Mark Hollis", "said"), (c, "Mark Hollis", "added"))),
    )
    quotes = build_quotes(story)
    assert [q["speaker"] for q in quotes] == ["Mark Hollis", "Mark Hollis", "Ann Price"]
    assert quotes[0]["text"] == b and len(quotes[0]["sources"]) == 2
    assert all("shambles" not in q["text"] for q in quotes)


def test_a_long_quote_does_not_swallow_a_short_one_whose_words_are_scattered_in_it():
    long = ("I told you before the game that if we did not win the second balls we would not "
            "win the game, and you did not listen to me once")
    short = "we did not listen to the coach"
    assert not same_utterance(tokens(short), tokens(long))


# -- issue 11: speakers across outlets ---------------------------------------------------

def _with(item, **fields):
    """``item`` with every quote's fields replaced (speaker type, probability)."""
    from dataclasses import replace

    quotes = tuple(replace(q, **fields) for q in item.analysis.quotes)
    return type(item)(item.article, replace(item.analysis, quotes=quotes))


def test_accent_and_title_variants_of_a_name_are_one_speaker_not_a_conflict():
    words = "We will not let fear change the way we live"
    story = _story(
        ("Courier", f'"{words}," François Holland said.', ((words, "François Holland", "said"),)),
        ("Ledger", f'"{words}," Francois Holland said.', ((words, "Francois Holland", "said"),)),
        ("Star", f'"{words}," Mr. Holland said.', ((words, "Mr. François Holland", "said"),)),
    )
    quotes = build_quotes(story)
    assert len(quotes) == 1
    assert quotes[0]["speaker"] == "François Holland" and "speaker_conflict" not in quotes[0]


def test_outlets_disagreeing_on_the_speaker_are_shown_not_resolved_by_the_first():
    words = "Nobody told us the bend was dangerous"
    story = _story(
        ("Courier", f'"{words}," Ann Price said.', ((words, "Ann Price", "said"),)),
        ("Ledger", f'On the tape: "{words}."', ((words, None, None),)),
        ("Star", f'"{words}," Mark Hollis said.', ((words, "Mark Hollis", "said"),)),
    )
    quotes = build_quotes(story)
    speakers = sorted((q["speaker"] or "") for q in quotes)
    assert speakers == ["", "Ann Price", "Mark Hollis"]
    for q in quotes:
        assert q.get("speaker_conflict"), q  # every printing of the words is flagged
        assert "speaker_from" not in q  # nobody's speaker was copied to the silent printing
    silent = next(q for q in quotes if q["speaker"] is None)
    assert silent["speaker_conflict"] == ["Ann Price", "Mark Hollis"]


def test_a_copied_speaker_keeps_the_probability_of_the_printing_that_names_it():
    words = "The figures were checked twice before we published them"
    named = _with(_story(("Courier", f'"{words}," Ann Price said.', ((words, "Ann Price", "said"),)))[0],
                  speaker_type="person", speaker_probability=0.81)
    silent = _story(("Ledger", f'"{words}," a voice says.', ((words, None, "says"),)))[0]
    again = _with(_story(("Star", f'The words: "{words}."', ((words, None, None),)))[0])
    quotes = build_quotes([named, silent, again])
    assert len(quotes) == 1
    q = quotes[0]
    assert q["speaker"] == "Ann Price" and q["speaker_type"] == "person"
    assert q["speaker_probability"] == 0.81  # not raised by the printings that only repeat it
    assert q["speaker_from"] == [named.article.id]


def test_an_unnamed_role_joins_a_name_only_when_the_name_is_at_least_as_probable():
    words = "The line will stay closed until the inquiry ends"
    role = _with(_story(("Courier", f'"{words}," a spokesman for the operator said.',
                         ((words, "a spokesman for the operator", "said"),)))[0],
                 speaker_type="role", speaker_probability=0.9)
    name = _with(_story(("Ledger", f'"{words}," Ann Price said.', ((words, "Ann Price", "said"),)))[0],
                 speaker_type="person", speaker_probability=0.95)
    merged = build_quotes([role, name])
    assert len(merged) == 1 and merged[0]["speaker"] == "Ann Price"
    weak = _with(name, speaker_type="person", speaker_probability=0.7)
    split = build_quotes([role, weak])
    assert sorted(q["speaker"] for q in split) == ["Ann Price", "a spokesman for the operator"]
    assert all(q.get("speaker_conflict") for q in split)
    assert {q["speaker_type"] for q in split} == {"person", "role"}


def test_a_body_called_by_its_kind_alone_is_shown_as_nobody_not_as_a_role():
    # "the company said": the article named the company elsewhere; beside other outlets'
    # quotes the phrase says nobody, and a role it is not
    words = "Her passion made her a rising star at the firm"
    body = _with(_story(("Courier", f'"{words}," the company said.', ((words, "the company", "said"),)))[0],
                 speaker_type="role", speaker_probability=0.95)
    other = "The trips will resume once the inquiry has reported"
    role = _with(_story(("Ledger", f'"{other}," a spokesman for the firm said.',
                         ((other, "a spokesman for the firm", "said"),)))[0],
                 speaker_type="role", speaker_probability=0.95)
    shown = {q["text"]: q["speaker"] for q in build_quotes([body, role])}
    assert shown[words] is None
    assert shown[other] == "a spokesman for the firm"


def test_a_role_is_the_name_its_own_article_prints_the_same_words_under():
    # an article prints the words twice: under the coach's name, and after a photo caption
    # under a role; another outlet names someone else for them. The role is the name its
    # own article gives (once shown as a third speaker), the conflict between the names stays
    from dataclasses import replace

    words = "The tears you see are really tears of joy"
    text = f'"{words}," Bruce Lane said.\nA caption line\n"{words}," the two-time coach of the year said.'
    item = _story(("Courier", text, ((words, "Bruce Lane", "said"),)))[0]
    first = item.analysis.quotes[0]
    second = text.rindex(words)
    twice = (replace(first, speaker_type="person", speaker_probability=0.98),
             replace(first, start=second, end=second + len(words), speaker="the two-time coach of the year",
                     speaker_type="role", speaker_probability=0.96))
    item = type(item)(item.article, replace(item.analysis, quotes=twice))
    other = _with(_story(("Ledger", f'"{words}," Ann Price said.', ((words, "Ann Price", "said"),)))[0],
                  speaker_type="person", speaker_probability=0.97)
    quotes = build_quotes([item, other])
    assert sorted(q["speaker"] for q in quotes) == ["Ann Price", "Bruce Lane"]
    assert all(q.get("speaker_conflict") for q in quotes)
