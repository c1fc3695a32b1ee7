"""What every rendering of a brief shows the same way (Markdown, the HTML page of the
CLI, the web story page): how an article is named in a citation, how a citation says
it is a paraphrase, how a speaker is shown (a name, an unnamed role, or "not
determined"), and the doubts a brief carries (speaker conflicts, figure conflicts and
evolutions, scheduled events, no outlet credited with the scoop).

Plain functions of the brief dict (the JSON contract); they return plain text, which
each renderer escapes as its format needs.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence
from urllib.parse import urlparse

NO_ORIGIN = "No outlet is credited with the scoop."
NO_SPEAKER = "Speaker not determined"


def one_line(text: str | None) -> str:
    """``text`` with runs of white space made single spaces."""
    return " ".join((text or "").split())


def article_labels(brief: dict) -> dict[str, str]:
    """``{article id: label}``: the outlet, else the source's last path part (never an
    invented outlet); labels that would be equal for different articles get the
    article's publication time, else its id, added.

    >>> article_labels({"story": {"articles": [
    ...     {"id": "a1", "outlet": "Wire", "published": "2020-01-01"},
    ...     {"id": "b2", "outlet": "Wire", "published": "2020-01-02"},
    ...     {"id": "c3", "outlet": None, "source": "/data/c.txt"}]}})
    {'a1': 'Wire (2020-01-01)', 'b2': 'Wire (2020-01-02)', 'c3': 'c.txt'}
    """
    rows = brief.get("story", {}).get("articles", [])
    raw = {}
    for row in rows:
        source = (row.get("source") or "").rstrip("/")
        raw[row["id"]] = row.get("outlet") or posixpath.basename(source) or source or row["id"]
    by_label: dict[str, list[dict]] = {}
    for row in rows:
        by_label.setdefault(raw[row["id"]], []).append(row)
    labels = {}
    for label, same in by_label.items():
        times = [r.get("published") for r in same]
        for row in same:
            if len(same) == 1:
                labels[row["id"]] = label
            elif all(times) and len(set(times)) == len(times):
                labels[row["id"]] = f"{label} ({row['published']})"
            else:
                labels[row["id"]] = f"{label} [{row['id'][:8]}]"
    return labels


def cite_labels(sources: Sequence[dict], labels: dict[str, str]) -> list[tuple[dict, str]]:
    """Each citation with its text: the article's label, numbered from its second
    passage on, so that two citations never read the same.

    >>> [label for _, label in cite_labels([{"article_id": "a"}, {"article_id": "b", "outlet": "Y"},
    ...                                     {"article_id": "a"}], {"a": "X"})]
    ['X', 'Y', 'X, passage 2']
    """
    seen: dict[str, int] = {}
    out = []
    for s in sources:
        name = labels.get(s.get("article_id", "")) or s.get("outlet") or "source"
        seen[name] = seen.get(name, 0) + 1
        out.append((s, name if seen[name] == 1 else f"{name}, passage {seen[name]}"))
    return out


def cited(sources: Iterable[dict], labels: dict[str, str]) -> list[str]:
    """Distinct labels of the articles ``sources`` cite, in citation order."""
    out: list[str] = []
    for s in sources:
        label = labels.get(s.get("article_id", ""), s.get("outlet") or s.get("article_id") or "?")
        if label not in out:
            out.append(label)
    return out


def cite_kind(source: dict) -> str:
    """"" for a citation of an article that prints the sentence (or says nothing of it);
    "paraphrase, 72%" for one that reports it in other words, with its probability.

    >>> cite_kind({"kind": "paraphrase", "probability": 0.724}), cite_kind({"kind": "verbatim"})
    ('paraphrase, 72%', '')
    """
    if source.get("kind") != "paraphrase":
        return ""
    p = source.get("probability")
    return "paraphrase" if p is None else f"paraphrase, {round(100 * p)}%"


def speaker_heading(quote: dict) -> tuple[str, str]:
    """(who, note) for a quote's speaker: a name, an unnamed role marked as such, or
    "Speaker not determined" (the sources may name someone; storydesk could not tell
    who with confidence).

    >>> speaker_heading({"speaker": "a spokesperson for the airline", "speaker_type": "role"})
    ('a spokesperson for the airline', 'unnamed')
    >>> speaker_heading({"speaker": None})
    ('Speaker not determined', '')
    """
    speaker = quote.get("speaker")
    if not speaker:
        return NO_SPEAKER, ""
    return speaker, "unnamed" if quote.get("speaker_type") == "role" else ""


def speaker_groups(quotes: Sequence[dict]) -> list[tuple[str, str, list[dict]]]:
    """Quotes grouped by speaker as (who, note, quotes): named speakers quoted most first,
    unnamed roles next, undetermined speakers last.

    >>> [(w, len(q)) for w, _, q in speaker_groups(
    ...     [{"speaker": "A"}, {"speaker": None}, {"speaker": "B"}, {"speaker": "B"},
    ...      {"speaker": "a witness", "speaker_type": "role"}])]
    [('B', 2), ('A', 1), ('a witness', 1), ('Speaker not determined', 1)]
    """
    groups: dict[tuple, list[dict]] = {}
    for q in quotes:
        groups.setdefault((q.get("speaker"), q.get("speaker_type") == "role"), []).append(q)
    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0] is None, kv[0][1], -len(kv[1])))
    return [(*speaker_heading(qs[0]), qs) for _, qs in ordered]


def speaker_doubts(quote: dict, labels: dict[str, str]) -> list[tuple[str, bool]]:
    """What the brief knows about doubt over a quote's speaker, as (text, is_flag):
    outlets crediting the words to someone else (a flag), the outlet whose printing
    named the speaker, the speaker's probability when it is not near certain."""
    out: list[tuple[str, bool]] = []
    if quote.get("speaker_conflict"):
        out.append(("outlets credit these words differently, also to: "
                    + ", ".join(map(str, quote["speaker_conflict"])), True))
    if quote.get("speaker_from"):
        out.append(("speaker named by " + "; ".join(labels.get(a, a) for a in quote["speaker_from"]), False))
    p = quote.get("speaker_probability")
    if quote.get("speaker") and isinstance(p, (int, float)) and p < 0.995:
        out.append((f"speaker probability {round(100 * p)}%", False))
    return out


