"""Figures: money, ages, durations, percentages and counts, each with what it measures.

Candidates are found by pattern (so the same rules work with or without a parse); the
spaCy ``doc``, when given, confirms counts (the number must modify a plural noun) and
ages written "Name, 33," (the name must be a proper noun), and gives the ``context``
from the dependency tree: the noun the figure modifies ("US$7 million divorce
settlement" -> "divorce settlement"), the person an age belongs to ("Heard, 33" ->
"Heard"). Without a doc the context is the words that follow, up to a function word.

Precision first: a date or a year is not a figure ("in 2015", "February 1, 2020", "less
than two years later"), an ordinal is not a count, a time of day is not a duration.
The context never leaves the figure's sentence.

>>> [(f.kind, f.value, f.unit, f.context) for f in find_figures("They agreed a US$7 million divorce settlement.")]
[('money', 7000000.0, 'USD', 'divorce settlement')]
>>> [(f.kind, f.value, f.unit, f.context) for f in find_figures("It ended their 18-month marriage in 2016.")]
[('duration', 18.0, 'months', 'marriage')]
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..model import Figure
from .figures_measure import bound, fate_noun, measure, money_measure, rate_measure, toll_of
from .figures_since import since_last
from .numbers import NUMBER, SCALE, number_value, scale_value

_CURRENCIES = {
    "us$": "USD", "$": "USD", "usd": "USD", "a$": "AUD", "au$": "AUD", "aud": "AUD",
    "c$": "CAD", "ca$": "CAD", "cad": "CAD", "nz$": "NZD", "hk$": "HKD", "s$": "SGD",
    "r$": "BRL", "£": "GBP", "gbp": "GBP", "€": "EUR", "eur": "EUR", "¥": "JPY", "₹": "INR",
    "rs": "INR", "rs.": "INR", "dollars": "USD", "pounds": "GBP", "euros": "EUR",
    "yen": "JPY", "rupees": "INR", "pounds sterling": "GBP",
}
_UNITS = r"(?:second|minute|hour|day|week|month|year|decade)"
_EDGE = r"(?<![\w.,:/#@$£€¥-])"  # a number not glued to a word, a decimal, a time or a link
_END = r"(?![\w%])"

_MONEY = [
    re.compile(
        rf"(?<![\w.])(?P<cur>US\$|AU?\$|CA?\$|NZ\$|HK\$|S\$|R\$|\$|£|€|¥|₹|USD|GBP|EUR|AUD|CAD|Rs\.?)"
        rf"\s?(?P<num>{NUMBER})(?:(?:\s-\s|\s|-)?(?P<scale>{SCALE}))?(?![\w%])",  # "$ 20 - billion": tokenised
        re.IGNORECASE,
    ),
    re.compile(
        rf"{_EDGE}(?P<num>{NUMBER})(?:\s(?P<scale>{SCALE}))?\s(?:(?:US|Australian|Canadian)\s)?"
        r"(?P<cur>dollars|pounds\ssterling|euros|yen|rupees)\b",  # "5 million pounds" may weigh
        re.IGNORECASE,
    ),
]
_PERCENT = re.compile(rf"{_EDGE}(?P<num>{NUMBER})\s?(?:%|per\s?cent\b|percent\b)", re.IGNORECASE)
_AGE = [
    re.compile(rf"{_EDGE}(?P<num>{NUMBER})[\s-]years?[\s-]old\b", re.IGNORECASE),
    re.compile(rf"\baged\s(?P<num>\d{{1,3}}){_END}"),
]
# "Heard, 33,": an age after a name ("Name (21)" is as often a shirt number: left out)
_AGE_AFTER_NAME = re.compile(
    r"(?P<name>\b[A-Z][\w'’.-]*(?:\s[A-Z][\w'’.-]*){0,3})"
    r",\s(?P<num>\d{1,3})(?=\s?[,;)]|\.(?:\s|$)|\sand\s)"
)
_DURATION = [
    # "18-month marriage", "two-hour session": modifies the noun after it
    re.compile(rf"{_EDGE}(?P<num>{NUMBER})-(?P<unit>{_UNITS})(?:-long)?(?![\w-])", re.IGNORECASE),
    # "for 15 years", "for more than two hours"
    re.compile(
        rf"\bfor\s(?:(?:more|less)\sthan\s|over\s|nearly\s|almost\s|about\s|around\s)?"
        rf"(?P<num>{NUMBER})\s(?P<unit>{_UNITS})s?\b(?!\s(?:ago|later|earlier|before|after|old))",
        re.IGNORECASE,
    ),
]
_COUNT = re.compile(
    rf"{_EDGE}(?P<num>(?i:{NUMBER}))(?:\s(?P<scale>thousand|million|billion))?"
    r"\s(?P<noun>(?:[A-Za-z]+[\s-]){0,2}?(?:[a-z]+s|people|children|men|women|police|staff))\b"
)
_OF_PHRASE = re.compile(r"\s+of\s+(?:(?:all|most|some|the|its|their|his|her|our)\s+(?:of\s+)?)*")
# Units of measure: a measurement ("15 miles"), not a count
_MEASURES = re.compile(
    r"^(?:miles|km|feet|inches|yards|kg|pounds|tons|tonnes|ounces|lbs|gallons|barrels|acres|"
    r"hectares|degrees|mph|kph|(?:kilo|mega|giga|milli|centi)?(?:met(?:er|re)s|grams|"
    r"lit(?:er|re)s|newtons|watts|volts|bytes|hertz))$",
    re.IGNORECASE,
)
#: Words around "N pounds" that make it a weight, not money.
_WEIGHT = re.compile(r"\bweigh\w*|\bpounds\s+(?:of|heavier|lighter)\b|\b(?:lbs?|ounces|tons|tonnes)\b", re.IGNORECASE)
#: A rate after a quantity ("1,000 barrels a day", "5,000 barrels per day").
#: An aside in brackets between the two may hold the same amount in other units ("5,000 barrels
#: (210,000 gallons) a day"); "daily" is "a day".
_RATE = re.compile(r"\s*(?:\([^()]{0,60}\)\s*|-LRB-(?:(?!-RRB-).){0,60}-RRB-\s*)?(?:\(\s*|-LRB-\s*)?"
                   r"(?:(?:a|per|each)\s+(?P<per>day|hour|week|month|year|second|minute)\b|(?P<daily>daily)\b)",
                   re.IGNORECASE)
_TIME_WORDS = re.compile(rf"^(?:{_UNITS}s?|times?|am|pm)$", re.IGNORECASE)
_MONTHS = re.compile(
    r"^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?$|^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$"
)
_STOP = frozenset(
    "a an the of for in on at to by with from and or but as is was are were be been that this "
    "which who whom whose it its their his her he she they we you i than then after before "
    "over under into about against between during said says".split()
)


def _following_words(text: str, pos: int, limit: int = 3) -> str:
    """Up to ``limit`` content words right after ``pos``, stopping at punctuation or a
    function word (the regex context when there is no parse)."""
    words: list[str] = []
    for m in re.finditer(r"[ \t-]*([A-Za-z][\w'’-]*)|.", text[pos : pos + 80]):
        word = m.group(1)
        if not word or word.lower() in _STOP or len(words) == limit:
            break
        words.append(word)
    return " ".join(words)


def _token_at(doc, char: int):
    span = doc.char_span(char, char + 1, alignment_mode="expand") if doc is not None else None
    return span[0] if span is not None and len(span) else None


def _noun_phrase(head, after: int = -1) -> str:
    """``head`` with the compound and adjective modifiers right before it (after ``after``)."""
    i = head.i
    while i - 1 > after and head.doc[i - 1].dep_ in ("compound", "amod", "nmod") and head.doc[i - 1].is_alpha:
        i -= 1
    return head.doc[i : head.i + 1].text


def _context_from_doc(doc, start: int, end: int, nouns_only: bool = False) -> str | None:
    """What the figure at ``start:end`` measures, from the dependency tree (same sentence)."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return None
    inside = {t.i for t in span}
    root = next((t for t in span if t.head.i not in inside or t.head is t), span.root)
    head = root.head
    if head.i in inside or head.sent.start != root.sent.start:
        return None
    if head.pos_ in ("NOUN", "PROPN") and head.i > span.end - 1:
        return _noun_phrase(head, after=span.end - 1)
    if head.pos_ == "ADP" and head.head.pos_ in ("NOUN", "PROPN") and head.head.i < span.start:
        return _noun_phrase(head.head)  # "a settlement of $7 million"
    if head.pos_ in ("NOUN", "PROPN"):
        return _noun_phrase(head)
    if nouns_only:
        return ""  # "the 19-year-old gained praise": the verb is not what the age measures
    for prep in root.rights:  # "€300,000 in fines"
        obj = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None)
        if prep.dep_ == "prep" and obj is not None:
            return _noun_phrase(obj, after=prep.i)
    if head.pos_ == "ADP" and head.head.pos_ == "VERB" and head.head.i < head.i:
        return f"{head.head.text} {head.text}"  # "sold for 45 million euros"
    if head.pos_ in ("VERB", "ADJ") and head.is_alpha:
        return head.text
    return None


