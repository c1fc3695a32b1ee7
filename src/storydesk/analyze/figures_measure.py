"""What a count measures, read from the parse: "80 killed" and "80 in critical condition"
are different figures, and so are "128 seats won" and "129 seats needed".

A count's *measure* is the word that says what happened to what was counted, found from
the number's noun in the dependency tree: its participle or adjective ("84 people
killed", "202 injured", "84 dead"), the verb it is the subject of ("were killed",
"died", "were taken to hospital", "have lost their lives") or the object of ("killing 84
people", "won 128 seats"), or what it is said to be in ("were in critical condition").
A degree word on it ("critically injured", "serious injuries", "in critical condition")
makes it ``critical``. Words for the same fate share one key, so that outlets that
write it differently are compared: ``killed`` (killed, dead, died, deaths, lost their
lives, death toll), ``injured`` (injured, wounded, hurt, injuries), ``critical``,
``hospital`` (taken to or treated in hospital), ``missing``, ``arrested``, ``released``
(freed, released, rescued); any other measure is the lemma of its word ("win").

A number with no noun ("killing at least 84", "84 dead", "the death toll rose to 84")
is a count of people only when its measure is one of those fates.

:func:`bound` tells an exact number from a bound: "at least 84" (``min``), "nearly 80"
(``max``), "about 100" (``approx``).

>>> bound("killing at least ", ), bound("Nearly "), bound("the "), bound("about ")
('min', 'max', '', 'approx')

An amount of money measures more than its noun: :func:`money_measure` reads what the
words around it say of it, as space-separated tags: ``per-share`` ("$82 a share", "$60 per
Qualcomm share"), a part of a payment (``cash``, ``stock``: "$60 a share in cash"; "in cash
and stock" is the whole), ``debt`` ("$148.9 billion including debt"), and which version
of an amount that changed it is (``previous``: "an initial $103 billion offer", "up from
$70"; ``new``: "sweetened its offer to $121 billion", "a best and final offer").

>>> money_measure("up from its initial offer of $70 a share in cash, or $105 billion.", 29, 32)
'cash per-share previous'
>>> money_measure("Broadcom is sweetening its offer for more than $121 billion.", 47, 59)
'new'
"""

from __future__ import annotations

import re

#: Words of one fate, by lemma or lower-case form, and the key they share.
_FATES = {
    "killed": "kill die dead death deaths slay perish fatality fatalities murder toll",
    "injured": "injure injured wound wounded hurt injury injuries",
    "critical": "critical critically seriously serious life-threatening",
    "hospital": "hospital hospitalise hospitalize hospitalised hospitalized",
    "missing": "missing",
    "arrested": "arrest detain",
    "released": "free release rescue freed released rescued escape escaped evacuate evacuated",
    "infected": "infect infected infection infections case cases sicken sickened",
}
#: Words on a count that make it a part of the thing, not the thing ("40 other deaths",
#: "48 more deaths", "another 40 injured"): never compared with the total.
_MORE = frozenset("other more additional another further extra".split())
#: Words that say a count was changed by its source, so a lower later value is not a
#: disagreement ("cut their death toll to 101", "a revised death toll").
_REVISED = re.compile(r"\b(?:revis\w*|cut|lower\w*|downgrad\w*|correct\w*|reduc\w*|scal\w+ back|"
                      r"down from)\b", re.IGNORECASE)
_FATE_OF = {word: key for key, words in _FATES.items() for word in words.split()}
_DEGREE = frozenset(_FATES["critical"].split())
_LINKING = frozenset("be remain stay lie leave".split())
#: Verbs that say nothing of what was counted ("there were 100 people", "include 3 girls").
_LIGHT = frozenset("be have do get make include say tell see".split())
_BOUND = re.compile(
    r"(?P<min>at\s+least|more\s+than|over|upwards\s+of)\s+$|(?P<max>nearly|almost|up\s+to|fewer\s+than|"
    r"less\s+than|under|just\s+under)\s+$|(?P<approx>about|around|some|roughly|approximately|"
    r"an\s+estimated|estimated)\s+$",
    re.IGNORECASE,
)


