"""Embedded-post benchmark: the posts storydesk finds in real pages, against the embeds'
own markup.

Data: the pages of the article-extraction-benchmark (../shared/data) that embed tweets or
Instagram posts. The gold posts come from the HTML itself: each ``blockquote.twitter-tweet``
/ ``blockquote.instagram-media`` gives the handle, the date (its last link) and the text
(its ``<p>`` elements). Each page goes through storydesk's HTML extraction (the path
``storydesk ingest`` uses) and then :func:`storydesk.analyze.posts.find_posts`.

Scores: post precision and recall (a found post matches a gold post with the same handle
and date), recall over the gold posts whose signature survived extraction (what
``find_posts`` could see), and over matched posts the token F1 of the post's text against
the gold text and the share with the exact author. The baseline, in the same run, is the
rule one would write first: a signature line ``— Name (@handle) Date`` whose post is the
line above it (or the text before the dash on the same line).

    .venv/bin/python benchmarks/posts.py [--data DIR] [--json]
"""

from __future__ import annotations

import gzip
import re
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `benchmarks` and `storydesk` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402
from storydesk.analyze.posts import find_posts, parse_date  # noqa: E402
from storydesk.ingest.html import extract_html  # noqa: E402

_SIGNATURE = re.compile(
    r"^(?P<before>.*?)\s*—\s*(?P<author>[^(\n]*?)\s*\(@(?P<handle>\w+)\)\s*(?P<date>\w+ \d{1,2}, \d{4})\s*$",
    re.MULTILINE,
)


def gold_posts(html: str) -> list[dict]:
    """The posts a page embeds, read from the embed markup."""
    import lxml.html

    tree = lxml.html.fromstring(html)
    gold = []
    for bq in tree.xpath('//blockquote[contains(@class,"twitter-tweet") or contains(@class,"instagram-media")]'):
        whole = " ".join(bq.text_content().split())
        handle = re.search(r"\(@(\w+)\)", whole)
        links = bq.xpath(".//a")
        date = parse_date(links[-1].text_content()) if links else None
        text = " ".join(" ".join(p.text_content().split()) for p in bq.xpath(".//p"))
        text = re.split(r"\s*—\s*[^—(]*\(@\w+\)", text)[0]  # some pages put the signature in a <p>
        author = re.search(r"—\s*([^(]*?)\s*\(@", whole)
        if handle:
            gold.append({"handle": handle.group(1), "date": date, "text": text,
                         "author": author.group(1) if author else None})
    return gold


def baseline_posts(text: str) -> list[dict]:
    """The first rule one would write: the signature line and the line above it."""
    found = []
    for m in _SIGNATURE.finditer(text):
        body = m.group("before")
        if not body.strip():
            above = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
            body = above
        found.append({"handle": m.group("handle"), "date": parse_date(m.group("date")),
                      "text": body.strip(), "author": m.group("author").strip() or None})
    return found


def storydesk_posts(text: str) -> list[dict]:
    return [{"handle": p.handle, "date": p.date, "text": p.text, "author": p.author}
            for p in find_posts(text)]


def _tokens(text: str) -> Counter:
    text = re.sub(r"(?:https?://|pic\.twitter\.com/)\S+", " ", text.casefold())
    return Counter(re.findall(r"\w+", text))


def token_f1(found: str, gold: str) -> float:
    a, b = _tokens(found), _tokens(gold)
    overlap = sum((a & b).values())
    if not overlap:
        return 0.0
    p, r = overlap / sum(a.values()), overlap / sum(b.values())
    return 2 * p * r / (p + r)


def score(pages: list[tuple[str, list[dict]]], finder) -> dict[str, float]:
    tp = n_found = n_gold = n_visible = 0
    f1s, authors = [], []
    for text, gold in pages:
        found = finder(text)
        n_found += len(found)
        n_gold += len(gold)
        n_visible += sum(1 for g in gold if f"(@{g['handle']})" in text)
        unmatched = list(found)
        for g in gold:
            same = [f for f in unmatched if f["handle"] == g["handle"] and f["date"] == g["date"]]
            if not same:
                continue
            hit = max(same, key=lambda f: token_f1(f["text"], g["text"]))
            unmatched.remove(hit)
            tp += 1
            f1s.append(token_f1(hit["text"], g["text"]))
            authors.append(hit["author"] == g["author"])
    return {
        "posts": n_gold,
        "precision": tp / n_found if n_found else 0.0,
        "recall": tp / n_gold if n_gold else 0.0,
        "recall_visible": tp / n_visible if n_visible else 0.0,
        "text_f1": sum(f1s) / len(f1s) if f1s else 0.0,
        "author_exact": sum(authors) / len(authors) if authors else 0.0,
    }


def load_pages(data: Path) -> list[tuple[str, list[dict]]]:
    pages = []
    for path in sorted((data / "html").glob("*.html.gz")):
        html = gzip.open(path).read().decode("utf-8", "replace")
        if "twitter-tweet" not in html and "instagram-media" not in html:
            continue
        gold = gold_posts(html)
        extracted = extract_html(html)
        if gold and extracted is not None:
            pages.append((extracted.text, gold))
    return pages


def main(argv: list[str] | None = None) -> dict:
    p = parser(__doc__.splitlines()[0], "article-extraction-benchmark")
    args = p.parse_args(argv)
    pages = load_pages(require(args.data))
    results = {"storydesk": score(pages, storydesk_posts),
               "signature-line baseline": score(pages, baseline_posts)}
    report(results, args.json, f"Embedded posts in {len(pages)} pages of {args.data}")
    return results


if __name__ == "__main__":
    main()
