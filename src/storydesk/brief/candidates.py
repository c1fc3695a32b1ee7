"""Which sentences of an article may stand in a story summary.

A summary says what happened in the articles' own prose. Left out, by general rules:
sentences inside embedded social posts; sentences that are mostly quotation (those
belong under "who said what"); pointers to embedded media ("See the reactions below:",
"Listen to the tape below"); captions, sub-heads and link titles (short lines without
final punctuation, or nearly every word capitalised); photo captions (a line carrying a picture credit);
fragments too short to say anything; run-ons too long to be one fact. A text that is
one long line of prose cut off before its final stop (a feed's truncated lead, "Brazil
... electing a strident populist as president") still reports, and stays a candidate;
not a line without a stop that follows other prose or is followed by more text: those
are captions ("GETTY Max Verstappen overtook Kimi Raikkonen in the first racing lap"),
sub-heads and link titles. A summary sentence
must also stand on its own, so questions and sentences that lean on the one before (they
open with a connective, "But", "However", or with a pronoun whose referent is outside
the sentence, "He", "This") are left out too.

>>> is_filler("See the reactions below:")
True
>>> is_filler("Check out a few posts below.")
True
>>> is_filler("Here's what you need to know.")
True
>>> is_filler("The tape was released on Friday.")
False
>>> is_unfinished_prose("Brazil on Sunday became the latest country to drift toward the far right, "
...                      "electing a strident populist as president")
True
>>> is_unfinished_prose("Supreme Court says recovery from cancer treatment remains on track")
False
>>> is_headline_case("Amber Heard Spotted Holding Hands With Girlfriend at March in LA.")
True
>>> leans_on_context("But the council said the bridge would reopen.")
'connective'
>>> leans_on_context("In doing so, the agency will become the first to land there.")
'connective'
>>> leans_on_context("Meanwhile, engineers inspected the bridge.")
'connective'
>>> leans_on_context("She later admitted to hitting him.")
'pronoun'
>>> leans_on_context("It is unclear whether the bridge will reopen this year.") is None
True
>>> leans_on_context("Will the bridge reopen before the winter?")
'question'
>>> is_caption("The tram on its side in Croydon. Photograph: Jane Doe/Reuters")
True
>>> text = "LONDON • Actress Jane Doe said the film was finished."
>>> text[_DATELINE.match(text).end():]
'Actress Jane Doe said the film was finished.'
>>> [t[_DATELINE.match(t).end():] for t in ("(CNN)Stabbings were reported.", "WASHINGTON—The Senate met.",
...                                          "(Reuters) - A judge ruled.")]
['Stabbings were reported.', 'The Senate met.', 'A judge ruled.']
>>> _DATELINE.match("NATO-led forces withdrew.") is None and _DATELINE.match("(R) Senator Doe spoke.") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import AnalyzedArticle
from .terms import words

MIN_WORDS = 6
MAX_WORDS = 60
MAX_QUOTED_SHARE = 0.4
MIN_UNFINISHED_WORDS = 15  # a line without final punctuation this long is prose, not a title

_FINAL = re.compile(r"""[.!?]["'”’)\]]*$""")
_OPEN_END = re.compile(r"[:;,—–-]\s*$")  # a line ending here introduces or continues something
_POINTER = re.compile(
    r"\b(?:see|check(?:\s+out)?|watch|listen(?:\s+to)?|read|view|take\s+a\s+look\s+at|here\s+(?:is|are))\b"
    r".{0,60}\b(?:below|above|here)\b",
    re.I,
)
_ANNOUNCING = re.compile(r"here(?:'s|’s|\s+is|\s+are)\s+(?:what|how|why|where|when|who|everything|a\s+look)\b", re.I)
_LINKISH = re.compile(r"pic\.twitter\.com|https?://|www\.|(?:^|\s)@\w", re.I)
_QUOTED = re.compile(r"""“[^”]*”|"[^"]*"|‘[^’]{12,}’""")
# "LONDON • ", "WASHINGTON (Reuters) - ", "NEW YORK — ", "WASHINGTON—", "(Reuters) - ", "(CNN)":
# a dateline or wire credit, not part of the sentence
_DATELINE = re.compile(r"(?:[A-Z]{3,}[A-Z .,'’-]{0,40}(?:\([^)]{1,40}\))?\s*(?:[•—–]+\s*|-+\s+)"
                       r"|\((?:[A-Z][\w.&]*\s?){1,3}\)(?:\s*[—–-]+\s+|(?=[A-Z])))(?=[A-Z\"“‘'])")
