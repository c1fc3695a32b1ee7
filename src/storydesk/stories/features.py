"""What grouping looks at in an article: its words, its entities and its time.

Plain functions. :func:`article_features` takes an article and, when there is one, its
analysis (canonical entity names); without an analysis it falls back to capitalised
phrases, so grouping also runs on a stream that has not been through spaCy.

>>> f = article_features(Article(id="a1", text="Storms hit Boston. Boston schools closed.",
...     source="x", format="text", title="Storms close Boston schools",
...     published="2020-02-01"))
>>> f.terms["boston"], sorted(f.entities)
(4.0, ['boston'])
>>> f.time.isoformat()
'2020-02-01T00:00:00'
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from ..model import Analysis, Article
from ..text import STOP_WORDS as _STOP_WORDS
from ..text import stem, word_matches

#: Entity types that identify what a story is about (not dates, numbers, languages).
STORY_ENTITY_TYPES = frozenset({"PERSON", "ORG", "GPE", "LOC", "EVENT", "WORK", "NORP"})

_NAME_WORD = r"(?:[A-Z][\w’'-]*[a-z][\w’'-]*|[A-Z]{2,})"
_CAPITALISED = re.compile(rf"(?<![#@\w]){_NAME_WORD}(?:\s+(?:of\s+|de\s+)?{_NAME_WORD})*")
_SENTENCE_START = re.compile("(?:^|[.!?][\"'\u201d\u2019)]?\\s+|\\n\\s*|^\\s*[\"'\u201c\u2018])$")
#: How much more a title word counts than a body word.
TITLE_WEIGHT = 2.0
#: Only the lead of long bodies is read (the rest is mostly background and boilerplate).
LEAD_CHARS = 3000

#: :data:`storydesk.text.STOP_WORDS` and the words every news story uses.
STOP_WORDS = _STOP_WORDS | frozenset(
    "said says told according new year like just time people mr ms mrs".split())


@dataclass(frozen=True)
class Features:
    """One article as grouping sees it."""

    article_id: str
    terms: dict[str, float]  # word -> weighted count (title words count double)
    entities: frozenset[str]  # lower-cased canonical names
    time: datetime  # naive UTC
    time_known: bool = True  # False when the time is the ingest time (no date given)
    outlet: str | None = None
    title: str | None = None
    shingles: frozenset[str] = field(default=frozenset())  # for near-duplicate detection
    #: Earlier days its lead reports (see :func:`reported_days`): the time of the event it
    #: covers, which stays put while the coverage's publication dates spread.
    reported: tuple[datetime, ...] = ()
    #: Whether it has a lead that could report such days (a body of :data:`MIN_LEAD_WORDS`
    #: content words or more): False for a headline or a blurb of a sentence or two.
    lead: bool = True
    #: Whether it is its title alone (the source gave no body, or the body is the title):
    #: the grouper then compares it by its terms' full stems (see :mod:`.grouping`).
    title_only: bool = False


#: Content words (stop words aside) below which a text is a headline or a blurb, with no lead
#: to report earlier days: about two sentences of news prose.
MIN_LEAD_WORDS = 20

@functools.lru_cache(maxsize=1 << 14)  # news vocabulary is Zipfian: most words repeat (16k: a few MB)
def normalise_word(word: str) -> str | None:
    """A word as a grouping term: its light stem (:func:`storydesk.text.stem`: lower
    case, possessive and plural ``s`` dropped); None for stop words, numbers and single
    letters.

    >>> [normalise_word(w) for w in ("Officials", "Trump's", "the", "2020", "boss")]
    ['official', 'trump', None, None, 'boss']
    """
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) < 2 or w in STOP_WORDS or w.isdigit():
        return None
    return stem(w, light=True)


@functools.lru_cache(maxsize=1 << 14)
def full_stem(term: str) -> str:
    """A grouping term's full Snowball stem (:func:`storydesk.text.stem`): "striking"
    and "strike", "stranded" and "stranding" become one.

    >>> [full_stem(normalise_word(w)) for w in ("striking", "strikes", "stranded", "stranding")]
    ['strike', 'strike', 'strand', 'strand']
    """
    return stem(term)


def words(text: str) -> list[str]:
    """The grouping terms of ``text``, in order."""
    return [w for w in (normalise_word(m.group()) for m in word_matches(text)) if w is not None]


def capitalised_phrases(text: str) -> list[str]:
    """Runs of capitalised words not at a sentence start: a cheap stand-in for names.

    >>> capitalised_phrases("Officials said. The Bank of England raised rates in London.")
    ['Bank of England', 'London']
    """
    out = []
    for m in _CAPITALISED.finditer(text):
        phrase = m.group()
        if m.start() == 0 or _SENTENCE_START.search(text, max(0, m.start() - 4), m.start()):
            head, _, rest = phrase.partition(" ")
            if not rest or head.lower() in STOP_WORDS:
                phrase = rest
            if phrase.startswith(("of ", "de ")):
                phrase = ""
        if phrase and phrase.lower() not in STOP_WORDS:
            out.append(phrase)
    return out


def iso(moment: datetime) -> str:
    return moment.replace(microsecond=0).isoformat()


def parse_time(value: str | None) -> datetime | None:
    """An ISO date or datetime as naive UTC; None when absent or unreadable.

    >>> parse_time("2020-02-01T10:30:00+01:00").isoformat()
    '2020-02-01T09:30:00'
    >>> parse_time("2020-02") is None
    False
    """
    if not value:
        return None
    text = value.strip().replace("Z", "+00:00")
    for candidate in (text, text[:10], text[:7] + "-01" if len(text) == 7 else "",
                      text[:4] + "-01-01" if len(text) == 4 else ""):
        if not candidate:
            continue
        try:
            parsed = datetime.fromisoformat(candidate)
        except ValueError:
            continue
        if parsed.tzinfo is not None:
            parsed = parsed.astimezone(UTC).replace(tzinfo=None)
        return parsed
    return None


def shifted(moment: datetime, delta: timedelta) -> datetime:
    """``moment + delta``, held at the ends of the calendar instead of overflowing (an
    article dated 9999-12-31 must not crash grouping, issue 16).

    >>> shifted(datetime(9999, 12, 31), timedelta(days=30))
    datetime.datetime(9999, 12, 31, 23, 59, 59, 999999)
    """
    try:
        return moment + delta
    except OverflowError:
        return datetime.max if delta > timedelta(0) else datetime.min


#: Bodies with fewer content words than this are too short to call copies of anything.
MIN_DUPLICATE_WORDS = 40


def shingles(tokens: list[str], size: int = 3) -> frozenset[str]:
    """Word ``size``-grams of ``tokens`` (the near-duplicate fingerprint's input); empty
    when there are fewer than :data:`MIN_DUPLICATE_WORDS` tokens.

    >>> sorted(shingles("a b c d".split() * 10))[:2]
    ['a b c', 'b c d']
    """
    if len(tokens) < MIN_DUPLICATE_WORDS:
        return frozenset()
    return frozenset(" ".join(tokens[i:i + size]) for i in range(len(tokens) - size + 1))


#: How many reported days an article keeps (the first its lead names).
MAX_REPORTED = 8


def reported_days(analysis: Analysis | None, published: datetime | None) -> tuple[datetime, ...]:
    """The days before the publication day that an article's lead reports: its dated events of
    day precision in the first :data:`LEAD_CHARS` characters, not scheduled (a date still
    to come says nothing of what happened), at most :data:`MAX_REPORTED` of them, in the
    order the text gives them. An article about an event reports the event's day, so a
    follow-up published weeks later still names the day its story began.

    >>> from storydesk.model import DatedEvent
    >>> def dated(start, value, scheduled=False):
    ...     precision = "day" if len(value) == 10 else "month"
    ...     return DatedEvent(start, start + 5, "x", value, precision, 0, 10, scheduled)
    >>> a = Analysis("a1", "v", dates=(dated(10, "2016-05-28"), dated(20, "2016-07-01", True),
    ...     dated(30, "2016-12"), dated(40, "2017-01-02"), dated(5000, "2016-01-01")))
    >>> [d.isoformat()[:10] for d in reported_days(a, datetime(2017, 1, 1))]
    ['2016-05-28']
    """
    if analysis is None or published is None:
        return ()
    out: list[datetime] = []
    for d in sorted(analysis.dates, key=lambda d: d.start):
        if d.start >= LEAD_CHARS or d.precision != "day" or d.scheduled:
            continue
        day = parse_time(d.value)
        if day is None or day.date() >= published.date() or day in out:
            continue
        out.append(day)
        if len(out) == MAX_REPORTED:
            break
    return tuple(out)


def article_features(
    article: Article, analysis: Analysis | None = None, *, now: datetime | None = None
) -> Features:
    """The :class:`Features` of ``article``. Its time is its publication time, else
    ``now`` (the ingest time; ``time_known`` is then False)."""
    terms: defaultdict[str, float] = defaultdict(float)
    title_words = words(article.title or "")
    for w in title_words:
        terms[w] += TITLE_WEIGHT
    body = article.text[:LEAD_CHARS]
    body_words = words(body)
    for w in body_words:
        terms[w] += 1.0
    if analysis is not None and analysis.entities:
        names = {e.canonical.lower() for e in analysis.entities if e.type in STORY_ENTITY_TYPES}
    else:
        names = {p.lower() for p in capitalised_phrases(f"{article.title or ''}\n{body}")}
    time = parse_time(article.published)
    known = time is not None and not article.date_from_ingest
    if time is None:
        time = now or datetime.now(UTC).replace(tzinfo=None)
    all_words = body_words if len(article.text) <= LEAD_CHARS else words(article.text)
    return Features(
        article_id=article.id,
        terms=dict(terms),
        entities=frozenset(n for n in names if n),
        time=time,
        time_known=known,
        outlet=article.outlet,
        title=article.title,
        shingles=shingles(all_words),
        reported=reported_days(analysis, time) if known else (),
        lead=not article.headline_only and len(body_words) >= MIN_LEAD_WORDS,
        title_only=article.headline_only or body_words == title_words,
    )
