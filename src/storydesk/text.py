"""Words of a text: the one word tokenizer, the one stop-word list and the one stemmer
that every part of storydesk compares text with (grouping, trend terms, the summary and
its citations, headlines, the timeline, quote matching).

A word is a run of letters and digits, with inner apostrophes ("don't", "O'Brien's").
Two options, each for the use that needs it:

- ``hyphenated``: inner hyphens and dashes join ("crime-scene" is one word), for
  counting the words of a sentence as a reader does;
- ``censored``: a word with a run of censoring marks (``*#@—–_``) is one word, written
  as its first visible letter, ``*`` and its last ("f**king", "f—–g" -> "f*g"), so that
  two outlets' censoring of one word compare equal (quote matching).

Words come lower-cased, curly apostrophes straightened.

:data:`STOP_WORDS` is spaCy's English list plus a few contractions and clitics it
spells differently; a use adds its own words (``STOP_WORDS | {"said", ...}``).
:func:`stem` is the Snowball (Porter 2) English stemmer, so "hitting" meets "hit".

>>> words("Heard’s 'f**king' crime-scene, U.S. 2020")
["heard's", 'f', 'king', 'crime', 'scene', 'u', 's', '2020']
>>> words("Heard’s crime—scene", hyphenated=True), words("a f—–g crime", censored=True)
(["heard's", 'crime—scene'], ['a', 'f*g', 'crime'])
>>> [stem(w) for w in ("leaked", "leaks", "hitting", "hit", "Trump's", "boss")]
['leak', 'leak', 'hit', 'hit', 'trump', 'boss']
>>> "the" in STOP_WORDS, "don't" in STOP_WORDS, "tape" in STOP_WORDS
(True, True, False)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

import snowballstemmer
from spacy.lang.en.stop_words import STOP_WORDS as _SPACY_STOP_WORDS

#: Characters outlets put in place of the letters of a censored word.
CENSOR_MARKS = "*#@—–_"

_PLAIN = r"[^\W_]+(?:['’][^\W_]+)*"
_HYPHENATED = r"[^\W_]+(?:(?:['’]|[-‐‑–—])[^\W_]+)*"
_CENSORED = r"[^\W_]*[*#@—–_]+[^\W_]*(?:[*#@—–_]+[^\W_]*)*"
_PATTERNS = {
    (False, False): re.compile(_PLAIN),
    (True, False): re.compile(_HYPHENATED),
    (False, True): re.compile(f"{_CENSORED}|{_PLAIN}"),
    (True, True): re.compile(f"{_CENSORED}|{_HYPHENATED}"),
}
_CENSOR_RUN = re.compile(f"[{re.escape(CENSOR_MARKS)}]+")

#: Function words: spaCy's English stop words, and the contractions and clitics it
#: writes otherwise ("don't" where spaCy has "do" and "n't"). Extend it per use.
STOP_WORDS = frozenset(_SPACY_STOP_WORDS) | frozenset(
    """s t d ll m re ve having shall theirs don't didn't doesn't can't won't isn't aren't
    wasn't weren't wouldn't couldn't shouldn't haven't hasn't hadn't it's he's she's
    they're i'm i've i'd i'll we're we've you're you've that's there's what's let's""".split()
)


def word_matches(text: str, *, hyphenated: bool = False, censored: bool = False) -> Iterator[re.Match]:
    """The words of ``text`` as matches (their spans and their spelling in ``text``);
    the options are :func:`words`'."""
    return _PATTERNS[hyphenated, censored].finditer(text)


def normalise(word: str, *, censored: bool = False) -> str:
    """A word as compared: lower case, curly apostrophe straightened; with ``censored``,
    a censored run reduced to its first and last visible letters around ``*``."""
    word = word.lower().replace("’", "'")
    if not censored or not any(ch in CENSOR_MARKS for ch in word):
        return word
    letters = [part for part in _CENSOR_RUN.split(word) if part]
    first = letters[0][0] if letters and word[0] not in CENSOR_MARKS else ""
    last = letters[-1][-1] if letters and word[-1] not in CENSOR_MARKS else ""
    return f"{first}*{last}"


def words(text: str, *, hyphenated: bool = False, censored: bool = False) -> list[str]:
    """The words of ``text``, in order, normalised (:func:`normalise`)."""
    return [normalise(m.group(), censored=censored)
            for m in word_matches(text, hyphenated=hyphenated, censored=censored)]


@functools.lru_cache(maxsize=1 << 14)  # news vocabulary is Zipfian: most words repeat (16k: a few MB)
def stem(word: str, *, light: bool = False) -> str:
    """The Snowball English stem of ``word`` (lower-cased, a possessive dropped).

    ``light`` drops only a plural ``s`` ("officials" -> "official", not "boss" nor
    "status"), for story grouping: its similarity thresholds were fitted on such terms,
    and full stems join more unrelated articles (BCubed F1 on giveme5w1h 0.912 light,
    0.906 with Snowball stems).

    >>> stem("Studies"), stem("admitted"), stem("O’Brien’s")
    ('studi', 'admit', "o'brien")
    >>> stem("Officials", light=True), stem("reopened", light=True), stem("boss", light=True)
    ('official', 'reopened', 'boss')
    """
    word = word.lower().replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    if light:
        if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
            return word[:-1]
        return word
    # a stemmer object keeps its word while it works: one per call, so threads never share
    return snowballstemmer.stemmer("english").stemWord(word)


def content_words(text: str, stop_words: frozenset[str] = STOP_WORDS, *, hyphenated: bool = False) -> list[str]:
    """Stemmed words of ``text`` without ``stop_words`` and one-character words."""
    return [stem(w) for w in words(text, hyphenated=hyphenated) if len(w) > 1 and w not in stop_words]


__all__ = ["CENSOR_MARKS", "STOP_WORDS", "content_words", "normalise", "stem", "word_matches", "words"]
