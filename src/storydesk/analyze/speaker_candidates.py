"""Who might have said a quote: the candidate speakers of one quoted passage, with the
features the speaker model (:mod:`.speaker_model`) weighs.

Candidates are mentions outside quotation marks in the quote's paragraph (and the
paragraph before, when the quote's own paragraph is nothing but quotation): named
people and organisations, role phrases ("a spokesperson for the airline"), pronouns,
and any other subject of a verb; the mention the attribution rules chose
(:mod:`.speakers`, or a speaker carried over from an earlier quote) is always one of them.
"Nobody" is the answer when no candidate is likely enough.

Each candidate is described by what the rules know: its kind (name, role, pronoun, date
word, message, nationality), its place in the parse (subject of a speech verb, object of
"told", "according to" object, possessor), the cue it hangs on (negated? "reported"?),
where it sits (same sentence, before or after, distance, another quote in between,
another paragraph), whether the quote itself names it, and whether the article uses it
as an addressee elsewhere ("told Deadline"), which is what outlets are. The features are
plain numbers keyed by name; the names are the model's vocabulary (:data:`FEATURES`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..model import Entity
from .lexicon import MESSAGE_NOUNS, PLURAL_PRONOUNS, PUBLISH_LEMMAS, ROLE_NOUNS
from .speakers import addressed, introduces_next, is_cue, np_span, relayed

_SUBJ = ("nsubj", "nsubjpass")
_ENTITY_KINDS = {"PERSON": "person", "ORG": "org", "GPE": "place", "LOC": "place", "NORP": "norp"}
_RELATIVE = frozenset("who that which whom".split())
_TIME_WORDS = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow
    tonight morning afternoon evening night week weekend month year january february march
    april may june july august september october november december""".split()
)
#: Rule routes (see :mod:`.quotes`); each is a feature of the candidate the rules chose.
ROUTES = ("parse", "after", "before", "previous", "colon", "carry", "signed", "post")
_MAX_CANDIDATES = 12

FEATURES = (
    "bias", "k_person", "k_org", "k_place", "k_norp", "k_he_she", "k_they", "k_it", "k_first",
    "k_relative", "k_role", "k_noun", "k_date", "k_message", "subj", "subj_speech",
    "subj_other_verb", "obj_speech", "addressee", "according", "poss", "pobj", "compound",
    "neg_cue", "publish_cue", "rule", *(f"route_{r}" for r in ROUTES), "rule_steps",
    "after", "log_dist", "same_sent", "prev_par", "quote_between", "nearest", "nearest_subj",
    "named_in_quote", "log_mentions", "resolved", "headline", "outlet_like", "colon_lead",
    "subj_speech_same_sent", "org_publish", "pron_unresolved", "translated", "n_speech_subj",
    "explicit", "explicit_name", "appos", "relay_obj", "relay_subj", "outer_relay",
)
#: Words that may stand between a quote and its explicit speaker besides the cue
#: (`"...," said Ana Diaz`, `Diaz also said: "..."`).
_GAP_POS = ("PUNCT", "ADV", "AUX", "PART", "SPACE")


@dataclass
class Candidate:
    """A mention that may be the quote's speaker: ``start:end`` tokens, ``root`` its head."""

    root: int
    start: int
    end: int
    features: dict[str, float] = field(default_factory=dict)
    route: str | None = None  # the rules' route, when the rules chose this mention
    who: str | None = None  # the name the mention stands for, when the text says
    #: another mention is the quote's textbook attribution and this one comes after the
    #: quote's sentence: it does not compete for the quote (:meth:`SpeakerModel.best`)
    beyond: bool = False
    #: the speech verb the rules read this mention as the subject of, from the words
    #: around it where the parse hung it elsewhere (`Deputy Chief Constable Ana Ruiz
    #: said: "..."` after a caption line the parser ran into it)
    subject_of: Any = None


