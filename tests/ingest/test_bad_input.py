"""Bad input costs nothing else (issue 2): each bad input is one rejection naming the file
(and line) and the reason, recorded in the store; the rest of the batch is stored; a
re-run adds nothing twice."""

from __future__ import annotations

import gzip
import json
import shutil
import struct
import zlib
from pathlib import Path

import pytest

from storydesk import Desk, Settings
from storydesk.model import Rejection

FIXTURES = Path(__file__).parent / "fixtures"


def _png() -> bytes:
    """A real (1x1 pixel) PNG image."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


@pytest.fixture()
def batch(tmp_path, seed_paths) -> Path:
    """A folder with two good articles (a seed, a JSONL of two records with one bad line)
    and one file of each kind of bad input."""
    folder = tmp_path / "inbox"
    folder.mkdir()
    shutil.copy(seed_paths[3], folder / "good_seed.txt")
    good = [json.loads(line) for line in (FIXTURES / "newsplease.jsonl").read_text().splitlines()]
    (folder / "records.jsonl").write_text(
        json.dumps(good[0]) + "\n" + '{"title": "cut off", "maintext": "The reco\n' + json.dumps(good[1]) + "\n"
    )
    (folder / "empty.txt").write_bytes(b"")
    (folder / "blank.txt").write_bytes(b"  \n\n \t\n")
    (folder / "photo.jpg.txt").write_bytes(_png())
    (folder / "random.bin").write_bytes(bytes(range(256)) * 4)
    (folder / "latin1.txt").write_bytes(
        "The caf\u00e9 on Main Street reopened on Monday after the flood, the owner said.".encode("latin-1")
    )
    (folder / "config.xml").write_text('<?xml version="1.0"?><settings><volume>3</volume></settings>')
    (folder / "table.csv").write_text("id,title,text\n1,Vote,Council voted\n2,Fire,Crews contain fire\n")
    (folder / "login.html").write_text(
        "<!DOCTYPE html><html><head><title>Sign in</title></head><body>"
        "<form><input name=user><button>Sign in</button></form></body></html>"
    )
    (folder / "huge.txt").write_text("Word " * 3000)
    return folder


EXPECTED = {  # file name -> (line, words the reason must contain)
    "records.jsonl": (2, "malformed JSON line"),
    "empty.txt": (None, "empty input"),
    "blank.txt": (None, "empty input"),
    "photo.jpg.txt": (None, "unsupported format: a PNG image"),
    "random.bin": (None, "unsupported format: a binary file"),
    "config.xml": (None, "unknown format: an XML document that is not an RSS or Atom feed"),
    "table.csv": (None, "unknown format: a table (comma-separated values)"),
    "login.html": (None, "HTML page has no article text"),
    "huge.txt": (None, "over the max_input_bytes limit of 10000"),
}


def test_each_bad_input_is_one_clear_rejection_and_the_rest_is_stored(tmp_path, batch):
    settings = Settings(db=str(tmp_path / "s.db"), max_input_bytes=10_000)
    with Desk(settings) as desk:
        report = desk.ingest([str(batch)], process=False)
        assert len(report.stored) == 4 and report.exit_status == 3  # Latin-1 is read (issue 15)
        got = {Path(r.source).name: r for r in report.rejected}
        assert set(got) == set(EXPECTED)
        for name, (line, words) in EXPECTED.items():
            assert got[name].line == line, name
            assert words in got[name].reason, (name, got[name].reason)
            assert str(got[name]).startswith(str(batch / name))  # the message names the file
        assert sorted(desk.store.rejections(), key=str) == sorted(report.rejected, key=str)
        assert desk.store.count_articles() == 4


def test_rerunning_the_batch_stores_nothing_twice_and_records_each_rejection_once(tmp_path, batch):
    settings = Settings(db=str(tmp_path / "s.db"), max_input_bytes=10_000)
    with Desk(settings) as desk:
        first = desk.ingest([str(batch)], process=False)
        second = desk.ingest([str(batch)], process=False)
        assert second.stored == [] and len(second.already) == len(first.stored) == 4
        assert desk.store.count_articles() == 4
        assert len(desk.store.rejections()) == len(EXPECTED)  # not doubled (NULL lines too)


def test_a_file_fixed_after_rejection_is_stored_on_the_next_run(tmp_path, batch):
    settings = Settings(db=str(tmp_path / "s.db"), max_input_bytes=10_000)
    with Desk(settings) as desk:
        assert desk.ingest([str(batch / "table.csv")], process=False).exit_status == 3
        (batch / "table.csv").write_text(
            "The caf\u00e9 on Main Street reopened on Monday after the flood, the owner said.", encoding="utf-8"
        )
        report = desk.ingest([str(batch / "table.csv")], process=False)
        assert len(report.stored) == 1 and report.exit_status == 0


def test_a_compressed_bad_file_is_rejected_under_its_own_name(tmp_path):
    path = tmp_path / "records.jsonl.gz"
    path.write_bytes(gzip.compress(b'{"title": "x", "text": "Fine record with enough words in it."}\n{oops\n'))
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        report = desk.ingest([str(path)], process=False)
    assert len(report.stored) == 1
    assert report.rejected == [Rejection(str(path), "malformed JSON line: Expecting property name "
                                         "enclosed in double quotes (column 2)", line=2)]
