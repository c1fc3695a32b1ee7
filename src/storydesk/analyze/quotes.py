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

from ..model import Entity, Post, Quote
from .lexicon import MESSAGE_NOUNS, ROLE_NOUNS
from .people import People, read_people
from .quotemarks import QuoteSpan, pair_quotes, unfinished
from .roles import paragraph_before
from .speaker_candidates import Candidate, Scene, gather, name_in_quote
from .speaker_model import SpeakerModel, load_model
from .speaker_names import speaker_name, speaker_of
from .speakers import Attribution, attribute, cue_span, is_cue, np_span, subject_of

_MIN_WORDS = 3


def _token_range(doc, start: int, end: int) -> tuple[int, int] | None:
    span = doc.char_span(start, end, alignment_mode="expand")
    return (span.start, span.end) if span is not None and len(span) else None


def _words(text: str) -> int:
    return sum(1 for w in text.split() if any(c.isalnum() for c in w))


class _Context:
    """The parsed document with its quoted regions, shared by the helpers below."""

    def __init__(self, doc, spans: list[QuoteSpan], posts: list[Post], headlines=(), titles=()):
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
        # a work's name in quotation marks ("Meet the Press") is no quote, but its words are
        # still quoted: no cue, no speaker, no person of the text
        self.titles = [(t.open, t.close + 1 if t.close is not None else t.end) for t in titles]
        for start, end in self.titles:
            rng = _token_range(doc, start, end)
            if rng:
                self.quoted_tokens.update(range(*rng))

    def inside(self, i: int) -> bool:
        return i in self.quoted_tokens

    def quoted(self, char: int) -> bool:
        k = bisect_right(self._starts, char) - 1
        return k >= 0 and self.regions[k][0] <= char < self.regions[k][1] or any(
            a <= char < b for a, b in self.titles)

    def _term(self, k: int, paragraph: int) -> bool:
        """Span ``k`` is a word or two in quotation marks in ``paragraph``."""
        return self.spans[k].paragraph == paragraph and _words(self.spans[k].text) < _MIN_WORDS

    def bounds(self, n: int) -> tuple[int, int]:
        """Tokens that may hold the attribution of quote ``n``: its paragraph, cut at
        the neighbouring quotes."""
        s = self.spans[n]
        lo_char, hi_char = s.paragraph, s.paragraph_end
        # a term of a word or two in quotation marks inside the clause (`said he never used
        # the term "three amigos" and added, "..."`) is no other quote to cut at (for a quote
        # of three words or more: whether a term is a quote at all is judged as before)
        long = _words(s.text) >= _MIN_WORDS
        k = n - 1
        while k >= 0 and long and self._term(k, s.paragraph):
            k -= 1
        before = self.spans[k] if k >= 0 else None
        if before is not None and before.paragraph == s.paragraph and before.close is not None:
            lo_char = before.close + 1
        k = n + 1
        while k < len(self.spans) and long and self._term(k, s.paragraph):
            k += 1
        if k < len(self.spans) and self.spans[k].paragraph == s.paragraph:
            hi_char = self.spans[k].open
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
        if tok.idx < lo_char or ctx.inside(tok.i) or not is_cue(tok) or tok.pos_ != "VERB":
            continue  # never a cue from another paragraph the parser ran into this sentence
        subject = subject_of(tok, ctx.inside)
        if subject is not None:
            if _role_subject(ctx, tok.i, prev.end, subject):
                return None  # `X said, and her husband cut in. "..."`: the words may be his
            return Attribution(*cue_span(tok), subject, "previous")
    return None


def _colon_clause(ctx: _Context, q_tok: int):
    """The verb and subject of the clause that introduces a quote with a colon (`Reyes
    resisted: "..."`), or None when no colon does or its clause has no subject."""
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
                return tok, subjects[0]
        if tok.dep_ in ("conj", "ROOT") or tok.head is tok:
            return None  # never across coordinated clauses
        tok = tok.head
    return None


def _colon_subject(clause, entities: list[Entity]) -> Attribution | None:
    """`Clinton has since apologized: "..."`: a quote introduced by a colon after a clause
    whose subject is a named person or a he/she pronoun is that person's words."""
    if clause is None:
        return None
    verb, child = clause
    named = any(e.type == "PERSON" and e.start <= child.idx < e.end for e in entities)
    if named or child.text.lower() in ("he", "she"):
        return Attribution(*cue_span(verb), np_span(child), "colon")
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
                spans: list[QuoteSpan] | None = None, headlines=(), model: SpeakerModel | None = None) -> list[Quote]:
    """Direct quotes of ``doc`` with speakers; see the module docstring for the rules."""
    return attribute_quotes(doc, entities, posts, spans, headlines, model)[0]


