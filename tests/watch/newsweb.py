"""A small news web on 127.0.0.1 for the watch tests: routes registered per test, every
request logged (path, headers), conditional GET honoured, and the faults real servers
commit (slow bodies, endless bodies, redirect loops, dropped connections) on request.

Nothing here touches the internet; every loop is bounded (bodies by size, sleeps by the
client hanging up or the server stopping).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    headers: dict = field(default_factory=dict)
    etag: str | None = None
    last_modified: str | None = None
    handler: Callable | None = None  # handler(request) writes the whole answer itself
    hits: int = 0


@dataclass
class Hit:
    path: str
    headers: dict
    status: int | None = None


class NewsWeb:
    def __init__(self):
        self.routes: dict[str, Route] = {}
        self.log: list[Hit] = []
        self._lock = threading.Lock()
        web = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def do_GET(self):
                web._serve(self)

        class Server(ThreadingHTTPServer):
            def handle_error(self, request, client_address):  # clients hanging up on faults: expected
                pass

        self.server = Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.stopping = threading.Event()
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)

    # -- life ----------------------------------------------------------------------------------
    def start(self) -> NewsWeb:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.server.shutdown()
        self.server.server_close()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def url(self, path: str) -> str:
        return self.base + path

    # -- routes --------------------------------------------------------------------------------
    def route(self, path: str, body: bytes | str = b"", **kwargs) -> Route:
        if isinstance(body, str):
            body = body.encode("utf-8")
        with self._lock:
            route = self.routes[path] = Route(body=body, **kwargs)
        return route

    def hits(self, prefix: str) -> list[Hit]:
        with self._lock:
            return [h for h in self.log if h.path.startswith(prefix)]

    def _serve(self, request: BaseHTTPRequestHandler) -> None:
        path = request.path
        hit = Hit(path, {k.lower(): v for k, v in request.headers.items()})
        with self._lock:
            self.log.append(hit)
            route = self.routes.get(path) or self.routes.get(path.split("?", 1)[0])
            if route is not None:
                route.hits += 1
        if route is None:
            hit.status = 404
            return send(request, 404, b"not found", {"Content-Type": "text/plain"})
        if route.handler is not None:
            hit.status = -1
            return route.handler(request)
        if route.etag and request.headers.get("If-None-Match") == route.etag or (
                route.last_modified and request.headers.get("If-Modified-Since") == route.last_modified):
            hit.status = 304
            return send(request, 304, b"", _validators(route))
        hit.status = route.status
        send(request, route.status, route.body, {**route.headers, **_validators(route)})


def _validators(route: Route) -> dict:
    out = {}
    if route.etag:
        out["ETag"] = route.etag
    if route.last_modified:
        out["Last-Modified"] = route.last_modified
    return out


def send(request: BaseHTTPRequestHandler, status: int, body: bytes, headers: dict | None = None) -> None:
    request.send_response(status)
    headers = dict(headers or {})
    headers.setdefault("Content-Type", "application/rss+xml; charset=utf-8")
    for name, value in headers.items():
        request.send_header(name, value)
    if status != 304:
        request.send_header("Content-Length", str(len(body)))
    request.end_headers()
    if status != 304 and body:
        request.wfile.write(body)


# -- faults ---------------------------------------------------------------------------------------


def slow_body(total: int = 4000, every: float = 0.3, web: NewsWeb | None = None) -> Callable:
    """A body trickled a few bytes at a time (each read is quick; the whole never ends in time)."""

    def handler(request):
        request.send_response(200)
        request.send_header("Content-Type", "application/rss+xml")
        request.send_header("Content-Length", str(total))
        request.end_headers()
        sent = 0
        try:
            while sent < total and not (web and web.stopping.is_set()):
                request.wfile.write(b" ")
                request.wfile.flush()
                sent += 1
                time.sleep(every)
        except OSError:
            pass  # the client gave up

    return handler


def silent(seconds: float) -> Callable:
    """Headers never come: the client's timeout must fire."""

    def handler(request):
        time.sleep(seconds)
        try:
            send(request, 200, b"<rss/>")
        except OSError:
            pass

    return handler


def endless(total: int, sent_log: list[int], chunk: int = 1 << 16) -> Callable:
    """A huge body (chunked, no Content-Length) streamed until the client hangs up; the
    bytes actually sent are appended to ``sent_log``."""

    def handler(request):
        request.send_response(200)
        request.send_header("Content-Type", "application/rss+xml")
        request.send_header("Transfer-Encoding", "chunked")
        request.end_headers()
        block = b"<item>" + b"x" * (chunk - 13) + b"</item>"
        sent = 0
        try:
            while sent < total:
                request.wfile.write(f"{len(block):x}\r\n".encode() + block + b"\r\n")
                sent += len(block)
            request.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        sent_log.append(sent)

    return handler


def redirect(to: str, status: int = 302) -> Callable:
    def handler(request):
        send(request, status, b"", {"Location": to, "Content-Type": "text/plain"})

    return handler