def time_word(text: str) -> bool:
    """Whether ``text`` is a day, month or time word ("Saturday", "Friday night"): never
    a speaker.

    >>> time_word("Saturday"), time_word("Friday night"), time_word("Ana Diaz")
    (True, True, False)
    """
    words = re.findall(r"[a-z]+", text.lower())
    return bool(words) and all(w in _TIME_WORDS for w in words)


def _entity_at(entities: list[Entity], char: int) -> Entity | None:
    for e in entities:
        if e.start <= char < e.end:
            return e
    return None


def _kind(tok, ent: Entity | None) -> str:
    low = tok.lower_
    if time_word(tok.text) or tok.ent_type_ in ("DATE", "TIME"):
        return "date"
    if ent is not None and ent.type in _ENTITY_KINDS:
        return _ENTITY_KINDS[ent.type]
    if low in ("he", "she"):
        return "he_she"
    if low in PLURAL_PRONOUNS:
        return "they"
    if low in ("it", "this"):
        return "it"
    if low in ("i", "we", "me", "us", "you"):
        return "first"
    if low in _RELATIVE:
        return "relative"
    if tok.lemma_.lower() in MESSAGE_NOUNS:
        return "message"
    if tok.lemma_.lower() in ROLE_NOUNS or low in ROLE_NOUNS:
        return "role"
    return "noun"


def _addressee(tok) -> bool:
    """``tok`` is spoken to: "told X", "said to X", "an interview with X"."""
    head = tok.head
    if tok.dep_ in ("dobj", "dative", "iobj") and head.lemma_.lower() == "tell":
        return True
    if tok.dep_ == "pobj" and head.lower_ in ("to", "with"):
        governor = head.head
        return is_cue(governor) or governor.lemma_.lower() in ("interview", "speak", "talk")
    return False


def _according(tok) -> bool:
    head = tok.head
    return (tok.dep_ == "pobj" and head.lower_ == "to" and head.i > 0
            and tok.doc[head.i - 1].lower_ == "according")


def _is_root_candidate(tok, inside) -> bool:
    if inside(tok.i) or tok.is_punct or tok.is_space:
        return False
    if tok.dep_ in _SUBJ and tok.pos_ in ("NOUN", "PROPN", "PRON"):
        return True
    if tok.pos_ in ("NOUN", "PROPN") and (_according(tok) or _addressee(tok)):
        return True
    return False


def _outlets(doc, entities: list[Entity], inside) -> set[str]:
    """Names the article uses as an addressee or an "according to" source and never as
    the subject of a speech verb: outlets and interviewers ("told Deadline", "according
    to the Times"), not people who are spoken to and speak ("told Depp", "Depp said")."""
    addressed, speaking = set(), set()
    for e in entities:
        span = doc.char_span(e.start, e.end, alignment_mode="expand")
        if span is None or inside(span.root.i):
            continue
        root = span.root
        if _addressee(root) or _according(root):
            addressed.add(e.canonical)
        elif root.dep_ in _SUBJ and is_cue(root.head):
            speaking.add(e.canonical)
    return addressed - speaking


def name_in_quote(name: str | None, quote_text: str, any_word: bool = False) -> bool:
    """Whether the quote names ``name`` by its last word (its surname), or with
    ``any_word`` by any capitalised word of three letters or more (a first name too)."""
    if not name:
        return False
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", name) if w[:1].isupper()]
    if not words:
        return False
    if any_word:
        return any(re.search(rf"\b{re.escape(w)}\b", quote_text) for w in words if len(w) >= 3)
    return re.search(rf"\b{re.escape(words[-1])}\b", quote_text) is not None


