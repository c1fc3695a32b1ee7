"""Timeline summarisation on Timeline17 (T17), following news-tls (Gholipour Ghalandari &
Ifrim, ACL 2020).

Protocol: the source folders of one topic (``bpoil_bbc``, ``bpoil_guardian``, ...) are
merged into one article pool; for each gold timeline the pool is cut to the timeline's
time span (by publication date), each system is asked for as many dates as the gold
timeline has and its average number of sentences per date (rounded), and the result is
scored with alignment-based ROUGE-1/2 F1 ("align+ m:1") and date F1, averaged as
news-tls does (F1 of the mean precision and recall).

Systems, side by side in the same run:

* ``storydesk`` — :func:`storydesk.brief.timeline_summary.summarize_timeline`: dates read
  from the article text, ranked by mentions, look-backs and publications.
* ``pubcount`` — the PUBCOUNT baseline: the days with most articles published, each
  summarised by the articles' first sentences (the sentences closest to their centroid).

T17 texts are PTB-tokenised, one sentence per line: they are detokenised for storydesk's
date finder (the metric scores the original tokens).

    .venv/bin/python benchmarks/timeline.py [--data DIR] [--json] [--topics bpoil,haiti]
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402
from benchmarks.timeline_metric import Rouge, align_m1, average, date_scores  # noqa: E402
from storydesk.brief.similarity import centroid_select, idf_weights, tfidf  # noqa: E402
from storydesk.brief.timeline_summary import LEAD_SENTENCES as LEAD  # noqa: E402
from storydesk.brief.timeline_summary import Doc, summarize_timeline  # noqa: E402
from storydesk.text import STOP_WORDS, words  # noqa: E402

#: Published figures on T17 (news-tls, Table 4; LLM systems of 2024-25).
PUBLISHED = {
    "DATEWISE (published)": (0.120, 0.035, 0.544),
    "PUBCOUNT (published)": (0.105, 0.027, 0.481),
    "best LLM (published)": (0.136, 0.044, 0.590),
}

_PTB = [
    (r"-LRB-", "("), (r"-RRB-", ")"), (r"-LSB-", "["), (r"-RSB-", "]"),
    (r"-LCB-", "{"), (r"-RCB-", "}"), (r"``\s*", '"'), (r"\s*''", '"'), (r"`\s*", "'"),
    (r"\s+([.,;:!?%)\]}])", r"\1"), (r"([(\[{$])\s+", r"\1"), (r"\s+(n't|'s|'re|'ve|'m|'ll|'d)\b", r"\1"),
]  # fmt: skip
_PTB_RE = [(re.compile(p), r) for p, r in _PTB]


def detokenize(line: str) -> str:
    """Readable text from a PTB-tokenised line (so "20 April , 2010" reads as a date).

    >>> detokenize("Crude -LRB- oil -RRB- , he said `` it 's over '' .")
    'Crude (oil), he said "it\\'s over".'
    """
    for pattern, repl in _PTB_RE:
        line = pattern.sub(repl, line)
    return line.strip()


def load_topics(root: Path) -> dict[str, dict]:
    """{topic: {"articles": [(day, [tokenised lines])], "timelines": [{day: [sentences]}]}}."""
    topics: dict[str, dict] = defaultdict(lambda: {"articles": [], "timelines": []})
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        topic = folder.name.split("_")[0]
        with gzip.open(folder / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as f:
            for line in f:
                a = json.loads(line)
                lines = [s for s in a["text"].split("\n") if s.strip()]
                topics[topic]["articles"].append((dt.date.fromisoformat(a["time"][:10]), lines))
        for line in (folder / "timelines.jsonl").read_text(encoding="utf-8").splitlines():
            raw = json.loads(line) if line.strip() else None
            if raw:
                tl = {dt.date.fromisoformat(d[:10]): [s.strip() for s in sents] for d, sents in raw}
                topics[topic]["timelines"].append(tl)
    return dict(topics)


def _docs(articles) -> tuple[list[Doc], list[list[str]]]:
    docs, originals = [], []
    for i, (day, lines) in enumerate(articles):
        parts, spans, pos = [], [], 0
        for line in lines:
            text = detokenize(line)
            spans.append((pos, pos + len(text)))
            parts.append(text)
            pos += len(text) + 1
        docs.append(Doc(str(i), "\n".join(parts), day.isoformat(), tuple(spans)))
        originals.append(lines)
    return docs, originals


def run_storydesk(articles, n_dates: int, k: int, start: dt.date, end: dt.date) -> dict:
    docs, originals = _docs(articles)
    out = summarize_timeline(docs, n_dates, k, start=start.isoformat(), end=end.isoformat())
    timeline = {}
    for day, picked in out:
        if len(day) != 10:
            continue  # back story before the pool: not a day the gold could hold
        sentences = []
        for p in picked:
            index = docs[p.doc].sentences.index((p.start, p.end))
            sentences.append(originals[p.doc][index])
        timeline[dt.date.fromisoformat(day)] = sentences
    return timeline


def _terms(text: str) -> list[str]:
    """PUBCOUNT's terms: words without stop words, not stemmed (as news-tls)."""
    return [w for w in words(text) if len(w) > 1 and w not in STOP_WORDS]


