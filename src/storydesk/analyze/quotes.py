"""Direct quotes with their speakers.

Decisions a reader of the output needs to know:

- A quote split by its attribution (`"A," she said, "B."`) gives two :class:`Quote`
  records, one per quoted passage, both with the speaker and cue.
- A passage of one or two words is kept only when a speech verb governs it
  (`dubbed Depp "vindictive"`): then it is someone's word, quoted. Without one it is a
  scare quote, a title or a nickname (`a "crime scene"`, `"Aquaman"`) and is left out.
- A passage with no attribution of its own takes a speaker only when the text supports
  it: it follows, in the same paragraph, a quote or a sentence attributed to someone; or
  it is a paragraph of nothing but quotation that continues the previous paragraph's
  attributed quote. Otherwise its speaker is None, never a guess.
- Text inside an embedded social post is never a quote.
- ``speaker_start:speaker_end`` is the mention that is the subject of the cue, even a
  pronoun or a role ("she", "Heard's spokesperson"); ``speaker`` is the canonical name
  it resolves to, or None when it names nobody for certain.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace

from ..model import Entity, Post, Quote
from .coref import People, read_people, speaker_name
from .quotemarks import QuoteSpan, pair_quotes
from .speakers import Attribution, np_span, attribute, cue_span, is_cue, subject_of

_MIN_WORDS = 3


def _token_range(doc, start: int, end: int) -> tuple[int, int] | None:
    span = doc.char_span(start, end, alignment_mode="expand")
    return (span.start, span.end) if span is not None and len(span) else None


def _words(text: str) -> int:
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


class _Context:
    """The parsed document with its quoted regions, shared by the helpers below."""

    def __init__(self, doc, spans: list[QuoteSpan], posts: list[Post], headlines=()):
        self.doc = doc
        self.text = doc.text  # spaCy rebuilds Doc.text from every token on each access
        self.spans = spans
        self.posts = posts
        self.headlines = list(headlines)
        self.quoted_tokens: set[int] = set()
        for start, end in self.headlines:  # never a cue or a speaker
            rng = _token_range(doc, start, end)
            if rng:
                self.quoted_tokens.update(range(*rng))
        self.regions = []
        for s in spans:
            end = s.close + 1 if s.close is not None else s.end
            self.regions.append((s.open, end))
            rng = _token_range(doc, s.open, end)
            if rng:
                self.quoted_tokens.update(range(*rng))
        for p in posts:
            self.regions.append((p.start, p.end))
            rng = _token_range(doc, p.start, p.end)
            if rng:
                self.quoted_tokens.update(range(*rng))
        self.regions.sort()
        self._starts = [r[0] for r in self.regions]

    def inside(self, i: int) -> bool:
        return i in self.quoted_tokens

    def quoted(self, char: int) -> bool:
        k = bisect_right(self._starts, char) - 1
        return k >= 0 and self.regions[k][0] <= char < self.regions[k][1]

    def bounds(self, n: int) -> tuple[int, int]:
        """Tokens that may hold the attribution of quote ``n``: its paragraph, cut at
        the neighbouring quotes."""
        s = self.spans[n]
        lo_char, hi_char = s.paragraph, s.paragraph_end
        if n > 0 and self.spans[n - 1].paragraph == s.paragraph and self.spans[n - 1].close is not None:
            lo_char = self.spans[n - 1].close + 1
        if n + 1 < len(self.spans) and self.spans[n + 1].paragraph == s.paragraph:
            hi_char = self.spans[n + 1].open
        lo = _token_range(self.doc, lo_char, max(lo_char + 1, s.open))
        hi = _token_range(self.doc, min(s.end, hi_char - 1), hi_char)
        return (lo[0] if lo else 0), (hi[1] if hi else len(self.doc))


def _previous_sentence_cue(ctx: _Context, q_tok: int, lo_char: int) -> Attribution | None:
    """A bare quote opening a sentence, after an attributed sentence of the same paragraph:
    `X stressed that ... . "..."`."""
    doc = ctx.doc
    sent = doc[q_tok].sent
    if sent.start == 0:
        return None
    prev = doc[sent.start - 1].sent
    if prev.start_char < lo_char:
        return None
    for tok in prev:
        if ctx.inside(tok.i) or not is_cue(tok) or tok.pos_ != "VERB":
            continue
        subject = subject_of(tok, ctx.inside)
        if subject is not None:
            return Attribution(*cue_span(tok), subject, "previous")
    return None


def _colon_subject(ctx: _Context, q_tok: int, entities: list[Entity]) -> Attribution | None:
    """`Clinton has since apologized: "..."`: a quote introduced by a colon after a clause
    whose subject is a named person or a he/she pronoun is that person's words."""
    doc = ctx.doc
    i = q_tok - 1
    while i >= 0 and (doc[i].is_space or ctx.inside(i) and doc[i].is_punct):
        i -= 1
    if i < 0 or doc[i].text != ":":
        return None
    tok = doc[i - 1] if i > 0 else None
    while tok is not None and not ctx.inside(tok.i):
        if tok.pos_ in ("VERB", "AUX"):
            subjects = [c for c in tok.children if c.dep_ == "nsubj" and not ctx.inside(c.i)]
            if subjects:
                child = subjects[0]
                named = any(e.type == "PERSON" and e.start <= child.idx < e.end for e in entities)
                if named or child.text.lower() in ("he", "she"):
                    return Attribution(*cue_span(tok), np_span(child), "colon")
                return None
        if tok.dep_ in ("conj", "ROOT") or tok.head is tok:
            return None  # never across coordinated clauses
        tok = tok.head
    return None


