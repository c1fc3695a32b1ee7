"""A brief as Markdown, for reading in a terminal (``storydesk brief PATH``).

Every line names the articles it comes from; quotations are printed exactly as a
source printed them.
"""

from __future__ import annotations

from . import article_labels, cited, one_line


def _by(sources: list[dict], labels: dict[str, str]) -> str:
    names = cited(sources, labels)
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
        lines.append(f"*Headline: the lead sentence of {labels.get(src.get('article_id'), '?')} "
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
        return []
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
    quotes = brief.get("quotes", [])
    if not quotes:
        return []
    lines = ["## Who said what", ""]
    speaker = object()
    for q in quotes:
        if q["speaker"] != speaker:
            speaker = q["speaker"]
            if lines[-1] != "":
                lines.append("")
            lines += [f"### {speaker or 'Unattributed'}", ""]
        cue = f" ({one_line(q['cue'])})" if q.get("cue") else ""
        lines.append(f"- “{one_line(q['text'])}”{cue} — printed by {'; '.join(cited(q['sources'], labels))}")
        if q.get("speaker_from"):
            named = "; ".join(labels.get(a, a) for a in q["speaker_from"])
            lines.append(f"  - speaker named by {named}")
        if q.get("speaker_conflict"):
            lines.append(f"  - the same words are credited to {', '.join(q['speaker_conflict'])} elsewhere")
        variants = {one_line(v["text"]) for v in q.get("variants", [])} - {one_line(q["text"])}
        for v in q.get("variants", []):
            text = one_line(v["text"])
            if text in variants:
                variants.discard(text)
                lines.append(f"  - variant: “{text}” — {labels.get(v['article_id'], '?')}")
    return lines + [""]


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
        disagree = (f" **(sources disagree: {', '.join(map(str, e['conflicting_dates']))})**"
                    if e.get("conflict") and e.get("conflicting_dates") else "")
        lines.append(f"- **{e.get('date')}** ({e.get('kind')}){disagree} {one_line(e.get('text'))}"
                     f"{_by(e.get('sources', []), labels)}")
    return lines + [""]


def _figures(brief: dict, labels: dict[str, str]) -> list[str]:
    figures = brief.get("figures", [])
    if not figures:
        return []
    lines = ["## Key figures", ""]
    for f in figures:
        context = f" — {one_line(f.get('context'))}" if f.get("context") else ""
        flag = " **(outlets disagree)**" if f.get("conflict") else ""
        lines.append(f"- {one_line(f.get('text'))}{context}{flag}{_by(f.get('sources', []), labels)}")
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


def to_markdown(brief: dict) -> str:
    """The whole brief as Markdown text."""
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
