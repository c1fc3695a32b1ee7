"""Names resolved across a story: what each article calls a person, made one name for
the whole story (issue 15 moved this story-level step out of the per-article
``analyze`` package to the brief, where it is used).

An article's entities are resolved within that article (:mod:`storydesk.analyze.entities`);
a brief then reads several articles of one story together: a partial name takes the
fullest form the story gives, spellings that differ only by accents or titles are one
name, and types are voted across the story.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from ..analyze.bodies import body_name
from ..analyze.entities import matches, name_key
from ..model import AnalyzedArticle
from .story_speakers import resolve_speakers


def _variants(counts: Counter) -> dict[str, str]:
    """Each name mapped to the form the story uses for it among its spellings (the same
    words up to accents, case, titles and hyphens: "Francois"/"François", "Zorya-2"/"Zorya 2"):
    the most frequent, then the one with accents."""
    by_key: dict[tuple[str, ...], list[str]] = {}
    for name in counts:
        by_key.setdefault(_spelling_key(name), []).append(name)
    out = {}
    for names in by_key.values():
        rep = max(names, key=lambda n: (counts[n], sum(not c.isascii() for c in n), n))
        out.update(dict.fromkeys(names, rep))
    return out


def _spelling_key(name: str) -> tuple[str, ...]:
    """``name_key`` with hyphens read as spaces: "Zorya-2" and "Zorya 2", "Jean-Paul" and a
    tokenised "Jean - Paul" are one spelling."""
    return tuple(w for part in name_key(name) for w in part.split("-") if w)


def _promoted(n: str, full: dict[str, str], first: dict[str, int]) -> str:
    """``n``'s fullest story form ``full[n]``, unless the article (``first``: where it
    first uses each canonical name) uses ``n`` before it names that form itself, or
    names two longer forms that open (or two that end) with ``n``: then ``n`` is someone or something else
    ("The actress Holt ... her father, Peter Holt"; "T.J." beside "T.J. Yates" and
    "T.J. Watt"). An article that names the full form first and the short one after it
    ("Sarah Silverman ... Sarah") keeps the promotion."""
    f = full.get(n, n)
    if f == n or n not in first:
        return f
    if f in first and first[n] < first[f]:
        return n
    key, k = name_key(n), len(name_key(n))
    longer = [name_key(c) for c in first if len(name_key(c)) > k and matches(name_key(c), key)]
    by_first = {c for c in longer if c[:k] == key}
    by_last = {c for c in longer if c[-k:] == key}
    return n if len(by_first) > 1 or len(by_last) > 1 else f


def _kept_apart(analyzed: list) -> set[tuple[str, str]]:
    """``(short, long)`` canonical names some article of the story keeps apart although
    ``short`` is part of ``long``: it writes ``short`` first, before it names ``long``
    ("Telegram ... a new version called Telegram X"; "Holt ... her father, Peter Holt").
    The story met ``short`` as a name of its own, so no article's ``short`` is ``long``."""
    out: set[tuple[str, str]] = set()
    for item in analyzed:
        first: dict[str, int] = {}
        for e in item.analysis.entities:
            first[e.canonical] = min(first.get(e.canonical, e.start), e.start)
        for short, at in first.items():
            key = name_key(short)
            out.update((short, long) for long, at_long in first.items()
                       if at < at_long and len(name_key(long)) > len(key) and matches(name_key(long), key))
    return out


#: Small words an acronym may leave out ("Federal Bureau of Investigation": FBI) or keep
#: ("Department of Justice": DOJ); both readings are tried.
_LINKING = frozenset("of the and for & de du des la le on in at".split())


def _initials(name: str) -> set[str]:
    """The acronyms a name of two words or more can be written as: the initials of its
    words, with and without its small linking words (upper case); none when a word other
    than those starts with a small letter (a phrase, not a name).

    >>> sorted(_initials("Department of Justice")), sorted(_initials("All Nippon Airways"))
    (['DJ', 'DOJ'], ['ANA'])
    """
    words = re.findall(r"[^\W\d_][\w'’-]*|&", name)
    if len(words) < 2 or any(w[0].islower() and w.lower() not in _LINKING for w in words):
        return set()
    return {"".join(w[0] for w in words).upper(),
            "".join(w[0] for w in words if w.lower() not in _LINKING).upper()}


def _acronym(name: str) -> str | None:
    """``name`` as an acronym of two to six capital letters ("ANA", "U.S."), else None."""
    letters = name.replace(".", "")
    return letters if 2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper() else None


def _expansions(names, dominant: dict[str, str], counts: Counter) -> dict[str, str]:
    """Each acronym of the story mapped to the longer name of the story whose initials
    spell it ("ANA" -> "All Nippon Airways", "FBI" -> "Federal Bureau of Investigation"):
    the one such name, or the one named at least three times as often as the others
    together (an outlet's slip, "All Nippon Airlines", does not make "ANA" ambiguous). A
    person's name is never one (initials are a nickname the text must tie itself), unless
    its words say it names a body (the tagger's "All Nippon Airways" person)."""
    spelled: dict[str, Counter] = {}
    for n in names:
        if dominant.get(n) != "PERSON" or body_name(n):
            for initials in _initials(n):
                spelled.setdefault(initials, Counter())[n] += counts[n]
    out = {}
    for n in names:
        letters = _acronym(n)
        if letters is None or letters not in spelled:
            continue
        (best, top), *rest = spelled[letters].most_common()
        if not rest or top >= 3 * sum(c for _, c in rest):
            out[n] = best
    return out