@dataclass
class Scene:
    """What every candidate of one article shares: the parse, quoted regions, names."""

    doc: Any  # spacy.tokens.Doc
    text: str
    inside: Callable[[int], bool]  # token index -> quoted?
    quoted_char: Callable[[int], bool]  # char offset -> quoted?
    regions: list[tuple[int, int]]  # quoted regions (marks included), char offsets
    entities: list[Entity]
    headlines: list[tuple[int, int]]
    resolve: Callable[[int, int], str | None]  # (start_tok, end_tok) -> canonical name or None
    counts: dict[str, int] = field(default_factory=dict)
    outlets: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, doc, text, inside, quoted_char, regions, entities, headlines, resolve) -> Scene:
        scene = cls(doc, text, inside, quoted_char, regions, entities, headlines, resolve)
        for e in entities:
            if not quoted_char(e.start):
                scene.counts[e.canonical] = scene.counts.get(e.canonical, 0) + 1
        scene.outlets = _outlets(doc, entities, inside)
        return scene


def _roots(scene: Scene, lo_tok: int, hi_tok: int, roles) -> set[int]:
    doc = scene.doc
    roots = {t.i for t in doc[lo_tok:hi_tok] if _is_root_candidate(t, scene.inside)}
    lo_char = doc[lo_tok].idx if lo_tok < len(doc) else len(scene.text)
    hi_char = doc[hi_tok - 1].idx + len(doc[hi_tok - 1]) if hi_tok > 0 else 0
    for e in scene.entities:
        if lo_char <= e.start < hi_char and not scene.quoted_char(e.start):
            span = doc.char_span(e.start, e.end, alignment_mode="expand")
            if span is not None:
                roots.add(span.root.i)
    for r in roles:
        if lo_char <= r.start < hi_char and not scene.quoted_char(r.start):
            span = doc.char_span(r.start, r.end, alignment_mode="expand")
            if span is not None:
                roots.add(span.root.i)
    return {i for i in roots if not scene.inside(i)}


def _span_of(scene: Scene, root: int) -> tuple[int, int]:
    tok = scene.doc[root]
    start, end = np_span(tok)
    ent = _entity_at(scene.entities, tok.idx)
    if ent is not None:
        span = scene.doc.char_span(ent.start, ent.end, alignment_mode="expand")
        if span is not None:
            start, end = min(start, span.start), max(end, span.end)
    return start, end