def _context(text: str, doc, start: int, end: int, nouns_only: bool = False) -> str:
    found = _context_from_doc(doc, start, end, nouns_only) if doc is not None else None
    return found if found is not None else _following_words(text, end)


def _money(text: str, doc) -> list[Figure]:
    out = []
    for pattern in _MONEY:
        for m in pattern.finditer(text):
            value = number_value(m.group("num"))
            cur = _CURRENCIES.get(" ".join(m.group("cur").lower().split()))
            if value is None or cur is None:
                continue
            value *= scale_value(m.group("scale"))
            before = text[max(0, m.start() - 24) : m.start()]
            if cur == "GBP" and not m.group("cur").startswith("£") and _WEIGHT.search(
                    text[max(0, m.start() - 30) : m.end() + 20]):
                continue  # "19,000 pounds of explosives", "weighing 300 pounds": a weight
            out.append(Figure(m.start(), m.end(), m.group(0), value, cur, "money",
                              _context(text, doc, m.start(), m.end()),
                              measure=money_measure(text, m.start(), m.end()), bound=bound(before)))
    return out


def _percents(text: str, doc) -> list[Figure]:
    out = []
    for m in _PERCENT.finditer(text):
        value = number_value(m.group("num"))
        if value is None:
            continue
        of = _OF_PHRASE.match(text, m.end())  # "25% of the workforce", "90% of all of X's imports"
        context = _following_words(text, of.end(), 4) if of else ""
        context = context or _context(text, doc, m.start(), m.end())
        out.append(Figure(m.start(), m.end(), m.group(0), value, "%", "percent", context))
    return out


