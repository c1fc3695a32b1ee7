"""When two printed quotes are the same utterance.

Outlets print one utterance differently: they censor profanity each their own way
("f**king", "f***ing", "f—–g" for "fucking"), trim its start or end, cut its middle with
an ellipsis, drop or add a word ("I can't promise you I won't" / "I can't promise I
won't"), and use their own punctuation, quotation marks and case. Quotes are compared
as normalised word tokens: case, punctuation and quotation-mark styles go; a censored
word matches any word with the same visible letters around the censored run.

>>> tokens("I’m scared to death we are a f—–g crime scene.")
["i'm", 'scared', 'to', 'death', 'we', 'are', 'a', 'f*g', 'crime', 'scene']
>>> same_utterance(tokens("I did not f**king deck you"), tokens("I did not fucking deck you."))
True
>>> same_utterance(tokens("I can't promise you I won't get physical again."),
...                tokens("I can't promise I won't get physical again, I get so mad"))
True
>>> same_utterance(tokens("I love you and I want you to be my wife."),
...                tokens("I did not hurt you, I did not punch you."))
False
"""

from __future__ import annotations

from difflib import SequenceMatcher

from ..text import words

#: Shorter quotes need an exact token match; from this length on, containment counts.
MIN_CONTAINED = 4
#: Share of the shorter quote's tokens that must align with the longer one.
MIN_ALIGNED = 0.85


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens (:func:`storydesk.text.words`); a censored word becomes its
    first letter, ``*`` and its last letter ("f**king" -> "f*g"), so differently censored
    forms are equal. A mark with no visible letter ("—" between words, "***") is no word:
    as a bare ``*`` it would stand for every word of the other quote, and any two quotes
    with a dash would read as one utterance.

    >>> tokens("a little bit — it’s kind of like acting")
    ['a', 'little', 'bit', "it's", 'kind', 'of', 'like', 'acting']
    """
    return [t for t in words(text, censored=True) if t != "*"]


def _censor_pattern(censored: str, original_words: set[str]) -> set[str]:
    first, _, last = censored.partition("*")
    return {w for w in original_words
            if len(w) >= len(first) + len(last) + 1 and w.startswith(first) and w.endswith(last)}


def uncensor(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    """``a`` and ``b`` with each plain word that a censored word of the other sequence
    could hide replaced by that censored form, so the two compare equal."""
    def apply(seq: list[str], other: list[str]) -> list[str]:
        censored = {t for t in other if "*" in t}
        if not censored:
            return seq
        plain = {t for t in seq if "*" not in t}
        mapping: dict[str, str] = {}
        for c in sorted(censored):
            for w in _censor_pattern(c, plain):
                mapping.setdefault(w, c)
        return [mapping.get(t, t) for t in seq]

    return apply(a, b), apply(b, a)


def _matched(short: list[str], window: list[str]) -> int:
    matcher = SequenceMatcher(None, short, window, autojunk=False)
    return sum(m.size for m in matcher.get_matching_blocks())


def aligned(a: list[str], b: list[str]) -> int:
    """The most tokens of the shorter of ``a`` and ``b`` that align, in order, with one
    compact stretch of the longer (at most 1.5 times the shorter's length, plus 3): the
    words must sit together, not be scattered through a long quote."""
    a, b = uncensor(a, b)
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    width = int(1.5 * len(short)) + 3
    if len(long_) <= width:
        return _matched(short, long_)
    heads = set(short[:3])
    starts = [i for i, t in enumerate(long_[: len(long_) - len(short) // 2 + 1]) if t in heads]
    best = 0
    for i in starts or [0]:
        best = max(best, _matched(short, long_[i:i + width]))
        if best == len(short):
            break
    return best


def same_utterance(a: list[str], b: list[str]) -> bool:
    """True when token sequences ``a`` and ``b`` print the same utterance: equal, or the
    shorter (at least :data:`MIN_CONTAINED` tokens) aligns almost wholly, in order and
    compactly, with the longer one."""
    if not a or not b:
        return False
    if a == b:
        return True
    shorter = min(len(a), len(b))
    if shorter < MIN_CONTAINED:
        x, y = uncensor(a, b)
        return x == y
    return aligned(a, b) >= MIN_ALIGNED * shorter
