"""ASGI middleware that guards every response: request size limit and security headers.

Pages carry no script at all, so the Content-Security-Policy forbids every script, every
plug-in and every request to another origin; styles come only from our own stylesheet
(the SVG charts use presentation attributes and classes, which CSP does not restrict).
"""

from __future__ import annotations

import json

from .errors import code_for, error_body

CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class Guard:
    """Adds :data:`SECURITY_HEADERS` to every response and answers 413 to any request
    whose body is larger than ``max_body`` bytes (told by Content-Length, or counted while
    reading a chunked body) before the application sees it."""

    def __init__(self, app, max_body: int):
        if max_body <= 0:
            raise ValueError(f"max_body must be positive, got {max_body}")
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [h for h in SECURITY_HEADERS if h[0] not in names]
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send_secured)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_body:
            await self._too_large(send_secured, f"request body of {declared} bytes")
            return
        # Read the whole (bounded) body first, then replay it to the application.
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._too_large(send_secured, "request body")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_secured)

    async def _too_large(self, send, what: str) -> None:
        message = f"{what} is over the limit of {self.max_body} bytes (max_request_bytes)"
        payload = json.dumps(error_body(413, code_for(413), message)).encode()
        await send({
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"connection", b"close"),
            ],
        })
        await send({"type": "http.response.body", "body": payload})


def _content_length(scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
