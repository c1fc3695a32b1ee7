"""Small SVG charts drawn on the server: no script, no external resource, every label
escaped. Each function returns :class:`markupsafe.Markup` ready to put in a page.

Colours and fonts come from the stylesheet (classes), because the Content-Security-Policy
allows no inline ``style``.

>>> svg = sparkline([{"bucket": "2020-02-01", "count": 1}, {"bucket": "2020-02-02", "count": 4}])
>>> svg.count("<rect"), "2020-02-02: 4" in svg
(2, True)
>>> parse_day("2019-05"), parse_day("2019"), parse_day("nonsense")
(datetime.date(2019, 5, 1), datetime.date(2019, 1, 1), None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from markupsafe import Markup, escape


def parse_day(value: str | None) -> date | None:
    """The first day of an ISO date of any precision ("YYYY", "YYYY-MM", "YYYY-MM-DD",
    a datetime); None when it is not one."""
    if not value:
        return None
    parts = value[:10].split("-")
    try:
        numbers = [int(p) for p in parts]
        year, month, day = (numbers + [1, 1])[:3]
        return date(year, month, day)
    except (ValueError, TypeError):
        return None


def _svg(width: int, height: int, label: str, body: Iterable[str], cls: str) -> Markup:
    return Markup(
        f'<svg class="{cls}" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(label)}" preserveAspectRatio="xMinYMid meet">'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def _slots(buckets: Sequence[str | None], axis: tuple[str, str] | None = None,
           step_hours: float | None = None) -> tuple[list[int], int] | None:
    """The slot of each time bucket on an evenly spaced axis (buckets absent, which had no
    mentions, leave gaps), and the number of slots; None when the buckets are not times.
    ``axis`` (first, last bucket) puts several charts on one axis; the step is
    ``step_hours`` or the smallest gap between buckets.

    >>> _slots(["2020-02-01T00:00:00", "2020-02-02T00:00:00", "2020-02-04T00:00:00"])
    ([0, 1, 3], 4)
    >>> _slots(["2020-02-02"], axis=("2020-01-31", "2020-02-03"), step_hours=24)
    ([2], 4)
    """
    from datetime import datetime

    try:
        times = [datetime.fromisoformat(str(b)) for b in buckets]
        first, last = ((datetime.fromisoformat(axis[0]), datetime.fromisoformat(axis[1]))
                       if axis else (min(times), max(times)))
    except ValueError:
        return None
    if step_hours:
        step = step_hours * 3600
    else:
        ordered = sorted(times)
        gaps = [(b - a).total_seconds() for a, b in zip(ordered, ordered[1:]) if b > a]
        step = min(gaps) if gaps else 86400.0
    count = round((last - first).total_seconds() / step) + 1
    if count > 400 or count < 1:
        return None
    return [round((t - first).total_seconds() / step) for t in times], count


def sparkline(volume: Sequence[dict], *, width: int = 140, height: int = 32,
              axis: tuple[str, str] | None = None, step_hours: float | None = None,
              label: str = "volume per time bucket", mark: str | None = None) -> Markup:
    """Bars of ``volume`` ([{"bucket", "count"}], oldest first) on a time axis (``axis``:
    the first and last bucket shown, shared by the charts of one page); buckets absent
    from ``volume`` are gaps; the bucket ``mark`` (a trend's peak) is marked, else the
    newest one."""
    if not volume:
        return Markup("")
    placed = _slots([v.get("bucket") for v in volume], axis, step_hours)
    slots, count = placed or (list(range(len(volume))), len(volume))
    top = max(int(v.get("count") or 0) for v in volume) or 1
    step = width / count
    bar = max(step - 1.0, 1.0)
    body = []
    for i, (slot, v) in enumerate(zip(slots, volume)):
        n = int(v.get("count") or 0)
        h = max(n / top * (height - 2), 1.0 if n else 0.0)
        marked = v.get("bucket") == mark if mark else i == len(volume) - 1
        cls = "bar last" if marked else "bar"
        tip = f"{v.get('bucket', '')}: {n}"
        body.append(
            f'<rect class="{cls}" x="{slot * step:.1f}" y="{height - h:.1f}" width="{bar:.1f}" '
            f'height="{h:.1f}"><title>{escape(tip)}</title></rect>'
        )
    body.append(f'<line class="baseline" x1="0" y1="{height - 0.5}" x2="{width}" y2="{height - 0.5}"/>')
    return _svg(width, height, f"{label}: peak {top}", body, "spark")


def _ticks(first: date, last: date) -> list[tuple[date, str]]:
    """Tick marks for a date axis: years, months or days, whichever gives a few."""
    span = (last - first).days
    if span > 3 * 365:
        step = max(1, (last.year - first.year) // 6 or 1)
        return [(date(y, 1, 1), str(y)) for y in range(first.year + 1, last.year + 1, step)]
    if span > 62:
        out: list[tuple[date, str]] = []
        y, m = first.year, first.month
        while True:
            m += 1
            if m > 12:
                y, m = y + 1, 1
            d = date(y, m, 1)
            if d > last:
                break
            out.append((d, d.strftime("%b %Y") if m == 1 or not out else d.strftime("%b")))
        keep = max(1, len(out) // 8)
        return out[::keep]
    days = [first + timedelta(days=i) for i in range(span + 1)]
    keep = max(1, len(days) // 8)
    return [(d, d.strftime("%d %b")) for d in days[::keep]]


class _Axis:
    def __init__(self, first: date, last: date, left: float, right: float):
        if last <= first:
            first, last = first - timedelta(days=1), last + timedelta(days=1)
        self.first, self.last, self.left, self.right = first, last, left, right

    def x(self, d: date) -> float:
        total = (self.last - self.first).days
        return self.left + (d - self.first).days / total * (self.right - self.left)


def timeline(events: Sequence[dict], *, width: int = 720, label: str = "timeline") -> Markup:
    """Dated events ([{"date", "text", "kind"}]) as dots along a date axis; each dot
    links to the event's entry (``#event-<index>``) and carries its text as a tooltip."""
    dated = [(day, i, e) for i, e in enumerate(events) if (day := parse_day(e.get("date"))) is not None]
    if not dated:
        return Markup("")
    days = [d for d, _, _ in dated]
    axis = _Axis(min(days), max(days), 24, width - 24)
    height, base = 74, 46
    body = [f'<line class="axis" x1="{axis.left}" y1="{base}" x2="{axis.right}" y2="{base}"/>']
    for d, text in _ticks(axis.first, axis.last):
        x = axis.x(d)
        body.append(f'<line class="tick" x1="{x:.1f}" y1="{base}" x2="{x:.1f}" y2="{base + 5}"/>'
                    f'<text class="tick-label" x="{x:.1f}" y="{base + 18}">{escape(text)}</text>')
    lanes: dict[int, int] = {}
    for d, i, e in sorted(dated, key=lambda t: t[0]):
        slot = round(axis.x(d) / 8)
        lane = lanes.get(slot, 0)
        lanes[slot] = lane + 1
        y = base - 8 - (lane % 4) * 9
        kind = "development" if e.get("kind") == "development" else "background"
        tip = f"{e.get('date')}: {e.get('text', '')}"
        body.append(
            f'<a href="#event-{i}"><circle class="dot {kind}" cx="{axis.x(d):.1f}" cy="{y}" r="4">'
            f"<title>{escape(tip)}</title></circle></a>"
        )
    return _svg(width, height, f"{label}: {len(dated)} dated events from {min(days)} to {max(days)}",
                body, "timeline-chart")


def coverage(articles: Sequence[dict], *, names: dict[str, str] | None = None, width: int = 720,
             label: str = "coverage by outlet") -> Markup:
    """One row per outlet, one dot per article at its publication date; an article with
    no outlet gets a row of its own, named by ``names`` (article id -> name)."""
    rows: dict[str, list[tuple[date, dict]]] = {}
    for a in articles:
        d = parse_day(a.get("published"))
        if d is not None:
            row = a.get("outlet") or (names or {}).get(a.get("id", "")) or "unknown outlet"
            rows.setdefault(row, []).append((d, a))
    if not rows:
        return Markup("")
    days = [d for items in rows.values() for d, _ in items]
    gutter = 150
    axis = _Axis(min(days), max(days), gutter + 8, width - 24)
    row_h = 20
    height = row_h * len(rows) + 26
    body = []
    for r, (outlet, items) in enumerate(sorted(rows.items(), key=lambda kv: min(d for d, _ in kv[1]))):
        y = r * row_h + 12
        name = outlet if len(outlet) <= 22 else outlet[:21] + "…"
        body.append(f'<text class="row-label" x="0" y="{y + 4}">{escape(name)}</text>'
                    f'<line class="grid" x1="{gutter}" y1="{y}" x2="{axis.right}" y2="{y}"/>')
        for d, a in items:
            tip = f"{outlet}, {a.get('published')}: {a.get('title') or a.get('id')}"
            body.append(f'<circle class="dot" cx="{axis.x(d):.1f}" cy="{y}" r="5">'
                        f"<title>{escape(tip)}</title></circle>")
    base = height - 16
    body.append(f'<line class="axis" x1="{gutter}" y1="{base}" x2="{axis.right}" y2="{base}"/>')
    for d, text in _ticks(axis.first, axis.last):
        x = axis.x(d)
        body.append(f'<text class="tick-label" x="{x:.1f}" y="{base + 13}">{escape(text)}</text>')
    return _svg(width, height, f"{label}: {len(articles)} articles, {len(rows)} outlets", body,
                "coverage-chart")
