"""Names across a story: an acronym one outlet writes and the name another spells out
are one body, so its quotes are one speaker's, not a conflict between two."""

from __future__ import annotations

from storydesk.brief.story_names import resolve_story
from storydesk.model import Analysis, AnalyzedArticle, Article, Entity, Quote


def _item(id: str, text: str, names: list[tuple[str, str]], speaker: str | None = None) -> AnalyzedArticle:
    ents = []
    for name, kind in names:
        at = text.index(name)
        ents.append(Entity(at, at + len(name), name, kind, name))
    quotes = (Quote(1, 6, text[1:6], speaker, None, None, "said"),) if speaker else ()
    return AnalyzedArticle(Article(id=id, text=text, source=f"{id}.txt", format="text"),
                           Analysis(article_id=id, version="x", entities=tuple(ents), quotes=quotes))


def test_an_acronym_is_the_one_name_of_the_story_it_spells():
    # written for this test: two outlets on one invented airline incident
    a = _item("a", '"We regret the delay," ANA said. All Nippon Airways flies from Tokyo.',
              [("ANA", "PERSON"), ("All Nippon Airways", "ORG"), ("Tokyo", "GPE")], speaker="ANA")
    b = _item("b", '"We are investigating," All Nippon Airways said in Tokyo.',
              [("All Nippon Airways", "ORG"), ("Tokyo", "GPE")], speaker="All Nippon Airways")
    out = resolve_story([a, b])
    assert out[0].analysis.quotes[0].speaker == "All Nippon Airways"
    assert out[0].analysis.quotes[0].speaker == out[1].analysis.quotes[0].speaker
    assert {e.canonical for e in out[0].analysis.entities if e.text == "ANA"} == {"All Nippon Airways"}
    assert {e.type for e in out[0].analysis.entities if e.text == "ANA"} == {"ORG"}  # the story's vote
    assert {e.canonical for e in out[0].analysis.entities if e.text == "Tokyo"} == {"Tokyo"}


def test_an_acronym_two_names_spell_or_a_person_spells_stays_itself():
    # "AP": the Associated Press and Andhra Pradesh; "JD": a person's initials
    a = _item("a", "AP reported that Andhra Pradesh voted. JD spoke.",
              [("AP", "ORG"), ("Andhra Pradesh", "GPE"), ("JD", "ORG")])
    b = _item("b", "The Associated Press said John Doe spoke.",
              [("Associated Press", "ORG"), ("John Doe", "PERSON")])
    out = resolve_story([a, b])
    names = {e.text: e.canonical for e in out[0].analysis.entities}
    assert names["AP"] == "AP" and names["JD"] == "JD"


def test_an_acronym_takes_the_spelling_most_outlets_use_and_a_body_the_tagger_called_a_person():
    # "All Nippon Airlines" is one outlet's slip; the tagger reads the airline as a person
    names = [("ANA", "ORG"), ("All Nippon Airways", "PERSON")]
    items = [_item(i, "ANA flies. All Nippon Airways said so.", names) for i in "abc"]
    slip = [("All Nippon Airlines", "ORG"), ("ANA", "ORG")]
    items.append(_item("d", "All Nippon Airlines flies. ANA said so.", slip))
    out = resolve_story(items)
    assert {e.canonical for x in out for e in x.analysis.entities if e.text == "ANA"} == {"All Nippon Airways"}


def test_a_name_written_with_a_hyphen_or_a_space_is_one_name():
    # written for this test: three outlets on one invented satellite, "Zorya-2" and "Zorya 2"
    a = _item("a", "Contact was lost with Zorya-2 on Tuesday.", [("Zorya-2", "ORG")])
    b = _item("b", "Engineers regained control of Zorya 2.", [("Zorya 2", "ORG")])
    c = _item("c", "The maker said Zorya 2 works.", [("Zorya 2", "ORG")])
    out = resolve_story([a, b, c])
    names = {e.canonical for x in out for e in x.analysis.entities}
    assert names == {"Zorya 2"}  # the form most outlets write
    # a tokenised text's spaced hyphen ("Jean - Paul") is the same name too
    d = _item("d", "Jean - Paul Morel spoke.", [("Jean - Paul Morel", "PERSON")])
    e = _item("e", "Jean-Paul Morel spoke. Jean-Paul Morel left.", [("Jean-Paul Morel", "PERSON")])
    assert {x.canonical for y in resolve_story([d, e]) for x in y.analysis.entities} == {"Jean-Paul Morel"}