# A sentence opening with one of these continues the one before it.
_CONNECTIVE = re.compile(
    r"(?:but|however|and|yet|still|so(?!\s+far\b)|or|nor|instead|nevertheless|nonetheless|moreover|furthermore|"
    r"besides|also|then|thus|therefore|hence|otherwise|indeed|rather|in\s+addition|"
    r"in\s+contrast|on\s+the\s+other\s+hand|even\s+so|that\s+said|as\s+a\s+result|by\s+contrast|"
    r"in\s+turn|after\s+that|because\s+of\s+this|for\s+this\s+reason|at\s+the\s+same\s+time|"
    r"meanwhile|similarly|likewise|additionally|consequently|accordingly|as\s+such|in\s+fact|after\s+all|"
    r"for\s+(?:example|instance)|in\s+other\s+words|(?:in|by)\s+doing\s+so|in\s+so\s+doing|to\s+do\s+so|"
    r"(?:despite|because\s+of|in\s+spite\s+of)\s+(?:this|that|these|those|it)|if\s+(?:so|not)|"
    r"in\s+that\s+case|to\s+that\s+end|(?:by|since|until|at)\s+(?:then|that\s+(?:time|point)))\b(?![-'’]\w)",
    re.I)
# ... or with a pronoun or demonstrative that points outside the sentence ("this week" does not)
_PRONOUN = re.compile(r"(?:he|she|they|it|we|i|you|his|her|their|its|our|my|him|them|this|that|these|"
                      r"those|such)\b(?!-\w)(?!\s+(?:past\s+)?(?:week|month|year|morning|afternoon|evening|"
                      r"night|weekend|summer|winter|spring|autumn|fall|season|time)s?\b)", re.I)
# "It is unclear whether ...", "It was not clear how ...": an expletive "it", not a reference
_EXPLETIVE = re.compile(r"it(?:\s+(?:is|was|has\s+been|had\s+been|remains|remained|seems|seemed|appears|"
                        r"appeared|will\s+be|would\s+be)|'s|’s)\s+(?:\w+\s+){0,3}?"
                        r"(?:that|whether|if|how|why|what|when|who|where|to)\b", re.I)
# A picture credit: the whole line is a caption, whatever its punctuation
_CAPTION = re.compile(
    r"\b(?:photograph|photo|image|picture|video)s?\s*:|\(photo\b|\bimage\s+(?:caption|copyright)\b|"
    r"\b(?:toggle|hide|show)\s+caption\b|\bgetty\s+images\b|\bAP\s+Photo\b|\(pictured\)|\bpictured\s*:|"
    r"©|\bshutterstock\b|\b(?:file|handout)\s+(?:photo|picture|image)\b|\b(?:is|are)\s+pictured\b", re.I)
_OPENING = re.compile(r"""^[\s"'“‘(\[—–-]*""")
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
    """True for a sentence that introduces embedded material or what follows rather
    than saying anything ("Here's what you need to know.")."""
    s = sentence.strip()
    return (s.endswith(":") or bool(_POINTER.search(s) and len(words(s)) <= 15)
            or bool(_ANNOUNCING.match(s) and len(words(s)) <= 12))


def is_unfinished_prose(line: str) -> bool:
    """True for a long line of prose cut off before its final stop (a feed's truncated
    lead): it says what happened although its sentence is not finished. Short lines
    without final punctuation are titles, sub-heads or captions."""
    return len(words(line)) >= MIN_UNFINISHED_WORDS and not _OPEN_END.search(line)


def is_headline_case(sentence: str) -> bool:
    """True when (nearly) every word longer than a particle is capitalised: a title,
    sub-head or link to another article, not prose."""
    tokens = [w for w in re.findall(r"[A-Za-z][\w'’-]*", sentence) if w.lower() not in _SMALL]
    if len(tokens) < 4:
        return False
    capital = sum(1 for w in tokens if w[0].isupper())
    return capital / len(tokens) >= 0.8


def leans_on_context(sentence: str) -> str | None:
    """Why ``sentence`` cannot stand alone in a summary, or None: ``"question"``,
    ``"connective"`` (it opens with "But", "However", ...) or ``"pronoun"`` (it opens
    with a pronoun or demonstrative whose referent is in an earlier sentence)."""
    s = sentence.strip()
    if re.search(r"""\?["'”’)\]]*$""", s):
        return "question"
    opening = _OPENING.match(s)
    assert opening is not None  # the pattern matches the empty string
    body = s[opening.end():]
    if _CONNECTIVE.match(body):
        return "connective"
    if _PRONOUN.match(body) and not _EXPLETIVE.match(body):
        return "pronoun"
    return None


def is_caption(line: str) -> bool:
    """True when a line (paragraph) carries a picture credit or caption marker: it
    describes a picture, it does not report."""
    return bool(_CAPTION.search(line))


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
        if not _FINAL.search(sentence) and (out or text[end:].strip() or not is_unfinished_prose(sentence)):
            continue  # a title, sub-head or caption; a text that is one cut-off lead is prose
        if is_filler(sentence) or is_headline_case(sentence):
            continue
        if _LINKISH.search(sentence) or leans_on_context(sentence):
            continue
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        if is_caption(text[line_start:line_end if line_end >= 0 else len(text)]):
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