def attribute_quotes(doc, entities: list[Entity], posts: list[Post],
                     spans: list[QuoteSpan] | None = None, headlines=(), model: SpeakerModel | None = None,
                     explain: list | None = None) -> tuple[list[Quote], People]:
    """Direct quotes of ``doc`` with speakers, and what the article says about its people
    (gender, role ties), which the speakers were resolved with. ``headlines`` are the
    headline-like sentences' (start, end) offsets: they never supply a cue or a speaker.

    ``model`` is the speaker model (the shipped one by default); ``explain``, when a list,
    receives ``(span, candidates)`` for each quote kept (for fitting the model)."""
    if spans is None:
        spans, _ = pair_quotes(doc.text)
    spans = [s for s in spans if not any(p.start <= s.start < p.end for p in posts)]
    titles = [s for s in spans if _title(doc.text, s, spans)]  # 'told ABC's "Good Morning America" program'
    spans = [s for s in spans if s not in titles]
    model = load_model() if model is None else model
    ctx = _Context(doc, spans, posts, headlines, titles)
    people = read_people(doc, entities, ctx.quoted, ctx.headlines, ctx.text)
    scene = Scene.build(doc, ctx.text, ctx.inside, ctx.quoted, ctx.regions, entities, ctx.headlines,
                        lambda s, e: speaker_name(doc, s, e, entities, people, ctx.quoted, ctx.text))
    out: list[Quote] = []
    kept: dict[int, int] = {}  # span index -> index in ``out``
    last: dict[int, Quote] = {}  # paragraph start -> its last quote with a speaker mention
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
        cue = doc[att.cue_start:att.cue_end].text if att is not None else None
        carried = None
        if att is None:
            att, carried = _inherited(ctx, span, rng, last, n, entities)
            if att is not None:
                cue = doc[att.cue_start:att.cue_end].text if att.cue_end > att.cue_start else None
            elif carried is not None:
                cue = carried.cue
        rule = _rule_candidate(doc, att, carried)
        cands = gather(scene, _window(ctx, span), rng, _region(span), span.paragraph, span.text, rule,
                       people.roles, _colon_lead(ctx.text, span), _translated(ctx, span))
        if explain is not None:
            explain.append((span, cands))
        best, p = model.best(cands)
        quote = _decide(ctx, span, cue, best, p, model, carried, entities, people)
        if quote.speaker is not None and (owner := _words_owner(doc, rng, ctx.inside)) is not None and (
                owner.pos_ != "PROPN" or speaker_name(
                doc, owner.i, owner.i + 1, entities, people, ctx.quoted, ctx.text) != quote.speaker):
            # "his first comment was "..."": a pronoun's owner may be anyone in the sentence
            quote = Quote(quote.start, quote.end, quote.text, None, cue=quote.cue)
        kept[n] = len(out)
        out.append(quote)
        if quote.speaker_start is not None:
            last[span.paragraph] = quote
    _one_speaker_per_chain(spans, kept, out, ctx.text)
    return out, people


_SPEECH_NOUNS = MESSAGE_NOUNS | frozenset(
    "comment word question remark answer reaction phrase catchphrase slogan refrain mantra motto".split())


#: Short words a title leaves in lower case ("The Epidemic that Never Was").
_TITLE_SMALL = frozenset("a an the and or but nor of in on at to for by with from into as that than".split())
#: Before a work's name: a possessor ("ABC's"), a name ("told CNN "The Situation Room""), or
#: a word that names it ("titled").
_TITLE_BEFORE = re.compile(r"(?:\w['’]s|\b[A-Z][\w&.-]*|\b(?:titled|entitled|programme|program|show|book|film|"
                           r"series|event|page|campaign|headline|single|song|album|track|author of))[ \t]*$")
#: After a work's name: what kind of work it is.
_TITLE_AFTER = re.compile(r"\s*(?:program|programme|show|series|book|film|documentary|newspaper|magazine|"
                          r"column|album|song|podcast|broadcast)s?\b")


