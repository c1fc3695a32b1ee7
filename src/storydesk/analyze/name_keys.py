"""How two written names compare: accents, case and titles off (:func:`name_key`), and
whether two names are one person's (:func:`same_person`). Split from
:mod:`storydesk.analyze.entities`, which re-exports them."""

from __future__ import annotations

import re
import unicodedata

from .lexicon import TITLES


def fold(text: str) -> str:
    """``text`` lower-cased with its accents taken off ("François" -> "francois").

    >>> fold("François Hollande"), fold("ŁÓDŹ")
    ('francois hollande', 'łodz')
    """
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def name_key(name: str) -> tuple[str, ...]:
    """A name's words as compared: lower case, accents off, titles and trailing periods
    dropped ("Mr. François Hollande" -> ("francois", "hollande")).

    >>> name_key("Mr. François Hollande"), name_key("Dr Ana Díaz-Ruiz")
    (('francois', 'hollande'), ('ana', 'diaz-ruiz'))
    """
    words = [w.rstrip(".") for w in re.findall(r"[\w.'’-]+", fold(name))]
    while len(words) > 1 and words[0] in TITLES:
        words = words[1:]
    return tuple(w for w in words if w)


def same_person(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` are variants of one person's name: the same words up
    to accents, case and titles; one full name (two words or more) ending the other
    ("Mallam Garba Shehu"); or the same surname with first names that agree, one an
    initial of the other, middle initials ignored ("J. Smith", "John A. Smith"). A
    surname alone is not enough: a father and a daughter share one.

    >>> same_person("Francois Hollande", "François Hollande"), same_person("J. Smith", "John A. Smith")
    (True, True)
    >>> same_person("Robert Thurman", "Uma Thurman"), same_person("Thurman", "Uma Thurman")
    (False, False)
    >>> same_person("Mayor of London Sadiq Khan", "Sadiq Khan")
    True
    """
    ka, kb = name_key(a), name_key(b)
    if ka == kb:
        return bool(ka)
    if len(ka) < 2 or len(kb) < 2 or ka[-1] != kb[-1]:
        return False
    short, long_ = sorted((ka, kb), key=len)
    if long_[-len(short):] == short:
        return True  # a title or honorific before the full name ("Mallam Garba Shehu")
    fa, fb = ka[0], kb[0]
    if fa != fb and not (len(fa) == 1 and fb.startswith(fa) or len(fb) == 1 and fa.startswith(fb)):
        return False
    middle_a = [w for w in ka[1:-1] if len(w) > 1]
    middle_b = [w for w in kb[1:-1] if len(w) > 1]
    return not middle_a or not middle_b or middle_a == middle_b


__all__ = ["fold", "name_key", "same_person"]