def gather(scene: Scene, window: tuple[int, int], quote: tuple[int, int], region: tuple[int, int],
           paragraph: int, quote_text: str, rule: Candidate | None, roles,
           colon_lead: bool, translated: bool) -> list[Candidate]:
    """The candidates for the quote whose words are tokens ``quote`` (marks included in
    the char ``region``), looked for in the tokens ``window``; ``rule`` is the mention the
    rules chose (its features are filled in here)."""
    doc = scene.doc
    q_lo, q_hi = quote
    roots = _roots(scene, *window, roles)
    if rule is not None:
        roots.add(rule.root)
    by_dist = sorted(roots, key=lambda i: (min(abs(i - q_lo), abs(i - q_hi)), i))[:_MAX_CANDIDATES]
    if rule is not None and rule.root not in by_dist:
        by_dist.append(rule.root)
    q_sents = {t.sent.start for t in doc[q_lo:q_hi]}
    speech_subjects = sum(1 for i in by_dist if doc[i].dep_ in _SUBJ and is_cue(doc[i].head))
    relay_objects, relay_subjects, outer = _relays(scene, q_lo, q_hi)
    quoting = {c.i for i in relay_objects for c in doc[i].head.children if c.dep_ in _SUBJ}
    out = []
    for root in by_dist:
        if root in quoting and not (rule is not None and root == rule.root):
            continue  # "KCNA quoted Kim as saying": who relays the words never said them
        tok = doc[root]
        start, end = (rule.start, rule.end) if rule is not None and root == rule.root else _span_of(scene, root)
        ent = _entity_at(scene.entities, tok.idx)
        kind = _kind(tok, ent)
        f = {"bias": 1.0, f"k_{kind}": 1.0}
        head = tok.head
        read_as = rule.subject_of if rule is not None and root == rule.root else None
        subj = read_as is not None or (
            (tok.dep_ in _SUBJ or (tok.dep_ == "conj" and tok.head.dep_ in _SUBJ)) and not addressed(tok))
        if addressed(tok) and read_as is None:
            f["addressee"] = 1.0  # "Rubio was asked ...": spoken to, not speaking
        if subj:
            verb = read_as if read_as is not None else head if tok.dep_ in _SUBJ else head.head
            f["subj"] = 1.0
            speech = is_cue(verb)
            f["subj_speech" if speech else "subj_other_verb"] = 1.0
            if any(c.dep_ == "neg" for c in verb.children):
                f["neg_cue"] = 1.0
            if verb.lemma_.lower() in PUBLISH_LEMMAS:
                f["publish_cue"] = 1.0
                if kind in ("org", "noun", "norp"):
                    f["org_publish"] = 1.0
            if kind == "org" and speech and not f.get("publish_cue"):
                # a body that speaks ("the South Korean Foreign Ministry said", "Boeing
                # said") is weighed as a named person is: the tagger's person/organisation
                # split says nothing about who speaks (the same name typed a person got the
                # quote), and PolNeAR has too few speaking bodies to weigh them apart
                del f["k_org"]
                f["k_person"] = 1.0
                kind = "person"
        if read_as is None:  # where the parse put the mention, unless it put it wrong
            _parse_place(f, tok)
        if rule is not None and root == rule.root:
            f["rule"] = 1.0
            f[f"route_{rule.route}"] = 1.0
            f["rule_steps"] = float(rule.features.get("rule_steps", 0.0))
        after = root >= q_hi
        f["after"] = float(after)
        dist = root - q_hi if after else q_lo - root
        f["log_dist"] = math.log1p(max(0, dist))
        f["same_sent"] = float(tok.sent.start in q_sents or any(
            tok.sent.start <= i < tok.sent.end for i in (q_lo, q_hi - 1)) or (
            # `"... ships violated the resolutions?" Hua said.`: the parser ends the sentence
            # at the quote's "?" or "!", but the attribution right after it is the quote's
            # (after a full stop only a name right after the mark, `'... players.' Arians
            # said`; `for "... occurred." Her manager, Tom Lark, suggested` is a new sentence)
            after and q_hi <= tok.sent.start and all(t.is_punct or t.is_space for t in doc[q_hi:tok.sent.start])
            and (quote_text.rstrip()[-1:] in ("?", "!")
                 or all(t.is_punct or t.pos_ == "PROPN" for t in doc[tok.sent.start:root]))))
        if f["same_sent"] and f.get("subj_speech"):
            f["subj_speech_same_sent"] = 1.0
        f["prev_par"] = float(tok.idx < paragraph)
        lo_c, hi_c = (region[1], tok.idx) if after else (tok.idx, region[0])
        if any(lo_c <= a and b <= hi_c for a, b in scene.regions if (a, b) != region):
            f["quote_between"] = 1.0
        name = scene.resolve(start, end) if kind in ("he_she", "role", "relative") else (
            ent.canonical if ent is not None else None)
        if kind in ("he_she", "role", "relative") and name_in_quote(name, quote_text, any_word=True):
            name = None  # "He added: "... Lewis did a great job ..."": whoever "he" is, not Lewis
        if kind in ("he_she", "role", "relative"):
            f["resolved"] = float(name is not None)
            if kind == "he_she" and name is None:
                f["pron_unresolved"] = 1.0
        if name_in_quote(name, quote_text):
            f["named_in_quote"] = 1.0
        if name is not None:
            f["log_mentions"] = math.log1p(scene.counts.get(name, 0))
            if name in scene.outlets:
                f["outlet_like"] = 1.0
        if any(a <= tok.idx < b for a, b in scene.headlines):
            f["headline"] = 1.0
        if colon_lead and not after:
            f["colon_lead"] = 1.0
        if translated:
            f["translated"] = 1.0
        f["n_speech_subj"] = float(min(speech_subjects, 4))
        _explicit_features(scene, f, tok, kind, start, end, q_lo, q_hi, after, read_as)
        if relay_subjects and root in relay_subjects:
            f["relay_subj"] = 1.0
        if root in relay_objects:
            f["relay_obj"] = 1.0
        if outer and root not in relay_subjects:
            f["outer_relay"] = 1.0
        cand = Candidate(root, start, end, f, rule.route if rule is not None and root == rule.root else None,
                         name)
        out.append(cand)
    _mark_nearest(out)
    _mark_rivals(out)
    for c in out:
        if c.features["after"] and c.features.get("subj_speech") and (
                not c.features["same_sent"] and _speaks_elsewhere(scene, doc[c.root], region)
                or introduces_next(doc, q_hi, (c.subject_of or _verb(doc[c.root])).i, scene.inside)):
            c.beyond = True  # named after the quote for words of their own (`"... I guess."
            # Smith agreed: "..."`: a new sentence whose colon opens the next quote)
    # rivals are other speakers: who speaks after a complete attribution is none, and the
    # mentions of one person ("Kuroko also said ... . "...," she said") are one speaker
    speaking = [c for c in out if doc[c.root].dep_ in _SUBJ and is_cue(doc[c.root].head)]
    dropped = speech_subjects - len(speaking)  # relays of "quoted X as saying"
    ruled = next((c for c in out if rule is not None and c.root == rule.root), None)
    if ruled is not None and ruled.features.get("explicit") and ruled.features["same_sent"]:
        # a textbook attribution in the quote's own sentence (`"...," Smith said`): who spoke
        # before another quote earlier in the paragraph spoke those words, not these
        speaking = [c for c in speaking
                    if c is ruled or not (c.features.get("quote_between") and not c.features["after"])]
    elif rule is not None and rule.route == "carry":
        # a quote carried over from the one before takes that quote's speaker: who spoke
        # before that quote's attribution (another quote between) was its rival, not this one's
        speaking = [c for c in speaking if c.root >= rule.root or not c.features.get("quote_between")]
    rivals = len({c.who if c.who else c.root for c in speaking if not c.beyond}) + dropped
    for c in out:
        c.features["n_speech_subj"] = float(min(rivals, 4))
    return out


