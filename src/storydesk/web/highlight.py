"""Article text with spans marked up, safely: the text is escaped, and the only markup
added is ``<span>``/``<mark>`` elements with our own classes and titles (escaped too).

Spans may overlap (an entity inside a quote, a date inside a post): the text is cut at
every span boundary and each piece carries the classes of every span covering it. The
cited span, if any, is one ``<mark id="hl">`` around its pieces, so the browser can
scroll to ``#hl``.

>>> str(mark_up("Ann said <b>hi</b>", [Layer(0, 3, "ent", "Ann Lee")]))
'<span class="ent" title="Ann Lee">Ann</span> said &lt;b&gt;hi&lt;/b&gt;'
>>> str(mark_up("abcdef", [Layer(0, 4, "q"), Layer(2, 6, "ent")], cited=(1, 3)))
'<span class="q">a</span><mark id="hl" class="cited" tabindex="-1"><span class="q">b</span><span class="q ent">c</span></mark><span class="q ent">d</span><span class="ent">ef</span>'
"""  # noqa: E501 - doctest output is one line

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from ..model import Analysis


@dataclass(frozen=True)
class Layer:
    """One span to mark: ``cls`` is a CSS class, ``title`` a tooltip, ``anchor`` an id
    put on an empty element at the span's start (for in-page links)."""

    start: int
    end: int
    cls: str
    title: str = ""
    anchor: str = ""


def layers_of(analysis: Analysis) -> list[Layer]:
    """The spans of an analysis worth showing: quotes, speakers, entities, dates, figures,
    posts and hashtags."""
    out: list[Layer] = []
    for i, p in enumerate(analysis.posts):
        who = " ".join(x for x in (p.author, f"@{p.handle}" if p.handle else "") if x)
        out.append(Layer(p.start, p.end, "post", f"{p.platform} post {who}".strip(), f"post-{i}"))
    for i, q in enumerate(analysis.quotes):
        out.append(Layer(q.start, q.end, "quote", f"quote; speaker: {q.speaker or 'unknown'}", f"quote-{i}"))
        if q.speaker_start is not None and q.speaker_end is not None:
            out.append(Layer(q.speaker_start, q.speaker_end, "speaker",
                             f"speaker: {q.speaker or 'unresolved'}"))
    for e in analysis.entities:
        out.append(Layer(e.start, e.end, f"ent ent-{e.type.lower()}", f"{e.type}: {e.canonical}"))
    for d in analysis.dates:
        out.append(Layer(d.start, d.end, "date", f"date: {d.value}"))
    for f in analysis.figures:
        out.append(Layer(f.start, f.end, "figure", f"{f.kind}: {f.text}"))
    for t in analysis.tags:
        out.append(Layer(t.start, t.end, "tag", t.kind))
    return out


def mark_up(text: str, layers: Sequence[Layer], cited: tuple[int, int] | None = None) -> Markup:
    """``text`` escaped, with ``layers`` as spans and ``cited`` as ``<mark id="hl">``."""
    n = len(text)
    layers = [l for l in layers if 0 <= l.start < l.end <= n]
    if cited is not None and not (0 <= cited[0] < cited[1] <= n):
        cited = None
    cuts = {0, n}
    for l in layers:
        cuts.update((l.start, l.end))
    if cited:
        cuts.update(cited)
    points = sorted(cuts)
    starts: dict[int, list[Layer]] = {}
    for l in layers:
        starts.setdefault(l.start, []).append(l)
    active: list[Layer] = []
    out: list[str] = []
    for a, b in zip(points, points[1:]):
        if cited and a == cited[0]:
            out.append('<mark id="hl" class="cited" tabindex="-1">')
        active = [l for l in active if l.end > a] + starts.get(a, [])
        for l in starts.get(a, []):
            if l.anchor:
                out.append(f'<span id="{escape(l.anchor)}" class="anchor"></span>')
        piece = escape(text[a:b])
        if active:
            classes = " ".join(dict.fromkeys(c for l in active for c in l.cls.split()))
            titles = "; ".join(dict.fromkeys(l.title for l in active if l.title))
            title = f' title="{escape(titles)}"' if titles else ""
            out.append(f'<span class="{escape(classes)}"{title}>{piece}</span>')
        else:
            out.append(str(piece))
        if cited and b == cited[1]:
            out.append("</mark>")
    return Markup("".join(out))