def _ages(text: str, doc) -> list[Figure]:
    out = []
    for pattern in _AGE:
        for m in pattern.finditer(text):
            value = number_value(m.group("num"))
            if value is None or not 0 < value <= 130:
                continue
            out.append(Figure(m.start(), m.end(), m.group(0), value, "years", "age",
                              _context(text, doc, m.start(), m.end(), nouns_only=True)))
    for m in _AGE_AFTER_NAME.finditer(text):
        num, name = m.group("num"), m.group("name")
        last = name.split()[-1]
        if not 0 < int(num) <= 120 or _MONTHS.match(last) or m.start() and text[m.start() - 1] in "—–@":
            continue
        if doc is not None:
            token = _token_at(doc, m.start("name") + len(name) - 1)
            if token is None or token.pos_ != "PROPN" or token.ent_type_ in ("DATE", "TIME", "GPE", "LOC"):
                continue
            first = token.i  # the whole name: the proper nouns right before, same sentence
            while first > token.sent.start and doc[first - 1].pos_ == "PROPN" and doc[first - 1].is_alpha:
                first -= 1
            name = doc[first : token.i + 1].text
        else:
            name = last if len(name.split()) > 2 else name
        out.append(Figure(m.start("num"), m.end("num"), num, float(num), "years", "age", name))
    return out


