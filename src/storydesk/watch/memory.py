"""A watcher's memory stays flat: what is loaded once is loaded at start, the parsing
libraries run in worker processes that are replaced every ``worker_max_tasks`` pages or
analyses (what they fragment goes back to the system with them), forked from a fork
server started right after that loading (so they never copy pages the watcher writes
later), and what big batches freed in the watcher itself is handed back.

- :func:`warm_up`: the spaCy model, one analysis, and the stop lists of every language
  trafilatura's justext fallback reads (about 27 MB, otherwise loaded by the first page
  that needs the fallback, hours into a run). Memory measured after it is the desk's
  floor; anything above it that keeps growing is a leak.
- :func:`tune_allocator`: fewer allocator arenas for a process of many threads, and large
  blocks always mapped on their own (returned to the system when freed).
- :func:`trim`: glibc keeps freed memory in its arenas (one per thread that allocated);
  ``malloc_trim(0)`` returns their free pages. Elsewhere (musl, macOS) it does nothing.

What grows with the data is bounded where it lives: spaCy's vocabulary by the analyzer's
memory zone (:func:`storydesk.analyze.memory_zone`), the fetcher's per-host tables by
:data:`storydesk.watch.fetch.HOSTS_KEPT`, shared reads by their size, stories in memory
by their window (:class:`storydesk.stories.tracker.StoryTracker` evicts older ones and
finds them in the store when they are needed), what one story holds by its capped
centroid and its newest members (``RECENT_MEMBERS`` signatures; older ones are read from
the store's band index), trend terms by ``trend_table_size``. What none of these bounds is
the watcher's own heap fragmenting (Python's object arenas stay while any block in them
lives: live objects level, arenas still creep), so `storydesk watch` replaces the watcher
process every ``watch_restart_hours`` (:mod:`.supervise`).
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

#: glibc's mallopt parameter numbers (malloc.h).
M_ARENA_MAX = -8
M_MMAP_THRESHOLD = -3
M_TRIM_THRESHOLD = -1


def warm_up(desk) -> None:
    """Load now what a watching desk would otherwise load on first use, start the fork
    server its worker processes (page extraction, analysis:
    :class:`storydesk.quarantine.Guard`) are forked from, with all of that loaded and
    before any fetching thread runs or the desk's own state grows
    (:class:`storydesk.budget.ForkServer`), then its two workers."""
    from ..errors import InputError
    from ..ingest import html  # noqa: F401  (the workers' code: loaded once, shared)
    from ..ingest.common import make_article

    try:  # trafilatura's fallback builds this once, from every language's list
        from trafilatura import external

        if getattr(external, "JT_STOPLIST", None) is None:
            external.jt_stoplist_init()
    except (ImportError, AttributeError) as exc:  # another trafilatura: its first fallback pays instead
        log.debug("justext stop lists not preloaded: %s", exc)
    desk.guard.serve_forks()  # loads the model
    desk.analyze([make_article(text=_WARM_UP, source="warm-up", format="text", raw="")], cache=False)
    try:
        desk.guard.read_html(f"<html><body><article><p>{_WARM_UP}</p></article></body></html>".encode(), "warm-up")
    except InputError as exc:  # the worker is started either way
        log.debug("warm-up page not extracted: %s", exc.reason)


_WARM_UP = "Warm-up. The mayor said the bridge would reopen on Monday after repairs."


def tune_allocator(arenas: int = 2, mmap_threshold: int = 128 << 10) -> bool:
    """Set glibc's allocator for a long run of many threads (``MALLOC_ARENA_MAX``,
    ``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``): at most ``arenas`` arenas
    instead of up to eight per core (one per thread that allocated, each fragmenting on
    its own), and blocks of ``mmap_threshold`` bytes and more (feed bodies, parse
    buffers) mapped on their own and unmapped when freed, where glibc's moving threshold
    would otherwise let them into the arenas after the first large free and leave holes
    there. Call before the threads start (the CLI's ``watch`` does); True if set.
    Process-wide, so a library never calls it itself."""
    libc = _glibc()
    return libc is not None and all(bool(libc.mallopt(param, value)) for param, value in (
        (M_ARENA_MAX, arenas), (M_MMAP_THRESHOLD, mmap_threshold), (M_TRIM_THRESHOLD, mmap_threshold)))


def trim() -> bool:
    """Return the allocator's free memory to the system (glibc only); True if it did."""
    libc = _glibc()
    return libc is not None and bool(libc.malloc_trim(0))


def _glibc():
    """The C library when it is glibc (it has ``malloc_trim`` and ``mallopt``), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None