def distinct_variants(quote: dict) -> list[dict]:
    """A quote's variants whose wording differs from the quote's own text, once each."""
    seen = {one_line(quote.get("text", ""))}
    out = []
    for v in quote.get("variants", ()):
        text = one_line(v.get("text"))
        if text not in seen:
            seen.add(text)
            out.append(v)
    return out


def when(published: str | None) -> str:
    """A publication time as a reader wants it: "2016-07-14 23:26", "2016-07-15".

    >>> when("2016-07-14T23:26:00"), when("2016-07-15"), when(None)
    ('2016-07-14 23:26', '2016-07-15', 'time unknown')
    """
    if not published:
        return "time unknown"
    day, _, time = published.partition("T")
    return f"{day} {time[:5]}" if time else day


def figure_flag(figure: dict) -> str:
    """"outlets disagree", "changed over time", both (a rising toll some outlets also
    print differently), or "".

    >>> figure_flag({"conflict": True, "evolution": True})
    'outlets disagree; changed over time'
    """
    flags = [("outlets disagree", figure.get("conflict")), ("changed over time", figure.get("evolution"))]
    return "; ".join(text for text, on in flags if on)


def figure_values(figure: dict, labels: dict[str, str]) -> list[str]:
    """Each outlet's value of a figure that outlets disagree on or that changed, oldest
    first: "84 people (CNN, 2016-07-14 23:26)". Older briefs grouped values with their
    sources; both shapes are read."""
    out = []
    for v in figure.get("values") or ():
        text = one_line(v.get("text")) or str(v.get("value"))
        if v.get("article_id"):
            who = labels.get(v["article_id"], v.get("outlet") or v["article_id"])
            out.append(f"{text} ({who}, {when(v.get('published'))})")
        else:
            out.append(f"{text} ({'; '.join(cited(v.get('sources', []), labels))})")
    return out


def event_tags(event: dict) -> list[str]:
    """Marks of a timeline entry: "scheduled" for an event still to come as its sources
    report it, and the dates sources disagree on."""
    tags = []
    if event.get("scheduled"):
        tags.append("scheduled")
    if event.get("conflict") and event.get("conflicting_dates"):
        tags.append("sources disagree: " + ", ".join(map(str, event["conflicting_dates"])))
    return tags


def by_date(articles: Sequence[dict]) -> list[dict]:
    """Articles oldest first, undated last.

    >>> [a["id"] for a in by_date([{"id": 1, "published": None}, {"id": 2, "published": "2020"}])]
    [2, 1]
    """
    return sorted(articles, key=lambda a: (a.get("published") is None, a.get("published") or ""))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def coverage_phrase(articles: Sequence[dict]) -> str:
    """How many articles from how many outlets, articles with no outlet counted apart
    (not lumped into one "unknown outlet").

    >>> coverage_phrase([{"outlet": "X"}, {"outlet": "X"}, {"outlet": "Y"}])
    '3 articles from 2 outlets'
    >>> coverage_phrase([{"outlet": "X"}, {"outlet": None}, {"outlet": None}])
    '3 articles: 1 from 1 outlet, 2 with no outlet named'
    >>> coverage_phrase([{"outlet": None}])
    '1 article with no outlet named'
    """
    named = [a["outlet"] for a in articles if a.get("outlet")]
    unnamed = len(articles) - len(named)
    outlets = _count(len(set(named)), "outlet")
    if not unnamed:
        return f"{_count(len(named), 'article')} from {outlets}"
    if not named:
        return f"{_count(unnamed, 'article')} with no outlet named"
    return f"{_count(len(articles), 'article')}: {len(named)} from {outlets}, {unnamed} with no outlet named"


def web_url(source: str | None) -> str | None:
    """``source`` when it is an http(s) address (a link a page may carry), else None."""
    return source if source and urlparse(source).scheme in ("http", "https") else None


__all__ = [
    "NO_ORIGIN", "NO_SPEAKER", "article_labels", "by_date", "cite_kind", "cite_labels", "cited",
    "coverage_phrase",
    "distinct_variants", "event_tags", "figure_flag", "figure_values", "one_line",
    "speaker_doubts", "speaker_groups", "speaker_heading", "web_url", "when",
]
