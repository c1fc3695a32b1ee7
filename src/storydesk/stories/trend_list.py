"""What is listed as trending, and why: the flags of the window, one term per thing,
each with its burst, its sources and the story that explains it.

The detector flags terms as they arrive (:mod:`.trends`); the listing reads the flags of
the window (:mod:`.clock` says where it ends) and the evidence the tracker stored, and:

1. drops terms that are no names: a single word the store writes in lower case more
   often than capitalised away from sentence starts ("man", "settings"), a phrase (a
   capitalised run no tagger called a name) of one word never written capitalised away
   from a sentence start, and an entity the tagger called a date, time or number in as
   many articles as it called it a name ("Thu Jun 11");
2. drops terms mentioned by fewer than ``trend_min_sources`` distinct sources (outlets,
   accounts) in the window: one prolific source never makes a trend;
3. gives each name the story-wide form: a name that is part of exactly one longer name
   of its story ("Amber" in "Amber Heard"), or of one far more mentioned, takes it, and
   a listed name that is part of another listed name is folded into it as an alias;
4. links each term to the story holding most (over half) of its mentions in the window
   (articles and posts), else to none;
5. lists new bursts (peaking in the window's newest bucket) first, then the rest, each
   strongest first.

The score is the peak bucket's: how many standard deviations its count of sources lies
above what the term's usual share of the bucket's sources gave (``expected``); the
volume series counts the same thing (for the spelling whose burst gave the score, when
several were folded into one term), so the chart's peak bar is the score's bucket.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from ..config import Settings
from ..store import Store
from ..store import trends as tdb
from ..text import STOP_WORDS
from .clock import Clock, window_end
from .terms import TREND_ENTITY_TYPES, contains, name_words
from .trends import bucket_floor
from .when import parse_duration

#: Trends window when none is given.
DEFAULT_WINDOW = "7d"
#: A longer name of the story takes a fragment when it is named this many times as
#: often as every other candidate together.
DOMINANT = 3


def _iso(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat()


@dataclass
class _Candidate:
    key: str
    label: str
    kind: str
    bucket: str
    score: float
    count: int
    expected: float
    sources: Counter = field(default_factory=Counter)  # source -> documents
    stories: Counter = field(default_factory=Counter)  # story id ("" none) -> documents
    aliases: set[str] = field(default_factory=set)
    volume_key: str = ""  # the term whose flag gave the score (its volume is the chart)

    def __post_init__(self) -> None:
        self.volume_key = self.volume_key or self.key

    def absorb(self, other: _Candidate) -> None:
        """Fold ``other`` (the same thing under another name) into this term."""
        if other.label.casefold() != self.label.casefold():
            self.aliases.add(other.label)
        self.aliases |= other.aliases
        if other.score > self.score:
            self.bucket, self.score, self.count, self.expected = other.bucket, other.score, other.count, other.expected
            self.volume_key = other.volume_key
        self.sources |= other.sources
        self.stories |= other.stories


def _generic(c: _Candidate, case: dict[str, tuple[int, int]], types: dict[str, Counter]) -> str | None:
    """Why ``c`` is not a name (None when it may be one)."""
    if c.kind == "hashtag":
        return None
    votes = types.get(c.key, Counter())
    names = sum(n for t, n in votes.items() if t in TREND_ENTITY_TYPES)
    others = sum(votes.values()) - names
    if others and others >= names:
        return "tagged a date, time or number as often as a name"
    words = name_words(c.label)
    if len(words) != 1:
        return None
    upper, lower = case.get(words[0], (0, 0))
    if lower > upper:
        return "written in lower case more often than capitalised"
    if c.kind == "phrase" and upper == 0:
        return "never capitalised away from a sentence start"
    return None


def _majority(stories: Counter) -> tuple[str | None, float]:
    total = sum(stories.values())
    if not total:
        return None, 0.0
    story, n = max(stories.items(), key=lambda kv: (kv[1], kv[0] != "", kv[0]))
    share = n / total
    return (story if story and n * 2 > total else None), share


def _is_person(key: str, types: dict[str, Counter]) -> bool:
    votes = types.get(key, Counter())
    return bool(votes) and votes["PERSON"] * 2 > sum(votes.values())


def _story_form(c: _Candidate, names: list[tuple[str, str, str, int]],
                types: dict[str, Counter]) -> tuple[str, str] | None:
    """The full name of ``c``'s story that ``c`` (one word: a first name or a surname) is
    part of: ``(key, label)``, or None. The full name is a person's, named in at least
    half as many of the story's articles as ``c``, and the only such name (or named
    ``DOMINANT`` times as often as the others together)."""
    words = name_words(c.label)
    if len(words) != 1:
        return None
    own = max((n for key, _, _, n in names if key == c.key), default=1)
    longer: Counter[str] = Counter()
    labels = {}
    for key, label, _, n in names:
        w = name_words(label)
        if len(w) > 1 and contains(w, words) and _is_person(key, types) and 2 * n >= own:
            longer[key] += n
            labels[key] = label
    if not longer:
        return None
    (best, top), *rest = longer.most_common()
    if rest and top < DOMINANT * sum(n for _, n in rest):
        return None
    return best, labels[best]


def _keeps(a: _Candidate, b: _Candidate, types: dict[str, Counter]) -> bool:
    """Of two listed names, one inside the other, whether ``a`` is the form to keep: a
    person's full name over one of its words, else the name more sources use (then the
    longer)."""
    wa, wb = name_words(a.label), name_words(b.label)
    if len(wb) == 1 and len(wa) > 1 and _is_person(a.key, types):
        return True
    if len(wa) == 1 and len(wb) > 1 and _is_person(b.key, types):
        return False
    return (len(a.sources), len(wa)) >= (len(b.sources), len(wb))


def initials(label: str) -> str:
    """The initials of a name's words, function words left out (an acronym's letters).

    >>> initials("Rail Accident Investigation Branch"), initials(
    ...     "International Consortium of Investigative Journalists")
    ('RAIB', 'ICIJ')
    """
    return "".join(w[0] for w in label.split() if w[:1].isupper() and w.casefold() not in STOP_WORDS).upper()


def _fold(cands: dict[str, _Candidate], story_of: dict[str, str | None],
          names: dict[str, list], types: dict[str, Counter]) -> dict[str, _Candidate]:
    """One term per thing: story-wide full names, one form of names listed inside one
    another, and an acronym folded into the listed name it abbreviates ("RAIB", "Rail
    Accident Investigation Branch") when both are mostly mentioned in the same story."""
    out: dict[str, _Candidate] = {}
    for c in sorted(cands.values(), key=lambda c: (-len(name_words(c.label)), c.key)):
        if c.kind != "hashtag" and (story := story_of.get(c.key)):
            form = _story_form(c, names.get(story, []), types)
            if form is not None:
                c.aliases.add(c.label)
                c.key, c.label = form
        if c.key in out:
            out[c.key].absorb(c)
        else:
            out[c.key] = c
    for short in sorted(out.values(), key=lambda c: (len(name_words(c.label)), c.key)):
        if short.kind == "hashtag" or short.key not in out:
            continue
        w = name_words(short.label)
        hosts = [c for c in out.values() if c.key != short.key and c.kind != "hashtag"
                 and len(name_words(c.label)) > len(w) and contains(name_words(c.label), w)]
        if not hosts:
            continue
        host = max(hosts, key=lambda c: (len(c.sources), c.score, c.key))
        if _keeps(host, short, types):
            host.absorb(out.pop(short.key))
        else:
            del out[host.key]
            short.absorb(host)
    for short in list(out.values()):
        if short.kind == "hashtag" or not short.label.isupper() or not 2 <= len(short.label) <= 8:
            continue
        hosts = [c for c in out.values() if c.key != short.key and len(c.label.split()) >= 2
                 and initials(c.label) == short.label and _majority(c.stories)[0] == _majority(short.stories)[0]]
        if hosts:
            max(hosts, key=lambda c: (len(c.sources), c.key)).absorb(out.pop(short.key))
    return out


def _sources(sources: Counter) -> dict:
    """Who mentioned the term: outlets, post accounts, and other inputs (a file or post
    stream that names no outlet), by name."""
    outlets = sorted(s.split(":", 1)[1] for s in sources if s.startswith("outlet:"))
    accounts = sorted(s.split(":", 2)[2] for s in sources if s.startswith("account:"))
    other = sorted(s.split(":", 1)[1].replace("\\", "/").rsplit("/", 1)[-1]
                   for s in sources if not s.startswith(("outlet:", "account:")))
    return {"outlets": outlets, "accounts": accounts, "other": other}


def _explain(row: dict, bucket_hours: float) -> str:
    when = row["peak"][:10] if bucket_hours >= 24 else row["peak"][:16].replace("T", " ")
    n = row["count"]
    return (f"{n} source{'' if n == 1 else 's'} in the period from {when}, where its usual share "
            f"of the period's sources gave {row['expected']:.1f}: {row['score']:.1f} standard "
            "deviations above")


def list_trends(store: Store, settings: Settings, *, window: str | None = None, at: datetime | None = None,
                now: datetime | None = None) -> dict:
    """``{"at", "mode", "window", "notes", "trends": [...]}`` (see the module's doc)."""
    span = parse_duration(window or DEFAULT_WINDOW)
    hours = settings.trend_bucket_hours
    now = now or datetime.now(UTC).replace(tzinfo=None)
    clock: Clock = window_end(tdb.activity(store), at=at, now=now, span=span, bucket_hours=hours)
    notes = list(clock.notes)
    start = _iso(bucket_floor(clock.end - span, hours))
    last = _iso(bucket_floor(clock.end - timedelta(microseconds=1), hours))
    answer: dict[str, Any] = {"at": _iso(clock.end), "mode": clock.mode, "window": window or DEFAULT_WINDOW,
                              "notes": notes, "trends": []}
    flags = tdb.flags_between(store, start, last)
    if not flags:
        counted = tdb.activity(store)
        notes.append("nothing counted yet: ingest articles or posts" if not counted else
                     "no term burst above its usual level in this window")
        return answer
    keys = [f[0] for f in flags]
    mentions = tdb.mentions_between(store, keys, start, last)
    if not mentions:
        notes.append("these flags were counted before sources were recorded (a store made by an older "
                     "storydesk): ingest into a new store to list them with their sources")
    cands: dict[str, _Candidate] = {}
    for key, label, kind, bucket, score, count, expected in flags:
        c = _Candidate(key, label, kind, bucket, float(score), int(count), float(expected or 0.0))
        for source, story, n in mentions.get(key, ()):
            c.sources[source] += n
            c.stories[story] += n
        cands[key] = c
    case = tdb.word_case(store, [w[0] for c in cands.values() if len(w := name_words(c.label)) == 1])
    types = tdb.term_types(store, keys)
    dropped: Counter = Counter()
    for key in list(cands):
        reason = _generic(cands[key], case, types)
        if reason:
            dropped["not a name"] += 1
            del cands[key]
    story_of = {k: _majority(c.stories)[0] for k, c in cands.items()}
    names = tdb.story_names(store, {s for s in story_of.values() if s})
    types.update(tdb.term_types(store, {n[0] for found in names.values() for n in found} - set(types)))
    cands = _fold(cands, story_of, names, types)
    rows: list[dict[str, Any]] = []
    newest = last
    for c in cands.values():
        if len(c.sources) < settings.trend_min_sources:
            dropped["one source"] += 1
            continue
        majority, share = _majority(c.stories)
        votes = types.get(c.key, Counter())
        named = [(n, t) for t, n in votes.items() if t in TREND_ENTITY_TYPES]
        rows.append({
            "term": c.label, "key": c.key, "kind": c.kind,
            "type": max(named)[1] if c.kind == "entity" and named else None,
            "score": round(c.score, 4), "peak": c.bucket, "count": c.count,
            "expected": round(c.expected, 2), "new": c.bucket == newest,
            "mentions": sum(c.sources.values()), "n_sources": len(c.sources), "sources": _sources(c.sources),
            "aliases": sorted(c.aliases), "story_id": majority, "story_share": round(share, 3),
            "_volume_key": c.volume_key,
        })
    heads = tdb.headlines(store, {r["story_id"] for r in rows if r["story_id"]})
    history = _iso(bucket_floor(clock.end - 2 * span, hours))
    volumes = tdb.volumes_between(store, [r["_volume_key"] for r in rows], history, last)
    for r in rows:
        r["headline"] = heads.get(r["story_id"]) if r["story_id"] else None
        r["volume"] = volumes.get(r.pop("_volume_key"), [])
        r["explanation"] = _explain(r, hours)
    rows.sort(key=lambda r: (not r["new"], -r["score"], r["key"]))
    if dropped["one source"]:
        notes.append(f"{dropped['one source']} bursting term(s) left out: fewer than "
                     f"{settings.trend_min_sources} distinct sources (outlets, accounts) in the window")
    if dropped["not a name"]:
        notes.append(f"{dropped['not a name']} bursting word(s) left out: common words or dates, "
                     "by how the store writes them")
    answer["trends"] = rows
    return answer


__all__ = ["DEFAULT_WINDOW", "list_trends"]
