"""Finding the cue (speech verb) that attributes a quoted passage, and the cue's subject.

Three places are tried, in this order, and the first that yields a cue wins:

1. the parse: a word of the quote hangs (through at most a few heads) on a speech verb
   outside the quote (`"...," X said`, `called it "..."`, `admits that she "..."`);
2. the words right after the closing mark (`"...," said the actress`, `"...," Heard tells`),
   read from the surface because the tagger often misreads a name next to a verb;
3. the words right before the opening mark (`Heard said: "..."`, `telling her, "..."`).

The subject is the cue's ``nsubj``; for a participle or infinitive cue ("adding",
"saying") it is the subject of the verb it hangs on; failing the parse, the noun phrase
right before (or, inverted, right after) the cue.
"""

from __future__ import annotations

from dataclasses import dataclass

from .lexicon import MESSAGE_NOUNS, PUBLISH_LEMMAS, SPEECH_FORMS, SPEECH_LEMMAS, WEAK_SPEECH

_SUBJ = ("nsubj", "nsubjpass")
_NP_DEPS = ("compound", "det", "amod", "poss", "nummod", "case", "nmod", "quantmod", "punct")
_MAX_CLIMB = 4
_MARKS = frozenset("\"“”‘’'«»„")
_TRAIL_WINDOW = 10
_APPOS_WINDOW = 24
_LEAD_WINDOW = 10


_CLIMB_DEPS = ("ccomp", "xcomp", "dobj", "oprd", "attr", "pobj", "prep", "relcl", "acomp",
               "npadvmod", "appos", "dep", "parataxis", "nsubj", "csubj", "advcl", "pcomp", "amod", "acl")


@dataclass(frozen=True)
class Attribution:
    cue_start: int  # token indices
    cue_end: int
    subject: tuple[int, int] | None  # token span of the speaker mention
    route: str = "parse"  # parse | after | before
    steps: int = 0  # heads climbed from the quote to the cue (route "parse")
    #: the subject was read from the words around the cue, where the parse gave it none
    #: (or a wrong one): it stands where the cue's subject stands
    by_words: bool = False


#: Modal verbs that make a speech verb something that should, could or might be said,
#: not something said ("Seoul should respond to the overtures").
_HYPOTHETICAL = frozenset("should must could might can may shall ought cannot".split())


#: Verbs whose passive tells what is said of its subject, not by it ("he was said to have
#: forced ...", "was reported to have died from "the Elixir of Life"").
_HEARSAY = frozenset("say report rumor rumour allege believe".split())


def hypothetical(tok) -> bool:
    """Whether verb ``tok`` is under a modal of :data:`_HYPOTHETICAL` ("should respond"),
    or an infinitive with a subject of its own ("she expects Reyes to announce an
    "intensification"", "urged him to call it ..."): what someone is expected, asked or
    urged to say, not what they said; also "as X would say" (a saying put in a mouth), and
    a passive "said" or "reported" with no "by" ("he was said to have forced two "unknown
    males" to ...", "it is said that ..."): hearsay about its subject, who is not the one
    speaking."""
    children = list(tok.children)
    if tok.lemma_.lower() in _HEARSAY and any(c.dep_ == "nsubjpass" for c in children) \
            and not any(c.dep_ == "agent" for c in children):
        return True
    if any(c.dep_ in ("aux", "auxpass") and c.lower_ in _HYPOTHETICAL for c in children):
        return True
    if any(c.dep_ == "aux" and c.lower_ in ("would", "'d") for c in children) and any(
            c.dep_ == "mark" and c.lower_ == "as" for c in children):
        return True  # "As Sherlock would say, "..."": what one would say, not what was said
    return any(c.dep_ == "aux" and c.lower_ == "to" for c in children) and any(
        c.dep_ in ("nsubj", "nsubjpass") for c in children)


def is_cue(tok) -> bool:
    """Whether ``tok`` is a speech verb. A word the tagger calls a noun counts only in
    an inflected form after a name or pronoun ("Heard admits:"), never "the claim"; a
    verb under a modal ("should respond") is not a report of words said."""
    if tok.pos_ in ("PROPN", "PUNCT", "NUM", "DET", "PRON") or hypothetical(tok):
        return False
    low = tok.text.lower()
    if tok.pos_ in ("VERB", "AUX") and tok.lemma_.lower() in SPEECH_LEMMAS:
        return True
    if low not in SPEECH_FORMS or low in SPEECH_LEMMAS:
        return False
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    return prev is not None and (prev.pos_ in ("PROPN", "PRON") or prev.text[:1].isupper())


