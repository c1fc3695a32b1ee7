"""Hostile inputs at the reading stage (issue 16): each bad record costs that record only,
with a clear reason naming it (and its line); reading is bounded by the bytes actually
read, whatever kind of file it is; nesting is a clear rejection, never a traceback.
Also issue 15's reading items: decoding by detection, headline-only records, one path
given alone, never walking outside what was named. Inputs are written by the tests."""

from __future__ import annotations

import codecs
import json
import logging
import os
import threading
from pathlib import Path

import pytest

from storydesk.ingest import expand, read_articles
from storydesk.ingest.decode import decode_text
from storydesk.ingest.sources import read_input
from storydesk.model import Article, Rejection

GOOD = "The council voted on Tuesday to expand the ferry service after a long debate about costs."


def _split(results):
    results = list(results)
    return [r for r in results if isinstance(r, Article)], [r for r in results if isinstance(r, Rejection)]


def _jsonl(path: Path, *records) -> str:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n")
    return str(path)


# -- finding 2: a badly typed field costs its record, never the lines after it -----------
def test_a_badly_typed_field_on_line_2_costs_line_2_only(tmp_path, caplog):
    """Issue 16, finding 2: `"authors": 5` on line 2 dropped line 3 onward with a traceback."""
    path = _jsonl(tmp_path / "typed.jsonl",
                  {"title": "One", "text": GOOD},
                  {"title": "Two", "text": GOOD + " Two.", "authors": 5},
                  {"title": "Three", "text": GOOD + " Three."})
    with caplog.at_level(logging.DEBUG):
        articles, rejected = _split(read_articles([path]))
    assert [a.title for a in articles] == ["One", "Three"]
    assert rejected == [Rejection(path, "field 'authors' holds a number (5), not a name", line=2)]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]  # no traceback printed


@pytest.mark.parametrize("field, value, reason", [
    ("text", 12345, "field 'text' is a number (12345), not article text"),  # finding 7's wording
    ("text", [1, 2], "field 'text' is a list holding a number (1), not paragraphs of text"),
    ("text", {"a": 1}, "field 'text' is an object, not article text"),
    ("title", ["a"], "field 'title' is a list, not text"),
    ("title", {"x": 1}, "field 'title' is an object without a 'name' text"),
    ("url", 5, "field 'url' is a number (5), not text"),
    ("source_domain", True, "field 'source_domain' is true/false (True), not text"),
    ("date_publish", [2020, 1, 1], "field 'date_publish' is a list, not a date"),
    ("date_publish", {"y": 2020}, "field 'date_publish' is an object, not a date"),
    ("authors", [{"name": 5}], "field 'authors' is an object without a 'name' text"),
    ("authors", 10**30, "field 'authors' holds a number (a huge integer), not a name"),
])
def test_each_field_is_checked_for_its_type(tmp_path, field, value, reason):
    record = {"title": "Typed", "text": GOOD, field: value}
    path = _jsonl(tmp_path / "r.jsonl", {"title": "Before", "text": GOOD}, record, {"title": "After", "text": GOOD})
    articles, rejected = _split(read_articles([path]))
    assert [a.title for a in articles] == ["Before", "After"]
    assert rejected == [Rejection(path, reason, line=2)]


def test_json_array_records_are_rejected_by_index_and_the_rest_kept(tmp_path):
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"text": GOOD, "authors": 5}, {"text": GOOD + " Again."}]))
    articles, rejected = _split(read_articles([str(path)]))
    assert len(articles) == 1
    assert rejected == [Rejection(f"{path}[0]", "field 'authors' holds a number (5), not a name")]


def test_unpaired_surrogates_and_huge_integers_cost_their_line_only(tmp_path):
    path = _jsonl(tmp_path / "odd.jsonl",
                  '{"title": "Lone", "text": "A lone surrogate \\ud800 in the middle of a body."}',
                  '{"title": "Big", "text": "x", "date_publish": ' + "9" * 5000 + "}",
                  {"title": "Fine", "text": GOOD})
    articles, rejected = _split(read_articles([path]))
    assert [a.title for a in articles] == ["Fine"]
    assert [r.line for r in rejected] == [1, 2]
    assert "unpaired surrogate" in rejected[0].reason and "malformed JSON line" in rejected[1].reason


def test_not_a_number_and_infinite_dates_are_no_date(tmp_path):
    path = _jsonl(tmp_path / "nan.jsonl", '{"title": "N", "text": "' + GOOD + '", "date_publish": NaN}',
                  '{"title": "I", "text": "' + GOOD + '", "date_publish": -Infinity}')
    articles, rejected = _split(read_articles([path]))
    assert rejected == [] and [a.published for a in articles] == [None, None]


