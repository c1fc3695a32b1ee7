"""A brief as one self-contained HTML page: inline style, no script, no external
resource.

Article text is untrusted: every piece of it (headline, sentences, quotes, names,
sources, notes) goes through :func:`html.escape` with quotes escaped, and only
``http(s)`` URLs become links.

>>> "<script>" in to_html({"story": {"headline": "<script>alert(1)</script>"}})
False
"""

from __future__ import annotations

from html import escape
from urllib.parse import urlparse

from . import article_labels, cited, one_line

_STYLE = """
body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem;line-height:1.25}h2{margin-top:2rem;border-bottom:1px solid #ddd}
.meta,.by{color:#666;font-size:.9rem}blockquote{margin:.3rem 0 .3rem 1rem;padding-left:.8rem;
border-left:3px solid #ccc}ul.variants{font-size:.9rem;color:#444}.flag{color:#a00;font-weight:600}
li{margin:.3rem 0}
"""


FLAG = ' <span class="flag">outlets disagree</span>'


def _dates_disagree(event: dict) -> str:
    """The flag of a timeline entry whose sources give different dates, with the dates."""
    if not (event.get("conflict") and event.get("conflicting_dates")):
        return ""
    dates = ", ".join(str(d) for d in event["conflicting_dates"])
    return f' <span class="flag">sources disagree: {_e(dates)}</span>'


def _e(text: object) -> str:
    return escape(one_line(str(text)) if text is not None else "", quote=True)


def _by(sources: list[dict], labels: dict[str, str]) -> str:
    names = cited(sources, labels)
    return f' <span class="by">({_e("; ".join(names))})</span>' if names else ""


def _section(title: str, items: list[str], tag: str = "ul") -> list[str]:
    if not items:
        return []
    return [f"<section><h2>{_e(title)}</h2><{tag}>", *items, f"</{tag}></section>"]


def _link(url: str | None, label: str) -> str:
    if url and urlparse(url).scheme in ("http", "https"):
        return f'<a href="{escape(url, quote=True)}" rel="noopener noreferrer">{_e(label)}</a>'
    return _e(label)


def _quotes(brief: dict, labels: dict[str, str]) -> list[str]:
    out: list[str] = []
    speaker = object()
    for q in brief.get("quotes", []):
        if q["speaker"] != speaker:
            if out:
                out.append("</ul>")
            speaker = q["speaker"]
            out.append(f"<h3>{_e(speaker or 'Unattributed')}</h3><ul>")
        cue = f" <span class=\"by\">({_e(q['cue'])})</span>" if q.get("cue") else ""
        item = [f"<li><q>{_e(q['text'])}</q>{cue} — printed by {_e('; '.join(cited(q['sources'], labels)))}"]
        if q.get("speaker_from"):
            item.append(f"<div class=\"by\">speaker named by "
                        f"{_e('; '.join(labels.get(a, a) for a in q['speaker_from']))}</div>")
        if q.get("speaker_conflict"):
            item.append(f"<div class=\"flag\">the same words are credited to "
                        f"{_e(', '.join(q['speaker_conflict']))} elsewhere</div>")
        variants = [v for v in q.get("variants", []) if one_line(v["text"]) != one_line(q["text"])]
        if variants:
            item.append('<ul class="variants">')
            item += [f"<li><q>{_e(v['text'])}</q> — {_e(labels.get(v['article_id'], '?'))}</li>" for v in variants]
            item.append("</ul>")
        out.append("".join(item) + "</li>")
    if out:
        out.append("</ul>")
    return ["<section><h2>Who said what</h2>", *out, "</section>"] if out else []


def _body(brief: dict, labels: dict[str, str]) -> list[str]:
    story = brief.get("story", {})
    parts = [f"<h1>{_e(story.get('headline') or 'Untitled story')}</h1>"]
    first, last = story.get("first_published"), story.get("last_published")
    when = "" if not first else f", {first}" if first == last else f", {first} to {last}"
    parts.append(f'<p class="meta">{len(story.get("articles", []))} article(s){_e(when)}. '
                 f'Story {_e(story.get("id", "?"))}.</p>')
    parts += _section("What happened", [
        f"<li>{_e(s['text'])}{_by(s['sources'], labels)}</li>" for s in brief.get("summary", [])], "ol")
    origin = brief.get("origin")
    if origin:
        parts += [f"<section><h2>Where it came from</h2><p>First published by <strong>{_e(origin['outlet'])}"
                  "</strong>, as the articles say:</p>"]
        parts += [f"<blockquote>{_e(s['excerpt'])} <span class=\"by\">— "
                  f"{_e(labels.get(s['article_id'], '?'))}</span></blockquote>" for s in origin["sources"]]
        parts.append("</section>")
    parts += _section("Trending", [
        f"<li>{_e(t.get('term'))} <span class=\"by\">{_e(t.get('kind'))}, {_e(t.get('mentions'))} "
        f"mention(s)</span>{_by(t.get('sources', []), labels)}</li>" for t in brief.get("trending", [])])
    parts += _quotes(brief, labels)
    parts += _section("Reactions", [
        f"<li><strong>{_e(p.get('author') or 'unknown author')}</strong>"
        f"{' @' + _e(p['handle']) if p.get('handle') else ''} <span class=\"by\">{_e(p.get('platform'))}"
        f"{', ' + _e(p['date']) if p.get('date') else ''}</span><blockquote>{_e(p.get('text'))}</blockquote>"
        f"<span class=\"by\">embedded by {_e('; '.join(cited(p.get('sources', []), labels)))}</span></li>"
        for p in brief.get("posts", [])])
    parts += _section("Timeline", [
        f"<li><strong>{_e(e.get('date'))}</strong> <span class=\"by\">{_e(e.get('kind'))}</span>"
        f"{_dates_disagree(e)} {_e(e.get('text'))}{_by(e.get('sources', []), labels)}</li>"
        for e in brief.get("timeline", [])])
    parts += _section("Key figures", [
        f"<li>{_e(f.get('text'))}{' — ' + _e(f['context']) if f.get('context') else ''}"
        f"{FLAG if f.get('conflict') else ''}"
        f"{_by(f.get('sources', []), labels)}</li>" for f in brief.get("figures", [])])
    parts += _section("People and organisations", [
        f"<li>{_e(e['name'])} <span class=\"by\">{_e(e['type'])}, {_e(e['mentions'])} mention(s)"
        f"{'; also ' + _e(', '.join(e['aliases'])) if e.get('aliases') else ''}</span></li>"
        for e in brief.get("entities", [])])
    parts += _section("Coverage", [
        f"<li>{_link(a.get('source'), labels.get(a['id'], a['id']))}: {_e(a.get('published') or 'date unknown')}"
        f"{' — ' + _e(a['title']) if a.get('title') else ''}</li>" for a in story.get("articles", [])])
    parts += _section("Notes", [f"<li>{_e(n)}</li>" for n in brief.get("notes", [])])
    return parts


def to_html(brief: dict) -> str:
    """The whole brief as one HTML page."""
    labels = article_labels(brief)
    title = _e(brief.get("story", {}).get("headline") or "Story brief")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<title>{title}</title><style>{_STYLE}</style></head><body><main>",
        *_body(brief, labels),
        "</main></body></html>",
    ]) + "\n"