def _named(q, name: str, types: dict[str, str]):
    """Quote ``q`` spoken by ``name``; a named speaker takes the type the story votes for
    the name (a body one article's tagger read as a person is shown as a body)."""
    kind = types.get(name)
    if kind == "PERSON" and body_name(name):
        kind = "ORG"  # "Rail Accident Investigation Branch": its words say what it is
    if q.speaker_type in ("person", "organization") and kind in ("PERSON", "ORG"):
        return replace(q, speaker=name, speaker_type="person" if kind == "PERSON" else "organization")
    return replace(q, speaker=name)


def resolve_story(analyzed: list) -> list:
    """``analyzed`` (AnalyzedArticle list) with canonical names resolved across the story.

    A name one article gives in part ("Heard") takes the fullest form any article of the
    story gives ("Amber Heard") when exactly one person of that type matches it, except
    in an article that uses the part before it names that fuller form itself; quote
    speakers follow their entities. Types are voted across the story, so a name the
    tagger mislabels in one article takes the type the others agree on (a named quote
    speaker too: person or organisation). Then speakers
    named by a pronoun or a role that only the story can tell are resolved
    (:mod:`.story_speakers`).
    """
    counts: Counter = Counter()
    kinds: dict[str, Counter] = {}
    for item in analyzed:
        for e in item.analysis.entities:
            counts[e.canonical] += 1
            kinds.setdefault(e.canonical, Counter())[e.type] += 1
    variant = _variants(counts)
    merged_counts: Counter = Counter()
    merged_kinds: dict[str, Counter] = {}
    for n, c in counts.items():
        merged_counts[variant[n]] += c
        merged_kinds.setdefault(variant[n], Counter()).update(kinds[n])
    counts, kinds = merged_counts, merged_kinds
    dominant = {n: k.most_common(1)[0][0] for n, k in kinds.items()}
    dominant.update({n: dominant[rep] for n, rep in variant.items()})

    def compatible(short: str, long: str) -> bool:
        a, b = dominant[short], dominant[long]
        if a != b and name_key(long)[-1] != name_key(short)[-1]:
            return False  # only a first name joins by its first word; a company does not join its car
        return a == b or {a, b} <= {"PERSON", "ORG"}

    names = sorted(counts, key=lambda n: (-len(name_key(n)), -counts[n]))
    full: dict[str, str] = {}
    # a person's first name or surname written before the full name (a headline's "Kim", a
    # post's "Sarah") is still that person in the other articles: only things are kept apart
    apart = {(variant.get(a, a), variant.get(b, b)) for a, b in _kept_apart(analyzed)
             if dominant.get(variant.get(b, b)) != "PERSON"}

    def fullest(name: str, kind_of: str) -> str:
        """The one longer name of the story ``name`` is part of; when several, the one
        named at least three times as often as all the others together; else ``name``."""
        key = name_key(name)
        longer: Counter[str] = Counter()
        for n in names:
            if len(name_key(n)) > len(key) and matches(name_key(n), key) and compatible(kind_of, n) \
                    and (variant.get(name, name), n) not in apart:
                longer[full.get(n, n)] += counts[n]
        if not longer:
            return name
        (best, top), *rest = longer.most_common()
        return best if not rest or top >= 3 * sum(c for _, c in rest) else name

    for name in names:
        full[name] = fullest(name, name)
    for name, rep in variant.items():
        full[name] = full[rep]
    # outlets that write an acronym and outlets that spell it out name one body: one name,
    # one speaker (not a conflict between "ANA" and "All Nippon Airways")
    expanded = _expansions(names, dominant, counts)
    for name, rep in variant.items():
        if rep in expanded:
            full[name] = full[expanded[rep]]
    merged: dict[str, Counter] = {}
    for name, kind in kinds.items():
        merged.setdefault(full[name], Counter()).update(kind)
    types = {}
    for name, kind in merged.items():
        best, top = kind.most_common(1)[0]
        types[name] = "PERSON" if kind["PERSON"] >= top else best

    def _spelled_out(name: str) -> str:
        return full[name] if variant.get(name, name) in expanded else name

    out = []
    for item in analyzed:
        a = item.analysis
        first: dict[str, int] = {}
        for e in a.entities:
            first[e.canonical] = min(first.get(e.canonical, e.start), e.start)
        entities = []
        for e in a.entities:
            name = _promoted(e.canonical, full, first)
            name = _spelled_out(name)
            if e.text != e.canonical and e.text in full and len(name_key(e.text)) == 1:
                name = full[e.text]  # a surname the article grouped under a doubtful name
            elif e.text != e.canonical and len(name_key(e.text)) == 1:
                name = fullest(e.text, e.canonical) if fullest(e.text, e.canonical) != e.text else name
            entities.append(replace(e, canonical=name, type=types.get(name, e.type)))
        quotes = tuple(_named(q, _spelled_out(_promoted(q.speaker, full, first)), types) if q.speaker else q
                       for q in a.quotes)
        out.append(AnalyzedArticle(item.article, replace(a, entities=tuple(entities), quotes=quotes)))
    analyses = resolve_speakers([x.analysis for x in out], [x.article.text for x in out])
    return [AnalyzedArticle(x.article, a) for x, a in zip(out, analyses)]