def np_span(tok) -> tuple[int, int]:
    """The noun phrase headed by ``tok``: its left modifiers, appositions and names."""
    start = tok.i
    for child in tok.lefts:
        if child.dep_ in _NP_DEPS or child.dep_ == "poss":
            start = min(start, child.left_edge.i)
    end = tok.i + 1
    for child in tok.rights:
        if child.dep_ in ("compound", "appos", "flat") and child.i == end:
            end = child.right_edge.i + 1
    while start < tok.i and tok.doc[start].is_punct:
        start += 1
    for k in range(tok.i, start, -1):  # a noun phrase never crosses a line break
        if "\n" in tok.doc[k - 1].whitespace_ or tok.doc[k - 1].is_space:
            start = k
            break
    for k in range(tok.i + 1, end):
        if "\n" in tok.doc[k - 1].whitespace_ or tok.doc[k].is_space:
            end = k
            break
    return start, end


def _message_source(tok):
    """"A statement from X" / "X's statement": X speaks for the message."""
    if tok.lemma_.lower() not in MESSAGE_NOUNS:
        return tok
    for child in tok.children:
        if child.dep_ == "poss":
            return child
        if child.dep_ == "prep" and child.text.lower() in ("from", "by"):
            for obj in child.children:
                if obj.dep_ == "pobj":
                    return obj
    return tok


#: Verbs whose object is the speaker when "as saying" follows ("KCNA quoted Kim as saying").
_RELAY = frozenset(("quote", "cite"))


def relayed(tok, inside, bare: bool = False):
    """The object of "quoted X as saying" / "cited X as saying": X is the speaker, the
    subject only relays the words. None for any other verb. With ``bare`` (the verb is
    the quote's own cue: `"...," Reuters cited the Amaq website`) no "as saying" is needed."""
    if tok.lemma_.lower() not in _RELAY:
        return None
    obj = next((c for c in tok.children if c.dep_ in ("dobj", "nsubjpass") and c.pos_ in ("PROPN", "NOUN", "PRON")
                and not inside(c.i)), None)
    if obj is None:
        return None
    following = tok.doc[obj.right_edge.i + 1:obj.right_edge.i + 3]
    if bare and not (following and following[0].lower_ in ("as", "for")):
        return obj  # not "cited his family as the reason": the object is a source, not a reason
    if len(following) == 2 and following[0].lower_ == "as" and following[1].lemma_.lower() in ("say", "tell", "write"):
        return obj
    return None


def _quoting(cue, inside):
    """`X said, quoting Y`: Y (the object of a "quoting" participle hanging on the cue,
    or right after it) is the speaker; X only relays the words. ("Citing" is left out:
    `X said, citing the release of prisoners` gives a reason, not a source.)"""
    doc = cue.doc
    after = [doc[k] for k in (cue.i + 1, cue.i + 2) if k < len(doc)]  # the parse may hang it elsewhere
    for verb in [*cue.children, *(t for t in after if t.i == cue.i + 1 or after[0].text == ",")]:
        if verb.lemma_.lower() == "quote" and verb.tag_ == "VBG" and verb.i > cue.i:
            obj = next((c for c in verb.children if c.dep_ == "dobj" and not inside(c.i)), None)
            if obj is not None and obj.pos_ in ("PROPN", "NOUN"):
                return obj
    return None


#: Speech verbs whose object is the one spoken to: their passive subject is the addressee
#: ("Rubio was asked by moderator Gerard Baker whether ..." : the words are Baker's).
_ADDRESSED = frozenset("ask tell question warn urge advise remind inform".split())


def addressed(tok) -> bool:
    """Whether ``tok`` is the passive subject of a verb of :data:`_ADDRESSED` (the one
    spoken to, never the speaker)."""
    return tok.dep_ == "nsubjpass" and tok.head.lemma_.lower() in _ADDRESSED