def _parse_place(f: dict, tok) -> None:
    """Features of where the parse put mention ``tok`` other than as a subject: object of
    a speech verb, addressee, "according to" object, other prepositional object,
    possessor, modifier."""
    head = tok.head
    if tok.dep_ in ("dobj", "dative", "iobj") and is_cue(head):
        f["obj_speech"] = 1.0
    if _addressee(tok):
        f["addressee"] = 1.0
    if _according(tok):
        f["according"] = 1.0
    elif tok.dep_ == "pobj" and not f.get("addressee"):
        f["pobj"] = 1.0
    if tok.dep_ == "poss":
        f["poss"] = 1.0
    if tok.dep_ in ("compound", "nmod", "amod"):
        f["compound"] = 1.0


def _verb(tok):
    """The verb ``tok`` is the subject of (through a conjoined subject)."""
    return tok.head if tok.dep_ in _SUBJ else tok.head.head


def _relays(scene: Scene, q_lo: int, q_hi: int) -> tuple[set[int], set[int], bool]:
    """In the quote's sentences, outside quotation marks: the objects of "quoted X as
    saying" (the speaker) and the subjects of such verbs (who relays the words), and
    whether the words come through a relay at all ("according to", "reported")."""
    doc = scene.doc
    objects: set[int] = set()
    subjects: set[int] = set()
    outer = False
    tokens = {t.i: t for k in (q_lo, max(q_lo, q_hi - 1)) for t in doc[k].sent}
    # a sentence the parser ran over a paragraph's end: the next paragraph's "according to" is not this quote's
    par_lo = scene.text.rfind("\n", 0, doc[q_lo].idx) + 1
    par_hi = scene.text.find("\n", doc[max(q_lo, q_hi - 1)].idx)
    par_hi = len(scene.text) if par_hi < 0 else par_hi
    for tok in tokens.values():
        if scene.inside(tok.i) or not par_lo <= tok.idx < par_hi:
            continue
        # `"...," Reuters cited the Amaq website`: the verb right after the quote relays it
        bare = tok.i >= q_hi and all(
            doc[k].is_punct or scene.inside(k) or doc[k] in tok.subtree for k in range(q_hi, tok.i))
        obj = relayed(tok, scene.inside, bare)
        if obj is not None:
            objects.add(obj.i)
            subjects.update(c.i for c in tok.children if c.dep_ == "nsubj")
            outer = True
        elif (tok.lower_ == "according" and tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "to") or (
                tok.pos_ == "VERB" and tok.lemma_.lower() in PUBLISH_LEMMAS):
            outer = True
            subjects.update(c.i for c in tok.children if c.dep_ == "nsubj")
    return objects, subjects, outer


