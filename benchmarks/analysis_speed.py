"""Analysis throughput on timeline17 articles, beside spaCy's own ``nlp.pipe``.

    python benchmarks/analysis_speed.py [--data DIR] [--json] [--per-folder N]

Reads the first N articles (default 10) of every ``*/articles.tokenized.jsonl.gz`` under
DIR (default ../shared/data/timeline17), undoes the PTB quote tokens (` ` and '' become “ ”)
so that quote attribution has work to do, and times, in the same process with the same
model: spaCy's ``nlp.pipe`` over the texts, then storydesk's ``analyze_articles`` (which
parses with the same ``nlp.pipe`` and adds everything else). ``ratio_to_spacy`` is
storydesk's articles per second over spaCy's: the share of parsing speed that is left
after storydesk's own work (1.0 would be no overhead).
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402


def _detokenize(text: str) -> str:
    """PTB quote tokens back to curly quotation marks (the texts write `` as "` `")."""
    return re.sub(r"` ?`", "“", text).replace("''", "”")


def load(folder: Path, per_folder: int) -> list:
    from storydesk.model import Article

    out = []
    for path in sorted(folder.glob("*/articles.tokenized.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for n, line in enumerate(fh):
                if n >= per_folder:
                    break
                rec = json.loads(line)
                text = _detokenize(rec.get("text", ""))
                out.append(Article(id=f"{path.parent.name}:{n}", text=text,
                                   source=f"{path}:{n + 1}", format="jsonl",
                                   published=rec.get("time")))
    return out


def run(folder: Path, per_folder: int) -> dict[str, dict[str, float]]:
    from storydesk.analyze import analyze_articles, load_nlp
    from storydesk.config import Settings

    settings = Settings()
    articles = load(folder, per_folder)
    nlp = load_nlp(settings.spacy_model)
    texts = [a.text[: settings.max_analysis_chars] for a in articles]
    list(nlp.pipe(texts[:4]))  # warm-up
    t0 = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=16):
        pass
    spacy_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    analyses = list(analyze_articles(articles, nlp, settings.max_analysis_chars))
    ours_s = time.perf_counter() - t0
    n = len(articles)
    return {
        "storydesk": {"articles": n, "articles_per_s": n / ours_s,
                      "ratio_to_spacy": spacy_s / ours_s,
                      "quotes": sum(len(a.quotes) for a in analyses)},
        "spacy nlp.pipe": {"articles": n, "articles_per_s": n / spacy_s, "ratio_to_spacy": 1.0},
    }


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--per-folder", type=int, default=10, help="articles read from each folder")
    args = p.parse_args(argv)
    require(args.data)
    results = run(args.data, args.per_folder)
    report(results, args.json, title=f"Analysis throughput on {args.data}")
    return results


if __name__ == "__main__":
    main()
