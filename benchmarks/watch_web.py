"""The loopback news web of ``benchmarks/watch.py``, run as its own process.

Outlets (one HTTP server each, on 127.0.0.1) publish feeds whose entries appear as a
simulated day goes by (time compressed: every process computes the simulated time from
the same wall-clock origin). Entries link to real article pages: the 181 pages of the
article-extraction benchmark as they were captured, and giveme5w1h articles rendered as
news pages. Feeds answer conditional GETs (ETag, Last-Modified), some send
``Cache-Control: max-age`` or an RSS ``<ttl>``, some outlets' robots.txt disallow a
``/private/`` path (and set a Crawl-delay), some entries are edited later in the day,
some are carried by two outlets' feeds. A Jetstream-shaped websocket sends posts at a
fixed wall-clock rate, some linking published articles.

Every request is counted per client (by User-Agent): requests, bytes, 304s, and fetches
of robots-disallowed paths. ``GET /_stats`` on the control port returns the counts.

    python -m benchmarks.watch_web PLAN.json READY.json
"""

from __future__ import annotations

import gzip
import hashlib
import itertools
import json
import random
import sys
import threading
import time
from collections import defaultdict
from email.utils import formatdate
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

MAX_ITEMS = 20
TAGS = ("#Breaking", "#News", "#Update", "#Politics", "#World", "#Business", "#Sport", "#Climate")


class Sim:
    """Simulated time from the plan's shared origin."""

    def __init__(self, plan: dict):
        self.start, self.t0, self.factor = plan["start"], plan["t0"], plan["factor"]

    def now(self) -> float:
        return self.start + (time.time() - self.t0) * self.factor


def _link_facet(url: str) -> dict:
    """A Bluesky rich-text facet marking ``url`` as a link, as Jetstream sends it."""
    return {"features": [{"$type": "app.bsky.richtext.facet#link", "uri": url}]}


def load_pages(plan: dict, data: Path) -> dict[int, dict]:
    """Each page: title, paragraphs, and its HTML (captured pages as they are)."""
    truth = json.loads((data / "article-extraction-benchmark" / "ground-truth.json").read_text())
    pages = {}
    for page in plan["pages"]:
        if page["kind"] == "aeb":
            html = gzip.decompress((data / "article-extraction-benchmark" / "html" / f"{page['ref']}.html.gz")
                                   .read_bytes()).decode("utf-8", "replace")
            body = truth[page["ref"]]["articleBody"]
            title = _html_title(html) or body[:80]
            pages[page["id"]] = {"title": title, "paragraphs": [p for p in body.split("\n") if p.strip()],
                                 "html": html, "date": None, "outlet": None}
        else:
            record = json.loads((data / "giveme5w1h-news-cluster" / "data" / page["ref"]).read_text())
            text = record.get("text") or ""
            paragraphs = [p for p in text.split("\n") if p.strip()]
            title = record.get("title") or (paragraphs[0] if paragraphs else "Untitled")
            if paragraphs and paragraphs[0].strip() == title.strip():
                paragraphs = paragraphs[1:]
            pages[page["id"]] = {"title": title, "paragraphs": paragraphs, "html": None,
                                 "outlet": record.get("source_domain"), "date": record.get("date_publish")}
    return pages


def _html_title(html: str) -> str | None:
    start = html.lower().find("<title")
    if start < 0:
        return None
    start = html.find(">", start) + 1
    end = html.lower().find("</title>", start)
    return " ".join(html[start:end].split())[:200] if end > start else None


def render_page(page: dict, url: str, outlet: str, published: float, update: str | None) -> bytes:
    """A giveme5w1h article as a news page (boilerplate around it, metadata in the head)."""
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(published))
    body = "".join(f"<p>{escape(p)}</p>\n" for p in page["paragraphs"])
    if update:
        body += f"<p class=\"update\">{escape(update)}</p>\n"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{escape(page['title'])} | {escape(outlet)}</title>
