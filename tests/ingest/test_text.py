"""Plain-text articles: the seed articles (examples/seeds, five outlets' versions of one
story pasted from their pages) and two fixtures of other stories in the same pasted layout
(tests/ingest/fixtures/wildfire.txt, budget_vote.txt: written for these tests)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from storydesk.errors import InputError
from storydesk.ingest import read_articles
from storydesk.ingest.text import read_text

FIXTURES = Path(__file__).parent / "fixtures"


def _squash(text: str) -> str:
    return " ".join(text.split())


def _read(name: str):
    [article] = read_articles([str(FIXTURES / name)])
    return article


def test_every_seed_is_read_with_a_body_that_appears_verbatim_in_its_file(seed_paths, seed_articles):
    assert len(seed_articles) == 5
    for path, article in zip(seed_paths, seed_articles):
        assert article.format == "text" and article.source == str(path)
        raw = _squash(path.read_text(encoding="utf-8"))
        for paragraph in article.text.split("\n\n"):
            assert _squash(paragraph) in raw  # only whole lines are removed, none rewritten
        assert article.raw == path.read_text(encoding="utf-8")


def test_leading_date_marker_gives_the_date_and_leaves_the_body(seed_paths, seed_articles):
    for path, article in zip(seed_paths, seed_articles):
        marker = re.match(r"\s*date (\d{4}-\d{2}-\d{2})", path.read_text(encoding="utf-8"))
        if marker:
            assert (article.published, article.precision) == (marker.group(1), "day")
            assert not article.text.startswith("date")
        else:
            assert article.published is None  # never invented from the text


def _first_line(path: Path) -> str:
    text = re.sub(r"^\s*date \d{4}-\d{2}-\d{2}", "", path.read_text(encoding="utf-8"))
    return next(line for line in text.splitlines() if line.strip()).strip()


def test_headline_line_becomes_the_title_and_a_first_sentence_does_not(seed_paths, seed_articles):
    titled = [(p, a) for p, a in zip(seed_paths, seed_articles) if a.title]
    assert len(titled) == 1  # one seed starts with a headline line
    [(path, article)] = titled
    assert article.title == _first_line(path)
    assert not article.text.startswith(article.title)
    for path, a in zip(seed_paths, seed_articles):
        first = _first_line(path)
        if a.title is None and first.endswith("."):  # a first sentence stays in the body
            assert a.text.startswith(first)


def test_photo_captions_and_trailing_credit_lines_are_dropped(seed_articles):
    for article in seed_articles:
        assert "Photo Credits" not in article.text
        assert not re.search(r"\w / \w+$", article.text)  # no "Name / Agency" credit at the end
        assert article.text.rstrip()[-1] in ".!?\"”’)0123456789"


def test_rules_work_on_another_story_with_captions_in_the_middle():
    article = _read("wildfire.txt")
    assert article.title == "Evacuation orders lifted as crews contain Ridgeview wildfire"
    assert (article.published, article.precision) == ("2021-08-14", "day")
    assert article.text.startswith("Residents of three valley towns")
    for caption in ("(Photo:", "Tom Becker / AP", "A burned-out truck", "Leah Kim / Reuters", "Smoke over"):
        assert caption not in article.text
    # a short subheading inside the body is body, not a caption
    assert "What happens next" in article.text
    assert article.text.endswith("Schools in the area will reopen on Wednesday.")
    assert '"We are not out of the woods yet, but the wind finally gave us a break,"' in article.text


def test_article_without_headline_or_date_keeps_its_first_sentence_and_slashes_in_text():
    article = _read("budget_vote.txt")
    assert article.title is None and article.published is None
    assert article.text.startswith("The state legislature passed a $48 billion budget")
    assert "Image: Reuters" not in article.text
    assert "open 24/7, a change" in article.text  # a slash inside a sentence is not a credit


def test_same_text_read_twice_has_the_same_id_and_different_text_does_not():
    a = read_text("Headline here\n\nThe body of the story says what happened today.", "a.txt")
    b = read_text("Headline here\r\n\r\nThe body of the story  says what happened today.\n", "b.txt")
    c = read_text("Headline here\n\nThe body of the story says what happened yesterday.", "c.txt")
    assert a.id == b.id != c.id


def test_text_of_only_captions_is_rejected_with_a_reason():
    with pytest.raises(InputError, match="no article text"):
        read_text("Smoke over the valley on Tuesday (Photo: Leah Kim / Reuters)\n", "cap.txt")