def _title(text: str, span: QuoteSpan, spans: list[QuoteSpan]) -> bool:
    """Whether quoted passage ``span`` is the name of a work: every word capitalised (but
    the short ones a title leaves in lower case), and a possessor, a name or a word naming
    the work before it ("ABC's "The Week"", "author of "The Epidemic that Never Was""), the kind of
    work after it (""Good Morning America" program"), or the same words quoted again
    elsewhere in ``spans`` (a song's name, "Born This Way", in three places)."""
    words = re.findall(r"[^\W\d_][\w'’-]*", span.text)
    if not words or any(w[0].islower() and w.lower() not in _TITLE_SMALL for w in words) or span.text.isupper():
        return False
    before = text[max(0, span.open - 30):span.open]
    after = text[span.close + 1:span.close + 30] if span.close is not None else ""
    again = sum(_bare(s.text) == _bare(span.text) for s in spans) > 1
    return again or _TITLE_BEFORE.search(before) is not None or _TITLE_AFTER.match(after) is not None


def _bare(words: str) -> str:
    return words.strip(" .,;:!?").lower()


def _words_owner(doc, rng: tuple[int, int], inside):
    """The owner of a speech noun the quote is the content of ("... that his first comment
    was "did you steal them?"": "his"), on the way up from the quote to its cue; None
    when there is none. The words are that owner's, whoever the cue's subject is."""
    tok = next((t for t in doc[rng[0]:rng[1]] if t.head is t or not rng[0] <= t.head.i < rng[1]), None)
    for _ in range(4):
        if tok is None or tok.head is tok or inside(tok.head.i):
            return None
        head = tok.head
        for c in head.children:
            if c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() in _SPEECH_NOUNS:
                owner = next((g for g in c.children if g.dep_ == "poss"), None)
                if owner is not None:
                    return owner
        if is_cue(head):
            return None
        tok = head
    return None


def _chains(spans: list[QuoteSpan], text: str) -> list[list[int]]:
    """Indices of the parts of each quote that runs over several paragraphs: a part left
    open at its paragraph's end, and the part opening the next paragraph (the very next,
    but for lines without a sentence's end, such as photo captions: a paragraph of
    narrative between them ends the quote, `"Few of these stations ... // It's a point
    ..., but Mr Kearns is not convinced. // "...," he says` is not Kearns's)."""
    chains: list[list[int]] = []
    for n in range(len(spans) - 1):
        a, k = spans[n], _past_caption(spans, n, 1, text)
        b = spans[k]
        between = text[a.paragraph_end:b.paragraph].split("\n")
        if a.close is None and b.paragraph > a.paragraph and b.open == b.paragraph and not any(
                line.strip() and not unfinished(line.strip()) for line in between):
            if chains and chains[-1][-1] == n:
                chains[-1].append(k)
            else:
                chains.append([n, k])
    return chains


def _one_speaker_per_chain(spans: list[QuoteSpan], kept: dict[int, int], out: list[Quote], text: str) -> None:
    """The parts of a multi-paragraph quote are one quote: parts without a speaker take
    the speaker the other parts agree on (an attribution may come in any part)."""
    for chain in _chains(spans, text):
        parts = [kept[n] for n in chain if n in kept]
        named = {(out[i].speaker, out[i].speaker_type) for i in parts if out[i].speaker}
        if len(named) != 1:
            continue
        source = next(out[i] for i in parts if out[i].speaker)
        for i in parts:
            q = out[i]
            if q.speaker is None and q.speaker_start is None:
                out[i] = Quote(q.start, q.end, q.text, source.speaker, source.speaker_start, source.speaker_end,
                               q.cue or source.cue, source.speaker_type, source.speaker_probability)


def _region(span: QuoteSpan) -> tuple[int, int]:
    return span.open, (span.close + 1 if span.close is not None else span.paragraph_end)


def _window(ctx: _Context, span: QuoteSpan) -> tuple[int, int]:
    """Tokens where the quote's candidate speakers are looked for: its paragraph, and the
    paragraph before when its own paragraph is nothing but quotation."""
    lo = span.paragraph
    if _only_quotes(_outside(ctx, span)):
        lo = paragraph_before(ctx.text, span.paragraph)
    rng = _token_range(ctx.doc, lo, max(lo + 1, span.paragraph_end))
    return rng if rng is not None else (0, 0)


def _colon_lead(text: str, span: QuoteSpan) -> bool:
    i = span.open - 1
    while i >= span.paragraph and text[i].isspace():
        i -= 1
    return i >= span.paragraph and text[i] == ":"


_TRANSLATED = re.compile(r"\btranslat", re.IGNORECASE)