def _explicit_features(scene: Scene, f: dict, tok, kind: str, start: int, end: int,
                       q_lo: int, q_hi: int, after: bool, read_as=None) -> None:
    """The textbook attributions: the subject of a speech verb with nothing but the verb,
    adverbs and punctuation between it and the quote (`"...," said Ana Diaz`, `"...,"
    Diaz said`, `Diaz said: "..."`); ``appos``: a name described by an apposition
    ("Daniel Okafor, the authority's chief executive")."""
    doc = scene.doc
    if any(c.dep_ == "appos" for c in tok.children) or tok.dep_ == "appos":
        f["appos"] = 1.0
    if not f.get("subj_speech"):
        return
    gap = [doc[i] for i in (range(q_hi, start) if after else range(end, q_lo)) if not scene.inside(i)]
    words = [t for t in gap if t.pos_ not in _GAP_POS]
    verb = read_as if read_as is not None else _verb(tok)
    if len(gap) <= 8 and all(w.i == verb.i for w in words) and not any(t.text in (".", "!", "?", ";") for t in gap):
        f["explicit"] = 1.0
        if kind == "person":
            f["explicit_name"] = 1.0


def _speaks_elsewhere(scene: Scene, tok, region: tuple[int, int]) -> bool:
    """Whether the speech verb ``tok`` is the subject of governs another quote than the
    one in ``region`` (`... for "misrepresenting what had occurred." Her campaign manager,
    Robby Mook, suggested that it "may have been a violation"`): the later sentence
    names its speaker for those words, not for the quote before it."""
    verb = tok.head if tok.dep_ in _SUBJ else tok.head.head
    lo = scene.text.rfind("\n", 0, tok.idx) + 1  # its own paragraph only: the parser
    hi = scene.text.find("\n", tok.idx) % (len(scene.text) + 1)  # runs over line ends
    return any(scene.inside(t.i) and lo <= t.idx < hi and not region[0] <= t.idx < region[1]
               for t in verb.subtree)


def _mark_rivals(cands: list[Candidate]) -> None:
    """Set ``beyond`` on the candidates that come after the quote and outside its sentence
    when another person is the quote's textbook attribution (`"...," X told The AP.` then a
    sentence naming Y): the attribution is complete, and Y is named for what follows."""
    textbook = [c for c in cands if c.features.get("explicit")]
    for c in cands:
        if c.features["after"] and not c.features["same_sent"] and any(
                t is not c and (c.who is None or t.who != c.who) for t in textbook):
            c.beyond = True


def _mark_nearest(cands: list[Candidate]) -> None:
    """The nearest candidate overall, and the nearest subject of a speech verb."""
    def dist(c: Candidate) -> float:
        return c.features["log_dist"] + (0.01 if c.features["after"] else 0.0)

    if cands:
        min(cands, key=dist).features["nearest"] = 1.0
    speakers = [c for c in cands if c.features.get("subj_speech")]
    if speakers:
        min(speakers, key=dist).features["nearest_subj"] = 1.0


__all__ = ["Candidate", "FEATURES", "ROUTES", "Scene", "gather", "name_in_quote", "time_word"]
