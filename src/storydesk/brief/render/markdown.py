"""A brief as Markdown, for reading in a terminal (``storydesk brief PATH``).

Every line names the articles it comes from, labelled as the HTML brief labels them
(:mod:`.shape`); quotations are printed exactly as a source printed them; every doubt
the brief carries is shown (paraphrase citations, undetermined or unnamed speakers and
speaker conflicts, figure conflicts and evolutions, scheduled events, no origin).
"""

from __future__ import annotations

import re

from . import shape
from .shape import article_labels, cited, one_line


def _by(sources: list[dict], labels: dict[str, str]) -> str:
    """" (Outlet A; Outlet B (paraphrase, 72%))": each article once, with its kind."""
    names: list[str] = []
    for s, label in shape.cite_labels(sources, labels):
        if label.rsplit(", passage ", 1)[0] in [n.split(" (paraphrase")[0] for n in names]:
            continue
        kind = shape.cite_kind(s)
        names.append(f"{label} ({kind})" if kind else label)
    return f" ({'; '.join(names)})" if names else ""


def _header(brief: dict, labels: dict[str, str]) -> list[str]:
    story = brief.get("story", {})
    lines = [f"# {one_line(story.get('headline')) or 'Untitled story'}", ""]
    articles = story.get("articles", [])
    first, last = story.get("first_published"), story.get("last_published")
    when = "" if not first else f", {first}" if first == last else f", {first} to {last}"
    lines.append(f"*{len(articles)} article(s){when}. Story {story.get('id', '?')}.*")
    src = story.get("headline_from") or {}
    if src.get("kind") == "lead_sentence":
        lines.append(f"*Headline: the lead sentence of {labels.get(src.get('article_id', ''), '?')} "
                     "(no article has a title).*")
    return lines + [""]


def _summary(brief: dict, labels: dict[str, str]) -> list[str]:
    lines = ["## What happened", ""]
    for i, s in enumerate(brief.get("summary", []), 1):
        lines.append(f"{i}. {one_line(s['text'])}{_by(s['sources'], labels)}")
    return lines + [""] if brief.get("summary") else []


def _origin(brief: dict, labels: dict[str, str]) -> list[str]:
    origin = brief.get("origin")
    if not origin:
        return ["## Where it came from", "", shape.NO_ORIGIN, ""]
    lines = ["## Where it came from", "",
             f"First published by **{origin['outlet']}**, as the articles say:", ""]
    for s in origin["sources"]:
        lines.append(f"> {one_line(s['excerpt'])} — {labels.get(s['article_id'], '?')}")
        lines.append(">")
    return lines[:-1] + [""]


def _trending(brief: dict, labels: dict[str, str]) -> list[str]:
    items = brief.get("trending", [])
    if not items:
        return []
    lines = ["## Trending", ""]
    for t in items:
        lines.append(f"- {t.get('term')} ({t.get('kind')}, {t.get('mentions')} mention(s))"
                     f"{_by(t.get('sources', []), labels)}")
    return lines + [""]


def _quotes(brief: dict, labels: dict[str, str]) -> list[str]:
    groups = shape.speaker_groups(brief.get("quotes", []))
    if not groups:
        return []
    lines = ["## Who said what", ""]
    for who, note, quotes in groups:
        lines += [f"### {who}{f' ({note})' if note else ''}", ""]
        for q in quotes:
            cue = f" ({one_line(q['cue'])})" if q.get("cue") else ""
            lines.append(f"- “{one_line(q['text'])}”{cue} — printed by {'; '.join(cited(q['sources'], labels))}")
            for text, is_flag in shape.speaker_doubts(q, labels):
                lines.append(f"  - {'**' + text + '**' if is_flag else text}")
            for v in shape.distinct_variants(q):
                lines.append(f"  - variant: “{one_line(v['text'])}” — {labels.get(v['article_id'], '?')}")
        lines.append("")
    return lines


