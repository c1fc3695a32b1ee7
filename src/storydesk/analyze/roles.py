"""People described by what they are, read from the text alone (no parse), so that the
same rules serve one article and, later, a whole story (:mod:`storydesk.brief.story_speakers`).

- A *tie* is a role noun or title the text attaches to a name: right before it
  ("actress Amber Heard", "Aquaman actress Heard", "her ex-husband Johnny Depp",
  "Mr. Lee") or in apposition after it ("Lee, 51, the actor,"). Ties give gender when the
  noun has one, and say who "the actor" is.
- A *role mention* is a person named by a role alone: "the actress", "The 33-year-old
  actress", "the “Pirates of the Caribbean” star", "her husband", "an American witness"
  (not followed by a name).
- :func:`antecedent` walks back from a he/she pronoun to the nearest compatible mention
  (a named person or a role mention) in its paragraph or the one before.

Nothing here knows any particular name: role nouns and titles are English words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Entity
from .lexicon import PREPOSITION_BEFORE, PRONOUN_GENDER, ROLE_NOUNS, TITLES
from .quotemarks import unfinished

_MOD = r"(?:[\"“”'‘’]?[A-Z][\w'’.&-]*[\"“”'‘’]?|of|the|\d+-year-old|former|late|then|longtime|estranged)"
#: Words that end a role phrase's run of lower-case qualifiers ("a foreign ministry
#: spokesman", "the opposition party leader"): function words and the commonest verbs.
_NOT_QUALIFIER = ("the|a|an|of|and|or|but|nor|who|whom|whose|that|which|with|for|to|by|in|on|at|from|as|"
                  "into|than|then|also|not|no|so|if|when|while|after|before|because|about|over|under|"
                  "said|says|say|told|tells|tell|asked|asks|added|adds|is|was|are|were|be|been|being|"
                  "has|had|have|will|would|could|should|may|might|can|did|does|do|his|her|their|its")
_ROLE_NP = re.compile(rf"\b(?:(?:[Tt]he|[Hh]is|[Hh]er)\s+(?:{_MOD}\s+){{0,6}}"
                      rf"|(?:[Aa]n?|[Oo]ne|[Aa]nother)\s+(?:{_MOD}\s+){{0,6}}"
                      rf"(?:(?!(?:{_NOT_QUALIFIER})\b)[a-z][a-z]*\s+){{0,2}})"
                      rf"(?P<role>(?:[a-z]+-)?(?:{'|'.join(sorted(ROLE_NOUNS, key=len, reverse=True))}))(?![\w-])")
# an apposition is closed ("Lee, the actor, said"; "... of Lee, the actor."): "with Lee,
# the director said" is an introductory phrase and a new subject, not an apposition
_APPOS = re.compile(rf",\s+(?:\d{{1,3}},\s+)?(?:the|a|an)\s+(?:{_MOD}\s+){{0,6}}"
                    rf"(?:(?!(?:{_NOT_QUALIFIER})\b)[a-z][a-z]*\s+){{0,2}}(?P<role>[a-z][a-z-]*)\b"
                    rf"(?=\s*[,.;:)\n]|\s*$|\s+(?:who|whose|of|at|for|in)\b)")
#: What may stand between a role phrase and the name set beside it: a comma, after an
#: object of the role ("a representative for Lee, Ana Ruiz").
_GAP = r"(?:\s+(?:for|of|to)\s+(?:the\s+)?[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,3})?,[ \t]+"
_APPOSED_GAP = re.compile(_GAP)
#: "her lawyer, Tom Berg", "another brother, Pat Lee", "a neighbour, Ana Ruiz", "a representative
#: for Lee, Ana Ruiz"
_ROLE_BEFORE = re.compile(rf"\b(?:[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Aa]nother|[Aa]n?)\s+(?:{_MOD}\s+){{0,6}}"
                          rf"(?P<role>[a-z][a-z-]*){_GAP}$")
_WORD_BEFORE = re.compile(r"(?P<word>[A-Za-z][\w.-]*)[ \t]+$")
#: "ambassador to Britain Liu Lee", "envoy to the UN Ana Diaz": the role, a place, the name
_ROLE_TO_PLACE = re.compile(r"\b(?P<word>[a-z][\w-]*)\s+(?:to|of)\s+(?:the\s+)?"
                            r"[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}[ \t]+$")


@dataclass(frozen=True)
class RoleMention:
    start: int
    end: int
    role: str  # the role noun, lower case ("actress")
    gender: str | None  # "f", "m" or None
    modifiers: tuple[str, ...] = ()  # capitalised words qualifying it ("the Labour party leader")


@dataclass(frozen=True)
class Tie:
    start: int  # where the name is
    role: str  # role noun or title, lower case
    name: str  # canonical name
    context: str = ""  # the words before the name, lower case ("labour leader")


def role_word(word: str) -> str | None:
    """``word`` as a role noun of the lexicon ("then-husband" -> "husband"), or None.

    >>> role_word("then-husband"), role_word("Actress"), role_word("table")
    ('husband', None, None)
    """
    if not word.islower():
        return None
    for w in (word, word.split("-", 1)[-1]):
        if w in ROLE_NOUNS:
            return w
    return None


def role_gender(role: str) -> str | None:
    return ROLE_NOUNS.get(role) if role in ROLE_NOUNS else TITLES.get(role)


def role_ties(text: str, entities: list[Entity]) -> list[Tie]:
    """Role nouns and titles the text attaches to each person mention."""
    out = []
    for e in entities:
        if e.type != "PERSON":
            continue
        before = text[max(0, e.start - 40):e.start]
        context = text[max(0, e.start - 60):e.start].lower()
        for _ in range(2):  # a title may sit between the role and the name ("actor Mr. Lee")
            m = _WORD_BEFORE.search(before)
            if m is None:
                break
            word = m.group("word").lower().rstrip(".")
            role = role_word(word)
            if role is None and word in TITLES:
                role = word
            if role is None:
                break
            out.append(Tie(e.start, role, e.canonical, context))
            if word not in TITLES:
                break
            before = before[:m.start()]
        m = _ROLE_TO_PLACE.search(text[max(0, e.start - 60):e.start])
        if m is not None and (role := role_word(m.group("word"))):
            out.append(Tie(e.start, role, e.canonical, context))
        m = _ROLE_BEFORE.search(text, max(0, e.start - 80), e.start)
        if m is not None and (role := role_word(m.group("role"))) and not (PREPOSITION_BEFORE.search(
                text, max(0, m.start() - 20), m.start()) and not text.startswith(",", e.end)):
            # "her lawyer, Tom Berg". A preposition before the role makes it an introductory
            # phrase unless a comma closes the name: "Through a spokesperson, Lee denied it" ties
            # no role to Lee; "according to his aunt, Ana Ruiz, ..." ties "aunt" to Ruiz
            out.append(Tie(e.start, role, e.canonical, context))
        m = _APPOS.match(text, e.end, min(len(text), e.end + 120))
        if m is not None and (role := role_word(m.group("role"))):
            out.append(Tie(e.start, role, e.canonical, m.group().lower()))
    return out


def role_mentions(text: str, entities: list[Entity]) -> list[RoleMention]:
    """People named by a role alone ("the actress"): a role phrase not followed by a name."""
    starts = {e.start for e in entities if e.type == "PERSON"}
    out = []
    for m in _ROLE_NP.finditer(text):
        role = role_word(m.group("role"))
        if role is None:
            continue
        nxt = m.end()
        while nxt < len(text) and text[nxt] in " \t,":
            nxt += 1
        if nxt in starts:
            continue  # "her ex-husband Tom Lee", "her lawyer, Tom Berg": a tie, not a mention
        out.append(RoleMention(m.start(), m.end(), role, role_gender(role), modifiers(m.group())))
    return out


_WORDS = re.compile(r"[^\W_][\w'’.&-]*")
#: Words that qualify a role without telling one holder from another.
_GENERIC = frozenset("of the a an his her their its former late then longtime estranged ex current "
                     "new veteran top senior".split())


def modifiers(phrase: str) -> tuple[str, ...]:
    """The words qualifying a role phrase, lower case, without its determiner, its role
    noun, ages and generic words ("former", "late"): what tells one "leader" from another.

    >>> modifiers("the Labour party leader"), modifiers("The 33-year-old actress")
    (('labour', 'party'), ())
    """
    words = [w.lower().rstrip(".") for w in _WORDS.findall(phrase)][1:-1]
    return tuple(w for w in words if w not in _GENERIC and not w[:1].isdigit())


_FILLER = re.compile(r"[^\W\d_][\w'’&-]*(?:[ \t]+[^\W\d_][\w'’&-]*){0,2}")


def filler(line: str) -> bool:
    """A line of the page that is no paragraph of the story: one to three words with no
    punctuation ("Video", "Photo", "Advertisement"), left by the scraper between a
    paragraph and the next.

    >>> filler("Video"), filler("Skip Ad"), filler("Alerts."), filler("He said so today")
    (True, True, False, False)
    """
    return _FILLER.fullmatch(line.strip()) is not None


#: A photo credit closing a caption line: "(KCNA via KNS/AFP/Getty Images)", "(Brett Coomer/AP)".
_CREDIT = re.compile(r"\((?:[^()\n]*/[^()\n]*|[^()\n]*\b(?:Images|Photo|Photos|Pictures)\b[^()\n]*)\)\s*$")


def caption(line: str) -> bool:
    """A photo caption the scraper left between two paragraphs: a line that ends with a
    photo credit in parentheses.

    >>> caption("The rocket lifts off. (KCNA via KNS/AFP/Getty Images)"), caption("He said so (today).")
    (True, False)
    """
    return _CREDIT.search(line) is not None


HEADING_WORDS = 8  # a heading is short; a longer line without a full stop is a photo caption


def caption_line(text: str) -> bool:
    """A whole line that is a photo caption, not a sentence of the story: longer than a
    heading, without a sentence's end, and quoting nobody ("GETTY The station was launched
    into orbit in 2011").

    >>> caption_line("Ana Ruiz (center, in the black hat) was one of the fans to make the trip")
    True
    >>> caption_line("Ana Ruiz was one of the fans."), caption_line("No time to react")
    (False, False)
    """
    line = text.strip()
    return "\n" not in line and unfinished(line) and len(line.split()) > HEADING_WORDS and not any(
        m in line for m in "\"“”‘’'")


def line_at(text: str, pos: int) -> str:
    """The line of ``text`` that holds offset ``pos``."""
    end = text.find("\n", pos)
    return text[text.rfind("\n", 0, pos) + 1:end if end >= 0 else len(text)]


def caption_only(text: str, mention: Entity, persons: Sequence[Entity]) -> bool:
    """Whether ``mention`` is named in a :func:`caption_line` and not in the paragraph
    before that caption: the subject of a photo caption ("Ana Ruiz (center) was among the
    fans") is not who a pronoun of the story's text after it stands for, unless the story
    named them just before the photo too."""
    if not caption_line(line_at(text, mention.start)):
        return False
    start = text.rfind("\n", 0, mention.start) + 1
    lo = paragraph_before(text, start)
    return not any(lo <= e.start < start and e.canonical == mention.canonical for e in persons)


def paragraph_before(text: str, pos: int, n: int = 1) -> int:
    """Where the ``n``-th paragraph before the one holding ``pos`` starts (paragraphs
    are lines; :func:`filler` lines and photo :func:`caption` lines are passed over,
    not counted).

    >>> paragraph_before("A.\\n\\nB.\\nC.", 8), paragraph_before("A.\\n\\nB.\\nC.", 8, 2)
    (4, 0)
    >>> paragraph_before("A.\\nVideo\\nC.", 9)
    0
    """
    start = text.rfind("\n", 0, pos) + 1
    k = 0
    while k < n:
        end = start - 1
        while end > 0 and text[end - 1].isspace():
            end -= 1
        if end <= 0:
            return 0
        start = text.rfind("\n", 0, end) + 1
        if not filler(text[start:end]) and not caption(text[start:end]):
            k += 1
    return start


def compatible(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


_PRONOUN = re.compile(r"\b(?:[Hh]e|[Ss]he|[Hh]is|[Hh]er|[Hh]im|[Hh]imself|[Hh]erself)\b")


def pronouns(text: str) -> list[tuple[int, str]]:
    """(offset, gender) of each third-person singular pronoun in ``text``.

    >>> pronouns("She met him.")
    [(0, 'f'), (8, 'm')]
    """
    return [(m.start(), PRONOUN_GENDER[m.group().lower()]) for m in _PRONOUN.finditer(text)]


def antecedent(pos: int, gender: str, lo: int, persons: list[Entity], roles: list[RoleMention],
               gender_of, prons: Sequence[tuple[int, str]] = ()) -> Entity | RoleMention | int | None:
    """The mention a he/she pronoun at ``pos`` refers to, looking back to ``lo``.

    The nearest compatible mention wins when it is a role mention, a person whose known
    gender agrees, or another pronoun of the same gender (returned as its offset: the
    same chain, for the caller to follow); a person of unknown gender only when no other
    compatible mention is in reach (the caller may ask for more). Otherwise None."""
    cands: list[tuple[int, Entity | RoleMention | int]] = [
        (e.start, e) for e in persons if lo <= e.start < pos]
    cands += [(r.start, r) for r in roles if lo <= r.start and r.end <= pos]
    cands += [(p, p) for p, g in prons if lo <= p < pos and g == gender]
    cands.sort(key=lambda c: c[0], reverse=True)
    first = None
    for _start, c in cands:
        if isinstance(c, int):
            if first is None:
                return c
            continue  # the same chain as the pronoun itself
        g = c.gender if isinstance(c, RoleMention) else gender_of(c.canonical)
        if not compatible(g, gender):
            continue
        if first is None:
            first = c
            if isinstance(c, RoleMention) or g == gender:
                return c
            continue
        assert isinstance(first, Entity)  # a role mention or pronoun first was returned above
        if isinstance(c, RoleMention) or c.canonical != first.canonical:
            return None
    return first


def apposed_name(role: RoleMention, ties: list[Tie], text: str) -> str | None:
    """The name set right beside role mention ``role`` ("a spokesman, Ana Ruiz,"; "a
    representative for Lee, Ana Ruiz"), or None.

    >>> t = "A representative for Lee, Ana Ruiz, said no."
    >>> apposed_name(RoleMention(0, 16, "representative", None), [Tie(26, "representative", "Ana Ruiz")], t)
    'Ana Ruiz'
    """
    for t in ties:
        if t.role == role.role and t.start > role.end:
            gap = _APPOSED_GAP.match(text, role.end)
            if gap is not None and gap.end() == t.start:
                return t.name
    return None


def tied_name(role: str, pos: int, ties: list[Tie], gender: str | None, gender_of,
              qualifiers: tuple[str, ...] = (), mentions: Sequence[Entity] = ()) -> str | None:
    """The person the article ties ``role`` to: the latest tie before ``pos``, else the
    one person tied to it anywhere; None when there is none or no single one. A role
    with ``qualifiers`` ("the Labour party leader": ``("labour",)``) only matches a tie
    whose words before the name hold every one of them ("Labour leader Ed Lee").

    When several people are tied to the role before ``pos`` ("his brother, Eric Lee" and
    later "another brother, Pat Lee"), "the brother" is the one of them named last before
    it in ``mentions`` (the article's person mentions), not the one whose tie came last:
    "Eric Lee said ... . The brother told CBS" is Eric."""
    fits = [t for t in ties if t.role == role and compatible(gender, gender_of(t.name))
            and all(re.search(rf"\b{re.escape(q)}\b", t.context) for q in qualifiers)]
    before = [t for t in fits if t.start < pos]
    if before:
        tied = {t.name for t in before}
        named = [m for m in mentions if m.start < pos and m.canonical in tied]
        if len(tied) > 1 and named:
            return max(named, key=lambda m: m.start).canonical
        return max(before, key=lambda t: t.start).name
    names = {t.name for t in fits}
    return names.pop() if len(names) == 1 else None


__all__ = ["HEADING_WORDS", "RoleMention", "Tie", "antecedent", "apposed_name", "caption_line", "caption_only",
           "compatible", "filler", "line_at", "modifiers", "paragraph_before", "pronouns", "role_mentions",
           "role_ties", "role_word", "tied_name"]