_PER_SHARE = re.compile(r"\s*(?:a|per|each)\s+(?:[A-Z][\w.&-]*\s+)?(?:share|unit)s?\b")
_PART = re.compile(r"\s*(?:in|of)\s+(?:[A-Z][\w.&-]*\s+)?(?P<part>cash|stock|shares)\b(?!\s+and\s+(?:cash|stock))")
_DEBT = re.compile(r"\b(?:including|with|plus)\s+(?:(?:its|the|[A-Z][\w.&-]*['’]s)\s+)?debt\b|"
                   r"\bdebt\s+(?:included|assumed)\b|\b(?:including|with)\s+(?:the\s+)?assumption\s+of\s+debt\b")
_VERSION = re.compile(
    r"\b(?P<previous>initial|original|previous|previously|prior|earlier|former|up\s+from|first\s+(?:offer|bid))\b|"
    r"\b(?P<new>new|improved|raised|raises|raising|sweeten(?:s|ed|ing)?|revised|latest|increased|"
    r"best\s+and\s+final)\b", re.IGNORECASE)
#: How far before an amount its version word may be ("up from its initial offer of").
_VERSION_REACH = 60


def money_measure(text: str, start: int, end: int) -> str:
    """The qualifier tags of the amount at ``start:end`` (see the module doc), sorted."""
    tags = set()
    sentence_start = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start)) + 1
    stop = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    sentence = (sentence_start, min(stop) if stop else len(text))
    after = end
    share = _PER_SHARE.match(text, after)
    if share:
        tags.add("per-share")
        after = share.end()
    part = _PART.match(text, after)
    if part:
        tags.add("stock" if part.group("part") == "shares" else part.group("part"))
    if _DEBT.search(text[sentence[0] : sentence[1]]):
        tags.add("debt")
    before = text[max(sentence[0], start - _VERSION_REACH) : start]
    found = list(_VERSION.finditer(before))
    if found:
        tags.add("previous" if found[-1].group("previous") else "new")
    elif re.match(r"\W{0,3}\s*(?:best\s+and\s+final|new|improved|revised)\b", text[end : end + 30], re.IGNORECASE):
        tags.add("new")  # "a $121 billion best and final offer"
    return " ".join(sorted(tags))


#: What a rate measures ("1,000 barrels a day were being captured" is not the 19,000 "believed
#: to be leaking"): words of one family, by lemma, and the tag they share. A rate takes the
#: family of the nearest such word in its sentence's parse.
_RATE_FAMILIES = {
    "leak": "leak flow spill gush spew pour escape seep discharge",
    "collect": "collect collection capture siphon trap contain recover skim catch",
    "capacity": "capacity capable able",
}
_RATE_FAMILY_OF = {w: tag for tag, words in _RATE_FAMILIES.items() for w in words.split()}
#: How far (in dependency arcs) a rate's family word may be.
_RATE_REACH = 6
#: A value a sentence says was changed to another ("5,000 barrels per day ... increased last
#: week to between 12,000 and 19,000", "from 5,000 barrels per day to 40,000") or calls the
#: earlier one ("BP's initial estimate of 5,000", "had estimated the flow at just 5,000").
_CHANGED_TO = re.compile(
    r"[^.;]{0,80}?\b(?:increas|rais|rose|risen|rising|revis|boost|jump|upped|upping|grew|grown|doubl|"
    r"tripl|climb|went\s+up|gone)\w*\b[^.;]{0,40}?\bto\s+(?:between\s+|as\s+much\s+as\s+|up\s+to\s+|"
    r"about\s+|around\s+)?\d", re.IGNORECASE)
_FROM_TO = re.compile(r"\bfrom\s+(?:just\s+|about\s+|around\s+)?$", re.IGNORECASE)
_EARLIER = re.compile(r"\b(?:initial(?:ly)?|original(?:ly)?|previous(?:ly)?|prior|at\s+first|early\s+in\s+the|"
                      r"first\s+estimated|had\s+(?:estimated|said|put)|was\s+estimating)\b", re.IGNORECASE)


