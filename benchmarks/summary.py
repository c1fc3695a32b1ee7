"""Multi-source summary quality: storydesk's brief summary against TF-IDF centroid + MMR,
sumy's LexRank and TextRank and a lead baseline, on NeuS / AllSides (three articles per story from left,
centre and right outlets, with an editor's neutral summary).

    .venv/bin/python -m benchmarks.summary [--data DIR] [--split val] [--limit N] [--json]

What is measured, and how:

- Each ``*.source`` line holds three articles, "TITLE=> ... ARTICLE=> ...", separated by
  " [SEP] ". Each becomes an Article (title, body = the ARTICLE part) whose sentences are
  split with pysbd (not spaCy: analysing 307x3 articles with spaCy is what costs time,
  and the summary only reads sentence spans). storydesk's summary is
  :func:`storydesk.brief.summary.build_summary`, the function ``build_brief`` calls.
- The reference is the ARTICLE part of the ``*.target`` line (the neutral roundup text,
  without its title).
- Every system's output is its sentences in its own order, joined by spaces and cut to
  the first 65 white-space separated words (the references' median length). Each system
  gives sentences until it has at least 65 words: storydesk in its rank order; sumy's
  summarizers (given pysbd sentences and a data-free word tokenizer) with the smallest
  sentence count that reaches 65 words, in document order as sumy returns them; the lead
  baseline takes the first sentence of each article in turn, then the second, ...;
  ``centroid+mmr`` is the classic extractive baseline: scikit-learn TF-IDF vectors
  (English stop words) of every sentence of the story, picked by maximal marginal
  relevance, ``0.7 * cos(sentence, centroid) - 0.3 * max cos(sentence, picked)``, where
  the centroid is the mean of the sentence vectors, in pick order.
- ROUGE-1/2/L F1 with rouge-score, stemming on, averaged over stories.
- ``repeats``: share of stories whose summary (the sentences that fit the budget) holds
  two sentences that restate each other: half or more of the shorter one's content
  terms are in the other (:func:`storydesk.brief.summary.content_overlap` ≥ 0.5).
- ``verbatim`` is the share of summary sentences and cited excerpts that are exactly
  their article's text at their offsets and occur in the input line (must be 1.0).
- ``ms_per_story`` is the median time of one ``build_summary`` call; ``speed_vs_lexrank``
  is LexRank's median time divided by storydesk's (above 1: storydesk is faster);
  ``brief_ms_per_story`` is the median time of the whole ``build_brief`` on the same
  sentence-split story (every section; spaCy analysis not included).
- With ``--analyze N`` (default 30) the first N stories also go through the whole
  pipeline (spaCy analysis, then ``build_brief``): ``full_verbatim`` is the share of
  summary sentences, quotes and every cited excerpt of those briefs that are verbatim in
  the input line (``full_checked`` of them, ``full_quotes`` quotes), and
  ``full_ms_per_story`` the median time to analyze and brief one story;
  ``full_rouge1``/``full_rouge2`` are the ROUGE of those briefs' summaries (spaCy
  sentences), on those N stories only.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

from benchmarks._common import parser, report, require

WORDS = 65


def parse_line(line: str) -> list[tuple[str | None, str]]:
    """[(title, body)] of one NeuS source or target line."""
    out = []
    for part in line.strip().split(" [SEP] "):
        m = re.match(r"\s*TITLE=>\s*(.*?)\s*ARTICLE=>\s*(.*)$", part, re.S)
        if m:
            out.append((m.group(1).strip() or None, m.group(2).strip()))
        elif part.strip():
            out.append((None, part.strip()))
    return out


def load(data: Path, split: str, limit: int | None) -> list[tuple[str, list[tuple[str | None, str]], str]]:
    src = require(data / f"{split}.source").read_text(encoding="utf-8").splitlines()
    tgt = require(data / f"{split}.target").read_text(encoding="utf-8").splitlines()
    stories = []
    for line, target in zip(src, tgt):
        ref = parse_line(target)
        stories.append((line, parse_line(line), ref[0][1] if ref else ""))
    return stories[:limit] if limit else stories


def analyzed_story(parts, segmenter):
    """AnalyzedArticles whose analysis holds only pysbd sentence spans."""
    from storydesk.ingest.common import make_article
    from storydesk.model import Analysis, AnalyzedArticle, Sentence

    out = []
    for i, (title, body) in enumerate(parts):
        article = make_article(text=body, source=f"neus:{i}", format="text", raw=body, title=title)
        sents = []
        for span in segmenter.segment(body):
            text = span.sent
            start = span.start + (len(text) - len(text.lstrip()))
            end = start + len(text.strip())
            if end > start:
                sents.append(Sentence(start, end))
        out.append(AnalyzedArticle(article, Analysis(article.id, "bench", sentences=tuple(sents))))
    return out


REPEAT = 0.5


def repeated(sentences: list[str], words: int = WORDS) -> bool:
    """True when two of the sentences that fit in ``words`` restate each other."""
    from storydesk.brief.summary import content_overlap

    kept, total = [], 0
    for s in sentences:
        if total >= words:
            break
        kept.append(s)
        total += len(s.split())
    return any(content_overlap(a, b) >= REPEAT for i, a in enumerate(kept) for b in kept[:i])


def cut(sentences: list[str], words: int = WORDS) -> str:
    return " ".join(" ".join(sentences).split()[:words])


def lead(analyzed) -> list[str]:
    per = [[a.article.text[s.start:s.end] for s in a.analysis.sentences] for a in analyzed]
    out, i = [], 0
    while sum(len(s.split()) for s in out) < WORDS and any(i < len(p) for p in per):
        out.extend(p[i] for p in per if i < len(p))
        i += 1
    return out


MMR_LAMBDA = 0.7


def centroid_mmr(analyzed, lam: float = MMR_LAMBDA) -> list[str]:
    """TF-IDF centroid + maximal marginal relevance (Carbonell & Goldstein 1998)."""
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer

    texts = [a.article.text[s.start:s.end] for a in analyzed for s in a.analysis.sentences]
    if not texts:
        return []
    try:
        rows = TfidfVectorizer(stop_words="english").fit_transform(texts)
    except ValueError:  # only stop words
        return texts[:1]
    centroid = np.asarray(rows.mean(axis=0)).ravel()
    norm = np.linalg.norm(centroid)
    relevance = rows @ (centroid / norm if norm else centroid)
    sims = (rows @ rows.T).toarray()
    picked: list[int] = []
    left = set(range(len(texts)))
    while left and sum(len(texts[i].split()) for i in picked) < WORDS:
        best = max(sorted(left), key=lambda i: lam * relevance[i]
                   - (1 - lam) * max((sims[i, j] for j in picked), default=0.0))
        picked.append(best)
        left.discard(best)
    return [texts[i] for i in picked]


class _Words:
    """A data-free word tokenizer for sumy (sumy's own needs NLTK data)."""

    def to_words(self, text: str):
        return re.findall(r"\w+(?:['’]\w+)?", text)

    def to_sentences(self, text: str):  # pragma: no cover - sentences come from pysbd
        return [text]


def sumy_runner(name: str):
    from sumy.models.dom import ObjectDocumentModel, Paragraph, Sentence
    from sumy.nlp.stemmers import Stemmer
    from sumy.summarizers.lex_rank import LexRankSummarizer
    from sumy.summarizers.text_rank import TextRankSummarizer
    from sumy.utils import get_stop_words

    cls = {"lexrank": LexRankSummarizer, "textrank": TextRankSummarizer}[name]
    summarizer = cls(Stemmer("english"))
    summarizer.stop_words = get_stop_words("english")
    tok = _Words()

    def run(analyzed) -> list[str]:
        paragraphs = []
        for a in analyzed:
            sents = [Sentence(a.article.text[s.start:s.end], tok) for s in a.analysis.sentences]
            paragraphs.append(Paragraph(sents))
        doc = ObjectDocumentModel(paragraphs)
        total = len(doc.sentences)
        for k in range(1, total + 1):
            chosen = [str(s) for s in summarizer(doc, k)]
            if sum(len(s.split()) for s in chosen) >= WORDS:
                return chosen
        return [str(s) for s in summarizer(doc, total)]

    return run


def storydesk_runner(embed=None, params=None):
    from storydesk.brief.summary import SummaryParams, build_summary
    from storydesk.config import Settings

    n = Settings().summary_sentences
    params = params or SummaryParams()

    def run(analyzed, check=None) -> list[str]:
        summary = build_summary(analyzed, n, embed=embed, params=params)
        if check is not None:
            check(summary, analyzed)
        return [s["text"] for s in summary]

    return run


def full_pipeline(stories, scorer) -> dict[str, float]:
    """Analyze ``stories`` with spaCy and brief them; check every line of the briefs."""
    from storydesk.analyze import analyze_articles, load_nlp
    from storydesk.brief import build_brief
    from storydesk.config import Settings
    from storydesk.ingest.common import make_article
    from storydesk.model import AnalyzedArticle

    nlp = load_nlp(Settings().spacy_model)
    checked = ok = quotes = 0
    times, r1, r2 = [], [], []

    def squash(text: str) -> str:
        return " ".join(text.split())

    for raw_line, parts, reference in stories:
        t0 = time.perf_counter()
        articles = [make_article(text=body, source=f"neus:{i}", format="text", raw=body, title=title)
                    for i, (title, body) in enumerate(parts)]
        analyzed = [AnalyzedArticle(a, x) for a, x in zip(articles, analyze_articles(articles, nlp))]
        brief = build_brief(analyzed)
        times.append(time.perf_counter() - t0)
        scores = scorer.score(reference, cut([e["text"] for e in brief["summary"]]))
        r1.append(scores["rouge1"].fmeasure)
        r2.append(scores["rouge2"].fmeasure)
        line, by_id = squash(raw_line), {a.id: a for a in articles}
        entries = [("summary", e) for e in brief["summary"]] + [("quotes", e) for e in brief["quotes"]]
        quotes += len(brief["quotes"])
        for _section, entry in entries:
            checked += 1
            ok += squash(entry["text"]) in line
            for src in entry["sources"]:
                checked += 1
                text = by_id[src["article_id"]].text
                ok += text[src["start"]:src["end"]] == src["excerpt"] and squash(src["excerpt"]) in line
    return {"full_verbatim": round(ok / max(1, checked), 4), "full_checked": checked,
            "full_quotes": quotes, "full_ms_per_story": round(1000 * statistics.median(times), 1),
            "full_rouge1": round(statistics.fmean(r1), 4), "full_rouge2": round(statistics.fmean(r2), 4)}


def main(argv: list[str] | None = None) -> dict:
    p = parser(__doc__.splitlines()[0], "neus-allsides-neutral-mds")
    p.add_argument("--split", default="val", help="val (default), train or test")
    p.add_argument("--limit", type=int, default=None, help="only the first N stories")
    p.add_argument("--analyze", type=int, default=30, metavar="N",
                   help="run the whole pipeline (spaCy + build_brief) on the first N stories")
    p.add_argument("--embeddings", action="store_true",
                   help="also run storydesk with all-MiniLM-L6-v2 sentence embeddings")
    args = p.parse_args(argv)

    import pysbd
    from rouge_score import rouge_scorer

    stories = load(args.data, args.split, args.limit)
    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)

    systems = {"storydesk": storydesk_runner()}
    if args.embeddings:
        from storydesk.brief.embeddings import load_embedder

        systems["storydesk+embeddings"] = storydesk_runner(embed=load_embedder())
    systems.update({"centroid+mmr": centroid_mmr, "lexrank": sumy_runner("lexrank"),
                    "textrank": sumy_runner("textrank"), "lead": lead})

    scores = {name: {"rouge1": [], "rouge2": [], "rougeL": [], "repeats": []} for name in systems}
    times = {name: [] for name in systems}
    verbatim = {"checked": 0, "ok": 0}
    current = {"line": ""}

    def check(summary, analyzed):
        by_id = {a.article.id: a.article for a in analyzed}
        line_text = current["line"]
        for entry in summary:
            for src in entry["sources"]:
                art = by_id[src["article_id"]]
                verbatim["checked"] += 1
                verbatim["ok"] += (art.text[src["start"]:src["end"]] == src["excerpt"]
                                   and src["excerpt"] in line_text)
            verbatim["checked"] += 1
            verbatim["ok"] += any(entry["text"] == s["excerpt"] for s in entry["sources"])

    from storydesk.brief import build_brief

    brief_times = []
    for raw_line, parts, reference in stories:
        analyzed = analyzed_story(parts, segmenter)
        current["line"] = raw_line
        t0 = time.perf_counter()
        build_brief(analyzed)
        brief_times.append(time.perf_counter() - t0)
        for name, run in systems.items():
            t0 = time.perf_counter()
            out = run(analyzed, check) if name.startswith("storydesk") else run(analyzed)
            times[name].append(time.perf_counter() - t0)
            result = scorer.score(reference, cut(out))
            for metric in ("rouge1", "rouge2", "rougeL"):
                scores[name][metric].append(result[metric].fmeasure)
            scores[name]["repeats"].append(float(repeated(out)))

    full = full_pipeline(stories[: args.analyze], scorer) if args.analyze else {}

    results: dict[str, dict[str, float]] = {}
    base = statistics.median(times["lexrank"])
    for name in systems:
        row = {m: round(statistics.fmean(v), 4) for m, v in scores[name].items()}
        row["ms_per_story"] = round(1000 * statistics.median(times[name]), 2)
        if name.startswith("storydesk"):
            row["speed_vs_lexrank"] = round(base / max(statistics.median(times[name]), 1e-9), 2)
            row["verbatim"] = round(verbatim["ok"] / max(1, verbatim["checked"]), 4)
            if name == "storydesk":
                row["brief_ms_per_story"] = round(1000 * statistics.median(brief_times), 2)
                row.update(full)
        results[name] = row
    report(results, args.json,
           f"summary: {len(stories)} stories ({args.split}), {WORDS}-word budget, ROUGE F1 vs neutral summary")
    return results


if __name__ == "__main__":
    main(sys.argv[1:])