def _durations(text: str, doc) -> list[Figure]:
    out = since_last(text)  # "the first pandemic in 41 years": first, so it wins over "for 40 years"
    for pattern in _DURATION:
        for m in pattern.finditer(text):
            value = number_value(m.group("num"))
            if value is None:
                continue
            unit = m.group("unit").lower() + "s"
            out.append(Figure(m.start(), m.end(), m.group(0), value, unit, "duration",
                              _context(text, doc, m.start(), m.end())))
    return out


def _counts(text: str, doc) -> list[Figure]:
    out = []
    for m in _COUNT.finditer(text):
        raw = m.group("num")
        value = number_value(raw)
        words = m.group("noun").replace("-", " ").split()
        if value is not None and words and _MEASURES.match(words[0]) and not re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", raw):
            if words[0].lower() == "pounds" and not _WEIGHT.search(text[max(0, m.start() - 30) : m.end() + 20]):
                continue  # "5 million pounds": money or weight, the words do not say
            out.append(_quantity(text, m, value * scale_value(m.group("scale")), words[0].lower(), doc))
            continue
        if value is None or value < 2 or any(_TIME_WORDS.match(w) or _MEASURES.match(w) for w in words):
            continue
        if re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", raw) and not m.group("scale"):
            continue  # a year ("2015 taped session"), not a count
        value *= scale_value(m.group("scale"))
        end = m.end()
        if doc is not None:
            token = _token_at(doc, m.start("num"))
            while token is not None and token.dep_ == "compound" and token.head.like_num and token.head.i > token.i:
                token = token.head  # "Forty-two": the last word of the number
            head = token.head if token is not None else None
            if head is None or token.dep_ not in ("nummod", "compound") or head.tag_ != "NNS" \
                    or token.ent_type_ in ("DATE", "TIME", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"):
                continue
            if head.i < token.i or head.idx + len(head) > m.end():
                continue
            end = head.idx + len(head)
            context = _noun_phrase(head, after=token.i)
            key, words, words_first = measure(head)
        else:
            context = m.group("noun")
            key, words, words_first = "", "", False
        unit = "people" if doc is not None and fate_noun(head) else context.split()[-1].lower()
        if words:  # "people killed", "people in critical condition", "killing people"
            context = f"{words} {context}" if words_first else f"{context} {words}"
        out.append(Figure(m.start(), end, text[m.start() : end], value, unit, "count", context,
                          measure=key, bound=bound(text[: m.start()])))
    return out


def _quantity(text: str, m: re.Match, value: float, unit: str, doc=None) -> Figure:
    """A measured quantity ("1,000 barrels of oil a day", "19,000 pounds of explosives"):
    its unit (with its rate, "barrels/day") and what it measures (the noun after "of",
    else the words after it)."""
    end = m.start("noun") + len(unit)
    of = re.match(r"\s+of\s+(?:crude\s+)?(?P<what>[a-z]+)", text[end : end + 40])
    after = end + (of.end() if of else 0)
    rate = _RATE.match(text, after)
    per = f"/{(rate.group('per') or 'day').lower()}" if rate else ""
    context = of.group("what") if of else _following_words(text, after, 2)
    stop = rate.end() if rate else after
    return Figure(m.start(), stop, text[m.start() : stop], value, unit + per, "quantity", context,
                  measure=rate_measure(doc, text, m.start(), stop), bound=bound(text[: m.start()]))


#: What may stand between the two ends of a range ("12,000 (504,000 gallons) to 19,000 barrels a
#: day", "from 5,000 barrels per day to between 20,000 and 40,000 barrels").
_RANGE_JOIN = re.compile(
    r"^\s*(?:\([^()]{0,60}\)\s*|-LRB-(?:(?!-RRB-).){0,60}-RRB-\s*)?(?:to|and|or|-|–)\s+"
    r"(?:between\s+|as\s+much\s+as\s+|up\s+to\s+)?(?:[\d][\d,. ]*\s+(?:and|to|-|–)\s+)?$")


def _ranges_share_their_rate(text: str, figures: list[Figure]) -> list[Figure]:
    """A quantity printed without its rate takes the rate of the other end of its range:
    "between 20,000 and 40,000 barrels" after "from 5,000 barrels per day to" is a flow."""
    quantities = [f for f in figures if f.kind == "quantity"]
    out = {id(f): f for f in figures}
    for a, b in zip(quantities, quantities[1:]):
        rated = [f for f in (a, b) if "/" in (f.unit or "")]
        bare = [f for f in (a, b) if "/" not in (f.unit or "")]
        if len(rated) != 1 or (rated[0].unit or "").partition("/")[0] != bare[0].unit:
            continue
        if _RANGE_JOIN.match(text[a.end : b.start]):
            out[id(bare[0])] = replace(bare[0], unit=rated[0].unit)
    return [out[id(f)] for f in figures]


#: Fates that make a number without a noun a count of people ("killing at least 84").
_PEOPLE_FATES = frozenset("killed injured critical hospital missing arrested released".split())


def _bare_counts(text: str, doc) -> list[Figure]:
    """Counts of people with no noun ("84 dead", "injuring another 40", "the death toll
    rose to 84"): only from a parse, and only when what they count is a fate of people."""
    if doc is None:
        return []
    out = []
    for token in doc:
        if token.tag_ != "CD" or token.ent_type_ in ("DATE", "TIME", "MONEY", "PERCENT", "ORDINAL", "QUANTITY"):
            continue
        if token.dep_ in ("compound",) or (token.dep_ == "nummod" and token.head.tag_ in ("NNS", "NNPS")):
            continue  # part of a longer number, or a count with its noun (found by _counts)
        first = token
        while first.i > 0 and doc[first.i - 1].dep_ in ("compound", "punct") and \
                (doc[first.i - 1].like_num or doc[first.i - 1].text in "-‐"):
            first = doc[first.i - 1]  # "Forty-two"
        raw = doc[first.i : token.i + 1].text
        value = number_value(raw.replace(" ", ""))
        if value is None or value < 2 or re.fullmatch(r"1[0-9]{3}|20[0-9]{2}", raw):
            continue
        key, words, _ = measure(token)
        if key.partition(" ")[0] not in _PEOPLE_FATES:
            continue
        start, end = first.idx, token.idx + len(token)
        unit = toll_of(token) or "people"  # "the death toll of its peacekeepers rose to 14"
        out.append(Figure(start, end, text[start:end], value, unit, "count", words,
                          measure=key, bound=bound(text[:start])))
    return out


def find_figures(text: str, doc=None) -> list[Figure]:
    """The figures in ``text`` in order; ``doc`` is its spaCy parse, when there is one.
    Where candidates overlap, the first kind in priority order wins (money, percent, age,
    duration, count)."""
    found: list[Figure] = []
    taken = bytearray(len(text))  # characters already inside a figure
    for candidates in (_money(text, doc), _percents(text, doc), _ages(text, doc),
                       _durations(text, doc), _counts(text, doc), _bare_counts(text, doc)):
        for fig in sorted(candidates, key=lambda f: (f.start, -f.end)):
            if not any(taken[fig.start : fig.end]):
                taken[fig.start : fig.end] = b"\x01" * (fig.end - fig.start)
                found.append(fig)
    return _ranges_share_their_rate(text, sorted(found, key=lambda f: f.start))


__all__ = ["find_figures"]