# -- finding 4: deep nesting ---------------------------------------------------------------
def test_deeply_nested_json_is_a_clear_rejection_not_a_traceback(tmp_path, caplog):
    """Issue 16, finding 4: `[` x 100,000 printed "internal error ... RecursionError"."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with caplog.at_level(logging.DEBUG):
        [rejection] = read_articles([str(path)])
    assert rejection.reason.startswith("invalid JSON: nested too deeply to read")
    assert "internal error" not in rejection.reason and "RecursionError" not in rejection.reason
    assert not [r for r in caplog.records if r.exc_info]


def test_a_deeply_nested_jsonl_line_costs_that_line_only(tmp_path):
    path = _jsonl(tmp_path / "deep.jsonl", {"text": GOOD}, '{"a": ' + "[" * 50_000 + "]" * 50_000 + "}",
                  {"text": GOOD + " Later."})
    articles, rejected = _split(read_articles([path]))
    assert len(articles) == 2 and [r.line for r in rejected] == [2]
    assert "nested too deeply" in rejected[0].reason


def test_deeply_nested_html_says_so(tmp_path):
    """Issue 16, finding 7: 100k-nested HTML was "no article text"."""
    path = tmp_path / "deep.html"
    path.write_text("<html><body>" + "<div>" * 20_000 + f"<p>{GOOD}</p>" * 5 + "</div>" * 20_000 + "</body></html>")
    [rejection] = read_articles([str(path)])
    # html, body, 20,000 divs, p and "reads 255 levels" in rejection.reason
    assert "nests elements 20,003 levels deep" in rejection.reason


def test_a_page_with_more_tags_than_any_article_page_is_refused_before_extraction(tmp_path):
    path = tmp_path / "tags.html"
    path.write_text("<html><body><article>" + f"<p>{GOOD}</p>\n" * 3000 + "</article></body></html>")
    articles = list(read_articles([str(path)]))
    assert isinstance(articles[0], Article)  # 6,000 tags: fine
    from storydesk.ingest.html import read_html

    with pytest.raises(Exception, match="HTML page has 6,006 tags, over the max_html_tags limit of 5,000"):
        read_html(path.read_bytes(), str(path), max_tags=5_000)


# -- finding 3: reading bounded by bytes read ---------------------------------------------
def test_a_device_is_bounded_by_what_is_read():
    """Issue 16, finding 3: `ingest /dev/zero` ended in MemoryError."""
    rejection = read_input("/dev/zero", 100_000)
    assert rejection == Rejection("/dev/zero", "input is larger than the max_input_bytes limit of 100000 bytes")


def test_a_named_pipe_is_bounded_by_what_is_read(tmp_path):
    """Issue 16, finding 3: `/dev/stdin` (a pipe, size 0 to stat) skipped the limit."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    data = (GOOD + "\n") * 100  # 9 kB

    def write():
        with open(fifo, "wb") as f:
            try:
                f.write(data.encode())
            except BrokenPipeError:  # the reader stopped at its limit
                pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    result = read_input(str(fifo), 1000)
    writer.join(timeout=10)
    assert isinstance(result, Rejection) and "larger than the max_input_bytes limit of 1000" in result.reason


