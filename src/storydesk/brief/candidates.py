"""Which sentences of an article may stand in a story summary.

A summary says what happened in the articles' own prose. Left out, by general rules:
sentences inside embedded social posts; sentences that are mostly quotation (those
belong under "who said what"); pointers to embedded media ("See the reactions below:",
"Listen to the tape below"); captions, sub-heads and link titles (no final punctuation,
or nearly every word capitalised); fragments too short to say anything; run-ons too long
to be one fact.

>>> is_filler("See the reactions below:")
True
>>> is_filler("Check out a few posts below.")
True
>>> is_filler("The tape was released on Friday.")
False
>>> is_headline_case("Amber Heard Spotted Holding Hands With Girlfriend at March in LA.")
True
>>> text = "LONDON • Actress Jane Doe said the film was finished."
>>> text[_DATELINE.match(text).end():]
'Actress Jane Doe said the film was finished.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import AnalyzedArticle
from .terms import words

MIN_WORDS = 6
MAX_WORDS = 60
MAX_QUOTED_SHARE = 0.4

_FINAL = re.compile(r"""[.!?]["'”’)\]]*$""")
_POINTER = re.compile(
    r"\b(?:see|check(?:\s+out)?|watch|listen(?:\s+to)?|read|view|take\s+a\s+look\s+at|here\s+(?:is|are))\b"
    r".{0,60}\b(?:below|above|here)\b",
    re.I,
)
_LINKISH = re.compile(r"pic\.twitter\.com|https?://|www\.|(?:^|\s)@\w", re.I)
_QUOTED = re.compile(r"""“[^”]*”|"[^"]*"|‘[^’]{12,}’""")
# "LONDON • ", "WASHINGTON (Reuters) - ", "NEW YORK — ": a dateline, not part of the sentence
_DATELINE = re.compile(r"[A-Z]{3,}[A-Z .,'’-]{0,40}(?:\([^)]{1,40}\))?\s*[•—–-]+\s+(?=[A-Z\"“‘'])")
_SMALL = frozenset("a an and as at but by for from in into of on or the to with vs via".split())


@dataclass(frozen=True)
class Candidate:
    """One sentence of one article that may stand in the summary."""

    article: int  # position of its article in the story
    start: int
    end: int
    rank: int  # position among its article's candidate sentences
    text: str


def is_filler(sentence: str) -> bool:
    """True for a sentence that introduces embedded material rather than saying anything."""
    s = sentence.strip()
    return s.endswith(":") or bool(_POINTER.search(s) and len(words(s)) <= 15)


def is_headline_case(sentence: str) -> bool:
    """True when (nearly) every word longer than a particle is capitalised: a title,
    sub-head or link to another article, not prose."""
    tokens = [w for w in re.findall(r"[A-Za-z][\w'’-]*", sentence) if w.lower() not in _SMALL]
    if len(tokens) < 4:
        return False
    capital = sum(1 for w in tokens if w[0].isupper())
    return capital / len(tokens) >= 0.8


def quoted_share(sentence: str, quote_spans: list[tuple[int, int]] | None = None) -> float:
    """Share of the sentence's characters inside quotation marks (or inside the given
    quote spans, relative to the sentence)."""
    if not sentence:
        return 0.0
    covered = [0] * len(sentence)
    for m in _QUOTED.finditer(sentence):
        for i in range(m.start(), m.end()):
            covered[i] = 1
    for start, end in quote_spans or ():
        for i in range(max(0, start), min(len(sentence), end)):
            covered[i] = 1
    return sum(covered) / len(sentence)


def article_candidates(index: int, item: AnalyzedArticle, limit: int | None = None) -> list[Candidate]:
    """The summary candidates of one article, in text order (at most ``limit``)."""
    text = item.article.text
    analysis = item.analysis
    posts = [(p.start, p.end) for p in analysis.posts]
    quotes = [(q.start, q.end) for q in analysis.quotes]
    out: list[Candidate] = []
    for start, end in sentence_pieces(text, analysis.sentences):
        if limit is not None and len(out) >= limit:
            break
        if any(ps < end and start < pe for ps, pe in posts):
            continue
        sentence = text[start:end]
        n = len(words(sentence))
        if n < MIN_WORDS or n > MAX_WORDS:
            continue
        if not _FINAL.search(sentence) or is_filler(sentence) or is_headline_case(sentence):
            continue
        if _LINKISH.search(sentence):
            continue
        inside = [(qs - start, qe - start) for qs, qe in quotes if qs < end and start < qe]
        if quoted_share(sentence, inside) > MAX_QUOTED_SHARE:
            continue
        out.append(Candidate(index, start, end, len(out), sentence))
    return out


def sentence_pieces(text: str, sentences) -> list[tuple[int, int]]:
    """Sentence spans cut at line breaks (a sentence never runs across paragraphs) and
    trimmed of white space."""
    out = []
    for sent in sentences:
        if not 0 <= sent.start < sent.end <= len(text):
            continue  # an analysis that does not fit this text (never cite outside it)
        pos = sent.start
        for line in text[sent.start:sent.end].split("\n"):
            start, end = pos, pos + len(line)
            pos = end + 1
            while start < end and text[start].isspace():
                start += 1
            while end > start and text[end - 1].isspace():
                end -= 1
            dateline = _DATELINE.match(text, start, end)
            if dateline:
                start = dateline.end()
            if end > start:
                out.append((start, end))
    return out
