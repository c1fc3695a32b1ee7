"""Speakers resolved across a story: what one article leaves open, another may settle.

An article may call its speaker "she" or "the actress" without ever showing, in its own
text, who that is: the one named woman nearby has no gendered word of her own there, or
the role is never tied to a name. Other articles of the same story often do ("actress
Ana Diaz", "Diaz admitted that she ..."). So, after names are made canonical across the
story, each quote whose speaker mention is a he/she pronoun or a role and whose speaker
is still unknown, or only an unnamed role, is resolved again by the same text rules
(:mod:`storydesk.analyze.roles`), with:

- each person's gender voted across the story (the articles that show one; a person
  shown as both is left unknown);
- each role tied to the people any article ties it to; a role resolves only when exactly
  one person of the story is tied to it, and only a role without qualifiers ("the
  actress", not "the Labour party leader", which the story's ties cannot tell apart).

A speaker the article resolved itself is never changed, and a person of unknown gender
is never chosen.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

from ..analyze.headlines import headline_spans
from ..analyze.lexicon import PREPOSITION_BEFORE, PRONOUN_GENDER
from ..analyze.roles import (
    RoleMention,
    antecedent,
    caption_only,
    compatible,
    paragraph_before,
    pronouns,
    role_mentions,
)
from ..analyze.speaker_candidates import name_in_quote
from ..model import Analysis, Entity

_MAX_CHAIN = 4


def story_people(analyses: list[Analysis]) -> tuple[dict[str, str | None], dict[str, set[str]]]:
    """Gender of each person and the people tied to each role, across ``analyses``."""
    votes: dict[str, Counter] = defaultdict(Counter)
    ties: dict[str, set[str]] = defaultdict(set)
    for a in analyses:
        seen = {}
        for e in a.entities:
            if e.type != "PERSON":
                continue
            if e.gender:
                seen[e.canonical] = e.gender
            if e.role:
                ties[e.role].add(e.canonical)
        for name, g in seen.items():
            votes[name][g] += 1
    gender = {name: (v.most_common(1)[0][0] if len(v) == 1 else None) for name, v in votes.items()}
    return gender, ties


class _Article:
    """One article's mentions, read from its text and analysis (no parse)."""

    def __init__(self, text: str, a: Analysis):
        regions = [(q.start - 1, q.end + 1) for q in a.quotes] + [(p.start, p.end) for p in a.posts]
        regions += headline_spans(text, list(a.sentences))
        self.regions = sorted(regions)

        def free(pos: int) -> bool:
            return not any(s <= pos < e for s, e in self.regions)

        self.text = text
        self.persons = [e for e in a.entities if e.type == "PERSON" and free(e.start)]
        self.roles = [r for r in role_mentions(text, list(a.entities)) if free(r.start)
                      and text[r.start:r.end].split()[0].lower() in ("the", "his", "her")]
        self.pronouns = [(p, g) for p, g in pronouns(text) if free(p)]
        self.agents = [c.agent_start for c in a.clauses if c.agent_start is not None]
        # objects after their verb (a passive subject before it is the sentence's subject)
        self.objects = [c.patient_start for c in a.clauses if c.patient_start is not None and c.patient_start > c.start]

    def object_only(self, e: Entity) -> bool:
        """Whether mention ``e`` is only ever what a verb or preposition acts on ("he faces
        a task to overhaul Nico Rosberg", "remained ahead of Rosberg"), never a doer (nor
        the doer of an infinitive after it: "inspired Lee to add")."""
        if any(e.start <= k < e.end for k in self.agents) or self.text.startswith(" to ", e.end):
            return False
        return any(e.start <= k < e.end for k in self.objects) or PREPOSITION_BEFORE.search(
            self.text, max(0, e.start - 12), e.start) is not None


def _role_name(role: RoleMention, gender, ties) -> str | None:
    if role.modifiers:
        return None  # "the Labour party leader": the story's ties do not say which leader
    names = {n for n in ties.get(role.role, ()) if compatible(role.gender, gender.get(n))}
    return names.pop() if len(names) == 1 else None


def _pronoun_name(art: _Article, pos: int, g: str, gender, ties, depth: int = 0, words: str = "") -> str | None:
    """The person a he/she pronoun at ``pos`` stands for. A named person is taken only as
    the subject of a clause ("he faces a task to overhaul Rosberg. "...," he said" is not
    Rosberg's) and never when a word of the name is in ``words``, the quote the pronoun
    speaks (a speaker does not call himself "Lewis"), nor when it is only a photo caption's
    subject (:func:`~storydesk.analyze.roles.caption_only`)."""
    found = antecedent(pos, g, paragraph_before(art.text, pos), art.persons, art.roles,
                       gender.get, art.pronouns)
    if isinstance(found, int):
        return _pronoun_name(art, found, g, gender, ties, depth + 1, words) if depth < _MAX_CHAIN else None
    if isinstance(found, RoleMention):
        if art.text[found.start:found.end].split()[0].lower() in ("his", "her"):
            return None  # "to be closer to his daughter. "...," she said": a role in passing
        return _role_name(found, gender, ties)
    if isinstance(found, Entity) and gender.get(found.canonical) == g and not art.object_only(found) \
            and not name_in_quote(found.canonical, words, any_word=True) \
            and not caption_only(art.text, found, art.persons):
        return found.canonical
    return None


def speaker_by_story(text: str, a: Analysis, start: int, end: int, gender, ties,
                     art: _Article | None = None, quote: str = "") -> str | None:
    """The person the speaker mention ``text[start:end]`` of the quote ``quote`` stands
    for, by story evidence."""
    art = art or _Article(text, a)
    words = text[start:end].split()
    first = words[0].lower() if words else ""
    if len(words) == 1 and first in PRONOUN_GENDER:
        return _pronoun_name(art, start, PRONOUN_GENDER[first], gender, ties, words=quote)
    role = next((r for r in art.roles if r.start <= start < r.end), None)
    return _role_name(role, gender, ties) if role is not None else None


def resolve_speakers(analyses: list[Analysis], texts: list[str]) -> list[Analysis]:
    """``analyses`` (names already canonical across the story) with the speakers only the
    story can tell filled in; see the module docstring."""
    gender, ties = story_people(analyses)
    out = []
    for a, text in zip(analyses, texts):
        open_ = [q for q in a.quotes if q.speaker_start is not None
                 and (q.speaker is None or q.speaker_type == "role")]
        if not open_:
            out.append(a)
            continue
        art = _Article(text, a)
        quotes = []
        for q in a.quotes:
            if q in open_:
                assert q.speaker_start is not None and q.speaker_end is not None  # open_ has speaker spans
                name = speaker_by_story(text, a, q.speaker_start, q.speaker_end, gender, ties, art, q.text)
                q = replace(q, speaker=name, speaker_type="person") if name else q
            quotes.append(q)
        out.append(replace(a, quotes=tuple(quotes)))
    return out


__all__ = ["resolve_speakers", "speaker_by_story", "story_people"]
