"""JSON and JSONL records. Fixtures (written for these tests): newsplease.jsonl (records
with news-please's field names), custom_fields.jsonl (a feed export with its own names)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storydesk.errors import ConfigError
from storydesk.ingest import field_map, read_articles
from storydesk.ingest.detect import detect
from storydesk.model import Article, Rejection

FIXTURES = Path(__file__).parent / "fixtures"


def _split(results):
    results = list(results)
    return [r for r in results if isinstance(r, Article)], [r for r in results if isinstance(r, Rejection)]


def test_news_please_records_map_to_every_article_field():
    path = str(FIXTURES / "newsplease.jsonl")
    articles, rejected = _split(read_articles([path]))
    assert rejected == []
    first, second = articles
    assert first.format == "jsonl" and first.source == f"{path}:1" and second.source == f"{path}:2"
    assert first.title == "Port strike ends after two weeks"
    assert first.text.startswith("Dock workers at the port of Easthaven")
    assert "\n\n" in first.text  # paragraphs kept
    assert (first.published, first.precision) == ("2019-10-17T06:30:00", "time")
    assert (second.published, second.precision) == ("2019-10-18", "day")
    assert first.outlet == "eastbaytimes.example"
    assert second.outlet == "news.example.org"  # no source_domain: the URL's domain
    assert first.authors == ("Lena Osei", "Marc Weber") and second.authors == ()
    assert json.loads(first.raw)["language"] == "en"  # the whole record is kept


def test_other_field_names_are_mapped_with_field_options():
    path = str(FIXTURES / "custom_fields.jsonl")
    articles, rejected = _split(read_articles([path]))
    assert articles == [] and len(rejected) == 2
    assert all("no article text" in r.reason and r.line in (1, 2) for r in rejected)

    fields = field_map(["title=headline_text", "text=body_html_stripped", "published=ts",
                        "url=permalink", "outlet=site"])
    articles, rejected = _split(read_articles([path], fields=fields))
    assert rejected == [] and len(articles) == 2
    assert articles[0].title == "Library reopens after flood repairs"
    assert articles[0].outlet == "City News"
    assert articles[0].url == "https://citynews.example/library-reopens"
    assert (articles[1].published, articles[1].precision) == ("2023-04-04T15:20:00", "time")


@pytest.mark.parametrize("pair, message", [
    ("body", "NAME=KEY"),
    ("headline=title", "unknown field 'headline'"),
    ("text=", "NAME=KEY"),
])
def test_bad_field_options_are_clear_errors(pair, message):
    with pytest.raises(ConfigError, match=message):
        field_map([pair])


def test_json_array_yields_each_record_and_names_the_bad_one(tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([
        {"title": "A", "text": "The first record has enough words to be an article."},
        {"title": "B"},
        "not an object",
        {"title": "C", "text": "The third record also has enough words in it."},
    ], indent=2))
    articles, rejected = _split(read_articles([str(path)]))
    assert [a.title for a in articles] == ["A", "B", "C"]  # B: a headline-only article (issue 15)
    assert articles[0].source == f"{path}[0]" and articles[0].format == "json"
    assert [a.headline_only for a in articles] == [False, True, False]
    assert [(r.source, r.line) for r in rejected] == [(f"{path}[2]", None)]
    assert "not an object" in rejected[0].reason


def test_json_api_answer_with_one_list_of_records_is_read(tmp_path):
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"status": "ok", "totalResults": 1, "articles": [
        {"source": {"id": None, "name": "Coast Herald"}, "author": "Ana Lima",
         "title": "Harbour bridge closes for repairs",
         "description": "The harbour bridge will close for three weekends in June.",
         "content": "The harbour bridge will close for three weekends in June while crews replace its joints.",
         "url": "https://coastherald.example/bridge", "publishedAt": "2024-05-20T08:00:00Z"}]}))
    fields = field_map(["published=publishedAt"])
    [article] = read_articles([str(path)], fields=fields)
    assert article.outlet == "Coast Herald" and article.authors == ("Ana Lima",)
    assert article.source == f"{path}['articles'][0]"
    assert article.published == "2024-05-20T08:00:00"


def test_text_given_as_a_list_of_paragraphs_is_joined(tmp_path):
    path = tmp_path / "paras.json"
    path.write_text(json.dumps({"title": "T", "text": ["First paragraph of the story.", "Second one."]}))
    [article] = read_articles([str(path)])
    assert article.text == "First paragraph of the story.\n\nSecond one."


def test_empty_json_list_is_a_rejection_not_silence(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("[]")
    [rejection] = read_articles([str(path)])
    assert isinstance(rejection, Rejection) and "no records" in rejection.reason


def test_jsonl_lines_split_only_at_newlines(tmp_path):
    # U+2028 is legal inside a JSON string; str.splitlines() would cut the record there.
    record = {"title": "T", "text": "A line\u2028separator sits inside this article's text."}
    path = tmp_path / "sep.jsonl"
    lines = [json.dumps(record, ensure_ascii=False), json.dumps(record | {"title": "U"}, ensure_ascii=False)]
    path.write_text("\n".join(lines) + "\n")
    articles, rejected = _split(read_articles([str(path)]))
    assert rejected == [] and [a.title for a in articles] == ["T", "U"]
    assert articles[0].raw == json.dumps(record, ensure_ascii=False)  # the line as read


def test_malformed_pretty_printed_json_is_one_rejection_naming_its_line(tmp_path):
    path = tmp_path / "pretty.json"
    path.write_text('{\n  "title": "T",\n  "text": "words"\n  "url": "x"\n}\n')
    assert detect(path.read_bytes()) == "json"
    [rejection] = read_articles([str(path)])
    assert rejection.line == 4 and "invalid JSON" in rejection.reason
