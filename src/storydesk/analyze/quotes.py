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

from bisect import bisect_right

from ..model import Entity, Post, Quote
from .coref import read_people, speaker_name
from .quotemarks import QuoteSpan, pair_quotes
from .speakers import Attribution, cue_span, attribute, is_cue, subject_of

_MIN_WORDS = 3


def _token_range(doc, start: int, end: int) -> tuple[int, int] | None:
    span = doc.char_span(start, end, alignment_mode="expand")
    return (span.start, span.end) if span is not None and len(span) else None


def _words(text: str) -> int:
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


class _Context:
    """The parsed document with its quoted regions, shared by the helpers below."""

    def __init__(self, doc, spans: list[QuoteSpan], posts: list[Post]):
        self.doc = doc
        self.spans = spans
        self.posts = posts
        self.quoted_tokens: set[int] = set()
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


def _only_quotes(text: str) -> bool:
    return not any(c.isalnum() for c in text)


def find_quotes(doc, entities: list[Entity], posts: list[Post],
                spans: list[QuoteSpan] | None = None) -> list[Quote]:
    """Direct quotes of ``doc`` with speakers; see the module docstring for the rules."""
    if spans is None:
        spans, _ = pair_quotes(doc.text)
    spans = [s for s in spans if not any(p.start <= s.start < p.end for p in posts)]
    ctx = _Context(doc, spans, posts)
    people = read_people(doc, entities, ctx.quoted)
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
    return out


def _quote(doc, span: QuoteSpan, att: Attribution, entities, people, ctx) -> Quote:
    cue = doc[att.cue_start:att.cue_end].text
    if att.subject is None:
        return Quote(span.start, span.end, span.text, None, cue=cue)
    s, e = att.subject
    name = speaker_name(doc, s, e, entities, people, ctx.quoted)
    start, end = doc[s:e].start_char, doc[s:e].end_char
    for ent in entities:  # the whole name, when the parse gave part of it
        if ent.start < end and start < ent.end and ent.canonical == name:
            start, end = min(start, ent.start), max(end, ent.end)
    return Quote(span.start, span.end, span.text, name, start, end, cue)


def _inherited(ctx: _Context, span: QuoteSpan, rng, last, n, entities, people) -> Quote | None:
    """The speaker of an unattributed passage, when the text carries it over."""
    doc = ctx.doc
    prev = last.get(span.paragraph)
    if prev is not None:
        between = doc.text[prev.end:span.open]
        if not any(e.type == "PERSON" and prev.end <= e.start < span.open for e in entities) and (
            "\n" not in between
        ):
            return _carry(span, prev)
    att = _previous_sentence_cue(ctx, rng[0], span.paragraph)
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
    text = ctx.doc.text[span.paragraph:span.paragraph_end]
    for s in ctx.spans:
        if s.paragraph == span.paragraph:
            a = s.open - span.paragraph
            b = (s.close + 1 if s.close is not None else s.paragraph_end) - span.paragraph
            text = text[:a] + " " * (b - a) + text[b:]
    return text


def _carry(span: QuoteSpan, prev: Quote) -> Quote:
    return Quote(span.start, span.end, span.text, prev.speaker, prev.speaker_start,
                 prev.speaker_end, prev.cue)


__all__ = ["find_quotes"]
