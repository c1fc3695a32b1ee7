"""Bluesky posts from Jetstream, a websocket of the network's events as JSON, filtered to
posts (``wantedCollections=app.bsky.feed.post``). Every event carries ``time_us``;
after a disconnect the stream reconnects (:mod:`.websocket`) with ``cursor`` set a second
before the last one seen, so nothing in between is missed (the posts seen twice have the
same id and are stored once).

A post's account is its DID (Jetstream's commit events carry no handle); its hashtags
and links come from the record's facets, its ``tags`` and an external embed.
"""

from __future__ import annotations

import json
import logging
import threading
from datetime import UTC, datetime

from ..model import Rejection
from ..stories.trend_evidence import PostItem
from .fetch import user_agent
from .streams import Emit, StreamError
from .websocket import Refused, keep_following

log = logging.getLogger(__name__)

DEFAULT_URL = "wss://jetstream2.us-east.bsky.network/subscribe"
POST_COLLECTION = "app.bsky.feed.post"
#: Microseconds replayed before the cursor on a reconnect (Jetstream's own advice).
REWIND_US = 1_000_000


def jetstream_post(event: dict) -> PostItem | None:
    """The post a Jetstream event creates, or None (deletes, likes, identity events)."""
    if not isinstance(event, dict) or event.get("kind") != "commit":
        return None
    commit = event.get("commit") or {}
    if commit.get("operation") != "create" or commit.get("collection") != POST_COLLECTION:
        return None
    record = commit.get("record") or {}
    text = record.get("text")
    did, rkey, time_us = event.get("did"), commit.get("rkey"), event.get("time_us")
    if not isinstance(text, str) or not text.strip() or not did or not rkey or not isinstance(time_us, int):
        return None
    tags, links = [], []
    for facet in record.get("facets") or []:
        for feature in (facet or {}).get("features") or []:
            kind = (feature or {}).get("$type", "")
            if kind.endswith("#tag") and feature.get("tag"):
                tags.append(str(feature["tag"]))
            elif kind.endswith("#link") and feature.get("uri"):
                links.append(str(feature["uri"]))
    tags += [str(t) for t in record.get("tags") or [] if t]
    embed = record.get("embed") or {}
    external = embed.get("external") or (embed.get("media") or {}).get("external") or {}
    if external.get("uri"):
        links.append(str(external["uri"]))
    # Jetstream's clock, not the client-set createdAt, which can say anything
    posted = datetime.fromtimestamp(time_us / 1e6, UTC).replace(tzinfo=None, microsecond=0)
    return PostItem(
        time=posted, text=text.strip(), source="jetstream", platform="bluesky", handle=str(did),
        hashtags=tuple(dict.fromkeys(tags)), id=f"bluesky:at://{did}/{POST_COLLECTION}/{rkey}",
        links=tuple(dict.fromkeys(links)),
    )


class JetstreamStream:
    """Jetstream followed over a websocket, resumed from its ``time_us`` cursor."""

    def __init__(self, spec: str, url: str, *, settings=None):
        self.spec = spec
        self.url = url
        self.timeout = settings.watch_timeout if settings is not None else 20.0
        self.agent = user_agent(settings.watch_contact if settings is not None else None)

    def address(self, cursor: int | None) -> str:
        """The websocket address, asking for posts from a second before ``cursor``.

        >>> JetstreamStream("jetstream", "ws://127.0.0.1:9/subscribe").address(5_000_000)
        'ws://127.0.0.1:9/subscribe?wantedCollections=app.bsky.feed.post&cursor=4000000'
        """
        query = f"wantedCollections={POST_COLLECTION}"
        if cursor:
            query += f"&cursor={max(0, cursor - REWIND_US)}"
        return f"{self.url}{'&' if '?' in self.url else '?'}{query}"

    def run(self, cursor: str | None, emit: Emit, stop: threading.Event) -> None:
        state = {"last": int(cursor) if cursor and cursor.isdigit() else None}

        def handle(message) -> bool:
            state["last"], ok = self._handle(message, state["last"], emit)
            return ok

        def lost(reason: str) -> bool:
            return emit(StreamError(f"jetstream {self.url} disconnected ({reason}); resuming from "
                                    f"cursor {state['last']}"), None)

        try:
            keep_following(lambda: self.address(state["last"]), handle=handle, lost=lost, stop=stop,
                           timeout=self.timeout, agent=self.agent)
        except Refused as exc:
            emit(StreamError(f"jetstream {self.url} refused the connection ({exc})"), None)

    def _handle(self, message, last: int | None, emit: Emit) -> tuple[int | None, bool]:
        try:
            event = json.loads(message)
        except ValueError as exc:
            return last, emit(Rejection(self.spec, f"Jetstream message is not JSON: {exc}"), None)
        time_us = event.get("time_us") if isinstance(event, dict) else None
        post = jetstream_post(event)
        if isinstance(time_us, int):
            last = time_us
        if post is None:
            return last, True
        return last, emit(post, str(last))
