"""Post streams followed for real: a JSON Lines file growing under the watcher, a
Jetstream websocket server on loopback that drops the connection midway, a Mastodon
instance whose answer is cut off midway. Each resumes from its cursor: every post is
stored once, none is missed, bad lines are named."""

from __future__ import annotations

import json
import threading
import time
from urllib.parse import parse_qs, urlsplit

from storydesk.store import feeds as db
from storydesk.watch.watcher import Watcher

from .conftest import FIXTURES, watch_until
from .newsweb import NewsWeb, send


def _posts(desk) -> list[dict]:
    return [dict(r) for r in desk.store.execute("SELECT id, handle, platform, text FROM posts ORDER BY time, id")]


def _post_line(n: int, text: str, **extra) -> str:
    return json.dumps({"time": f"2024-05-14T07:{n:02d}:00Z", "text": text, "handle": f"@reader{n % 4}",
                       "platform": "twitter", "id": f"p{n}", **extra}) + "\n"


def _ferry_article(desk, url: str) -> str:
    """A stored article at ``url`` (ingested any way), grouped into a story."""
    text = (FIXTURES / "ferry.html").read_text()
    from storydesk.ingest.html import read_html

    article = read_html(text.encode(), url, url=url)
    desk.add_articles([article])
    return db.story_of_article(desk.store, article.id)


def test_jsonl_file_followed_as_it_grows_and_resumed(tmp_path, desk):
    story = _ferry_article(desk, "https://coastalcourier.example/news/2024/05/14/ferry-aground-greyhaven")
    path = tmp_path / "posts.jsonl"
    path.write_text(_post_line(1, "Fog on the front #GreyhavenFerry")
                    + "{this is not json\n"
                    + _post_line(2, "Read this https://coastalcourier.example/news/2024/05/14/ferry-aground-greyhaven"
                                    "?utm_source=tw #GreyhavenFerry"))
    watcher = Watcher(desk, posts=[str(path)])

    def grow() -> None:
        time.sleep(0.5)
        with path.open("a") as f:
            f.write(_post_line(3, "Lifeboats out #GreyhavenFerry")[:20])  # half a line ...
            f.flush()
            time.sleep(0.4)
            f.write(_post_line(3, "Lifeboats out #GreyhavenFerry")[20:])  # ... completed later

    threading.Thread(target=grow, daemon=True).start()
    watch_until(watcher, lambda: watcher.stats.posts >= 3)
    assert [p["id"] for p in _posts(desk)] == ["twitter:p1", "twitter:p2", "twitter:p3"]
    [bad] = [r for r in desk.store.rejections() if r.source == str(path)]
    assert bad.line == 2 and "not valid JSON" in bad.reason
    linked = desk.store.execute("SELECT count(*) FROM story_terms WHERE story_id = ? AND term = '#greyhavenferry'",
                                (story,)).fetchone()[0]
    assert linked == 1  # the post linking the stored article counted its tag for that story
    assert watcher.stats.posts_linked == 1

    with path.open("a") as f:
        f.write(_post_line(4, "Saltway suspends the route"))
    watcher = Watcher(desk, posts=[str(path)])
    watch_until(watcher, lambda: watcher.stats.posts >= 1, timeout=5)
    assert [p["id"] for p in _posts(desk)] == ["twitter:p1", "twitter:p2", "twitter:p3", "twitter:p4"]
    assert watcher.stats.posts == 1  # resumed after the cursor: nothing read twice
    assert len([r for r in desk.store.rejections() if r.source == str(path)]) == 1


