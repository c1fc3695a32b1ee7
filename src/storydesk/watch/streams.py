"""Post streams followed by ``storydesk watch --posts SPEC``, each in its own thread,
handing posts (with the cursor after each) to the watcher, which stores them and then
saves the cursor: a restart resumes where the last stored post left off, and a post
read twice is found stored (posts have stable ids), so nothing is lost or doubled.

=================================  =====================================================
SPEC                               what is followed
=================================  =====================================================
``posts.jsonl``                    a JSON Lines file of posts (the ``ingest --posts``
                                   format), followed as it grows; cursor: byte offset
``-``                              standard input, until it closes (no cursor)
``mastodon:https://HOST``          the instance's public timeline (streamed, caught up
                                   through REST with ``min_id``; REST polling alone
                                   where anonymous streaming is refused)
``mastodon:https://HOST/tags/T``   its timeline of hashtag T
``mastodon:https://HOST/trends``   the timelines of the tags trending there
                                   (``/api/v1/trends/tags``, asked again every 10 polls)
``jetstream[:wss://HOST/subscribe]`` Bluesky posts from Jetstream (:mod:`.jetstream`)
=================================  =====================================================
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import quote, urlencode, urlsplit

from ..config import DEFAULTS
from ..ingest.markup import fragment_text
from ..model import Rejection
from ..stories.features import parse_time
from ..stories.postfile import read_post_line
from ..stories.trend_evidence import PostItem
from .clock import Clock
from .urls import is_web_url

log = logging.getLogger(__name__)

#: Statuses asked for per Mastodon request (the API's maximum).
MASTODON_PAGE = 40
#: Trending tags followed at once, and polls between two asks of the trending list.
MASTODON_TRENDS = 10
TRENDS_EVERY = 10
#: Real seconds between two looks at a followed file that has not grown.
FOLLOW_WAIT = 0.2


@dataclass(frozen=True)
class StreamError:
    """A fault of a stream (a disconnect, an error answer): logged, shown, survived."""

    message: str


#: ``emit(item, cursor)``: hand one item over; False when the watcher is stopping.
Emit = Callable[[PostItem | Rejection | StreamError, str | None], bool]


class PostStream(Protocol):
    spec: str

    def run(self, cursor: str | None, emit: Emit, stop: threading.Event) -> None: ...


class SpecError(ValueError):
    """A ``--posts`` value that names no stream storydesk can follow."""


def open_stream(spec: str, *, fetcher=None, clock: Clock | None = None, settings=None) -> PostStream:
    """The stream a ``--posts`` value names; :class:`SpecError` when it names none."""
    if spec == "-":
        return StdinStream()
    if spec == "jetstream" or spec.startswith("jetstream:") or spec == "bluesky":
        from .jetstream import DEFAULT_URL, JetstreamStream

        url = spec.partition(":")[2] or DEFAULT_URL
        if not url.startswith(("ws://", "wss://")):
            raise SpecError(f"{spec}: a Jetstream address starts with ws:// or wss://")
        return JetstreamStream(spec, url, settings=settings)
    if spec.startswith("mastodon:"):
        url = spec.partition(":")[2]
        if not is_web_url(url):
            raise SpecError(f"{spec}: give the instance as mastodon:https://HOST[/tags/TAG|/trends]")
        if fetcher is None or clock is None or settings is None:
            raise SpecError(f"{spec}: a Mastodon stream needs the watcher's HTTP client")
        from .fetch import user_agent

        return MastodonStream(spec, url, fetcher=fetcher, clock=clock, interval=settings.watch_post_interval,
                              timeout=settings.watch_timeout, agent=user_agent(settings.watch_contact))
    if os.path.isfile(spec):
        return JsonlStream(spec)
    raise SpecError(f"{spec}: no such file, and not '-', 'mastodon:URL' or 'jetstream[:URL]'")


# -- JSON Lines ----------------------------------------------------------------------------------


class JsonlStream:
    """A JSON Lines file followed as it grows (``tail -F``: a file replaced or truncated
    is read again from its start). Cursor: ``inode:offset:line``."""

    def __init__(self, path: str):
        self.spec = path
        self.path = path

    def run(self, cursor: str | None, emit: Emit, stop: threading.Event) -> None:
        inode, offset, number = _jsonl_cursor(cursor)
        handle = None
        try:
            while not stop.is_set():
                if handle is None:
                    try:
                        handle = open(self.path, "rb")
                    except OSError as exc:
                        if not emit(StreamError(f"cannot open {self.path}: {exc.strerror or exc}"), None):
                            return
                        stop.wait(5.0)
                        continue
                    ino = os.fstat(handle.fileno()).st_ino
                    if ino == inode and offset <= os.fstat(handle.fileno()).st_size:
                        handle.seek(offset)
                    else:
                        offset, number, inode = 0, 0, ino
                start = handle.tell()
                line = handle.readline()
                if not line.endswith(b"\n"):  # nothing new, or a line still being written
                    handle.seek(start)
                    if self._replaced(handle, start):
                        handle.close()
                        handle, inode = None, None
                        continue
                    stop.wait(FOLLOW_WAIT)
                    continue
                number += 1
                offset = handle.tell()
                try:
                    item = read_post_line(line.decode("utf-8"), self.path, number)
                except UnicodeDecodeError as exc:
                    item = Rejection(self.path, f"not UTF-8 text ({exc.reason} at byte {exc.start})", number)
                if item is not None and not emit(item, f"{inode}:{offset}:{number}"):
                    return
        finally:
            if handle is not None:
                handle.close()

    def _replaced(self, handle, position: int) -> bool:
        try:
            now = os.stat(self.path)
        except OSError:
            return False
        return now.st_ino != os.fstat(handle.fileno()).st_ino or now.st_size < position


def _jsonl_cursor(cursor: str | None) -> tuple[int | None, int, int]:
    try:
        inode, offset, number = (int(x) for x in (cursor or "").split(":"))
        return inode, offset, number
    except ValueError:
        return None, 0, 0


class StdinStream:
    """Posts read from standard input until it closes."""

    spec = "-"

    def run(self, cursor: str | None, emit: Emit, stop: threading.Event) -> None:
        for number, line in enumerate(sys.stdin, start=1):
            if stop.is_set():
                return
            item = read_post_line(line, "<stdin>", number)
            if item is not None and not emit(item, None):
                return


# -- Mastodon ---------------------------------------------------------------------------------------


def mastodon_post(status: dict, instance: str) -> PostItem | None:
    """A Mastodon status as a post: its text, hashtags, links (the preview card's and the
    ones written in it, not mentions or tag links) and account (``user@instance``)."""
    if not isinstance(status, dict) or status.get("reblog"):
        return None  # a boost repeats a post already counted where it was written
    posted = parse_time(str(status.get("created_at") or ""))
    content = status.get("content") or ""
    text = fragment_text(content)
    if posted is None or not text:
        return None
    account = status.get("account") or {}
    acct = str(account.get("acct") or "") or None
    if acct and "@" not in acct:
        acct = f"{acct}@{instance}"
    links = _content_links(content)
    card = status.get("card") or {}
    if isinstance(card, dict) and is_web_url(card.get("url")):
        links.insert(0, card["url"])
    tags = [t["name"] for t in status.get("tags") or [] if isinstance(t, dict) and t.get("name")]
    ident = status.get("uri") or status.get("url") or f"https://{instance}/statuses/{status.get('id')}"
    return PostItem(
        time=posted, text=text, source=f"mastodon:{instance}", platform="mastodon",
        author=account.get("display_name") or None, handle=acct, hashtags=tuple(tags),
        id=f"mastodon:{ident}", links=tuple(dict.fromkeys(links)),
    )


def _content_links(content: str) -> list[str]:
    from lxml import html as lxml_html

    if "<a" not in content:
        return []
    try:
        root = lxml_html.fromstring(content)
    except (ValueError, Exception):  # lxml's ParserError on empty or odd markup
        return []
    out = []
    for a in root.iter("a"):
        classes = (a.get("class") or "").split()
        href = a.get("href") or ""
        if "mention" not in classes and "hashtag" not in classes and is_web_url(href):
            out.append(href)
    return out


def _id_order(status_id: str) -> tuple[int, str]:
    return len(status_id), status_id  # Mastodon ids are decimal strings: shorter is older


class MastodonStream:
    """A Mastodon timeline: its streaming API (a websocket: each status as it is posted),
    caught up through the REST API with ``min_id`` on start and after every disconnect, so
    every status after the cursor is read however long the desk was away. An instance that
    refuses anonymous streaming (most ask for a token) is polled through the REST API
    every ``interval`` seconds instead, as are trending tags' timelines. Cursor: JSON
    ``{timeline: last status id}``."""

    def __init__(self, spec: str, url: str, *, fetcher, clock: Clock, interval: float,
                 timeout: float = DEFAULTS.watch_timeout, agent: str | None = None):
        parts = urlsplit(url)
        self.spec = spec
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.instance = parts.hostname or parts.netloc
        path = parts.path.strip("/")
        self.trends = path == "trends"
        self.tag = path[len("tags/"):] if path.startswith("tags/") else None
        if path and not self.trends and not self.tag:
            raise SpecError(f"{spec}: expected mastodon:https://HOST, .../tags/TAG or .../trends")
        self._fetcher = fetcher
        self._clock = clock
        self.interval = interval
        self.timeout = timeout
        self.agent = agent
        self.streaming = not self.trends

    def streaming_url(self) -> str:
        """The streaming API's websocket address for this timeline.

        >>> MastodonStream("m", "https://social.example/tags/Storm", fetcher=None, clock=None,
        ...                interval=30).streaming_url()
        'wss://social.example/api/v1/streaming?stream=hashtag&tag=Storm'
        """
        scheme = "wss" if self.base.startswith("https") else "ws"
        query = urlencode({"stream": "hashtag", "tag": self.tag}) if self.tag else "stream=public"
        return f"{scheme}://{self.base.split('://', 1)[1]}/api/v1/streaming?{query}"

    def _get_json(self, path: str, params: dict) -> tuple[object | None, str | None]:
        url = f"{self.base}{path}" + (f"?{urlencode(params)}" if params else "")
        got = self._fetcher.get(url, headers={"Accept": "application/json"})
        if not got.ok:
            return None, f"{url}: {got.error or f'HTTP {got.status}'}"
        try:
            return json.loads(got.body), None
        except ValueError as exc:
            return None, f"{url}: answer is not JSON ({exc})"

    def trending_tags(self) -> tuple[list[str], str | None]:
        found, error = self._get_json("/api/v1/trends/tags", {"limit": MASTODON_TRENDS})
        if error:
            return [], error
        if not isinstance(found, list):
            return [], "trends answer is not a list"
        tags = [t["name"] for t in found if isinstance(t, dict) and t.get("name")]
        return tags[:MASTODON_TRENDS], None

    def run(self, cursor: str | None, emit: Emit, stop: threading.Event) -> None:
        try:
            cursors = json.loads(cursor) if cursor else {}
        except ValueError:
            cursors = {}
        if self.streaming:
            self._follow(cursors, emit, stop)
        tags: list[str] = [self.tag] if self.tag else []
        polls = 0
        while not stop.is_set():
            if self.trends and polls % TRENDS_EVERY == 0:
                fresh, error = self.trending_tags()
                if error and not emit(StreamError(error), None):
                    return
                tags = fresh or tags
            timelines = tags if (self.tag or self.trends) else [None]
            for tag in timelines:
                if not self._read_timeline(tag, cursors, emit, stop):
                    return
            polls += 1
            self._clock.sleep(self.interval, stop)

    def _read_timeline(self, tag: str | None, cursors: dict, emit: Emit, stop: threading.Event) -> bool:
        key = f"tag:{tag.lower()}" if tag else "public"
        path = f"/api/v1/timelines/tag/{quote(tag, safe='')}" if tag else "/api/v1/timelines/public"
        while not stop.is_set():
            params = {"limit": MASTODON_PAGE}
            if key in cursors:
                params["min_id"] = cursors[key]
            page, error = self._get_json(path, params)
            if error:
                return emit(StreamError(f"{error}; resuming after status {cursors.get(key)}"), None)
            if not isinstance(page, list):
                return emit(StreamError(f"{path}: answer is not a list of statuses"), None)
            statuses = sorted((s for s in page if isinstance(s, dict) and s.get("id")),
                              key=lambda s: _id_order(str(s["id"])))
            for status in statuses:
                cursors[key] = str(status["id"])
                post = mastodon_post(status, self.instance)
                if post is not None and not emit(post, json.dumps(cursors, sort_keys=True)):
                    return False
            if len(page) < MASTODON_PAGE or key not in cursors:
                return True
        return False

    def _follow(self, cursors: dict, emit: Emit, stop: threading.Event) -> None:
        """Stream the timeline, catching up through REST first and after each drop;
        returns (to REST polling) when the instance refuses the stream."""
        from .websocket import Refused, keep_following

        key = f"tag:{self.tag.lower()}" if self.tag else "public"

        def lost(reason: str) -> bool:
            return emit(StreamError(f"{self.streaming_url()} disconnected ({reason}); catching up after "
                                    f"status {cursors.get(key)}"), None)

        try:
            keep_following(self.streaming_url, handle=lambda m: self._streamed(m, key, cursors, emit),
                           lost=lost, stop=stop, timeout=self.timeout, agent=self.agent,
                           before=lambda: self._read_timeline(self.tag, cursors, emit, stop))
        except Refused as exc:
            emit(StreamError(f"{self.streaming_url()}: streaming refused ({exc}); polling the REST "
                             f"API every {self.interval:g} s instead"), None)
            self.streaming = False

    def _streamed(self, message, key: str, cursors: dict, emit: Emit) -> bool:
        try:
            event = json.loads(message)
            status = json.loads(event["payload"]) if event.get("event") == "update" else None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            return emit(Rejection(self.spec, f"streaming message is not a Mastodon event: {exc}"), None)
        if not isinstance(status, dict) or not status.get("id"):
            return True  # deletes, notifications, filters changed: nothing to count
        status_id = str(status["id"])
        if key not in cursors or _id_order(status_id) > _id_order(cursors[key]):
            cursors[key] = status_id
        post = mastodon_post(status, self.instance)
        return post is None or emit(post, json.dumps(cursors, sort_keys=True))