def test_a_regular_file_over_the_limit_says_its_size(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(GOOD * 20)
    size = path.stat().st_size
    assert read_input(str(path), 100).reason == f"file is {size} bytes, over the max_input_bytes limit of 100"


# -- finding 7: symbolic links -------------------------------------------------------------
def test_a_symlink_loop_named_directly_says_so(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    [rejection] = read_articles([str(tmp_path / "a")])
    assert rejection.reason == "symbolic link loop: the link leads back to itself and names no file"


def test_a_dangling_symlink_names_its_target(tmp_path):
    (tmp_path / "gone").symlink_to(tmp_path / "missing.txt")
    [rejection] = read_articles([str(tmp_path / "gone")])
    assert rejection.reason == f"symbolic link to {tmp_path / 'missing.txt'}, which does not exist"


# -- issue 15: one path alone, never outside what was named ------------------------------
def test_one_path_given_as_a_string_is_one_path(seed_paths):
    """Issue 15: `Desk.ingest("examples/seeds")` walked the filesystem from `/`."""
    folder = str(seed_paths[0].parent)
    assert expand(folder) == [str(p) for p in seed_paths]
    assert len([a for a in read_articles(folder) if isinstance(a, Article)]) == 5


def test_a_link_out_of_the_folder_named_is_not_followed(tmp_path):
    inside, outside = tmp_path / "inbox", tmp_path / "private"
    inside.mkdir(), outside.mkdir()
    (outside / "secret.txt").write_text(GOOD)
    (inside / "story.txt").write_text(GOOD + " Inside.")
    (inside / "link.txt").symlink_to(outside / "secret.txt")
    (inside / "dir").symlink_to(outside, target_is_directory=True)
    articles, rejected = _split(read_articles([str(inside)]))
    assert [a.source for a in articles] == [str(inside / "story.txt")]
    assert [r.source for r in rejected] == [str(inside / "link.txt")]
    assert "outside the folder named" in rejected[0].reason


# -- finding 6: feed detection past the first 4 kB ----------------------------------------
def test_a_feed_after_a_long_comment_is_a_feed(tmp_path):
    """Issue 16, finding 6: an RSS feed after a 5 kB comment was "not an RSS or Atom feed"."""
    path = tmp_path / "late.rss"
    path.write_text('<?xml version="1.0"?>\n<!-- ' + "licence " * 700 + "-->\n"
                    '<?xml-stylesheet href="s.xsl"?>\n<rss version="2.0"><channel><title>Wire</title>'
                    f"<item><title>Ferry vote</title><description>{GOOD}</description></item></channel></rss>")
    [article] = read_articles([str(path)])
    assert article.format == "rss" and article.title == "Ferry vote"


# -- issue 15: encodings -------------------------------------------------------------------
@pytest.mark.parametrize("codec, expected", [
    ("cp1252", "cp1252"), ("latin-1", "cp1252"), ("utf-8", "utf-8"),
])
def test_western_text_in_a_legacy_encoding_is_read_and_its_encoding_kept(tmp_path, codec, expected):
    text = ("Le conseil a voté mardi pour étendre le service de ferry après un long débat. "
            "Der Stadtrat stimmte für den Ausbau der Fähre, sagte die Bürgermeisterin.")
    path = tmp_path / "legacy.txt"
    path.write_bytes(text.encode(codec))
    [article] = read_articles([str(path)])
    assert article.text == text and article.encoding == expected


@pytest.mark.parametrize("bom, codec", [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")])
def test_a_byte_order_mark_decides_utf16_for_text_and_json(tmp_path, bom, codec):
    (tmp_path / "a.txt").write_bytes(bom + ("Café news: " + GOOD).encode(codec))
    (tmp_path / "b.json").write_bytes(bom + json.dumps({"title": "Ü", "text": GOOD}, ensure_ascii=False).encode(codec))
    articles, rejected = _split(read_articles([str(tmp_path)]))
    assert rejected == [] and [a.encoding for a in articles] == ["utf-16", "utf-16"]
    assert articles[0].text.startswith("Café news") and articles[1].title == "Ü"


def test_utf16_without_a_byte_order_mark_is_rejected_and_says_why(tmp_path):
    path = tmp_path / "nobom.txt"
    path.write_bytes(GOOD.encode("utf-16-le"))
    [rejection] = read_articles([str(path)])
    assert "UTF-16 text needs a byte-order mark" in rejection.reason


def test_utf8_with_a_stray_byte_is_read_as_utf8_and_says_so():
    data = ("Café, naïve, résumé: " + GOOD).encode("utf-8") + b" \x92 end."
    text, encoding = decode_text(data, "x.txt")
    assert text.startswith("Café, naïve") and encoding == "utf-8 (1 undecodable bytes replaced)"


def test_what_no_encoding_reads_as_text_is_rejected(tmp_path):
    path = tmp_path / "noise.txt"
    path.write_bytes(bytes(range(128, 256)) * 40)
    [rejection] = read_articles([str(path)])
    assert isinstance(rejection, Rejection)
    assert "not text in any encoding" in rejection.reason or "too few letters" in rejection.reason


def test_html_in_a_declared_legacy_charset_is_read_in_it(tmp_path):
    page = ('<html><head><meta charset="windows-1252"><title>Caf\u00e9</title></head><body><article>'
            f"<p>Le caf\u00e9 a rouvert lundi apr\u00e8s l\u2019inondation. {GOOD}</p><p>{GOOD}</p>"
            "</article></body></html>")
    path = tmp_path / "page.html"
    path.write_bytes(page.encode("cp1252"))
    [article] = read_articles([str(path)])
    assert "après l’inondation" in article.text and article.encoding == "windows-1252"


# -- issue 15: headline-only records -------------------------------------------------------
def test_a_record_with_a_title_and_no_body_is_a_headline_only_article(tmp_path):
    path = _jsonl(tmp_path / "heads.jsonl", {"title": "Ferry service to expand", "url": "https://x.example/a"},
                  {"url": "https://x.example/b"})
    articles, rejected = _split(read_articles([path]))
    [article] = articles
    assert article.headline_only and article.text == article.title == "Ferry service to expand"
    assert rejected == [Rejection(path, "record has no article text and no title (looked for: maintext, text, "
                                        "body, content, articleBody, description, title, headline)", line=2)]


def test_a_named_pipe_nobody_writes_to_does_not_hold_the_batch(tmp_path, monkeypatch):
    import storydesk.ingest.sources as sources

    monkeypatch.setattr(sources, "PIPE_WAIT_SECONDS", 0.5)
    fifo = tmp_path / "silent"
    os.mkfifo(fifo)
    (tmp_path / "story.txt").write_text(GOOD)
    articles, rejected = _split(read_articles([str(fifo), str(tmp_path / "story.txt")]))
    assert len(articles) == 1
    assert rejected == [Rejection(str(fifo), "cannot read: named pipe: nothing written to it in 0.5 s")]