def _passive_address(verb, inside) -> bool:
    """Whether ``verb`` is a passive verb of :data:`_ADDRESSED`, with its subject or sharing
    another verb's ("received the medal and was told by the Queen: "..."": the one told is
    the subject of "received", not the speaker), or any passive speech verb with a "by"
    ("he was accused by Adam Ingram of "dipping his poisonous tongue ..."": Ingram's
    words); not "quoted" or "cited", whose subject is the one quoted."""
    passive = any(c.dep_ == "auxpass" for c in verb.children)
    if verb.lemma_.lower() in _ADDRESSED:
        return passive or any(addressed(c) for c in verb.children)
    return passive and verb.lemma_.lower() not in ("quote", "cite") and _agent(verb, inside) is not None


def _agent(verb, inside):
    """The "by X" of a passive verb, X's head token, or None."""
    for child in verb.children:
        if child.dep_ == "agent":
            obj = next((c for c in child.children if c.dep_ == "pobj" and not inside(c.i)), None)
            if obj is not None:
                return obj
    return None


def _subject_by_parse(cue, inside) -> tuple[int, int] | None:
    tok = cue
    for _ in range(3):
        relayed_to = relayed(tok, inside, bare=tok is cue)
        if relayed_to is None and tok is cue:
            relayed_to = _quoting(cue, inside)
        if relayed_to is not None:
            return np_span(relayed_to)
        if _passive_address(tok, inside):
            agent = _agent(tok, inside)
            return np_span(agent) if agent is not None else None
        for child in tok.children:
            if child.dep_ in _SUBJ and not inside(child.i):
                head = _message_source(child)
                # several subjects ("A statement from ... lawyer Adam Waldman told"): prefer a name
                for other in tok.children:
                    if other.dep_ in _SUBJ and other is not child and other.pos_ == "PROPN":
                        head = other
                return np_span(head)
        if tok.dep_ in ("advcl", "xcomp", "conj", "pcomp", "acl", "ccomp", "prep") and tok.head is not tok:
            tok = tok.head
        else:
            return None
    return None


def _subject_by_surface(doc, cue_i: int, lo: int, hi: int, inside, inverted: bool) -> tuple[int, int] | None:
    """The name, pronoun or noun phrase right before the cue, else right after it."""
    def is_np(tok) -> bool:
        return tok.pos_ in ("PROPN", "NOUN", "PRON", "ADJ", "DET", "NUM") or tok.text[:1].isupper()

    j = cue_i - 1
    while j >= lo and doc[j].pos_ in ("ADV", "AUX", "PART") and doc[j].text.islower():
        j -= 1  # "Heard also admits", "she has said"
    end = j + 1
    while j >= lo and is_np(doc[j]) and not inside(j) and not doc[j].is_punct:
        j -= 1
    if end > j + 1 and doc[end - 1].pos_ in ("PROPN", "NOUN", "PRON") or (
        end > j + 1 and doc[end - 1].text[:1].isupper()
    ):
        return j + 1, end
    if not inverted:
        return None
    k = cue_i + 1
    start = k
    while k < hi and is_np(doc[k]) and not inside(k) and not doc[k].is_punct:
        k += 1
    if k > start and doc[k - 1].pos_ in ("PROPN", "NOUN", "PRON"):
        return start, k
    return None


def cue_span(cue) -> tuple[int, int]:
    """The cue word, with its object for "told X" ("tells Depp")."""
    if cue.lemma_.lower() == "tell" or cue.text.lower() in ("told", "tells", "telling", "tell"):
        for child in cue.rights:
            if child.dep_ in ("dobj", "dative", "iobj") and child.i <= cue.i + 4:
                return cue.i, child.right_edge.i + 1
    return cue.i, cue.i + 1


def _by_parse(doc, q_start: int, q_end: int, inside_quote, lo: int, hi: int):
    """The speech verb the quote hangs on, and the number of heads climbed to reach it."""
    best = None
    for tok in doc[q_start:q_end]:
        if tok.text in _MARKS:
            continue  # a quotation mark hangs wherever the parser puts it, not on the cue
        head, steps, dep = tok.head, 0, tok.dep_
        if q_start <= head.i < q_end:
            continue
        while steps < _MAX_CLIMB and lo <= head.i < hi and not inside_quote(head.i):
            if dep not in _CLIMB_DEPS and dep != "punct":
                break
            if is_cue(head) and head.pos_ in ("VERB", "AUX") and (
                head.lemma_.lower() not in WEAK_SPEECH or (steps <= 1 and dep != "xcomp")
            ):  # a weak verb only next to the quote, never through "agreed to <do>"
                rank = (steps, min(abs(head.i - q_start), abs(head.i - q_end)))
                if best is None or rank < best[0]:
                    best = (rank, head, steps)
                break
            if head.head is head:
                break
            dep = head.dep_
            head, steps = head.head, steps + 1
    return (best[1], best[2]) if best else (None, 0)


