"""The store is the authority for story and trend state (issue 6): two writers on one
file decide as one writer would, an article stored but never grouped (a killed ingest)
is grouped by the next one, and undated articles waiting for the stream's clock survive
a restart."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storydesk import Desk, Settings
from storydesk.model import Article
from storydesk.store import Store
from storydesk.stories.tracker import StoryTracker
from storydesk.stories.trend_counting import MAX_PENDING

FIXTURES = Path(__file__).parent / "fixtures"


def _state(path: Path) -> dict:
    """What grouping and trend counting wrote, without wall-clock columns."""
    with Store(path) as store:

        def q(sql):
            return [tuple(r) for r in store.execute(sql).fetchall()]

        stories = {}
        for sid, state in q("SELECT id, state FROM stories"):
            stories[sid] = dict(json.loads(state).items())
        return {
            "members": q("SELECT article_id, story_id, similarity, duplicate_of FROM story_articles "
                         "ORDER BY article_id"),
            "stories": stories,
            "df": q("SELECT bucket, df FROM grouping_df ORDER BY bucket"),
            "n_docs": q("SELECT value FROM desk_state WHERE key = 'n_docs'"),
            "volume": q("SELECT term, bucket, n FROM term_volume ORDER BY term, bucket"),
            "story_terms": q("SELECT story_id, term, n FROM story_terms ORDER BY story_id, term"),
            "flags": q("SELECT term, bucket, score FROM trend_flags ORDER BY term, bucket"),
            "posts": q("SELECT id FROM posts ORDER BY id"),
        }


def _desk(path: Path, nlp) -> Desk:
    desk = Desk(Settings(db=str(path)))
    desk._nlp = nlp  # the session's pipeline: loading one per Desk costs seconds
    return desk


def _dated(paths: list[Path], tmp_path: Path) -> list[str]:
    """The seed files as JSON articles with their own dates (the undated seeds get one),
    so that two runs do not differ by the ingest clock."""
    out = []
    for i, p in enumerate(paths):
        lines = p.read_text(encoding="utf-8").split("\n", 1)
        target = tmp_path / f"{p.stem}.json"
        target.write_text(json.dumps({"title": lines[0].strip(), "outlet": f"Outlet {i}",
                                      "published": f"2020-02-0{1 + i % 3}T1{i}:00:00",
                                      "text": lines[1].strip()}), encoding="utf-8")
        out.append(str(target))
    return out


def test_two_writers_on_one_file_decide_as_one_writer(tmp_path, seed_paths, nlp):
    inputs = _dated(seed_paths, tmp_path) + [str(FIXTURES / "storm.json")]
    with _desk(tmp_path / "one.db", nlp) as alone:
        for path in inputs:
            alone.ingest([path])
    shared = tmp_path / "two.db"
    with _desk(shared, nlp) as a, _desk(shared, nlp) as b:
        for i, path in enumerate(inputs):  # both already hold their state in memory
            (a if i % 2 == 0 else b).ingest([path])
        stories = a.stories()
    assert _state(shared) == _state(tmp_path / "one.db")
    # the five outlets' takes are one story, the storm another, whoever wrote them
    assert sorted(s["n_articles"] for s in stories) == [1, 5]


def test_a_writer_further_behind_than_the_change_log_reloads_everything(tmp_path, seed_paths, nlp, monkeypatch):
    from storydesk.store import stories as db

    monkeypatch.setattr(db, "CHANGE_LOG", 1)  # remembers only the last story change
    # Written for this test: a warning filed the day before the storm fixture (invented
    # places), given at the first writer's clock so nothing else makes it reload.
    follow_up = tmp_path / "storm-0.json"
    follow_up.write_text(json.dumps({
        "title": "Harbury braces for Storm Ciaran as River Lenn rises",
        "outlet": "Kingsford Courier", "published": "2020-02-01T10:00:00",
        "text": "Residents of Harbury were told to prepare for flooding as Storm Ciaran "
                "approached and the River Lenn rose. The county council readied an emergency "
                "shelter at Harbury Leisure Centre, and Janet Morrow, head of emergency "
                "planning, said flood warnings for the Lenn valley were likely. Rail services "
                "between Harbury and Kingsford may be suspended near Colbrook."}), encoding="utf-8")
    seeds = _dated(seed_paths, tmp_path)
    order = [seeds[0], str(FIXTURES / "storm.json"), seeds[1], str(follow_up), *seeds[2:]]
    with _desk(tmp_path / "one.db", nlp) as alone:  # the same ingests (each groups by date)
        for chunk in (order[:1], order[1:3], order[3:]):
            alone.ingest(chunk)
    shared = tmp_path / "two.db"
    with _desk(shared, nlp) as a, _desk(shared, nlp) as b:
        a.ingest(order[:1])
        b.ingest(order[1:3])  # the storm starts a story, then a seed: only that is logged
        a.ingest(order[3:])  # the warning must find the storm story a never saw
        stories = a.stories()
    assert _state(shared) == _state(tmp_path / "one.db")
    assert sorted(s["n_articles"] for s in stories) == [2, 5]


def test_posts_from_a_second_writer_count_against_the_same_baselines(tmp_path, seed_paths, nlp):
    inputs = _dated(seed_paths, tmp_path)
    posts = str(FIXTURES / "posts.jsonl")
    with _desk(tmp_path / "one.db", nlp) as alone:
        alone.ingest(inputs[:3])
        alone.ingest_posts(posts)
        alone.ingest(inputs[3:])
    shared = tmp_path / "two.db"
    with _desk(shared, nlp) as a, _desk(shared, nlp) as b:
        a.ingest(inputs[:3])
        b.ingest_posts(posts)
        a.ingest(inputs[3:])
    assert _state(shared) == _state(tmp_path / "one.db")


def _undated(i: int) -> Article:
    # Written for this test: a short local-news item, stored without a date as Desk
    # stores one (ingest time, date_from_ingest=True).
    return Article(
        id=f"undated-{i}", source=f"notes/{i}.txt", format="text",
        title=f"Harbury flood volunteers fill sandbags, day {i}",
        text=f"Volunteers in Harbury filled sandbags for a {i}th day as #HarburyFloods trended "
             "and the River Lenn kept rising.",
        published=f"2026-11-21T10:0{i}:00", precision="time", date_from_ingest=True,
    )


def _dated_article() -> Article:
    data = json.loads((FIXTURES / "storm.json").read_text(encoding="utf-8"))
    return Article(id="storm", source="storm.json", format="json", title=data["title"],
                   text=data["text"], published=data["published"], precision="time")


def test_undated_articles_waiting_for_the_clock_survive_a_restart(tmp_path):
    path, settings = tmp_path / "pending.db", Settings(db=str(tmp_path / "pending.db"))
    with Store(path) as store:
        tracker = StoryTracker(store, settings)
        for i in range(3):
            store.add_article(_undated(i))
            tracker.add_article(_undated(i), None)
        assert store.execute("SELECT count(*) FROM term_volume").fetchone()[0] == 0
    with Store(path) as store:  # the process stopped; a new one sees a dated article
        store.add_article(_dated_article())
        StoryTracker(store, settings).add_article(_dated_article(), None)
        rows = dict(store.execute(
            "SELECT bucket, n FROM term_volume WHERE term = '#harburyfloods'").fetchall())
    # the three undated articles are counted on the stream's clock: the dated one's day
    assert rows == {"2020-02-02T00:00:00": 3}


def test_undated_articles_are_counted_at_ingest_time_when_no_clock_comes(tmp_path):
    path, settings = tmp_path / "undated.db", Settings(db=str(tmp_path / "undated.db"))
    with Store(path) as store:
        tracker = StoryTracker(store, settings)
        for i in range(MAX_PENDING):
            article = _undated(i % 10)
            article = Article(**{**article.__dict__, "id": f"u{i}"})
            store.add_article(article)
            tracker.add_article(article, None)
        counted = store.execute(
            "SELECT sum(n) FROM term_sources WHERE term = '#harburyfloods'").fetchone()[0]
        volume = store.execute(
            "SELECT sum(n) FROM term_volume WHERE term = '#harburyfloods'").fetchone()[0]
    assert counted == MAX_PENDING
    assert volume == 10  # ten sources (notes/0..9.txt), each counted once in its day


@pytest.mark.parametrize("fail_at", ["add_terms", "save_assignment"])
def test_a_failed_write_leaves_no_half_state_and_memory_is_reloaded(tmp_path, monkeypatch, fail_at):
    from storydesk.store import stories as db

    path, settings = tmp_path / "fail.db", Settings(db=str(tmp_path / "fail.db"))
    with Store(path) as store:
        tracker = StoryTracker(store, settings)
        article = _dated_article()
        store.add_article(article)

        def broken(*args, **kwargs):
            raise OSError("disk full")

        with monkeypatch.context() as m:
            m.setattr(db, fail_at, broken)
            with pytest.raises(OSError):
                tracker.add_article(article, None)
        assert store.execute("SELECT count(*) FROM stories").fetchone()[0] == 0
        assert store.execute("SELECT count(*) FROM story_articles").fetchone()[0] == 0
        assignment = tracker.add_article(article, None)  # memory does not think it is done
        assert assignment is not None and assignment.new_story
        assert store.execute("SELECT value FROM desk_state WHERE key = 'n_docs'").fetchone()[0] == "1"


def test_an_article_stored_but_not_grouped_is_grouped_by_the_next_ingest(tmp_path, seed_paths, nlp):
    # what a SIGKILL between storing an article and grouping it leaves behind
    path = tmp_path / "killed.db"
    with _desk(path, nlp) as desk:
        desk.ingest([str(seed_paths[0]), str(seed_paths[1])], process=False)
        assert desk.stories() == []
    with _desk(path, nlp) as desk:  # the re-run, with other input
        report = desk.ingest([str(FIXTURES / "storm.json")])
        grouped = {a["id"] for s in desk.stories() for a in s["articles"]}
        stored = {a.id for a in desk.store.list_articles()}
        assert report.caught_up == 2 and len(report.stored) == 1
        assert grouped == stored and len(stored) == 3
        assert desk.ingest([str(seed_paths[0])]).caught_up == 0  # nothing left behind


def _counts(db: Path) -> tuple[int, int]:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return (conn.execute("SELECT count(*) FROM articles").fetchone()[0],
                    conn.execute("SELECT count(*) FROM story_articles").fetchone()[0])
    except sqlite3.OperationalError:  # not created yet
        return 0, 0


def test_sigkill_between_storing_and_grouping_is_repaired_by_the_rerun(tmp_path, seed_paths):
    db = tmp_path / "killed.db"
    inputs = [str(p) for p in seed_paths]
    run = [sys.executable, "-m", "storydesk", "ingest", "--db", str(db)]
    proc = subprocess.Popen(run + inputs, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    try:  # kill it the moment an article is stored and not yet grouped (being analyzed)
        while time.monotonic() < deadline and proc.poll() is None:
            stored, grouped = _counts(db)
            if stored > grouped:
                os.kill(proc.pid, signal.SIGKILL)
                break
            time.sleep(0.005)
    finally:
        proc.kill()
        proc.wait()
    stored, grouped = _counts(db)
    assert stored > grouped, "the ingest finished before it could be killed in the gap"
    rerun = subprocess.run(run + inputs, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    assert _counts(db) == (5, 5)  # every article stored, every one in a story


def test_a_big_ingest_report_holds_ids_and_reads_articles_back(tmp_path):
    lines = [json.dumps({"title": f"Council notice {i}", "published": "2020-03-01",
                         "text": f"The council published notice number {i} about road works."})
             for i in range(1005)]
    (tmp_path / "notices.jsonl").write_text("\n".join(lines), encoding="utf-8")
    with Desk(Settings(db=str(tmp_path / "big.db"))) as desk:
        report = desk.ingest([str(tmp_path / "notices.jsonl")], process=False)
        assert len(report.stored) == 1005 and len(report.stored.ids) == 1005
        assert len(report.stored._kept) == 1000  # the rest is ids only
        last = report.stored[-1]
        assert last.id == report.stored.ids[-1] and last.text.endswith("notice number 1004 about road works.")
        assert [a.id for a in report.stored] == report.stored.ids
        again = desk.ingest([str(tmp_path / "notices.jsonl")], process=False)
        assert again.stored == [] and len(again.already) == 1005
