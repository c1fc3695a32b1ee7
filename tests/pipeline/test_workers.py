"""Issue 13, one machine: ``ingest`` analyzes with ``workers`` processes exactly as one
process does, a worker that dies on one article costs that article only, the writer
holds a bounded number of articles however long the input, and the stories come out
the same whatever the order of the files on disk."""

from __future__ import annotations

import json
from pathlib import Path

from storydesk import Desk, Settings
from storydesk.desk import ArticleRefs, IngestReport
from storydesk.ingest import DEFAULT_FIELDS
from storydesk.model import to_dict
from storydesk.pipeline import IngestRun, LocalPool, writer
from storydesk.store import Store
from storydesk.store.quarantine import notes_for

from .stub_stages import POISON, analyze_or_crash, empty_analysis

FIXTURES = Path(__file__).parents[1] / "stories" / "fixtures"


def _seed_parts(seed_paths, parts: int = 8) -> list[dict]:
    """Each seed article cut into ``parts`` runs of paragraphs, each run one record:
    5 x 8 = 40 real news texts with their quotes, names and dates."""
    records = []
    for i, path in enumerate(seed_paths):
        title, body = path.read_text(encoding="utf-8").split("\n", 1)
        paragraphs = [p for p in body.split("\n\n") if p.strip()]
        step = max(1, -(-len(paragraphs) // parts))
        for j in range(parts):
            chunk = paragraphs[j * step:(j + 1) * step] or paragraphs[-1:]
            records.append({"title": f"{title.strip()} ({j + 1})", "outlet": f"outlet{i}.example",
                            "date_publish": f"2020-02-0{1 + (i + j) % 5}T{10 + j}:00:00",
                            "text": "\n\n".join(chunk)})
    return records


def _write_jsonl(path: Path, records: list[dict]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def _analyses(db: Path) -> dict[str, dict]:
    from storydesk.analyze import ANALYZER_VERSION

    with Store(db) as store:
        ids = [r[0] for r in store.execute("SELECT id FROM articles ORDER BY id").fetchall()]
        return {i: to_dict(store.get_analysis(i, ANALYZER_VERSION)) for i in ids}


def _stories(db: Path) -> dict[str, list[str]]:
    with Store(db) as store:
        rows = store.execute("SELECT story_id, article_id FROM story_articles ORDER BY article_id").fetchall()
    out: dict[str, list[str]] = {}
    for story_id, article_id in rows:
        out.setdefault(story_id, []).append(article_id)
    return out


def test_two_workers_analyze_field_by_field_as_one(tmp_path, seed_paths):
    records = _seed_parts(seed_paths)
    assert len(records) == 40
    source = _write_jsonl(tmp_path / "parts.jsonl", records)
    reports = {}
    for workers in (1, 2):
        with Desk(Settings(db=str(tmp_path / f"w{workers}.db"), workers=workers)) as desk:
            reports[workers] = desk.ingest([source])
    assert reports[1].workers == 1 and reports[2].workers == 2  # the pool really ran
    one, two = _analyses(tmp_path / "w1.db"), _analyses(tmp_path / "w2.db")
    assert len(one) == 40 and one.keys() == two.keys()
    for article_id in one:
        for name, value in one[article_id].items():  # field by field, to name what differs
            assert two[article_id][name] == value, (article_id, name)
    assert sum(len(a["quotes"]) for a in one.values()) > 5  # real analyses, not empty ones
    assert _stories(tmp_path / "w1.db") == _stories(tmp_path / "w2.db")


def _run(desk: Desk, paths: list[str], **kwargs) -> IngestReport:
    store = desk.store
    report = IngestReport(stored=ArticleRefs(store.get_article), already=ArticleRefs(store.get_article))
    IngestRun(desk, report, fields=DEFAULT_FIELDS, **kwargs).run(paths)
    desk.update_stories()
    return report


def test_a_worker_that_dies_on_one_article_costs_that_article_only(tmp_path, seed_paths):
    records = _seed_parts(seed_paths)[:24]
    poisoned = dict(records[9], title="A poisoned record", text=records[9]["text"] + " " + POISON)
    source = _write_jsonl(tmp_path / "batch.jsonl", records[:12] + [poisoned] + records[12:])
    settings = Settings(db=str(tmp_path / "s.db"), workers=2)
    with Desk(settings) as desk:
        report = _run(desk, [source], executor=LocalPool(2, settings.spacy_model), analyze=analyze_or_crash)
        # the article that kills its worker is stored, quarantined from analysis, with the reason
        assert report.rejected == [] and len(report.stored) == 25
        [victim] = [a for a in report.stored if a.title == "A poisoned record"]
        [(stage, reason, quarantined)] = notes_for(desk.store, [victim.id])[victim.id]
        assert (stage, "crashed a worker process" in reason, quarantined) == ("analyze", True, True)
    analyses = _analyses(tmp_path / "s.db")
    assert len(analyses) == 25 and analyses[victim.id]["quotes"] == []
    assert sum(len(a["quotes"]) for i, a in analyses.items() if i != victim.id) > 5
    assert sum(len(ids) for ids in _stories(tmp_path / "s.db").values()) == 25  # grouped all the same
    # the rest of the batch is whole: a re-run stores nothing new and analyzes nothing again
    with Desk(settings) as desk:
        again = _run(desk, [source], executor=LocalPool(2, settings.spacy_model), analyze=analyze_or_crash)
    assert (len(again.stored), len(again.already), len(again.rejected)) == (0, 25, 0)


def test_the_writer_holds_a_bounded_number_of_articles(tmp_path, monkeypatch):
    monkeypatch.setattr(writer, "MAX_WAITING", 100)
    paths = []
    for f in range(30):  # 3,000 records in 30 inputs of 100
        records = [{"title": f"Bulletin {f}-{i}", "text": f"Routine bulletin number {f}-{i} of the day.",
                    "date_publish": f"2021-03-{1 + i % 28:02d}"} for i in range(100)]
        paths.append(_write_jsonl(tmp_path / f"in{f:02d}.jsonl", records))
    with Desk(Settings(db=str(tmp_path / "s.db"), workers=1)) as desk:
        store = desk.store
        report = IngestReport(stored=ArticleRefs(store.get_article), already=ArticleRefs(store.get_article))
        run = IngestRun(desk, report, fields=DEFAULT_FIELDS, analyze=empty_analysis)
        run.run(paths)
        assert len(report.stored) == 3000 and store.count_articles() == 3000
    assert run.peak_held <= 100 + 100  # the limit, plus one input read past it


def test_stories_do_not_depend_on_the_order_of_files(tmp_path, seed_paths, nlp):
    storm = json.loads((FIXTURES / "storm.json").read_text(encoding="utf-8"))
    sources = [p.read_bytes() for p in seed_paths] + [json.dumps(storm).encode()]
    results = []
    for name, order in (("forward", range(len(sources))), ("backward", reversed(range(len(sources))))):
        folder = tmp_path / name
        folder.mkdir()
        for rank, i in enumerate(order):  # the file names give the order on disk
            (folder / f"{rank:02d}-{'json' if i == len(sources) - 1 else 'txt'}.in").write_bytes(sources[i])
        with Desk(Settings(db=str(tmp_path / f"{name}.db"), workers=1)) as desk:
            desk._nlp = nlp
            desk.ingest([str(folder)])
        results.append(_stories(tmp_path / f"{name}.db"))
    assert results[0] == results[1]
    assert sorted(len(ids) for ids in results[0].values()) == [1, 5]


def test_the_engine_options_are_checked_before_anything_runs(tmp_path, seed_paths):
    from typer.testing import CliRunner

    from storydesk.cli import _register, app

    _register()
    db = str(tmp_path / "s.db")
    for args, message in (
        (["ingest", str(seed_paths[0]), "--db", db, "--address", "10.0.0.1:6379"], "use it with --engine ray"),
        (["ingest", str(seed_paths[0]), "--db", db, "--engine", "spark"], "--engine must be one of local, ray"),
        (["backfill", "--db", db], "give the archive's PATHS"),
    ):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "s.db").exists()  # nothing was started, nothing stored