def _posts(brief: dict, labels: dict[str, str]) -> list[str]:
    posts = brief.get("posts", [])
    if not posts:
        return []
    lines = ["## Reactions", ""]
    for p in posts:
        who = " ".join(x for x in (p.get("author") or "", f"(@{p['handle']})" if p.get("handle") else "") if x)
        meta = ", ".join(x for x in (p.get("platform"), p.get("date")) if x)
        lines.append(f"- {who or 'unknown author'} [{meta}]: {one_line(p.get('text'))}"
                     f" — embedded by {'; '.join(cited(p.get('sources', []), labels))}")
    return lines + [""]


def _timeline(brief: dict, labels: dict[str, str]) -> list[str]:
    events = brief.get("timeline", [])
    if not events:
        return []
    lines = ["## Timeline", ""]
    for e in events:
        tags = "".join(f" **({t})**" for t in shape.event_tags(e))
        lines.append(f"- **{e.get('date')}** ({e.get('kind')}){tags} {one_line(e.get('text'))}"
                     f"{_by(e.get('sources', []), labels)}")
    return lines + [""]


def _figures(brief: dict, labels: dict[str, str]) -> list[str]:
    figures = brief.get("figures", [])
    if not figures:
        return []
    lines = ["## Key figures", ""]
    for f in figures:
        context = f" — {one_line(f.get('context'))}" if f.get("context") else ""
        flag = shape.figure_flag(f)
        flag = f" **({flag})**" if flag else ""
        lines.append(f"- {one_line(f.get('text'))}{context}{flag}{_by(f.get('sources', []), labels)}")
        lines += [f"  - {v}" for v in shape.figure_values(f, labels)]
    return lines + [""]


def _entities(brief: dict) -> list[str]:
    entities = brief.get("entities", [])
    if not entities:
        return []
    lines = ["## People and organisations", ""]
    for e in entities:
        aliases = f"; also {', '.join(e['aliases'])}" if e.get("aliases") else ""
        lines.append(f"- {e['name']} ({e['type']}, {e['mentions']} mention(s){aliases})")
    return lines + [""]


def _coverage(brief: dict, labels: dict[str, str]) -> list[str]:
    lines = ["## Coverage", ""]
    for a in brief.get("story", {}).get("articles", []):
        title = f" — {one_line(a['title'])}" if a.get("title") else ""
        lines.append(f"- {labels.get(a['id'], a['id'])}: {a.get('published') or 'date unknown'}{title}")
    return lines + [""]


#: Characters that make Markdown of text: code, links, raw HTML, and emphasis marks that
#: are not inside a word (a censored "f**king" stays as printed; "**(flag)**" is escaped).
_MARKUP = re.compile(r"[\\`\[\]<>]|(?<![\w*_])[*_]+|(?<![*_])[*_]+(?![\w*_])")


def escaped(value):
    r"""``value`` (a brief, or any part of one) with every string's Markdown characters
    backslash-escaped: article text is untrusted, and a quote holding "<script>", "[a
    link](...)" or "**(outlets disagree)**" must read as the words it is, never as markup or
    as one of the brief's own flags.

    >>> print(escaped({"text": "**(conflict)** <b>[x](y)</b>", "n": 3})["text"])
    \*\*(conflict)\*\* \<b\>\[x\](y)\</b\>
    """
    if isinstance(value, str):
        return _MARKUP.sub(lambda m: "".join("\\" + c for c in m.group()), value)
    if isinstance(value, list):
        return [escaped(v) for v in value]
    if isinstance(value, dict):
        return {k: escaped(v) for k, v in value.items()}
    return value


def to_markdown(brief: dict) -> str:
    """The whole brief as Markdown text (every string of the brief escaped: :func:`escaped`)."""
    brief = escaped(brief)
    labels = article_labels(brief)
    lines = _header(brief, labels)
    for part in (_summary, _origin, _trending, _quotes, _posts, _timeline, _figures):
        lines += part(brief, labels)
    lines += _entities(brief)
    lines += _coverage(brief, labels)
    notes = brief.get("notes", [])
    if notes:
        lines += ["## Notes", ""] + [f"- {one_line(n)}" for n in notes] + [""]
    return "\n".join(lines).rstrip() + "\n"
