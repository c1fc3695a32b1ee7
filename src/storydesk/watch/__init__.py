"""Watching the web: feeds polled on their own schedules, linked pages fetched for their
full text, social post streams followed, all state kept in the store.

The parts, in the order data flows through them:

- :mod:`.feedlist` reads what the user points the desk at (URLs, a text file, OPML);
- :mod:`.fetch` is the one polite HTTP client (robots.txt, per-host limits, size and time
  limits, conditional GET) and :mod:`.urls` the canonical form of a URL;
- :mod:`.entries` reads a feed (or finds the feed of a homepage), :mod:`.fulltext` turns
  an entry into an article, fetching its page when the feed gives only a summary;
- :mod:`.schedule` decides when each feed is polled next;
- :mod:`.poll` polls one feed (in a worker thread), :mod:`.watcher` runs it all and is
  the one writer; :mod:`.supervise` runs the watcher in a child process replaced every
  ``watch_restart_hours`` (what `storydesk watch` does);
- :mod:`.streams` and :mod:`.jetstream` follow post streams.
"""

from .clock import Clock, ScaledClock, SystemClock
from .watcher import Watcher

__all__ = ["Clock", "ScaledClock", "SystemClock", "Watcher"]
