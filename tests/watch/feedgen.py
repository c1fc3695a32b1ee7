"""Feeds in the shapes news sites publish, built per test so an entry's GUID, text or
links can change between polls: RSS 2.0 (guid, pubDate, dc:creator, a description and,
for full-text feeds, content:encoded in CDATA) and Atom."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import format_datetime
from html import escape


@dataclass
class Item:
    title: str
    link: str
    summary: str
    content: str | None = None  # full text (HTML) for content:encoded; None: summary-only
    guid: str | None = None
    published: datetime = field(default_factory=lambda: datetime(2024, 5, 14, 6, 12, tzinfo=UTC))
    author: str | None = None


def rss(title: str, site: str, items: list[Item], *, ttl: int | None = None) -> bytes:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        ('<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">'),
        "<channel>",
        f"<title>{escape(title)}</title>",
        f"<link>{escape(site)}</link>",
        "<description>Latest news</description>",
        "<language>en-gb</language>",
        "<generator>WordPress 6.5</generator>",
    ]
    if ttl is not None:
        parts.append(f"<ttl>{ttl}</ttl>")
    for item in items:
        parts += [
            "<item>",
            f"<title>{escape(item.title)}</title>",
            f"<link>{escape(item.link)}</link>",
            f"<pubDate>{format_datetime(item.published, usegmt=True)}</pubDate>",
        ]
        if item.guid is not None:
            permalink = "true" if item.guid.startswith("http") else "false"
            parts.append(f'<guid isPermaLink="{permalink}">{escape(item.guid)}</guid>')
        if item.author:
            parts.append(f"<dc:creator><![CDATA[{item.author}]]></dc:creator>")
        parts.append(f"<description><![CDATA[{item.summary}]]></description>")
        if item.content is not None:
            parts.append(f"<content:encoded><![CDATA[{item.content}]]></content:encoded>")
        parts.append("</item>")
    parts += ["</channel>", "</rss>"]
    return "\n".join(parts).encode("utf-8")


def atom(title: str, site: str, items: list[Item]) -> bytes:
    updated = max((i.published for i in items), default=datetime(2024, 5, 14, tzinfo=UTC))
    parts = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"<title>{escape(title)}</title>",
        f'<link href="{escape(site)}" rel="alternate"/>',
        f"<id>{escape(site)}</id>",
        f"<updated>{updated.isoformat()}</updated>",
    ]
    for item in items:
        parts += [
            "<entry>",
            f"<title>{escape(item.title)}</title>",
            f'<link href="{escape(item.link)}" rel="alternate"/>',
            f"<id>{escape(item.guid or item.link)}</id>",
            f"<published>{item.published.isoformat()}</published>",
            f"<updated>{item.published.isoformat()}</updated>",
        ]
        if item.author:
            parts.append(f"<author><name>{escape(item.author)}</name></author>")
        parts.append(f'<summary type="html">{escape(item.summary)}</summary>')
        if item.content is not None:
            parts.append(f'<content type="html">{escape(item.content)}</content>')
        parts.append("</entry>")
    parts.append("</feed>")
    return "\n".join(parts).encode("utf-8")


def paragraphs(*texts: str) -> str:
    return "".join(f"<p>{escape(t)}</p>" for t in texts)
