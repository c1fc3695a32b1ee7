"""The brief's ``quotes``: who said what, each utterance once, merged across outlets.

Printed quotes are first grouped by utterance alone (:mod:`.quote_match`), then the
speakers the printings give are compared, name variants (accents, initials, titles:
:func:`~storydesk.analyze.entities.same_person`) counting as one person:

- one speaker (or none): one entry. Printings that do not name the speaker take it from
  the ones that do, listed in ``speaker_from``; the entry's ``speaker_probability`` is
  the highest probability among the printings that name it, never raised by the
  printings that only repeat the words. An unnamed role ("a spokesperson for the
  airline") and a name are one speaker only when the name is at least as probable, or
  when the role's own article prints the same words under that name;
- two or more speakers: nobody is picked. Each speaker's printings are an entry flagged
  with ``speaker_conflict`` (the other speakers), and the printings that name nobody
  are an entry of their own with no speaker, flagged with every speaker given.

Each entry shows the fullest printed form (verbatim from one source), cites every
article that printed it, and keeps every variant; ``speaker_type`` says whether the
speaker is a person, an organisation or an unnamed role. Entries are grouped by speaker,
the most widely reported speakers and quotes first; unattributed quotes come last.
Scare quotes (a word or two without a cue) are left out.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from typing import Any

from ..analyze.entities import name_key, same_person
from ..analyze.lexicon import NAMED_BODY_NOUNS
from ..model import AnalyzedArticle, Quote
from .quote_match import same_utterance, tokens
from .sources import source

log = logging.getLogger(__name__)

#: Quotes shorter than this many words need a cue (said, told, ...) to be listed.
MIN_WORDS_WITHOUT_CUE = 5
#: Quotes shorter than this many words are never listed (scare quotes).
MIN_WORDS = 3


@dataclass
class _Printed:
    article: int
    quote: Quote
    text: str  # the article's text at the quote's span
    tokens: list[str]


@dataclass
class _Group:
    members: list[_Printed] = field(default_factory=list)
    conflicts: set[str] = field(default_factory=set)  # other speakers of the same words
    forms: set[tuple[str, ...]] = field(default_factory=set)  # distinct printed token forms

    def matches(self, toks: list[str]) -> bool:
        return tuple(toks) in self.forms or any(same_utterance(toks, list(f)) for f in self.forms)

    @property
    def speakers(self) -> set[str]:
        return {m.quote.speaker for m in self.members if m.quote.speaker}


def _bare_body(role: str | None) -> bool:
    """A body called by its kind alone ("the company", "The campaign"): the article named
    it elsewhere, and beside other outlets' quotes the phrase says nobody, so a brief
    shows no speaker rather than a role that is not one.

    >>> _bare_body("the company"), _bare_body("a spokesperson for the company"), _bare_body("the police")
    (True, False, False)
    """
    words = (role or "").lower().split()
    return len(words) == 2 and words[0] in ("the", "this") and words[1] in NAMED_BODY_NOUNS


def _printed(analyzed: list[AnalyzedArticle]) -> list[_Printed]:
    out = []
    for index, item in enumerate(analyzed):
        text = item.article.text
        for q in item.analysis.quotes:
            if not 0 <= q.start < q.end <= len(text):
                log.warning("quote %s:%s outside article %s; skipped", q.start, q.end, item.article.id)
                continue
            printed = text[q.start:q.end]
            toks = tokens(printed)
            if len(toks) < MIN_WORDS or (len(toks) < MIN_WORDS_WITHOUT_CUE and not q.cue):
                continue
            if q.speaker_type == "role" and _bare_body(q.speaker):
                q = replace(q, speaker=None, speaker_type=None, speaker_probability=None)
            out.append(_Printed(index, q, printed, toks))
    # fullest forms first, so that trimmed printings join the group of the full one
    out.sort(key=lambda p: (-len(p.tokens), p.article, p.quote.start))
    return out


def _blocking_keys(toks: list[str]) -> set[tuple[str, ...]]:
    """Word pairs of a quote; two printings of one utterance share at least one."""
    if len(toks) < 2:
        return {tuple(toks)}
    return {tuple(toks[i:i + 2]) for i in range(len(toks) - 1) if "*" not in toks[i] + toks[i + 1]}


def _utterances(printed: list[_Printed]) -> list[list[_Printed]]:
    """Printings grouped by utterance alone (fullest printings first)."""
    groups: list[_Group] = []
    index: dict[tuple[str, ...], set[int]] = defaultdict(set)
    for p in printed:
        keys = _blocking_keys(p.tokens)
        candidates = sorted(set().union(*(index.get(k, set()) for k in keys))) if keys else []
        target = next((g for g in candidates if groups[g].matches(p.tokens)), None)
        if target is None:
            groups.append(_Group())
            target = len(groups) - 1
        groups[target].members.append(p)
        groups[target].forms.add(tuple(p.tokens))
        for k in keys:
            index[k].add(target)
    return [g.members for g in groups]


def _probability(p: _Printed) -> float:
    q = p.quote.speaker_probability
    return 1.0 if q is None else q  # hand-made or older analyses carry no probability


def _speaker(p: _Printed) -> str:
    """The speaker a printing names (only printings that name one are grouped by name)."""
    assert p.quote.speaker is not None
    return p.quote.speaker


def _kind(p: _Printed) -> str:
    return p.quote.speaker_type or "person"


def _by_speaker(members: list[_Printed]) -> list[list[_Printed]]:
    """The printings that name a speaker, one list per speaker (name variants together,
    an unnamed role with a name only when the name is at least as probable, or when the
    role's article prints the same words under that name)."""
    named = sorted((m for m in members if m.quote.speaker), key=lambda m: -_probability(m))
    people: list[list[_Printed]] = []
    roles: list[_Printed] = []
    for m in named:
        if _kind(m) == "role":
            roles.append(m)
            continue
        for group in people:
            if _kind(group[0]) == _kind(m) and same_person(_speaker(group[0]), _speaker(m)):
                group.append(m)
                break
        else:
            people.append([m])
    unjoined = []
    for m in roles:
        # the same words printed twice by one article, once under a name and once under a
        # role ("'...,' Lee said" and, after a caption, "'...,' the coach said"): one speaker
        own = [g for g in people if any(o.article == m.article for o in g)]
        if len(own) == 1:
            own[0].append(m)
        else:
            unjoined.append(m)
    roles = unjoined
    if roles:
        top_role = max(_probability(m) for m in roles)
        if len(people) == 1 and max(_probability(m) for m in people[0]) >= top_role:
            people[0].extend(roles)
        else:
            people.append(roles)
    return people


def _name(group: list[_Printed]) -> str:
    """The form of a speaker's name an entry shows: a person's or organisation's fullest
    form, the most printed, with accents, without a title; for a role alone, the most
    probable printing's role."""
    names = [_speaker(m) for m in group if _kind(m) != "role"]
    if not names:
        return _speaker(max(group, key=_probability))
    return max(set(names), key=lambda n: (len(name_key(n)), names.count(n), sum(not c.isascii() for c in n),
                                          -len(n.split()), n))


def _speaker_type(named: list[_Printed]) -> str | None:
    kinds = [_kind(m) for m in named if _kind(m) != "role"]
    return kinds[0] if kinds else ("role" if named else None)


def group_quotes(analyzed: list[AnalyzedArticle]) -> list[_Group]:
    """Printed quotes grouped into entries (see the module docstring): each group holds
    its printings, fullest first; ``conflicts`` the other speakers of the same words."""
    out: list[_Group] = []
    for members in _utterances(_printed(analyzed)):
        speakers = _by_speaker(members)
        if len(speakers) <= 1:
            out.append(_Group(members))
            continue
        names = [_name(g) for g in speakers]
        order = {id(m): i for i, m in enumerate(members)}
        for group, name in zip(speakers, names):
            out.append(_Group(sorted(group, key=lambda m: order[id(m)]), set(names) - {name}))
        silent = [m for m in members if not m.quote.speaker]
        if silent:
            out.append(_Group(silent, set(names)))
    return out


def _entry(group: _Group, analyzed: list[AnalyzedArticle]) -> dict:
    members = group.members
    full = members[0]  # the fullest printing (members are kept fullest first)
    named = [m for m in members if m.quote.speaker]
    speaker = _name(named) if named else None
    best_per_article: dict[int, _Printed] = {}
    for m in members:
        if m.article not in best_per_article:
            best_per_article[m.article] = m
    cues = Counter(m.quote.cue for m in members if m.quote.cue)
    entry: dict[str, Any] = {
        "speaker": speaker,
        "speaker_type": _speaker_type(named),
        "speaker_probability": round(max(_probability(m) for m in named), 4) if named else None,
        "text": full.text,
        "cue": (full.quote.cue or (cues.most_common(1)[0][0] if cues else None)),
        "sources": [source(analyzed[a], m.quote.start, m.quote.end)
                    for a, m in sorted(best_per_article.items())],
        "variants": [{"text": m.text, "article_id": analyzed[m.article].article.id}
                     for m in sorted(members, key=lambda m: (m.article, m.quote.start))],
    }
    if speaker and any(m.quote.speaker is None for m in members):
        entry["speaker_from"] = sorted({analyzed[m.article].article.id for m in named})
    conflicts = sorted(group.conflicts - {speaker})
    if conflicts:
        entry["speaker_conflict"] = conflicts
    return entry


def build_quotes(analyzed: list[AnalyzedArticle], notes: list[str] | None = None) -> list[dict]:
    """``[{"speaker", "speaker_type", "speaker_probability", "text", "cue", "sources",
    "variants"}]`` (and ``speaker_from``, ``speaker_conflict`` where they apply): each
    utterance once, or once per speaker when outlets disagree."""
    entries = [_entry(group, analyzed) for group in group_quotes(analyzed)]
    if not entries:
        if notes is not None:
            notes.append("quotes: no direct quotes found in the articles")
        return []
    if notes is not None and any("speaker_conflict" in e for e in entries):
        notes.append("quotes: some words are credited to different speakers by different "
                     "articles; each attribution is listed and flagged")
    reach: Counter[str | None] = Counter()
    for e in entries:
        reach[e["speaker"]] += len(e["sources"])
    position = {item.article.id: i for i, item in enumerate(analyzed)}
    first_seen = {id(e): min((position[s["article_id"]], s["start"]) for s in e["sources"])
                  for e in entries}
    entries.sort(key=lambda e: (
        e["speaker"] is None,
        -reach[e["speaker"]],
        e["speaker"] or "",
        -len(e["sources"]),
        first_seen[id(e)],
    ))
    return entries