def _translated(ctx: _Context, span: QuoteSpan) -> bool:
    """The paragraph says, outside its quotes, that words were translated."""
    return _TRANSLATED.search(_outside(ctx, span)) is not None


def _shared_subject(cue, subject) -> bool:
    """Whether the speech verb ``cue`` shares the subject of the verb ``subject`` is the
    subject of, having none of its own: coordinated with it ("Reyes came back on the
    intercom and said: "..."") or, after a name that is the main verb's subject, a
    participle hanging on it ("Reyes gave his players a pep talk, telling them to "...""):
    Reyes speaks, though the parse makes him the subject of "came" or "gave" only."""
    if subject.dep_ not in ("nsubj", "nsubjpass") or cue.head != subject.head \
            or any(c.dep_ in ("nsubj", "nsubjpass") for c in cue.children):
        return False
    if cue.dep_ == "conj":
        return True
    # a participle only after a name that is the subject of the sentence's main verb: one
    # hung on an embedded clause ("X disputed that Mike was estranged, saying ...") or after
    # a pronoun or role the rules may have resolved wrongly is too often someone else's
    # (read after a name that is the subject of any clause without "that", it cost PolNeAR
    # precision: 0.9820 to 0.9794)
    return cue.dep_ in ("advcl", "xcomp") and cue.tag_ == "VBG" and subject.pos_ == "PROPN" \
        and subject.head.dep_ == "ROOT"


def _rule_candidate(doc, att: Attribution | None, carried: Quote | None) -> Candidate | None:
    """The mention the attribution rules chose, as a candidate (features filled later)."""
    if att is not None and att.subject is not None:
        s, e = att.subject
        cue = doc[att.cue_start]
        if not (att.by_words or _shared_subject(cue, doc[s:e].root)):
            cue = None
        return Candidate(doc[s:e].root.i, s, e, {"rule_steps": float(att.steps)}, att.route, subject_of=cue)
    if carried is not None and carried.speaker_start is not None and carried.speaker_end is not None:
        rng = _token_range(doc, carried.speaker_start, carried.speaker_end)
        if rng is not None:
            return Candidate(doc[rng[0]:rng[1]].root.i, rng[0], rng[1], {}, "carry")
    return None


def _decide(ctx: _Context, span: QuoteSpan, cue, best: Candidate | None, p: float, model: SpeakerModel,
            carried: Quote | None, entities, people) -> Quote:
    """The quote with the chosen candidate as speaker; no speaker below the threshold."""
    if best is None or p < model.threshold:
        return Quote(span.start, span.end, span.text, None, cue=cue)
    if best.route == "carry" and carried is not None:
        if carried.speaker_probability is not None:
            p = min(p, carried.speaker_probability)
        if p < model.threshold:
            return Quote(span.start, span.end, span.text, None, cue=cue)
        return Quote(span.start, span.end, span.text, carried.speaker, carried.speaker_start,
                     carried.speaker_end, cue, carried.speaker_type, round(p, 4))
    name, kind, start, end = speaker_of(ctx.doc, best.start, best.end, entities, people, ctx.quoted, ctx.text)
    if kind == "person" and ctx.doc[best.root].pos_ != "PROPN" and name_in_quote(name, span.text, any_word=True):
        name, kind = None, None  # "He added: "... Lewis did a great job"": whoever "he" is, not Lewis
    return Quote(span.start, span.end, span.text, name, start, end, cue, kind, round(p, 4))


_DASH = re.compile(r"[ \t\u00a0]*[―—–-][ \t\u00a0]*")


def _signed(ctx: _Context, span: QuoteSpan) -> Attribution | None:
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
    return Attribution(rng[0], rng[0], (rng[0], end), "signed")