def rate_measure(doc, text: str, start: int, end: int) -> str:
    """The tags of the rate at ``start:end``: its family (``leak``, ``collect``,
    ``capacity``: see :data:`_RATE_FAMILIES`) when a word of its
    sentence's parse says it (``potential`` for a worst case: "up to ... could be
    released"), and ``previous`` when the sentence calls it an earlier value
    (see :data:`_CHANGED_TO`); "" when nothing says either.

    >>> rate_measure(None, "It rose from 5,000 barrels per day to 40,000 barrels.", 13, 35)
    'previous'
    """
    tags = []
    family = _rate_family(doc, start, end) if doc is not None else ""
    sentence_start = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start)) + 1
    before = text[sentence_start:start]
    if _UP_TO.search(before[-24:]) and _might(doc, start, end) or _WORST.search(before):
        family = "potential"  # "up to 336,000 gallons a day could be released": a worst case, not an estimate
    if family:
        tags.append(family)
    if _FROM_TO.search(before[-30:]) and re.match(r"[^.;]{0,60}?\bto\b", text[end : end + 80]) or \
            _CHANGED_TO.match(text, end) or _EARLIER.search(before[-70:]):
        tags.append("previous")
    return " ".join(tags)


#: A rate's words of a maximum and of a worst case ("as much as ... could", "the worst-case
#: figure of"): what might flow, not what is estimated to.
_UP_TO = re.compile(r"(?:up\s+to|as\s+(?:much|many)\s+as)\s+$", re.IGNORECASE)
_WORST = re.compile(r"\bworst\s*-?\s*case\b", re.IGNORECASE)


def _might(doc, start: int, end: int) -> bool:
    """The verb of the figure at ``start:end`` says what could happen ("could be released")."""
    span = doc.char_span(start, end, alignment_mode="expand") if doc is not None else None
    node = span.root if span is not None and len(span) else None
    for _ in range(4):
        if node is None or node.head is node:
            return False
        node = node.head
        if node.pos_ in ("VERB", "AUX"):
            return any(c.dep_ == "aux" and c.lower_ in ("could", "might", "would", "may") for c in node.children)
    return False


def _rate_family(doc, start: int, end: int) -> str:
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return ""
    origin = span.root
    sent = origin.sent
    seen = {origin.i}
    frontier = [origin]
    for _ in range(_RATE_REACH):
        near = [_RATE_FAMILY_OF.get(t.lemma_.lower()) or _RATE_FAMILY_OF.get(t.lower_, "") for t in frontier
                if t.i not in range(span.start, span.end)]
        if any(near):
            return next(f for f in near if f)
        nxt = []
        for t in frontier:
            for n in [t.head, *t.children]:
                if n.i not in seen and sent.start <= n.i < sent.end:
                    seen.add(n.i)
                    nxt.append(n)
        frontier = sorted(nxt, key=lambda t: abs(t.i - origin.i))
    last = [_RATE_FAMILY_OF.get(t.lemma_.lower()) or _RATE_FAMILY_OF.get(t.lower_, "") for t in frontier]
    if any(last):
        return next(f for f in last if f)
    # nothing said but an estimate: what is estimated is the flow (what is collected is measured)
    return "leak" if any(t.lemma_.lower() == "estimate" for t in sent if t.i in seen) else ""


def bound(before: str) -> str:
    """``min``, ``max``, ``approx`` or "" for the words right before a number."""
    m = _BOUND.search(before[-24:])
    return next((k for k, v in m.groupdict().items() if v), "") if m else ""


def _fate(token) -> str | None:
    return _FATE_OF.get(token.lemma_.lower()) or _FATE_OF.get(token.lower_)


def _degree(token) -> bool:
    """"critically injured", "serious injuries", "life-threatening injuries"."""
    return any(c.dep_ in ("advmod", "amod", "conj", "npadvmod") and
               (c.lower_ in _DEGREE or c.lemma_.lower() in _DEGREE) for c in token.children)