def _colon_paragraph_cue(ctx: _Context, span: QuoteSpan) -> Attribution | None:
    """A paragraph opening with a quote after a paragraph that ends with a colon and a
    speech verb: `X said that ...:` / `"..."`."""
    text = ctx.text
    end = span.paragraph
    while end > 0 and text[end - 1].isspace():
        end -= 1
    if end == 0 or text[end - 1] != ":":
        return None
    last = _token_range(ctx.doc, end - 1, end)
    if last is None:
        return None
    sent = ctx.doc[last[0]].sent
    for tok in reversed(list(sent)):
        if not ctx.inside(tok.i) and is_cue(tok) and tok.pos_ == "VERB":
            subject = subject_of(tok, ctx.inside)
            if subject is not None:
                return Attribution(*cue_span(tok), subject, "previous")
            return None
    return None


def _only_quotes(text: str) -> bool:
    return not any(c.isalnum() for c in text)


def find_quotes(doc, entities: list[Entity], posts: list[Post],
                spans: list[QuoteSpan] | None = None, headlines=()) -> list[Quote]:
    """Direct quotes of ``doc`` with speakers; see the module docstring for the rules."""
    return attribute_quotes(doc, entities, posts, spans, headlines)[0]


def attribute_quotes(doc, entities: list[Entity], posts: list[Post],
                     spans: list[QuoteSpan] | None = None, headlines=()) -> tuple[list[Quote], People]:
    """Direct quotes of ``doc`` with speakers, and what the article says about its people
    (gender, role ties), which the speakers were resolved with. ``headlines`` are the
    headline-like sentences' (start, end) offsets: they never supply a cue or a speaker."""
    if spans is None:
        spans, _ = pair_quotes(doc.text)
    spans = [s for s in spans if not any(p.start <= s.start < p.end for p in posts)]
    ctx = _Context(doc, spans, posts, headlines)
    people = read_people(doc, entities, ctx.quoted, ctx.headlines, ctx.text)
    out: list[Quote] = []
    last: dict[int, Quote] = {}  # paragraph start -> its last attributed quote
    for n, span in enumerate(spans):
        rng = _token_range(doc, span.start, span.end)
        if rng is None:
            continue
        lo, hi = ctx.bounds(n)
        att = attribute(doc, rng[0], rng[1], lo, hi, ctx.inside)
        if _words(span.text) < _MIN_WORDS and (att is None or att.route != "parse" or att.steps > 1):
            continue  # a scare quote, title or nickname: not an utterance
        if att is None and not any(t.pos_ in ("VERB", "AUX") for t in doc[rng[0]:rng[1]]):
            continue  # an unattributed title or name in quotation marks
        quote = None
        if att is not None:
            quote = _quote(doc, span, att, entities, people, ctx)
        else:
            quote = _inherited(ctx, span, rng, last, n, entities, people)
        if quote is None:
            quote = Quote(span.start, span.end, span.text, None)
        out.append(quote)
        if quote.speaker_start is not None:
            last[span.paragraph] = quote
    return out, people