def _lead_char(doc, q_start: int) -> str:
    """The character just before the quote's opening mark, spaces skipped. (Reads the
    preceding tokens, not ``doc.text``, which spaCy rebuilds from every token.)"""
    for tok in reversed(doc[:q_start]):
        for ch in reversed(tok.text_with_ws):
            if not (ch.isspace() or ch in "\"“‘'«"):
                return ch
    return ""


def _apposition_after(doc, q_end: int, inside_quote) -> tuple[int, int] | None:
    """The name the words after the quote open with, when a comma follows it (`"...," Lee
    Ju-ho, the minister ...`: the start of an apposition), as a token span; else None."""
    k = q_end
    while k < len(doc) and (inside_quote(k) or doc[k].is_punct) and k <= q_end + 2:
        k += 1
    start = k
    while k < len(doc) and doc[k].pos_ == "PROPN":
        k += 1
    return (start, k) if k > start and k < len(doc) and doc[k].text == "," else None


def _apposed_subject(doc, q_end: int, cue_i: int, inside_quote) -> tuple[int, int] | None:
    """The name right after a quote that an apposition closed by a comma separates from
    the cue (`"...," Ana Ruiz, president of the Lee Foundation, said`), when the parser hung
    the name elsewhere; None unless the words between are that shape, with no verb."""
    name = _apposition_after(doc, q_end, inside_quote)
    if name is None:
        return None
    k = name[1]
    j = cue_i - 1
    while j > k and doc[j].pos_ in ("ADV", "AUX", "PART") and doc[j].text.islower():
        j -= 1  # "..., also said"
    if doc[j].text != "," or any(doc[m].pos_ in ("VERB", "AUX") or inside_quote(m) or doc[m].text in _MARKS
                                 for m in range(k, j)):
        return None
    return name


def introduces_next(doc, q_end: int, cue_i: int, inside_quote) -> bool:
    """Whether the cue at ``cue_i``, after a quote that ends a sentence inside its marks
    (`"... I guess."`), leads with a colon into the next quote (`Smith agreed: "..."`) or
    reports a clause of its own (`Smith added that ...`): then it is the attribution of
    what follows, a new sentence, not this quote's."""
    last = next((doc[k] for k in range(q_end - 1, max(q_end - 4, -1), -1)
                 if not (doc[k].text in _MARKS or doc[k].is_space)), None)
    if last is None or last.text not in (".", "?", "!", "…"):
        return False
    cue = doc[cue_i]
    if any(c.dep_ == "ccomp" and c.i > cue_i and not inside_quote(c.i) for c in cue.children):
        return True  # `"... belongings." Martha added that he had written`: her own statement
    for k in range(cue_i + 1, min(len(doc), cue_i + 4)):
        if doc[k].text == ":":
            return any(inside_quote(j) for j in range(k + 1, min(len(doc), k + 3)))
        if doc[k].is_punct or inside_quote(k):
            return False
    return False


def _after(doc, q_end: int, hi: int, inside_quote):
    """The speech verb in the words right after the quote: within :data:`_TRAIL_WINDOW`
    tokens, or up to :data:`_APPOS_WINDOW` when no other verb comes first (`"...," Lee
    Ju-ho, the minister of education, science and technology, said`: a long apposition)."""
    verb = False
    for i in range(q_end, min(hi, q_end + _APPOS_WINDOW)):
        if inside_quote(i) and i <= q_end + 1 and doc[i].is_punct:
            continue  # the closing mark
        if inside_quote(i) or doc[i].text in (".", "!", "?", ";") or (
                i >= q_end + _TRAIL_WINDOW and (verb or _apposition_after(doc, q_end, inside_quote) is None)):
            break  # past the short window only through a verbless apposition
        if is_cue(doc[i]):
            if doc[i].dep_ == "conj" and doc[i].head.i < q_end:
                break  # "X called it "..." and vowed": the cue belongs to X's other clause
            if introduces_next(doc, q_end, i, inside_quote):
                break  # `"... I guess." Smith agreed: "..."`: the cue opens the next quote
            return doc[i], all(doc[k].is_punct for k in range(q_end, i))
        verb = verb or doc[i].pos_ in ("VERB", "AUX")
    return None, False


