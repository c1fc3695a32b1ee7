"""Following a websocket for as long as the desk runs (Jetstream, Mastodon's streaming
API): messages handed on one by one, the connection made again after a drop, waiting 1 s
doubling to a minute (jittered) between attempts, every drop reported."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

MAX_MESSAGE_BYTES = 1 << 20


class Refused(Exception):
    """The server answered the websocket handshake with an HTTP error (401, 404, ...)."""


def keep_following(address: Callable[[], str], *, handle: Callable[[str | bytes], bool],
                   lost: Callable[[str], bool], stop: threading.Event, timeout: float,
                   agent: str | None = None, before: Callable[[], bool] | None = None) -> None:
    """Receive from ``address()`` (asked again at each connection: a cursor may have moved)
    until ``stop``. Each message goes to ``handle``, a drop's reason to ``lost``, and
    ``before`` runs before each connection (catching up through another API); any of
    them returning False ends the following. :class:`Refused` when the server refuses."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
    from websockets.sync.client import connect

    rng = random.Random()
    wait = 1.0
    while not stop.is_set():
        if before is not None and not before():
            return
        try:
            # a ping unanswered for ``timeout`` (a server or link gone quiet) is a drop too
            with connect(address(), open_timeout=timeout, close_timeout=1.0, max_size=MAX_MESSAGE_BYTES,
                         user_agent_header=agent, ping_interval=timeout, ping_timeout=timeout) as ws:
                wait = 1.0
                while not stop.is_set():
                    try:
                        message = ws.recv(timeout=0.5)
                    except TimeoutError:
                        continue
                    if not handle(message):
                        return
        except InvalidStatus as exc:
            raise Refused(str(exc)) from exc
        except (ConnectionClosed, InvalidHandshake, InvalidURI, OSError, TimeoutError) as exc:
            if not lost(f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__):
                return
        stop.wait(wait * rng.uniform(0.75, 1.25))
        wait = min(wait * 2, 60.0)