def _predicate(head):
    """The token that says what happened to ``head`` (a counted noun or a bare number)."""
    for child in head.children:  # "84 people killed", "202 injured", "18 critically injured"
        if child.dep_ in ("acl", "amod", "relcl") and child.i > head.i and child.pos_ in ("VERB", "ADJ"):
            return child
    if head.dep_ in ("nummod",) and head.head.pos_ == "ADJ":
        return head.head  # "84 dead"
    if head.dep_ in ("nsubj", "nsubjpass"):
        verb = head.head
        if verb.lemma_ in _LINKING:
            for child in verb.children:
                if child.dep_ in ("acomp", "attr", "oprd") and child.i > head.i:
                    return child  # "were dead", "remain missing"
                if child.dep_ == "prep" and child.i > head.i:
                    obj = next((c for c in child.children if c.dep_ == "pobj"), None)
                    if obj is not None and child.lower_ == "among":
                        fated = next((t for t in obj.subtree if t.i > obj.i and _fate(t)), None)
                        return fated or obj  # "are among those confirmed to have died"
                    if obj is not None:
                        return obj  # "were in critical condition", "are in hospital"
        if verb.lemma_ == "have":
            obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
            if obj is not None:
                return obj  # "have serious injuries"
        return verb
    if head.dep_ in ("dobj", "conj"):
        verb = head.head
        for child in verb.children:  # "leaving around 202 injured"
            if (child.dep_ in ("oprd", "acomp") and child.i > head.i) or (
                    child.dep_ in ("advcl", "xcomp") and child.i == head.i + 1 and child.tag_ in ("VBN", "JJ")):
                return child
        if head.dep_ == "dobj":
            return verb  # "killing 84 people", "won 128 seats"
    after = head.nbor() if head.i + 1 < len(head.doc) else None
    if head.tag_ == "CD" and after is not None and after.tag_ in ("VBN", "JJ") and _fate(after):
        return after  # "among more than 50 injured", however the parse attached it
    if head.dep_ == "pobj" and head.head.lemma_ in ("to", "at", "of"):  # not "from": a value before
        holder = head.head.head  # "the toll rose to 84", "a death toll of 84"
        while holder.dep_ == "prep" and holder.head is not holder:
            holder = holder.head  # "cut the toll to up to 101"
        # "the toll rose to 84", "cut their death toll to 101": the toll is its subject or object
        nouns = [c for c in holder.children if c.dep_ in ("nsubj", "nsubjpass", "dobj")]
        for noun in (holder, *nouns):
            if noun is not None and noun.lemma_ == "toll":
                return noun
    return None


def measure(head) -> tuple[str, str, bool]:
    """(key, words, words_first) of what the count at ``head`` measures: ``words`` as
    printed, ``words_first`` when they come before the count ("killing 84 people");
    ("", "", False) when the parse says nothing.

    A counted noun that is itself a fate ("20 deaths", "17 injuries", "1,004 cases") gives
    the key when its verb says nothing more. The key then carries what tells two counts of
    one fate apart (space-separated tags after the fate): ``confirmed`` ("confirmed 20
    deaths"), ``more`` (a part: "40 other deaths"), ``revised`` (the source changed it:
    "cut the toll to 101"; not compared as a disagreement) and the place it is counted in,
    ``@mexico`` ("in Mexico", "Mexico, where 103 people died")."""
    key, words, first = _measure(head)
    noun = _fate(head) if fate_noun(head) else None
    if noun and key not in _FATES:
        key = noun  # "20 deaths": the noun says it (the context already prints it)
    if key not in _FATES:
        return key, words, first
    pred = _predicate(head)
    near = [head] + ([pred] if pred is not None else [])
    tags = [key]
    if any(t.lemma_.lower() == "confirm" for n in near for t in [n, *n.children]):
        tags.append("confirmed")
    if any(c.lower_ in _MORE and not _than(c) for c in head.children) or (
            head.i > 0 and head.doc[head.i - 1].lower_ in _MORE) or (
            head.i > 1 and head.doc[head.i - 2].lower_ in _MORE and head.doc[head.i - 1].like_num):
        tags.append("more")
    sentence = head.sent.text
    if _REVISED.search(sentence):
        tags.append("revised")
    place = _place(near)
    if place:
        tags.append(f"@{place}")
    return " ".join(tags), words, first




def _place(tokens) -> str:
    """The country or city a count is counted in: an "in X" on the count or its verb, the
    place a "where" clause hangs on, a nationality on the counted noun ("11 Brazilian
    peacekeepers"), or a place that owns it ("Chile's 900 cases", "Chile's confirmation of
    900 cases")."""
    for c in tokens[0].children:
        if c.dep_ == "amod" and c.ent_type_ == "NORP" and c.i < tokens[0].i:
            return c.lower_
    for t in tokens:
        for prep in t.children:
            if prep.dep_ == "prep" and prep.lower_ in ("in", "across", "throughout"):
                obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if obj is not None and obj.ent_type_ in ("GPE", "LOC"):
                    return obj.lower_
        if t.dep_ == "relcl" and any(c.lower_ == "where" for c in t.children) and t.head.ent_type_ in ("GPE", "LOC"):
            return t.head.lower_
    noun = tokens[0]  # "Chile's 900 cases", "Chile's confirmation of 900 cases": the place owns the count
    for owner in (noun, noun.head.head if noun.dep_ == "pobj" and noun.head.lower_ == "of" else None):
        poss = next((c for c in owner.children if c.dep_ == "poss"), None) if owner is not None else None
        if poss is not None and poss.ent_type_ in ("GPE", "LOC"):
            return poss.lower_
    return ""


