import sqlite3

from storydesk.ingest.common import make_article
from storydesk.model import Rejection
from storydesk.store import Store


def _article(text="Body text of an article. It says things.", **kw):
    return make_article(text=text, source="x.txt", format="text", raw=text, **kw)


def test_same_article_is_stored_once(tmp_path):
    with Store(tmp_path / "s.db") as store:
        a = _article(title="T", published="2020-02-02")
        assert store.add_article(a) is True
        assert store.add_article(a) is False
        assert store.count_articles() == 1
        got = store.get_article(a.id[:6])
        assert got.text == a.text and got.published == "2020-02-02" and got.precision == "day"


def test_store_uses_wal_and_reopens_with_migrations_applied_once(tmp_path):
    path = tmp_path / "s.db"
    Store(path).close()
    with Store(path) as store:
        assert store.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = [r[0] for r in store.execute("SELECT name FROM schema_migrations")]
        assert names == sorted(set(names))


def test_rejections_are_recorded_once_per_reason(tmp_path):
    with Store(tmp_path / "s.db") as store:
        r = Rejection("bad.jsonl", "malformed JSON line", line=3)
        store.add_rejection(r)
        store.add_rejection(r)
        assert store.rejections() == [r]


def test_full_text_search_finds_words(tmp_path):
    with Store(tmp_path / "s.db") as store:
        store.add_article(_article("The recording was obtained by a tabloid newspaper."))
        store.add_article(_article("Markets fell sharply on Tuesday after the report."))
        hits = store.search("recording")
        assert len(hits) == 1 and "\x02recording\x03" in hits[0][1]
        assert store.search("") == []


def test_not_a_database_is_a_clear_error(tmp_path):
    import pytest

    from storydesk.errors import StoreError

    bad = tmp_path / "junk.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="junk.db"):
        Store(bad)
    assert sqlite3.sqlite_version
