"""The rules that call a listed trend term noise, judged from the store's own text.

A term listed on a day is noise when one of these holds (checked in this order):

- ``fragment``: another term listed the same day is the same thing in a longer or other
  form. Names are compared as words, case-folded, with straight and curly apostrophes
  one and a possessive ``'s`` dropped: "Amber" beside "Amber Heard", "Timberlake’s"
  beside "Timberlake" (the one that is not the longest form of its group is the noise);
  a hashtag only against hashtags (case variants).
- ``boilerplate``: most of the term's occurrences in the store lie in lines that repeat
  word for word in three or more articles of one outlet published on two or more days
  (forms, navigation, bylines, credits).
- ``generic``: a single word that the store's text writes in lower case in most of its
  occurrences away from a sentence start ("man", "settings"; a word the term spells in
  capitals, an acronym such as "WHO", is not judged by this), or that is part of a date,
  time or number (the analysis's dates and number entities) in most of them ("Feb").

Every rule reads the store, never a word list. ``benchmarks/labels/trend-terms.jsonl``
holds a hand-labelled sample that checks the rules (see ``agreement``).

>>> fragments(["Amber", "Amber Heard", "Timberlake’s", "Timberlake", "#MeToo", "#metoo", "Heard"])
{'#metoo': '#MeToo', 'Amber': 'Amber Heard', 'Heard': 'Amber Heard', 'Timberlake’s': 'Timberlake'}
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from storydesk.model import Analysis, Article

NOT_NAMES = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "PERCENT", "MONEY"})
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_STARTS = re.compile(r"(?:^|[.!?:;]['\"’”)]?\s+|[\"“‘'(]\s*|\n\s*)$")
#: lines repeated in this many articles of one outlet (on two days or more) are boilerplate
REPEATS = 3


def words(term: str) -> tuple[str, ...]:
    """A name as comparable words.

    >>> words("Timberlake’s"), words("Justin  TIMBERLAKE")
    (('timberlake',), ('justin', 'timberlake'))
    """
    out = []
    for w in _WORD.findall(term.replace("’", "'").casefold()):
        out.append(w[:-2] if w.endswith("'s") else w)
    return tuple(w for w in out if w)


def _inside(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    n = len(short)
    return any(long[i:i + n] == short for i in range(len(long) - n + 1))


def fragments(terms: list[str]) -> dict[str, str]:
    """Each listed term that is a fragment or variant of another listed term -> that term."""
    out: dict[str, str] = {}
    tags = [t for t in terms if t.startswith("#")]
    names = [t for t in terms if not t.startswith("#")]
    first: dict[str, str] = {}
    for t in tags:
        key = t.casefold()
        if key in first:
            out[t] = first[key]
        else:
            first[key] = t
    # the form with most words stays; on a tie the shortest spelling, then the first listed
    ranked = sorted(names, key=lambda t: (-len(words(t)), len(t), names.index(t)))
    kept: list[str] = []
    for t in ranked:
        w = words(t)
        host = next((k for k in kept if w and _inside(w, words(k))), None)
        if host is not None:
            out[t] = host
        else:
            kept.append(t)
    return out


def _norm_line(line: str) -> str:
    return " ".join(line.split())


@dataclass
class Evidence:
    """What the store says about words and lines: built once per store."""

    articles: list[Article]
    analyses: dict[str, Analysis] = field(default_factory=dict)
    _boiler: dict[str, set[str]] = field(default_factory=dict)  # outlet -> repeated lines
    _cache: dict[str, str | None] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seen: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        for a in self.articles:
            outlet = a.outlet or a.source
            for line in {_norm_line(x) for x in a.text.splitlines() if x.strip()}:
                seen[(outlet, line)].add((a.id, (a.published or "")[:10]))
        for (outlet, line), found in seen.items():
            if len(found) >= REPEATS and len({d for _, d in found}) >= 2:
                self._boiler.setdefault(outlet, set()).add(line)

    def boilerplate(self, term: str) -> bool:
        pattern = _pattern(term)
        inside = outside = 0
        for a in self.articles:
            lines = self._boiler.get(a.outlet or a.source, ())
            for line in a.text.splitlines():
                n = len(pattern.findall(line))
                if n:
                    if _norm_line(line) in lines:
                        inside += n
                    else:
                        outside += n
        return inside > 0 and inside >= outside

    def generic(self, term: str) -> bool:
        if term.startswith("#") or len(words(term)) != 1:
            return False
        pattern = _pattern(term)
        acronym = term.isupper() and len(term) > 1
        lower = upper = in_numbers = total = 0
        for a in self.articles:
            found = self.analyses.get(a.id)
            spans = [(e.start, e.end) for e in (found.entities if found else ()) if e.type in NOT_NAMES]
            spans += [(d.start, d.end) for d in (found.dates if found else ())]
            for m in pattern.finditer(a.text):
                total += 1
                if any(s <= m.start() < e for s, e in spans):
                    in_numbers += 1
                if _STARTS.search(a.text, max(0, m.start() - 4), m.start()):
                    continue
                if m.group()[0].isupper():
                    upper += 1
                else:
                    lower += 1
        if total == 0:
            return False
        return (lower > upper and not acronym) or in_numbers * 2 > total

    def noise(self, term: str) -> str | None:
        """``boilerplate``, ``generic`` or None (fragments are judged per day's list)."""
        if term not in self._cache:
            self._cache[term] = ("boilerplate" if self.boilerplate(term) else
                                 "generic" if self.generic(term) else None)
        return self._cache[term]


def _pattern(term: str) -> re.Pattern:
    body = re.escape(term.lstrip("#")).replace("’", "['’]").replace("'", "['’]").replace(r"\ ", r"\s+")
    return re.compile(rf"(?<![\w#]){'#?' if term.startswith('#') else ''}{body}(?![\w])", re.IGNORECASE)


def judge_day(listed: list[str], evidence: Evidence) -> dict[str, str | None]:
    """Each term listed on one day -> its noise class (None: a good term)."""
    frag = fragments(listed)
    return {t: "fragment" if t in frag else evidence.noise(t) for t in listed}


def agreement(labels: list[dict], evidence: Evidence) -> dict[str, float]:
    """How often the rules agree with hand labels (``label``: ok, or the noise class:
    fragment, boilerplate, generic, other) on noise-or-not, and the noise share each
    gives, for each listing (``system``) labelled."""
    hits = 0
    rule_noise = hand_noise = 0
    confusion: Counter = Counter()
    per_system: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for row in labels:
        rule = "fragment" if row.get("rule_fragment_of") else evidence.noise(row["term"])
        hand = row["label"] != "ok"
        hits += (rule is not None) == hand
        rule_noise += rule is not None
        hand_noise += hand
        confusion[(rule or "ok", row["label"])] += 1
        per_system[row.get("system", "")][0] += hand
        per_system[row.get("system", "")][1] += 1
    n = len(labels) or 1
    out = {"labels": len(labels), "agreement": round(hits / n, 4),
           "noise_by_rules": round(rule_noise / n, 4), "noise_by_hand": round(hand_noise / n, 4)}
    for system, (noisy, total) in sorted(per_system.items()):
        out[f"hand_noise[{system}]"] = round(noisy / total, 4)
    return out


def why_links(days: list[tuple[str, list[dict]]], articles: list[Article], story_of: dict[str, str],
              window_days: float) -> dict[str, float]:
    """Of the terms listed with a story, the share whose story holds most of the articles
    (published in the window ending that day) that mention the term, found by the term's
    own text; and the share of listed terms given a story at all."""
    from datetime import datetime, timedelta

    linked = right = listed = 0
    for day, rows in days:
        end = datetime.fromisoformat(day) + timedelta(days=1)
        start = end - timedelta(days=window_days)
        window = [a for a in articles if a.published and start <= datetime.fromisoformat(a.published[:19]) < end]
        for row in rows:
            listed += 1
            if not row.get("story_id"):
                continue
            linked += 1
            pattern = _pattern(row["term"])
            stories = Counter(story_of.get(a.id) for a in window if pattern.search(a.text))
            total = sum(stories.values())
            right += total > 0 and stories[row["story_id"]] * 2 > total
    return {"why_precision": round(right / linked, 4) if linked else None,
            "linked_share": round(linked / listed, 4) if listed else None}
