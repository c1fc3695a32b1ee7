"""Origin: the outlet the articles credit with the scoop, by their own wording.

Fixture sentences were written for these tests, modelled on how outlets credit a
scoop ("obtained by", "provided to", "first reported by", "according to"); the outlets named
are real but the sentences are not theirs.
"""

from __future__ import annotations

from storydesk.brief.origin import build_origin, outlet_key

from .handmade import analyzed


def test_one_outlet_written_several_ways_is_one_outlet():
    names = ["The New York Times", "New York Times", "the New York Times", "NYTimes.com", "nytimes.com"]
    assert len({outlet_key(n) for n in names if "." not in n}) == 1
    assert outlet_key("NYTimes.com") == outlet_key("nytimes.com") == "nytimes"
    assert outlet_key("The Guardian") == outlet_key("guardian.co.uk") == outlet_key("Guardian")


def test_most_credited_outlet_wins_with_the_sentences_that_credit_it():
    story = [
        analyzed("The emails, first reported by The Washington Post, show the deal was agreed in May. "
                 "Officials declined to comment.", source="a.txt"),
        analyzed("According to emails obtained by the Washington Post, the deal was agreed in May.",
                 source="b.txt"),
        analyzed("In the documents, provided to WashingtonPost.com, the minister approves the deal. "
                 "A spokesman told Reuters the documents were genuine.", source="c.txt"),
    ]
    origin = build_origin(story)
    assert outlet_key(origin["outlet"]) == "washingtonpost"
    assert "." not in origin["outlet"]  # the plain name is shown, not the domain
    cited = {s["article_id"] for s in origin["sources"]}
    assert cited == {a.article.id for a in story}
    for s in origin["sources"]:
        assert "Washington" in s["excerpt"] or "washington" in s["excerpt"].lower()


def test_description_before_the_outlet_and_a_dropped_by():
    story = [
        analyzed("The footage, released by US broadcaster the CBS News network, shows the crash."),
        analyzed("After the video was obtained and released TMZ, the singer apologised. "
                 "The celebrity news website TMZ said it had verified the clip."),
    ]
    a, b = (build_origin([s]) for s in story)
    assert a["outlet"].startswith("CBS News")
    assert b["outlet"] == "TMZ"


def test_people_are_not_outlets():
    story = [analyzed("The letter, released by Johnson to reporters, was brief. "
                      "Johnson told Smith the letter was final.",
                      entities=(("Johnson", "PERSON", "Boris Johnson"), ("Smith", "PERSON", "Sam Smith")))]
    assert build_origin(story) is None


def test_null_with_a_note_when_no_article_credits_anyone():
    notes: list[str] = []
    story = [analyzed("The river burst its banks on Tuesday. Hundreds of homes were flooded.")]
    assert build_origin(story, notes) is None
    assert any("origin" in n for n in notes)


def test_seed_story_credits_one_outlet_however_spelled(analyzed_seeds):
    origin = build_origin(analyzed_seeds)
    assert origin is not None
    keys = {outlet_key(origin["outlet"])}
    # every credit sentence names that outlet in one of its spellings
    for s in origin["sources"]:
        assert keys & {outlet_key(w) for w in _names_in(s["excerpt"])}, s["excerpt"]
    assert len({s["article_id"] for s in origin["sources"]}) >= 4