def run_pubcount(articles, n_dates: int, k: int, start: dt.date, end: dt.date) -> dict:
    """PUBCOUNT: the days with most articles published; each summarised from the first
    sentences of the articles published on it or the day after (news-tls' P collector:
    five per article), the ``k`` nearest their TF-IDF centroid."""
    counts = Counter(day for day, _ in articles)
    leads = defaultdict(list)
    for day, lines in articles:
        for back in (0, 1):
            leads[day - dt.timedelta(days=back)].extend(lines[:LEAD])
    idf = idf_weights([_terms(line) for _, lines in articles for line in lines])
    timeline = {}
    for day, _ in sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:n_dates]:
        vectors = tfidf([_terms(s) for s in leads[day]], idf, sublinear=False, unseen=None)
        chosen = centroid_select(vectors, k)
        if chosen:
            timeline[day] = [leads[day][i] for i in chosen]
    return timeline


SYSTEMS = {"storydesk": run_storydesk, "pubcount": run_pubcount}


def evaluate(root: Path, topics: list[str] | None = None, log=None) -> dict[str, dict[str, float]]:
    data = load_topics(root)
    rouge = Rouge()
    scores: dict[str, list] = {name: [] for name in SYSTEMS}
    seconds: dict[str, float] = Counter()
    n_timelines = 0
    n_topics = 0
    for topic in sorted(data):
        if topics and topic not in topics:
            continue
        pool = data[topic]["articles"]
        n_topics += 1
        for tl in data[topic]["timelines"]:
            n_timelines += 1
            start, end = min(tl), max(tl)
            articles = [a for a in pool if start <= a[0] <= end]
            n_dates = len(tl)
            k = round(sum(len(s) for s in tl.values()) / len(tl))
            for name, system in SYSTEMS.items():
                began = time.process_time()
                pred = system(articles, n_dates, k, start, end)
                seconds[name] += time.process_time() - began
                result = align_m1(pred, tl, rouge)
                result["date"] = date_scores(pred, tl)
                scores[name].append(result)
                if log:
                    log(f"{topic} ({len(articles)} articles, {n_dates} dates, k={k}) {name}: "
                        f"AR1 {result['rouge_1']['f_score']:.3f} AR2 {result['rouge_2']['f_score']:.3f} "
                        f"date {result['date']['f_score']:.3f}")
    results = {}
    for name, rows in scores.items():
        if not rows:
            continue
        avg = average(rows)
        results[name] = {
            "AR1-F": round(avg["rouge_1"], 4),
            "AR2-F": round(avg["rouge_2"], 4),
            "Date-F1": round(avg["date"], 4),
            "cpu s/topic": round(seconds[name] / n_topics, 2),
            "cpu s/tl": round(seconds[name] / n_timelines, 2),
        }
    return results


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--topics", default="", help="comma-separated topics (default: all nine)")
    p.add_argument("--verbose", action="store_true", help="print each timeline's scores to stderr")
    args = p.parse_args(argv)
    root = require(args.data)
    topics = [t for t in args.topics.split(",") if t] or None
    log = (lambda msg: print(msg, file=sys.stderr)) if args.verbose else None
    results = evaluate(root, topics, log)
    if not args.json and topics is None:
        for name, (r1, r2, d) in PUBLISHED.items():
            results[name] = {"AR1-F": r1, "AR2-F": r2, "Date-F1": d}
    report(results, args.json, "Timeline17 (19 timelines, 9 topics): align+ m:1 ROUGE F1 and date F1")


if __name__ == "__main__":
    main()
