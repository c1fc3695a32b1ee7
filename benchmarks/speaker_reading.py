"""Speakers to read by hand on articles no speaker-labelled set holds (timeline17).

Not a score: a reading aid, the way round 14 found misattributions no labelled story had
shown (docs/measurements/quality-notes.md). It analyzes a random sample of timeline17's
articles as ``Desk.analyze`` does (PTB tokens turned back into text, one sentence a line)
and prints one table of counts, then each attributed quote with the text before it and its
speaker mention in [[brackets]], for a person to judge. By default only the quotes whose
speaker comes through a pronoun, a role or a mention away from the quote are printed (the
riskier ones); ``--all`` prints every attributed quote.

    python -m benchmarks.speaker_reading --seed 7 --articles 60 [--all]

``--stories N`` reads the story-level step instead (``brief/story_speakers.py``): N
groups of one topic's articles published the same day (three or more, at most eight) are
briefed together as ``storydesk.brief.story_names.resolve_story`` does, and each quote
whose speaker the story step changed is printed the same way (round 15 read 40 groups,
``--seed 1 --stories 40``).
"""

from __future__ import annotations

import gzip
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from benchmarks._common import parser, report, require  # noqa: E402
from benchmarks.timeline import detokenize  # noqa: E402


def _pool(folder: Path) -> list:
    """(topic folder, line number, record) of every article of ``folder``."""
    pool = []
    for path in sorted(folder.glob("*/articles.tokenized.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            pool += [(path.parent.name, i, line) for i, line in enumerate(fh)]
    return pool


def _article(topic: str, i: int, rec: dict):
    from storydesk.model import Article

    lines = [re.sub(r"` `", "``", s) for s in rec.get("text", "").split("\n") if s.strip()]  # "` `" is "``" here
    text = "\n".join(detokenize(s) for s in lines)
    return Article(id=f"{topic}:{i}", text=text, source=f"{topic}:{i}", format="text", published=rec.get("time"))


def sample(folder: Path, seed: int, n: int) -> list:
    """``n`` articles drawn at random (``seed``) from every topic folder of ``folder``."""
    pool = _pool(folder)
    random.Random(seed).shuffle(pool)
    return [_article(topic, i, json.loads(line)) for topic, i, line in pool[:n]]


def story_groups(folder: Path, seed: int, n: int) -> list[list]:
    """``n`` groups drawn at random (``seed``) of one topic's articles published the same
    day (three or more; the first eight of each)."""
    days: dict[tuple[str, str], list] = {}
    for folder_name, i, line in _pool(folder):
        rec = json.loads(line)
        key = (folder_name.split("_")[0], (rec.get("time") or "")[:10])
        days.setdefault(key, []).append(_article(folder_name, i, rec))
    groups = [g for g in days.values() if len(g) >= 3]
    random.Random(seed).shuffle(groups)
    return [g[:8] for g in groups[:n]]


def story_changes(desk, group: list) -> list:
    """(article, quote) for each quote of ``group`` whose speaker the story step changed."""
    import storydesk.brief.story_names as story_names
    from storydesk.model import AnalyzedArticle

    items = [AnalyzedArticle(a, x.analysis) for a, x in zip(group, desk.analyze(group, cache=False))]
    step = story_names.resolve_speakers
    try:
        story_names.resolve_speakers = lambda analyses, texts: list(analyses)
        before = story_names.resolve_story(items)
    finally:
        story_names.resolve_speakers = step
    after = story_names.resolve_story(items)
    return [(b.article, qa) for b, a in zip(before, after)
            for qb, qa in zip(b.analysis.quotes, a.analysis.quotes) if qb.speaker != qa.speaker]


def indirect(text: str, q) -> bool:
    """Whether the speaker mention is not the shown name itself or sits away from the quote."""
    mention = text[q.speaker_start:q.speaker_end] if q.speaker_start is not None else ""
    named = q.speaker.split()[-1].lower() in mention.lower()
    near = q.speaker_start is not None and (0 <= q.speaker_start - q.end < 12 or 0 <= q.start - q.speaker_end < 40)
    return not (named and near)


def passage(text: str, q) -> str:
    lo = max(0, min(q.start, q.speaker_start) - 400)
    hi = max(q.end, q.speaker_end) + 80
    out = text[lo:q.speaker_start] + "[[" + text[q.speaker_start:q.speaker_end] + "]]" + text[q.speaker_end:hi]
    return out.replace("\n", " ¶ ")


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--articles", type=int, default=60)
    p.add_argument("--all", action="store_true", help="print every attributed quote, not only the indirect ones")
    p.add_argument("--stories", type=int, default=0,
                   help="read the story-level step on this many groups of one topic's same-day articles")
    args = p.parse_args(argv)
    from storydesk import Desk, Settings

    if args.stories:
        groups = story_groups(require(args.data), args.seed, args.stories)
        with Desk(Settings(db=":memory:")) as desk:
            changed = [c for g in groups for c in story_changes(desk, g)]
        report({f"storydesk (seed {args.seed})": {"groups": len(groups), "articles": sum(map(len, groups)),
                                                  "changed by the story": len(changed)}},
               args.json, "Speakers the story step sets (timeline17 same-day groups)")
        for art, q in ([] if args.json else changed):
            print(f"\n=== {art.id} | {q.speaker} ({q.speaker_type}) | p={q.speaker_probability}")
            print(passage(art.text, q))
        return
    articles = sample(require(args.data), args.seed, args.articles)
    with Desk(Settings(db=":memory:")) as desk:
        analyses = desk.analyze(articles, cache=False)
    shown = []
    for art, a in zip(articles, analyses):
        for q in a.analysis.quotes:
            if q.speaker and q.speaker_start is not None:
                shown.append((art, q, indirect(art.text, q)))
    counts = {"articles": len(articles), "quotes": sum(len(a.analysis.quotes) for a in analyses),
              "attributed": len(shown), "indirect": sum(1 for *_, ind in shown if ind)}
    report({f"storydesk (seed {args.seed})": counts}, args.json, "Speakers to read (timeline17 sample)")
    if args.json:
        return
    for art, q, ind in shown:
        if ind or args.all:
            print(f"\n=== {art.id} | {q.speaker} ({q.speaker_type}) | p={q.speaker_probability}")
            print(passage(art.text, q))


if __name__ == "__main__":
    main()