<meta property="og:site_name" content="{escape(outlet)}">
<meta property="og:title" content="{escape(page['title'])}">
<meta property="article:published_time" content="{when}">
<link rel="canonical" href="{escape(url)}">
</head><body>
<header><a href="/">{escape(outlet)}</a><nav><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/subscribe">Subscribe</a></nav></header>
<main><article><h1>{escape(page['title'])}</h1>
<p class="byline">Staff reporter · <time datetime="{when}">{when[:10]}</time></p>
<div class="article-body">
{body}</div>
<aside class="related"><h2>Related</h2><ul><li><a href="/news/1">Earlier coverage</a></li><li><a href="/news/2">Analysis</a></li></ul></aside>
</article></main>
<footer><p>&copy; {escape(outlet)}. All rights reserved. <a href="/privacy">Privacy</a></p></footer>
</body></html>""".encode()  # noqa: E501 - a page as sites write it


class NewsWeb:
    def __init__(self, plan: dict, data: Path):
        self.plan = plan
        self.sim = Sim(plan)
        self.pages = load_pages(plan, data)
        self.outlets = plan["outlets"]
        self.feeds = {f["id"]: f for f in plan["feeds"]}
        self.entries = {e["id"]: e for e in plan["entries"]}
        self.by_feed: dict[int, list[dict]] = defaultdict(list)
        for entry in plan["entries"]:
            for feed_id in entry["feeds"]:
                self.by_feed[feed_id].append(entry)
        for items in self.by_feed.values():
            items.sort(key=lambda e: e["published"])
        self.ports: dict[int, int] = {}
        self.stats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.lock = threading.Lock()
        self.servers = []

    # -- urls ---------------------------------------------------------------------------------
    def entry_url(self, entry: dict) -> str:
        outlet = self.feeds[entry["feeds"][0]]["outlet"]
        path = "private" if entry["private"] else "a"
        return f"http://127.0.0.1:{self.ports[outlet]}/{path}/{entry['id']}"

    def update_text(self, entry: dict, now: float) -> str | None:
        if entry.get("edit_at") is not None and now >= entry["edit_at"]:
            return (f"Update: this article was revised {int((entry['edit_at'] - entry['published']) / 60)} "
                    "minutes after publication with comment from officials.")
        return None

    # -- answers --------------------------------------------------------------------------------
    def feed_xml(self, feed: dict, now: float) -> tuple[bytes, str, float]:
        outlet = self.outlets[feed["outlet"]]
        visible = [e for e in self.by_feed[feed["id"]] if e["published"] <= now][-MAX_ITEMS:]
        state = [(e["id"], self.update_text(e, now) is not None) for e in visible]
        etag = '"' + hashlib.sha1(json.dumps(state).encode()).hexdigest()[:16] + '"'
        modified = max([e["published"] for e in visible] + [e["edit_at"] for e in visible
                                                             if e.get("edit_at") and e["edit_at"] <= now] + [0.0])
        parts = ['<?xml version="1.0" encoding="UTF-8"?>',
                 ('<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
                 'xmlns:dc="http://purl.org/dc/elements/1.1/"><channel>'),
                 f"<title>{escape(outlet['name'])} - {escape(feed['section'])}</title>",
                 f"<link>http://127.0.0.1:{self.ports[feed['outlet']]}/</link>",
                 "<description>Latest news</description>"]
        if feed.get("ttl"):
            parts.append(f"<ttl>{feed['ttl']}</ttl>")
        for entry in reversed(visible):
            page = self.pages[entry["page"]]
            update = self.update_text(entry, now)
            paragraphs = page["paragraphs"] + ([update] if update else [])
            teaser = " ".join(" ".join(paragraphs).split()[:40]) + "…"
            guid = f"{feed['outlet']}-{entry['id']}"
            parts += ["<item>", f"<title>{escape(page['title'])}</title>",
                      f"<link>{escape(self.entry_url(entry))}</link>",
                      f'<guid isPermaLink="false">{guid}</guid>',
                      f"<pubDate>{formatdate(entry['published'], usegmt=True)}</pubDate>",
                      f"<description><![CDATA[{teaser}]]></description>"]
            if not feed["summary_only"]:
                html = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
                parts.append(f"<content:encoded><![CDATA[{html}]]></content:encoded>")
            parts.append("</item>")
        parts.append("</channel></rss>")
        return "\n".join(parts).encode("utf-8"), etag, modified

    def count(self, agent: str, key: str, n: int = 1) -> None:
        who = "storydesk" if agent.startswith("storydesk") else agent.split("/")[0] or "unknown"
        with self.lock:
            self.stats[who][key] += n

    def serve(self, outlet_id: int, request: BaseHTTPRequestHandler) -> None:
        agent = request.headers.get("User-Agent", "")
        path = request.path.split("?", 1)[0]
        now = self.sim.now()
        outlet = self.outlets[outlet_id]
        headers = {}
        status, body = 404, b"not found"
        kind = "other"
        if path == "/robots.txt":
            kind = "robots"
            lines = ["User-agent: *"]
            if outlet["private"]:
                lines.append("Disallow: /private/")
            if outlet.get("crawl_delay"):
                lines.append(f"Crawl-delay: {outlet['crawl_delay']}")
            status, body = 200, ("\n".join(lines) + "\n").encode()
            headers["Content-Type"] = "text/plain"
        elif path.startswith("/feed/"):
            kind = "feed"
            feed = self.feeds.get(int(path.rsplit("/", 1)[1].split(".")[0]))
            if feed is not None and feed["outlet"] == outlet_id:
                body, etag, modified = self.feed_xml(feed, now)
                headers = {"Content-Type": "application/rss+xml; charset=utf-8", "ETag": etag}
                if modified:
                    headers["Last-Modified"] = formatdate(modified, usegmt=True)
                if outlet.get("max_age"):
                    headers["Cache-Control"] = f"public, max-age={outlet['max_age']}"
                status = 304 if request.headers.get("If-None-Match") == etag else 200
        elif path.startswith(("/a/", "/private/")):
            kind = "page"
            if path.startswith("/private/"):
                self.count(agent, "disallowed_fetches")
            entry = self.entries.get(int(path.rsplit("/", 1)[1]))
            if entry is not None and entry["published"] <= now:
                page = self.pages[entry["page"]]
                url = self.entry_url(entry)
                body = page["html"].encode("utf-8") if page["html"] else render_page(
                    page, url, outlet["name"], entry["published"], self.update_text(entry, now))
                status, headers = 200, {"Content-Type": "text/html; charset=utf-8"}
        self.count(agent, "requests")
        self.count(agent, f"{kind}_requests")
        if status == 304:
            self.count(agent, "not_modified")
            body = b""
        head = sum(len(k) + len(v) + 4 for k, v in headers.items()) + 64
        self.count(agent, "bytes", len(body) + head)
        try:
            request.send_response(status)
            for name, value in headers.items():
                request.send_header(name, value)
            if status != 304:
                request.send_header("Content-Length", str(len(body)))
            request.end_headers()
            if status != 304:
                request.wfile.write(body)
        except OSError:
            pass

    # -- servers --------------------------------------------------------------------------------
    def start(self) -> None:
        web = self
        for outlet in self.outlets:
            oid = outlet["id"]

            class Handler(BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                outlet_id = oid

                def log_message(self, *args):
                    pass

                def do_GET(self):
                    if self.path == "/_stats":
                        body = json.dumps(web.stats).encode()
                        self.send_response(200)
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                        return
                    web.serve(self.outlet_id, self)

            class Server(ThreadingHTTPServer):
                daemon_threads = True

                def handle_error(self, request, client_address):
                    pass

            server = Server(("127.0.0.1", 0), Handler)
            self.ports[oid] = server.server_address[1]
            self.servers.append(server)
            threading.Thread(target=server.serve_forever, daemon=True).start()

    def start_posts(self, rate: float, seed: int) -> int:
        """A Jetstream-shaped websocket sending ``rate`` posts a second (wall clock)."""
        from websockets.sync.server import serve

        web = self

        connections = itertools.count()
        numbers = itertools.count()  # a live stream goes on after a reconnect: new posts, new ids

        def handle(ws) -> None:
            rng = random.Random(seed + next(connections))
            sent = 0
            began = time.monotonic()
            try:
                while True:
                    due = began + sent / rate
                    pause = due - time.monotonic()
                    if pause > 0:
                        time.sleep(pause)
                    now = web.sim.now()
                    published = [e for e in rng.sample(web.plan["entries"], 3) if e["published"] <= now]
                    text = rng.choice(["Reading about", "Can't believe", "Thread on", "Watching"]) + " "
                    links = []
                    if published and rng.random() < 0.3:
                        entry = published[0]
                        text += web.pages[entry["page"]]["title"][:80] + " " + web.entry_url(entry) + " "
                        links.append(web.entry_url(entry))
                    tag = rng.choice(TAGS)
                    text += tag
                    n = next(numbers)
                    event = {"did": f"did:plc:sim{rng.randrange(5000):05d}", "time_us": int(now * 1e6) + n % 1000,
                             "kind": "commit", "commit": {"rev": f"r{n}", "operation": "create",
                                                          "collection": "app.bsky.feed.post", "rkey": f"k{n}",
                                                          "record": {"$type": "app.bsky.feed.post", "text": text,
                                                                     "createdAt": "2024-01-01T00:00:00Z",
                                                                     "facets": [_link_facet(u) for u in links]}}}
                    ws.send(json.dumps(event))
                    sent += 1
                    with web.lock:
                        web.stats["jetstream"]["posts_sent"] += 1
            except Exception:
                return

        self._ws = serve(handle, "127.0.0.1", 0)
        threading.Thread(target=self._ws.serve_forever, daemon=True).start()
        return self._ws.socket.getsockname()[1]


def main() -> None:
    plan_path, ready_path = Path(sys.argv[1]), Path(sys.argv[2])
    plan = json.loads(plan_path.read_text())
    web = NewsWeb(plan, Path(plan["data"]))
    web.start()
    ws_port = web.start_posts(plan["posts_rate"], plan["seed"]) if plan["posts_rate"] > 0 else None
    feeds = {f["id"]: f"http://127.0.0.1:{web.ports[f['outlet']]}/feed/{f['id']}.rss" for f in plan["feeds"]}
    ready = {"feeds": feeds, "jetstream": f"ws://127.0.0.1:{ws_port}/subscribe" if ws_port else None,
             "control": f"http://127.0.0.1:{web.ports[0]}/_stats",
             "entry_urls": {e["id"]: web.entry_url(e) for e in plan["entries"]}}
    tmp = ready_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(ready))
    tmp.rename(ready_path)
    while True:  # until the benchmark ends this process
        time.sleep(3600)


if __name__ == "__main__":
    main()
