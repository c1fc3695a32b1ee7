"""The canonical form of a URL, the key that makes one article of the same page reached
through different links, and the host a politeness limit applies to.

Tracking parameters (``utm_*``, ``fbclid``, ``gclid``, ``mc_eid``, ...) are dropped by
courlan (trafilatura's URL library, which keeps the list), as are the fragment, the
scheme's default port and the case of the host; the rest of the query stays, since
``article.php?id=42`` and ``?id=43`` are different articles.

>>> canonical_url("HTTPS://www.Example.com:443/news/a.html?utm_source=rss&id=4&fbclid=x#top")
'https://www.example.com/news/a.html?id=4'
>>> canonical_url("not a url") is None
True
>>> host_key("http://127.0.0.1:8081/feed.xml"), host_key("https://News.example.org/a")
('127.0.0.1:8081', 'news.example.org')
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit


def is_web_url(url: str | None) -> bool:
    if not url:
        return False
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def canonical_url(url: str | None) -> str | None:
    """``url`` without tracking parameters and fragment, or None when it is no web URL."""
    if url is None or not is_web_url(url):
        return None
    from courlan import normalize_url

    try:
        normal = normalize_url(url.strip())
    except ValueError:  # courlan refuses some odd query strings
        normal = url.strip()
    parts = urlsplit(normal)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def host_key(url: str) -> str:
    """The host (with a port other than the scheme's default) that per-host limits count."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    port = parts.port
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return f"{host}:{port}" if port and port != default else host