class ReplayServer:
    """A Jetstream on loopback replaying recorded-shaped events from the asked cursor,
    dropping the first connection after ``drop_after`` messages."""

    def __init__(self, events: list[str], drop_after: int):
        from websockets.sync.server import serve

        self.events = events
        self.drop_after = drop_after
        self.connections: list[dict] = []
        self._server = serve(self._handle, "127.0.0.1", 0)
        self.port = self._server.socket.getsockname()[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def _handle(self, ws) -> None:
        query = parse_qs(urlsplit(ws.request.path).query)
        cursor = int(query["cursor"][0]) if "cursor" in query else None
        self.connections.append({"cursor": cursor, "collections": query.get("wantedCollections")})
        sent = 0
        for line in self.events:
            event = json.loads(line) if line.startswith("{") else None
            if cursor is not None and event is not None and event["time_us"] < cursor:
                continue
            ws.send(line)
            sent += 1
            if len(self.connections) == 1 and sent == self.drop_after:
                ws.socket.close()  # the connection drops, no closing handshake
                return
        time.sleep(3)

    def close(self) -> None:
        self._server.shutdown()


def test_jetstream_resumes_from_its_cursor_after_a_drop(desk, caplog):
    events = (FIXTURES / "jetstream.jsonl").read_text().splitlines()
    events.insert(5, "not json at all {")
    server = ReplayServer(events, drop_after=20)
    expected = sum(1 for e in events if e.startswith("{") and json.loads(e)["kind"] == "commit"
                   and json.loads(e)["commit"]["operation"] == "create"
                   and json.loads(e)["commit"]["collection"] == "app.bsky.feed.post")
    try:
        watcher = Watcher(desk, posts=[f"jetstream:ws://127.0.0.1:{server.port}/subscribe"])
        watch_until(watcher, lambda: watcher.stats.posts >= expected, timeout=15)
    finally:
        server.close()
    posts = _posts(desk)
    assert len(posts) == expected == 30
    assert len({p["id"] for p in posts}) == expected
    assert all(p["platform"] == "bluesky" and p["handle"].startswith("did:plc:") for p in posts)
    first, second = server.connections[:2]
    assert first["cursor"] is None and first["collections"] == ["app.bsky.feed.post"]
    last_before_drop = max(json.loads(e)["time_us"] for e in events[:20] if e.startswith("{"))
    assert second["cursor"] == last_before_drop - 1_000_000  # a second's rewind, found stored
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "disconnected" in messages and "resuming from cursor" in messages
    assert any("not JSON" in r.reason for r in desk.store.rejections())
    state = db.stream_state(desk.store, f"jetstream:ws://127.0.0.1:{server.port}/subscribe")
    assert state["posts"] == expected and int(state["cursor"]) >= last_before_drop


def test_mastodon_timeline_resumes_after_a_cut_answer(desk, settings):
    desk.settings = settings.replace(watch_post_interval=0.2)
    story = _ferry_article(desk, "https://coastalcourier.example/news/2024/05/14/ferry-aground-greyhaven")
    statuses = json.loads((FIXTURES / "mastodon_public.json").read_text())
    newest_first = sorted(statuses, key=lambda s: int(s["id"]), reverse=True)
    asked: list[str | None] = []

    def timeline(request) -> None:
        query = parse_qs(urlsplit(request.path).query)
        min_id = query.get("min_id", [None])[0]
        asked.append(min_id)
        if min_id is None:  # the first look: the latest few
            page = newest_first[-3:]
        else:
            page = [s for s in newest_first if int(s["id"]) > int(min_id)][-2:]  # 2 at a time, oldest first
        body = json.dumps(page).encode()
        if len(asked) == 3:  # the answer is cut off midway: the connection drops
            request.send_response(200)
            request.send_header("Content-Type", "application/json")
            request.send_header("Content-Length", str(len(body)))
            request.end_headers()
            request.wfile.write(body[: len(body) // 2])
            request.wfile.flush()
            request.close_connection = True
            return
        send(request, 200, body, {"Content-Type": "application/json"})

    instance = NewsWeb().start()  # an instance of its own: the API lives at the root
    instance.route("/api/v1/timelines/public", handler=timeline)
    spec = f"mastodon:{instance.base}"
    watcher = Watcher(desk, posts=[spec])
    originals = [s for s in statuses if not s.get("reblog")]
    try:
        watch_until(watcher, lambda: watcher.stats.posts >= len(originals), timeout=15)
    finally:
        instance.stop()
    posts = _posts(desk)
    assert len(posts) == len(originals) == 8  # the boost is not a second post
    assert {p["handle"] for p in posts} >= {"harbourwatch@127.0.0.1", "marguerite@mastodon.example"}
    assert None in asked and len([a for a in asked if a]) >= 3
    assert watcher.stats.posts_linked == 1  # status 4 links the stored article (tracking parameter and all)
    assert desk.store.execute("SELECT n FROM story_terms WHERE story_id = ? AND term = '#greyhavenferry'",
                              (story,)).fetchone()[0] == 1
    state = db.stream_state(desk.store, spec)
    assert json.loads(state["cursor"])["public"] == max(s["id"] for s in originals)


def test_non_json_lines_cost_nothing_else(tmp_path, desk):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\xff\xfe binary\n" + b"[1, 2]\n" + _post_line(9, "fine #Tag").encode())
    watcher = Watcher(desk, posts=[str(path)])
    watch_until(watcher, lambda: watcher.stats.posts >= 1, timeout=5)
    reasons = sorted((r.line, r.reason) for r in desk.store.rejections() if r.source == str(path))
    assert [line for line, _ in reasons] == [1, 2]
    assert "UTF-8" in reasons[0][1] and "JSON object" in reasons[1][1]
    assert [p["id"] for p in _posts(desk)] == ["twitter:p9"]  # the good line after them is read


def test_mastodon_streaming_catches_up_through_rest_after_a_drop(desk, settings):
    """The streaming API (a websocket) drops midway; the statuses posted meanwhile are read
    through the REST API from the cursor; streaming resumes; every status stored once."""
    from http import HTTPStatus

    from websockets.sync.server import serve

    desk.settings = settings.replace(watch_post_interval=0.2)
    template = [s for s in json.loads((FIXTURES / "mastodon_public.json").read_text()) if not s.get("reblog")][0]
    statuses = [dict(template, id=str(112447000000100000 + n), uri=f"https://social.example/statuses/{n}",
                     content=f"<p>Lifeboat update {n} #GreyhavenFerry</p>") for n in range(1, 11)]
    posted = {"n": 0}
    rest_asked: list[str | None] = []
    connections: list[str] = []

    def process_request(connection, request):
        if not request.path.startswith("/api/v1/timelines/public"):
            return None  # the websocket handshake goes on
        min_id = parse_qs(urlsplit(request.path).query).get("min_id", [None])[0]
        rest_asked.append(min_id)
        page = [s for s in statuses[: posted["n"]] if min_id is None or int(s["id"]) > int(min_id)]
        response = connection.respond(HTTPStatus.OK, json.dumps(list(reversed(page))))
        response.headers["Content-Type"] = "application/json"
        return response

    def stream(ws):
        connections.append(ws.request.path)
        first = len(connections) == 1
        batch = statuses[0:5] if first else statuses[8:10]
        for status in batch:
            posted["n"] = max(posted["n"], statuses.index(status) + 1)
            ws.send(json.dumps({"stream": ["public"], "event": "update", "payload": json.dumps(status)}))
        ws.send(json.dumps({"stream": ["public"], "event": "delete", "payload": "112447000000000001"}))
        if first:
            posted["n"] = 8  # three more are posted while the desk is away
            ws.socket.close()
            return
        time.sleep(3)

    server = serve(stream, "127.0.0.1", 0, process_request=process_request)
    port = server.socket.getsockname()[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        watcher = Watcher(desk, posts=[f"mastodon:http://127.0.0.1:{port}"])
        watch_until(watcher, lambda: watcher.stats.posts >= 10, timeout=15)
    finally:
        server.shutdown()
    ids = [p["id"] for p in _posts(desk)]
    assert len(ids) == len(set(ids)) == 10
    assert connections[0] == "/api/v1/streaming?stream=public" and len(connections) >= 2
    assert rest_asked[0] is None and statuses[4]["id"] in rest_asked  # caught up from the cursor


class SilentJetstream:
    """A Jetstream on loopback that sends the first ``first`` events on its first
    connection and then goes quiet without closing: it reads nothing more, so the client's
    keepalive pings are never answered (a half-dead link, an overloaded server). Later
    connections get every event from the asked cursor. A bare socket server: a websocket
    library would answer the pings for it."""

    def __init__(self, events: list[str], first: int):
        import socket

        self.events = events
        self.first = first
        self.cursors: list[int | None] = []
        self._held: list = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            self._held.append(conn)
            self._serve(conn)

    def _serve(self, conn) -> None:
        import base64
        import hashlib
        import re

        request = b""
        while b"\r\n\r\n" not in request:
            request += conn.recv(4096)
        head = request.split(b"\r\n\r\n")[0].decode()
        query = parse_qs(urlsplit(head.split()[1]).query)
        cursor = int(query["cursor"][0]) if "cursor" in query else None
        self.cursors.append(cursor)
        key = re.search(r"(?im)^sec-websocket-key:\s*(\S+)", head).group(1)
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest())
        conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
        todo = [e for e in self.events if cursor is None or json.loads(e)["time_us"] >= cursor]
        for line in todo[:self.first] if len(self.cursors) == 1 else todo:
            payload = line.encode()
            size = bytes([len(payload)]) if len(payload) < 126 else b"\x7e" + len(payload).to_bytes(2, "big")
            conn.sendall(b"\x81" + size + payload)  # a text frame, unmasked (server to client)

    def close(self) -> None:
        self._listener.close()
        for conn in self._held:
            conn.close()


def test_jetstream_gone_quiet_is_a_drop_resumed_from_its_cursor(desk, caplog):
    """A server that stops answering keepalive pings (the connection open, nothing
    moving) is dropped after watch_timeout and followed again from the cursor."""
    events = (FIXTURES / "jetstream.jsonl").read_text().splitlines()
    server = SilentJetstream(events, first=12)
    desk.settings = desk.settings.replace(watch_timeout=1.0)
    expected = sum(1 for e in events if json.loads(e)["kind"] == "commit"
                   and json.loads(e)["commit"]["operation"] == "create"
                   and json.loads(e)["commit"]["collection"] == "app.bsky.feed.post")
    try:
        watcher = Watcher(desk, posts=[f"jetstream:ws://127.0.0.1:{server.port}/subscribe"])
        took = watch_until(watcher, lambda: watcher.stats.posts >= expected, timeout=20)
    finally:
        server.close()
    posts = _posts(desk)
    assert len(posts) == len({p["id"] for p in posts}) == expected  # none missed, none twice
    last_before = max(json.loads(e)["time_us"] for e in events[:12])
    assert server.cursors[:2] == [None, last_before - 1_000_000]
    assert took < 15
    assert any("keepalive ping timeout" in r.getMessage() and "resuming from cursor" in r.getMessage()
               for r in caplog.records)


def test_posts_get_their_turn_while_polls_keep_coming(desk):
    """Polls come first, but a watcher that cannot keep up with its feeds (their answers
    always waiting) still takes every other item from its streams: a stream starved of
    turns would fill its queue, stop reading its socket, miss its pings and be dropped."""
    watcher = Watcher(desk)
    for n in range(10):
        watcher._quick.put(("poll", n))
    for n in range(3):
        watcher._posts.put(("post", n))
    taken = [watcher._next_item() for _ in range(8)]
    assert [kind for kind, _ in taken] == ["poll", "post"] * 3 + ["poll", "poll"]
    assert [n for kind, n in taken if kind == "post"] == [0, 1, 2]  # in order