def fate_noun(token) -> bool:
    """Whether a counted noun is itself a fate of people ("deaths", "injuries", "cases"; not
    "hospitals")."""
    return token.pos_ == "NOUN" and token.tag_ in ("NNS", "NN") and _fate(token) in _NOUN_FATES


#: Fates a counted noun can name by itself: "20 deaths", "17 injuries", "1,004 cases".
_NOUN_FATES = frozenset(("killed", "injured", "infected"))


def _than(token) -> bool:
    """"more than 50": a bound, not "50 more"."""
    return token.i + 1 < len(token.doc) and token.doc[token.i + 1].lower_ == "than"


def _measure(head) -> tuple[str, str, bool]:
    pred = _predicate(head)
    if pred is None or pred.i == head.i:
        return "", "", False
    words, first = _phrase(pred), pred.i < head.i
    if _degree(pred) or pred.lower_ in _DEGREE:
        return "critical", words, first
    if pred.lemma_ == "lose" and any(c.lemma_ == "life" for c in pred.children):
        return "killed", words, first
    if pred.lemma_ in ("take", "admit", "treat") and any(
            c.dep_ == "prep" and any(g.lemma_ == "hospital" for g in c.children) for c in pred.children):
        return "hospital", words, first
    fate = _fate(pred)
    if fate is None and pred.dep_ == "pobj" and pred.head.dep_ == "prep":
        fate = _fate(pred.head.head)
    if fate:
        return fate, words, first
    if pred.pos_ in ("VERB", "ADJ", "NOUN") and pred.is_alpha and pred.lemma_ not in _LIGHT:
        return pred.lemma_.lower(), words, first
    return "", "", False


def _phrase(pred) -> str:
    """The words that say the measure, as printed: "killed", "in critical condition",
    "critically injured", "taken to hospital", "lost their lives", "have serious injuries"."""
    doc = pred.doc
    left = [c for c in pred.children if c.dep_ in ("advmod", "amod", "compound") and c.i < pred.i
            and c.i >= pred.i - 5 and c.is_alpha and c.tag_ not in ("WRB", "WDT", "WP")]
    start = min([c.i for c in left], default=pred.i)
    if pred.dep_ == "pobj" and pred.head.dep_ == "prep":
        start = min(start, pred.head.i)  # "in critical condition"
    if pred.dep_ == "dobj" and pred.head.lemma_ == "have":
        start = min(start, pred.head.i)  # "have serious injuries"
    end = pred.i + 1
    for c in pred.children:
        wanted = c.dep_ == "prt" or (c.dep_ == "dobj" and c.lemma_ == "life") or (
            c.dep_ == "prep" and pred.lemma_ in ("take", "admit", "treat"))
        first, last = min(t.i for t in c.subtree), max(t.i for t in c.subtree)
        if wanted and first == end and last - first <= 3:  # "taken to hospital", "lost their lives"
            end = last + 1
    return doc[start:end].text


def toll_of(token) -> str:
    """The plural noun a bare count's toll is of ("the death toll of its peacekeepers rose
    to 14" -> "peacekeepers"), or ""."""
    if token.dep_ != "pobj" or token.head.lemma_ not in ("to", "at", "of"):
        return ""
    holder = token.head.head
    while holder.dep_ == "prep" and holder.head is not holder:
        holder = holder.head
    for noun in (holder, *[c for c in holder.children if c.dep_ in ("nsubj", "nsubjpass", "dobj")]):
        if noun.lemma_ == "toll":
            for prep in noun.children:
                obj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep.lower_ == "of" else None
                if obj is not None and obj.tag_ == "NNS":
                    return obj.lower_
    return ""


__all__ = ["bound", "fate_noun", "measure", "money_measure", "rate_measure", "toll_of"]
