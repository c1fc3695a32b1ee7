"""Quality gate: HTML extraction on the article-extraction-benchmark (181 real pages with
gold article bodies, ../shared/data), scored with the benchmark's own metric, against the
floors of benchmarks/floors.json and trafilatura in precision mode measured in the same
run. Skips without the data. Also checks, on a couple of those pages, that ``storydesk
ingest`` stores the same text the benchmark scores."""

from __future__ import annotations

import gzip
import shutil

import pytest
from benchmarks import floors
from benchmarks.extraction import load_pages, score


@pytest.fixture(scope="module")
def bench(data_dir):
    path = data_dir / "article-extraction-benchmark"
    if not path.is_dir():
        pytest.skip(f"{path} not found")
    return path


@pytest.mark.slow
def test_extraction_meets_its_floors_and_beats_trafilatura_precision(bench, data_dir):
    from benchmarks.extraction import run_extraction

    results, predictions, gold = run_extraction(bench, systems=["storydesk", "trafilatura (precision)"])
    assert len(gold) == 181
    floors.check("extraction", results, data_dir).raise_if_failed()
    # every page holds an article: none may be rejected (a too-strict "no article" check,
    # e.g. one counting space-separated words in Japanese, shows up here first)
    assert [k for k, text in predictions["storydesk"].items() if not text] == []


@pytest.mark.slow
def test_ingest_stores_what_the_benchmark_scores(bench, tmp_path):
    from storydesk import Desk, Settings

    gold, pages = load_pages(bench, limit=3)
    for key in gold:  # the gzipped pages as they are, read by content
        shutil.copy(bench / "html" / f"{key}.html.gz", tmp_path / f"{key}.html.gz")
    with Desk(Settings(db=str(tmp_path / "s.db"))) as desk:
        report = desk.ingest([str(tmp_path)], process=False)
        assert report.rejected == [] and len(report.stored) == 3
        stored = {a.source.rsplit("/", 1)[-1].split(".")[0]: a for a in report.stored}
    for key, article in stored.items():
        assert article.format == "html" and article.title and article.outlet
        assert gzip.decompress((bench / "html" / f"{key}.html.gz").read_bytes()).decode() == article.raw
        assert score({key: gold[key]}, {key: article.text})["f1"] > 0.9


def test_the_metric_follows_upstream_evaluate_py():
    # 6 tokens give 3 shingles; one changed last token: 2 shared, 1 extra, 1 missed
    assert score({"d": "a b c d e f"}, {"d": "a b c d e x"}) == pytest.approx(
        {"f1": 2 / 3, "precision": 2 / 3, "recall": 2 / 3, "accuracy": 0.0})
    # an empty prediction counts against recall only (upstream skips it in precision)
    got = score({"d1": "a b c d e", "d2": "f g h i j"}, {"d1": "a b c d e", "d2": ""})
    assert got["precision"] == 1.0 and got["recall"] == 0.5 and got["accuracy"] == 0.5
    # tokens are runs of word characters: punctuation and spacing do not matter
    assert score({"d": "Hello, world — it's here!"}, {"d": "Hello world it s here"})["accuracy"] == 1.0
