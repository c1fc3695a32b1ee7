"""The brief's ``quotes``: who said what, each utterance once, merged across outlets.

Printed quotes are grouped when they are the same utterance (:mod:`.quote_match`) and
their speakers are compatible: the same canonical name, or one side unknown. Two
different people's words are never merged. A quote whose own article does not name the
speaker gets the speaker only from another article printing the same utterance with a
named speaker; ``speaker_from`` then lists the articles that name them. A quote that
would join groups of two different speakers is left on its own, unattributed.

Each entry shows the fullest printed form (verbatim from one source), cites every
article that printed it, and keeps every variant. Entries are grouped by speaker, the
most widely reported speakers and quotes first; unattributed quotes come last.
Scare quotes (a word or two without a cue) are left out. When articles credit the same
words to different people, each attribution stays its own entry, flagged with
``speaker_conflict`` (the other speakers) and a note: storydesk does not pick a side.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from dataclasses import dataclass, field

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
            out.append(_Printed(index, q, printed, toks))
    # fullest forms first, so that trimmed printings join the group of the full one
    out.sort(key=lambda p: (-len(p.tokens), p.article, p.quote.start))
    return out


def _blocking_keys(toks: list[str]) -> set[tuple[str, ...]]:
    """Word pairs of a quote; two printings of one utterance share at least one."""
    if len(toks) < 2:
        return {tuple(toks)}
    return {tuple(toks[i:i + 2]) for i in range(len(toks) - 1) if "*" not in toks[i] + toks[i + 1]}


def group_quotes(analyzed: list[AnalyzedArticle]) -> list[_Group]:
    """Printed quotes grouped by utterance (each group: its printings, fullest first).
    Groups of the same words credited to different speakers record each other's
    speakers in ``conflicts``."""
    groups: list[_Group] = []
    index: dict[tuple[str, ...], set[int]] = defaultdict(set)
    for p in _printed(analyzed):
        keys = _blocking_keys(p.tokens)
        candidates = sorted(set().union(*(index.get(k, set()) for k in keys))) if keys else []
        matches = [g for g in candidates if groups[g].matches(p.tokens)]
        speaker = p.quote.speaker
        compatible = [g for g in matches if not speaker or groups[g].speakers <= {speaker}]
        named = {s for g in compatible for s in groups[g].speakers}
        if speaker is None and len(named) > 1:
            compatible = []  # the same words credited to two people: refuse to guess
        if compatible:
            target = compatible[0]
        else:
            groups.append(_Group())
            target = len(groups) - 1
        groups[target].members.append(p)
        groups[target].forms.add(tuple(p.tokens))
        for g in matches:
            if g != target and speaker and groups[g].speakers and speaker not in groups[g].speakers:
                groups[g].conflicts.add(speaker)
                groups[target].conflicts.update(groups[g].speakers)
        for k in keys:
            index[k].add(target)
    return groups


def _entry(group: _Group, analyzed: list[AnalyzedArticle]) -> dict:
    members = group.members
    full = members[0]  # the fullest printing (members are added fullest first)
    named = [m for m in members if m.quote.speaker]
    speaker = named[0].quote.speaker if named else None
    best_per_article: dict[int, _Printed] = {}
    for m in members:
        if m.article not in best_per_article:
            best_per_article[m.article] = m
    cues = Counter(m.quote.cue for m in members if m.quote.cue)
    entry = {
        "speaker": speaker,
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
    """``[{"speaker", "text", "cue", "sources", "variants"}]``: each utterance once."""
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