def _before(doc, q_start: int, lo: int, inside_quote):
    for i in range(q_start - 1, max(lo, q_start - _LEAD_WINDOW) - 1, -1):
        if inside_quote(i) and i >= q_start - 1 and doc[i].is_punct:
            continue  # the opening mark
        if inside_quote(i) or doc[i].text in (".", "!", "?", ";"):
            break
        if is_cue(doc[i]):
            return doc[i]
    return None


def subject_of(cue, inside_quote) -> tuple[int, int] | None:
    """The speaker mention of a speech verb, from the parse alone."""
    return _subject_by_parse(cue, inside_quote)


def _subject(doc, cue, q_end: int, lo: int, hi: int, inside_quote,
             inverted: bool) -> tuple[tuple[int, int] | None, bool]:
    """The speaker mention of ``cue`` within tokens ``lo:hi`` and outside quoted words, or
    None; and whether it was read from the words around the cue rather than the parse.

    The parse may give the cue a subject in another paragraph (a caption line run into
    `Deputy Chief Constable Ana Ruiz said: "..."`), or none after a name and its
    apposition (`"...," Ana Ruiz, head of the trust, said`): then the words around the cue
    say who it is, and that mention stands where the cue's subject stands."""
    def usable(span) -> bool:
        return span is not None and not any(inside_quote(k) for k in range(*span)) and lo <= span[0] and span[1] <= hi

    subject = _subject_by_parse(cue, inside_quote)
    if usable(subject):
        return subject, False
    apposed = _apposed_subject(doc, q_end, cue.i, inside_quote) if cue.i >= q_end else None
    if apposed is not None and usable(apposed):
        return apposed, True
    misparsed = subject is not None and (subject[0] < lo or subject[1] > hi)
    if subject is not None and not misparsed:
        return None, False  # a subject holding quoted words: the parse is right, the mention unusable
    inverted = inverted or (cue.i >= q_end and all(doc[k].is_punct for k in range(q_end, cue.i)))
    subject = _subject_by_surface(doc, cue.i, lo, hi, inside_quote, inverted)
    if not usable(subject):
        return None, False
    return subject, misparsed


def attribute(doc, q_start: int, q_end: int, lo: int, hi: int, inside_quote) -> Attribution | None:
    """The cue and speaker of the quote whose words are tokens ``q_start:q_end``.

    ``lo:hi`` bounds the tokens that may hold the attribution (the paragraph, cut at the
    neighbouring quotes); ``inside_quote(i)`` tells whether token ``i`` is quoted text.
    """
    colon = _lead_char(doc, q_start) in (":",)
    cue, steps, route, inverted = None, 0, "", False
    for way in (("before", "parse", "after") if colon else ("parse", "after", "before")):
        if way == "parse":
            cue, steps = _by_parse(doc, q_start, q_end, inside_quote, lo, hi)
        elif way == "after":
            cue, inverted = _after(doc, q_end, hi, inside_quote)
        else:
            cue = _before(doc, q_start, lo, inside_quote)
        if cue is not None:
            route = way
            break
    if cue is None:
        return None
    if route == "parse" and cue.i >= q_end and cue.lemma_.lower() in PUBLISH_LEMMAS:
        inner = _before(doc, q_start, lo, inside_quote)
        if inner is not None and inner.lemma_.lower() not in PUBLISH_LEMMAS:
            # `Police said the boy "was treated ...," the Herald reported`: the words are the
            # police's, the outlet relays them (the parser may hang the quote on "reported")
            cue, steps, route = inner, 0, "before"
    subject, by_words = _subject(doc, cue, q_end, lo, hi, inside_quote, inverted)
    start, end = cue_span(cue)
    return Attribution(start, end, subject, route, steps, by_words)


__all__ = ["Attribution", "addressed", "attribute", "cue_span", "introduces_next", "is_cue", "np_span", "relayed",
           "subject_of"]
