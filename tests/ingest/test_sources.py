"""Where inputs come from: folders (recursively), gzip, standard input, URLs."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import socket
from pathlib import Path

from storydesk.ingest import expand, read_articles
from storydesk.model import Article, Rejection

FIXTURES = Path(__file__).parent / "fixtures"


def _split(results):
    results = list(results)
    return [r for r in results if isinstance(r, Article)], [r for r in results if isinstance(r, Rejection)]


def test_folders_are_read_recursively_in_order_skipping_hidden_entries_and_stores(tmp_path, seed_paths):
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".cache").mkdir()
    shutil.copy(seed_paths[0], tmp_path / "a" / "b" / "deep.txt")
    shutil.copy(seed_paths[1], tmp_path / "top.txt")
    shutil.copy(seed_paths[2], tmp_path / ".cache" / "hidden.txt")
    shutil.copy(seed_paths[3], tmp_path / ".hidden.txt")
    (tmp_path / "storydesk.db").write_bytes(b"SQLite format 3\x00")
    assert expand([str(tmp_path)]) == [str(tmp_path / "a" / "b" / "deep.txt"), str(tmp_path / "top.txt")]
    articles, rejected = _split(read_articles([str(tmp_path)]))
    assert rejected == [] and len(articles) == 2


def test_gzip_files_are_read_by_content_whatever_their_name(tmp_path):
    lines = (FIXTURES / "newsplease.jsonl").read_bytes()
    (tmp_path / "feed.jsonl.gz").write_bytes(gzip.compress(lines))
    (tmp_path / "no_suffix").write_bytes(gzip.compress((FIXTURES / "transit_rss.xml").read_bytes()))
    articles, rejected = _split(read_articles([str(tmp_path)]))
    assert sorted(a.format for a in articles) == ["jsonl", "jsonl", "rss", "rss", "rss"]
    assert rejected == []


def test_corrupt_gzip_and_gzip_bombs_are_rejected(tmp_path):
    (tmp_path / "cut.gz").write_bytes(gzip.compress(b"x" * 1000)[:20])
    (tmp_path / "bomb.gz").write_bytes(gzip.compress(b" " * 50_000))
    results = {Path(r.source).name: r.reason for r in read_articles([str(tmp_path)], max_bytes=10_000)}
    assert results["cut.gz"].startswith("corrupt gzip data")
    assert "decompressed input is larger than the max_input_bytes limit of 10000" in results["bomb.gz"]


def test_standard_input_is_read_when_the_path_is_a_dash():
    record = {"title": "From a pipe", "text": "This article arrived on standard input from another program."}
    stdin = io.BytesIO(json.dumps(record).encode())
    [article] = read_articles(["-"], stdin=stdin)
    assert article.source == "<stdin>" and article.format == "json"
    assert article.title == "From a pipe"


def test_missing_paths_and_empty_folders_are_rejected_by_name(tmp_path):
    (tmp_path / "empty").mkdir()
    results = list(read_articles([str(tmp_path / "nope.txt"), str(tmp_path / "empty")]))
    assert [(r.source, r.reason) for r in results] == [
        (str(tmp_path / "nope.txt"), "no such file or folder"),
        (str(tmp_path / "empty"), "folder holds no files to read (hidden entries are skipped)"),
    ]


def test_urls_that_cannot_be_fetched_are_rejected_clearly_without_network():
    with socket.socket() as s:  # a local port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/feed.xml"
    [rejection] = read_articles([url])
    assert isinstance(rejection, Rejection) and rejection.source == url
    assert rejection.reason.startswith("cannot download (offline or unreachable?)")