def _inherited(ctx: _Context, span: QuoteSpan, rng, last, n, entities) -> tuple[Attribution | None, Quote | None]:
    """How an unattributed passage gets a speaker, when the text carries one over: an
    attribution found elsewhere (a signature, the sentence before, a colon), or the
    earlier quote whose speaker it continues."""
    signed = _signed(ctx, span)
    if signed is not None:
        return signed, None
    prev = last.get(span.paragraph)
    if prev is not None:
        between = ctx.text[prev.end:span.open]
        others = [e for e in entities if e.type == "PERSON" and prev.end <= e.start < span.open
                  and e.canonical != prev.speaker
                  and not (prev.speaker_start is not None and prev.speaker_start <= e.start < prev.speaker_end)]
        if not others and "\n" not in between and not _role_speaks_between(ctx, prev, span):
            return None, prev
    colon = _colon_clause(ctx, rng[0])
    att = _colon_subject(colon, entities)
    if att is None and colon is None and not _according_before(ctx, rng[0]):
        # `Reyes resisted: "..."`, `According to his aunt, Ana Ruiz, "..."`: never the sentence before's
        att = _previous_sentence_cue(ctx, rng[0], span.paragraph)
    if att is None and span.open == span.paragraph:
        att = _colon_paragraph_cue(ctx, span)
    if att is not None:
        return att, None
    if n > 0 and _only_quotes(_outside(ctx, span)) and not span.text.isupper():
        # a paragraph of nothing but quotation goes on with the quote before; one in capitals
        # is a poll's question, a sign or a heading the page set off, not more of what was said
        before = ctx.spans[_past_caption(ctx.spans, n, -1, ctx.text)]
        prev = last.get(before.paragraph)
        if prev is not None and before.paragraph != span.paragraph and prev.start == before.start and not (
                _other_person_between(ctx, prev, before.paragraph_end, span.paragraph, entities)) or (
            prev is not None and before.close is None
        ):
            return None, prev
    return None, None


def _according_before(ctx: _Context, q_tok: int) -> bool:
    """Whether the quote's own sentence, before the quote, sources it "according to" someone."""
    sent = ctx.doc[q_tok].sent
    return any(t.lower_ == "according" and t.i + 1 < q_tok and ctx.doc[t.i + 1].lower_ == "to"
               and not ctx.inside(t.i) for t in ctx.doc[sent.start:q_tok])


def _past_caption(spans: list[QuoteSpan], n: int, step: int, text: str) -> int:
    """The index of the span next to ``spans[n]`` (``step`` 1: after it, -1: before it),
    passing over the spans of a photo caption line (:func:`.quotemarks.unfinished`) the page
    left between two paragraphs, when a span lies beyond it; else simply the next one."""
    k = n + step
    line = spans[k]
    if line.paragraph != spans[n].paragraph and unfinished(text[line.paragraph:line.paragraph_end]):
        while 0 <= k < len(spans) and spans[k].paragraph == line.paragraph:
            k += step
        if not 0 <= k < len(spans):
            return n + step
    return k


def _other_person_between(ctx: _Context, prev: Quote, lo: int, hi: int, entities) -> bool:
    """Whether a paragraph between offsets ``lo`` and ``hi`` (after the quote ``prev``'s
    paragraph, before the quote-only paragraph that would continue it) names someone other
    than ``prev``'s speaker outside quotation marks ("Erekat said it was only the latest move"
    between Bell's quote and "They wanted us on our knees ...": the words may be Erekat's)."""
    return any(e.type == "PERSON" and lo <= e.start < hi and e.canonical != prev.speaker and not ctx.quoted(e.start)
               for e in entities)


def _role_subject(ctx: _Context, lo: int, hi: int, speaker: tuple[int, int] | None) -> bool:
    """Whether a role noun outside ``speaker`` (token span) is the subject of a clause in
    tokens ``lo:hi`` (`"...," Ebeling said, and her husband cut in. "..."`): the next
    words may be the role's, so the speaker before is not carried over them."""
    return any(tok.dep_ in ("nsubj", "nsubjpass") and tok.lower_ in ROLE_NOUNS and not ctx.inside(tok.i)
               and not (speaker is not None and speaker[0] <= tok.i < speaker[1]) for tok in ctx.doc[lo:hi])


def _role_speaks_between(ctx: _Context, prev: Quote, span: QuoteSpan) -> bool:
    """:func:`_role_subject` between the quote ``prev`` and ``span``."""
    rng = _token_range(ctx.doc, prev.end, span.open)
    if rng is None:
        return False
    own = None
    if prev.speaker_start is not None and prev.speaker_end is not None:
        own = _token_range(ctx.doc, prev.speaker_start, prev.speaker_end)
    return _role_subject(ctx, rng[0], rng[1], own)


def _outside(ctx: _Context, span: QuoteSpan) -> str:
    """The text of ``span``'s paragraph outside quotation marks."""
    text = ctx.text[span.paragraph:span.paragraph_end]
    for s in ctx.spans:
        if s.paragraph == span.paragraph:
            a = s.open - span.paragraph
            b = (s.close + 1 if s.close is not None else s.paragraph_end) - span.paragraph
            text = text[:a] + " " * (b - a) + text[b:]
    return text


__all__ = ["attribute_quotes", "find_quotes"]