def _quote(doc, span: QuoteSpan, att: Attribution, entities, people, ctx) -> Quote:
    cue = doc[att.cue_start:att.cue_end].text
    if att.subject is None:
        return Quote(span.start, span.end, span.text, None, cue=cue)
    s, e = att.subject
    name = speaker_name(doc, s, e, entities, people, ctx.quoted, ctx.text)
    start, end = doc[s:e].start_char, doc[s:e].end_char
    for ent in entities:  # the whole name, when the parse gave part of it
        if ent.start < end and start < ent.end and ent.canonical == name:
            start, end = min(start, ent.start), max(end, ent.end)
    return Quote(span.start, span.end, span.text, name, start, end, cue)


_DASH = re.compile(r"[ \t\u00a0]*[―—–-][ \t\u00a0]*")


def _signed(ctx: _Context, span: QuoteSpan) -> Quote | None:
    """`“...” ― Name`: a quote signed with a dash and a name right after its closing mark."""
    if span.close is None:
        return None
    m = _DASH.match(ctx.text, span.close + 1)
    if m is None:
        return None
    start = m.end()
    rng = _token_range(ctx.doc, start, min(len(ctx.text), start + 1))
    if rng is None:
        return None
    end = rng[0]
    while end < len(ctx.doc) and ctx.doc[end].pos_ == "PROPN" and ctx.doc[end].text[:1].isupper() \
            and "\n" not in ctx.doc[end].whitespace_:
        end += 1
    if end == rng[0]:
        return None
    name = ctx.doc[rng[0]:end]
    if ctx.text[name.end_char:name.end_char + 3].lstrip().startswith("(@"):
        return None  # an embedded post's signature line, not a quote
    return Quote(span.start, span.end, span.text, name.text, name.start_char, name.end_char, None)


def _inherited(ctx: _Context, span: QuoteSpan, rng, last, n, entities, people) -> Quote | None:
    """The speaker of an unattributed passage, when the text carries it over."""
    doc = ctx.doc
    signed = _signed(ctx, span)
    if signed is not None:
        names = {e.canonical for e in entities if e.type == "PERSON"
                 and signed.speaker_start <= e.start < signed.speaker_end}
        return replace(signed, speaker=names.pop() if len(names) == 1 else signed.speaker)
    prev = last.get(span.paragraph)
    if prev is not None:
        between = ctx.text[prev.end:span.open]
        others = [e for e in entities if e.type == "PERSON" and prev.end <= e.start < span.open
                  and e.canonical != prev.speaker
                  and not (prev.speaker_start is not None and prev.speaker_start <= e.start < prev.speaker_end)]
        if not others and "\n" not in between:
            return _carry(span, prev)
    att = _previous_sentence_cue(ctx, rng[0], span.paragraph)
    if att is None:
        att = _colon_subject(ctx, rng[0], entities)
    if att is None and span.open == span.paragraph:
        att = _colon_paragraph_cue(ctx, span)
    if att is not None:
        return _quote(doc, span, att, entities, people, ctx)
    if n > 0 and _only_quotes(_outside(ctx, span)):
        before = ctx.spans[n - 1]
        prev = last.get(before.paragraph)
        if prev is not None and before.paragraph != span.paragraph and prev.start == before.start or (
            prev is not None and before.close is None
        ):
            return _carry(span, prev)
    return None


def _outside(ctx: _Context, span: QuoteSpan) -> str:
    """The text of ``span``'s paragraph outside quotation marks."""
    text = ctx.text[span.paragraph:span.paragraph_end]
    for s in ctx.spans:
        if s.paragraph == span.paragraph:
            a = s.open - span.paragraph
            b = (s.close + 1 if s.close is not None else s.paragraph_end) - span.paragraph
            text = text[:a] + " " * (b - a) + text[b:]
    return text


def _carry(span: QuoteSpan, prev: Quote) -> Quote:
    return Quote(span.start, span.end, span.text, prev.speaker, prev.speaker_start,
                 prev.speaker_end, prev.cue)


__all__ = ["attribute_quotes", "find_quotes"]
