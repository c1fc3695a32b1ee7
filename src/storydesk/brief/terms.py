"""The brief's words: how the summary, its citations and the headline compare sentences.

The tokenizer, stop words and stemmer are :mod:`storydesk.text`'s; the brief joins
hyphenated words ("crime-scene" is one word, as a reader counts them) and adds to the
stop words the words of reporting ("said", "according") and of address ("Mr").

>>> content_terms("The recordings were leaked by the tabloid, Mr Depp said.")
['record', 'leak', 'tabloid', 'depp']
>>> words("Heard's 'f**king' crime-scene")
["heard's", 'f', 'king', 'crime-scene']
"""

from __future__ import annotations

from .. import text

#: :data:`storydesk.text.STOP_WORDS` and the brief's own.
STOP_WORDS = text.STOP_WORDS | frozenset(
    "said says say told according one two mr mrs ms dr".split()
)


def words(sentence: str) -> list[str]:
    """The words of ``sentence`` as a reader counts them (hyphenated words are one)."""
    return text.words(sentence, hyphenated=True)


def content_terms(sentence: str, stop_words: frozenset[str] = STOP_WORDS) -> list[str]:
    """Stemmed words of ``sentence`` without ``stop_words`` and one-character words."""
    return text.content_words(sentence, stop_words, hyphenated=True)
