"""The stored story index (migration 0011_watch3) holds what the tracker wrote: a store
migrated from before it gets, from its stories' saved states, the same rows a desk writes
as it groups (issue 12)."""

from __future__ import annotations

from storydesk import Settings
from storydesk.ingest.common import make_article
from storydesk.store import Store
from storydesk.stories.tracker import StoryTracker


def test_the_migration_backfills_what_the_tracker_writes(tmp_path, seed_paths):
    path = tmp_path / "desk.db"
    with Store(path) as store:
        tracker = StoryTracker(store, Settings(db=str(path)))
        for n, p in enumerate(sorted(seed_paths)):
            article = make_article(text=p.read_text(encoding="utf-8"), source=str(p), format="text", raw="",
                                   published=f"2020-02-0{n + 1}T10:00:00")
            store.add_article(article)
            tracker.add_article(article, None)
        written = {
            "postings": set(store.execute("SELECT term, story_id, weight FROM story_postings").fetchall()),
            "bands": set(store.execute("SELECT key, article_id FROM article_bands").fetchall()),
            "norms": set(store.execute("SELECT id, norm2 FROM stories").fetchall()),
        }
        assert written["postings"] and len(written["bands"]) == 16 * len(seed_paths)
        from storydesk.store.migrations import MIGRATIONS, statements

        script = dict(MIGRATIONS)["0011_watch3"]
        with store.transaction() as conn:  # what the migration computes from the saved states alone
            conn.execute("DELETE FROM story_postings")
            conn.execute("DELETE FROM article_bands")
            conn.execute("UPDATE stories SET norm2 = 0")
            for statement in statements(script):
                if statement.startswith(("UPDATE", "INSERT", "WITH")):
                    conn.execute(statement)
        rebuilt = {
            "postings": set(store.execute("SELECT term, story_id, weight FROM story_postings").fetchall()),
            "bands": set(store.execute("SELECT key, article_id FROM article_bands").fetchall()),
            "norms": set(store.execute("SELECT id, norm2 FROM stories").fetchall()),
        }
    assert rebuilt == written


def test_stored_band_keys_are_the_groupers_lsh_bands_and_give_the_signature_back(tmp_path):
    """The store cannot import the grouper (layers), so it restates the MinHash layout: two
    articles share a stored band key exactly when they share an in-memory LSH band, and the
    stored keys put together are the whole signature (what recall reads back)."""
    from storydesk.store import story_index
    from storydesk.stories.dedup import band_keys, from_bytes, signature, to_bytes

    sig = signature(frozenset(f"shingle {i}" for i in range(300)))
    stored = story_index.band_keys(to_bytes(sig).hex())
    assert stored == [f"{key[0]:02d}" + key[1:].hex() for key in band_keys(sig)]
    with Store(tmp_path / "desk.db") as store:
        with store.transaction() as conn:
            story_index.add_bands(conn, "a1", to_bytes(sig).hex())
        back = story_index.signatures(store, ["a1"])["a1"]
    assert (from_bytes(bytes.fromhex(back)) == sig).all()