def _names_in(sentence: str) -> set[str]:
    """Every run of one to three words of the sentence, as candidate outlet names."""
    words = sentence.replace(",", " ").split()
    return {" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words))}


def test_a_statement_told_to_an_outlet_is_not_credit_for_the_scoop():
    story = [
        analyzed("The recordings were obtained by the Daily Mail on Friday.", source="a.txt"),
        analyzed("His lawyer told The Sun the recordings were edited.", source="b.txt"),
        analyzed("A spokesman told The Sun the claims were false.", source="c.txt"),
        analyzed("The Daily Mail first reported the recordings on Friday.", source="d.txt"),
    ]
    origin = build_origin(story)
    assert outlet_key(origin["outlet"]) == "dailymail"
    assert {s["article_id"] for s in origin["sources"]} == {story[0].article.id, story[3].article.id}
    # statements told to The Sun in every article never make it the origin
    told = [analyzed(f"A spokesman told The Sun the claims were false ({i}).", source=f"{i}.txt")
            for i in range(4)]
    assert build_origin(told) is None


def test_nationalities_countries_and_companies_are_not_outlets():
    """Issue 11: "French" (a nationality) and "Toyota. Yet" (a company quoted as a source,
    read past the end of its sentence) were named as origins."""
    story = [
        analyzed("The attack was claimed by the group, according to French officials. "
                 "The French said the driver acted alone.", source="a.txt"),
        analyzed("The recall covers 3 million cars, according to Toyota. Yet sales rose in March.",
                 source="b.txt"),
        analyzed("The death toll rose to 84, according to France. Hospitals said 18 were critical.",
                 source="c.txt", entities=(("France", "GPE", "France"),)),
    ]
    notes: list[str] = []
    assert build_origin(story, notes) is None
    assert any("no outlet is credited with the scoop" in n for n in notes)


def test_details_sourced_to_outlets_are_not_a_scoop():
    """A breaking event whose details one article sources to a local paper and another to a
    broadcaster has no origin; one article's gallery crediting a magazine neither."""
    story = [
        analyzed("The driver was a 31-year-old delivery man, the newspaper Coast Courier reported.",
                 outlet="Wire A", source="a.txt"),
        analyzed("Forty people were in critical condition, according to Radio Riviera.",
                 outlet="Wire B", source="b.txt"),
        analyzed("Police sealed off the seafront on Friday.", outlet="Wire C", source="c.txt"),
        analyzed("A truck drove into the crowd on Thursday night.", outlet="Wire D", source="d.txt"),
    ]
    assert build_origin(story) is None
    gallery = [analyzed("The couple split in 2015, according to a statement provided to Glow magazine.",
                        outlet="Site A", source="g.txt")] + story[2:] + [
        analyzed("The singer announced the split on Twitter.", outlet="Site E", source="e.txt")]
    assert build_origin(gallery) is None


def test_an_interview_credited_by_several_outlets_is_the_origin():
    """The story began with an interview in one paper, which the others credit in their own
    words; the paper's own article does not credit itself into the count."""
    story = [
        analyzed("In an interview with The Valley Herald, the actress said the crash was avoidable.",
                 outlet="Daily Wire Service", source="a.txt"),
        analyzed("She gave a lengthy interview to the Valley Herald, published on Saturday.",
                 outlet="City Post", source="b.txt"),
        analyzed("The actress told the Herald she had asked for the footage for years.",
                 outlet="Morning News", source="c.txt"),
        analyzed("The actress spoke exclusively to the Valley Herald about the crash.",
                 outlet="Valley Herald", source="d.txt"),
    ]
    origin = build_origin(story)
    assert origin["outlet"] == "Valley Herald"
    assert {s["article_id"] for s in origin["sources"]} == {story[i].article.id for i in range(3)}
    assert origin["article_ids"] == [story[3].article.id]


def test_an_outlet_known_by_its_photo_credit_and_seen_by():
    # written for this test: three outlets follow a site's scoop; the site is not among
    # them and its name has no publication word, but its photo credit line says what it is
    story = [
        analyzed("Ana Reyes/The Ledger\nThe Ledger reported Monday that Vorlan is building glasses.",
                 source="a.txt"),
        analyzed("Seen by The Ledger, the glasses weigh 50 grams.", source="b.txt"),
        analyzed("The glasses sit out of view, The Ledger reports, until you look down.", source="c.txt"),
    ]
    origin = build_origin(story)
    assert origin is not None and outlet_key(origin["outlet"]) == "ledger"
    # without the credit line nothing in the story says The Ledger is a publication
    assert build_origin([analyzed("The Ledger reported Monday that Vorlan is building glasses.",
                                  source="d.txt")] + story[1:]) is None


def test_words_told_to_an_outlet_of_the_story_that_printed_them_first_credit_it():
    """Round 9 (issue 11): two outlets retold a newspaper's piece, quoting the analyst it had
    interviewed and crediting it with "told The Ledger"; the newspaper's own article is in the
    story, earlier, with the same words. Told to it, printed by it first: its reporting."""
    words = "The engineers are pushing back the frontier with such a hard mission"
    other = "We built up a lot of good relations on both sides to make this happen"
    story = [
        analyzed(f"The probe will launch in June. “{words},” says Ian Vale, an analyst. "
                 f"“{other},” says Mia Roe.", outlet="www.theledger.example", published="2018-01-01",
                 source="a.txt", quotes=((words, "Ian Vale", "says"), (other, "Mia Roe", "says"))),
        analyzed(f"The probe will launch in June. '{words},' Ian Vale told The Ledger.",
                 outlet="dailyexample.com", published="2018-01-02", source="b.txt",
                 quotes=((words, "Ian Vale", "told"),)),
        analyzed(f"Mia Roe told the Ledger she hopes to join the mission. \"{other},\" she said.",
                 outlet="wireexample.com", published="2018-01-02", source="c.txt",
                 quotes=((other, "Mia Roe", "said"),)),
        analyzed("The probe will launch in June, the space agency said.", outlet="sciexample.com",
                 published="2018-01-03", source="d.txt"),
    ]
    origin = build_origin(story)
    assert origin is not None and outlet_key(origin["outlet"]) == "ledger"
    # the same credits with words the outlet's own article does not print stay statements
    told = [story[0]] + [analyzed(a.article.text.replace("frontier", "border").replace("relations", "ties"),
                                  outlet=a.article.outlet, published=a.article.published, source=a.article.source,
                                  quotes=tuple((q.text.replace("frontier", "border").replace("relations", "ties"),
                                                q.speaker, q.cue) for q in a.analysis.quotes))
                         for a in story[1:]]
    assert build_origin(told) is None
