"""`storydesk watch` on a loopback news web over a simulated day, beside a naive poller.

The news web (:mod:`benchmarks.watch_web`, its own process) has ``--feeds`` feeds from
outlets on 127.0.0.1, publishing ``--entries`` entries over one simulated day, compressed
into ``--day-seconds`` of wall time. Each page belongs to an event (a giveme5w1h gold
event; an article-extraction page is one of its own) covered for 2 to 30 hours, so each
day brings mostly new events and stories end, some spilling into the next day
(``--same-topics``: every page at a random time of the whole run, the same events every
day, as before). Publishing rates are skewed as real feeds' are (a
few feeds carry most entries: Zipf weights); 10 % of feeds are summary-only; entries link
to real article pages (the article-extraction benchmark's captured pages and giveme5w1h
articles rendered as news pages); some entries are edited later in the day, some are
carried by two outlets' feeds; some outlets' robots.txt disallow a path that some entries
link to, or set a Crawl-delay; some feeds send ``Cache-Control: max-age`` or ``<ttl>``.
A Jetstream-shaped websocket sends ``--posts-rate`` posts a second (wall clock; 25/s is
Bluesky's average), some linking articles.

Two systems, each in its own process on a fresh store, against a fresh news web:

- **storydesk**: ``storydesk watch``'s :class:`~storydesk.watch.Watcher` (the path users
  take: conditional GET, adaptive schedule, full text, posts), on a store that has
  watched these feeds for a week before (their rates known, nothing stored);
- **naive poller**: every feed every N minutes, a plain GET (no conditional request, no
  page fetch) handed to ``Desk.ingest_bytes`` (what ``storydesk ingest URL`` in a cron
  loop does), N chosen so its requests match storydesk's (the same budget).

Both run ``storydesk serve`` beside them; a sample of new articles is looked for on their
story page. Measured:

- freshness p50/p99 in minutes: entry published → its article in a story; → the story
  page shows it. Waiting for a poll is counted in simulated time, the work after it
  (fetching pages, analysis, grouping, the page) in real time, since the clock only
  speeds up the waiting;
- requests and kilobytes per new article, share of 304 answers to feed requests;
- duplicate articles (stored articles beyond one per published page; must be 0);
- robots.txt-disallowed fetches (must be 0);
- CPU seconds per new article (the watcher, its fork server and worker processes, page
  extraction and analysis, live and replaced ones; storydesk's includes the posts) and
  resident memory of that process tree (the sum of the watcher's, the fork server's and
  each live worker's PSS: every page counted once, a page shared by the fork server and
  its workers or by all three once in all; round 6's count, the watcher's RSS plus each
  other process's private memory, day by day beside it) at the start (the warmed desk:
  :func:`storydesk.watch.memory.warm_up`), half-way through the run, at the end of each
  simulated day and at the end; the watcher's own RSS day by day beside it.

    python benchmarks/watch.py                         # 200 feeds, the full run
    python benchmarks/watch.py --feeds 40 --entries 60 --day-seconds 60   # a quick look
    python benchmarks/watch.py --days 4 --entries 564 --day-seconds 120 --only storydesk --window-days 1
        # memory, day by day: stories leave memory a day after their window (7 days by default;
        # 1 here, so that four days show the level memory keeps once they do); add
        # --same-topics for a stream whose stories never end
"""

from __future__ import annotations

import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import ROOT, default_data, report, require  # noqa: E402

DAY = 86400.0
NAIVE_AGENT = "naive-poller/1.0"
#: Supervised, day ends are sampled this many simulated seconds before the watcher is replaced.
BEFORE_RESTART = 0.05 * DAY
SECTIONS = ("news", "world", "politics", "business", "sport")


# -- the plan ------------------------------------------------------------------------------------


def g5_events(data: Path) -> dict[str, str]:
    """The gold event of each giveme5w1h article (file name: event id)."""
    from benchmarks.grouping import _event  # the grouping benchmark's reading of the gold label

    return {path.name: str(_event(json.loads(path.read_text(encoding="utf-8"))))
            for path in sorted((data / "giveme5w1h-news-cluster" / "data").glob("*.json"))}


def event_times(pages: list[dict], span: float, rng: random.Random) -> dict[str, tuple[float, float]]:
    """When each event of ``pages`` is covered: ``(start, duration)``, a duration of 2 to
    30 hours (so some spill into the next day) starting anywhere in the ``span`` (one that
    runs past its end goes on from its beginning: every day brings as many articles)."""
    times = {}
    for event in sorted({p["event"] for p in pages}):
        times[event] = (rng.uniform(0, span), min(rng.uniform(2 * 3600, 30 * 3600), span))
    return times


def make_plan(data: Path, n_feeds: int, n_entries: int, seed: int, days: int = 1,
              same_topics: bool = False) -> dict:
    """Outlets, feeds, pages and entries of the simulated days (times relative to their start).

    Each page belongs to an event (a giveme5w1h gold event; an article-extraction page is
    an event of its own), and an event's articles are published within its hours, so each
    day mostly brings new events and stories end. ``same_topics`` publishes every page at a
    uniformly random time of the whole span instead: every event on every day."""
    rng = random.Random(seed)
    aeb = sorted(p.name[:-len(".html.gz")] for p in (data / "article-extraction-benchmark" / "html").glob("*.html.gz"))
    events = g5_events(data)
    g5 = sorted(events)
    pages = [{"id": i, "kind": "aeb", "ref": r, "event": f"page:{r}"} for i, r in enumerate(aeb)]
    pages += [{"id": len(aeb) + i, "kind": "g5", "ref": r, "event": f"g5:{events[r]}"} for i, r in enumerate(g5)]
    rng.shuffle(pages)
    n_entries = min(n_entries, len(pages))
    when = event_times(pages[:n_entries], days * DAY, random.Random(seed + 1))
    n_outlets = max(1, n_feeds // 5)
    outlets = [{"id": o, "name": f"Outlet {o:03d}", "private": rng.random() < 0.3,
                "crawl_delay": 10 if rng.random() < 0.2 else None,
                "max_age": 600 if rng.random() < 0.3 else None} for o in range(n_outlets)]
    feeds = [{"id": f, "outlet": f % n_outlets, "section": SECTIONS[(f // n_outlets) % len(SECTIONS)],
              "summary_only": False, "ttl": 30 if rng.random() < 0.1 else None} for f in range(n_feeds)]
    for f in rng.sample(feeds, max(1, n_feeds // 10)):
        f["summary_only"] = True
    order = list(range(n_feeds))
    rng.shuffle(order)
    weights = [0.0] * n_feeds
    for rank, f in enumerate(order, start=1):
        weights[f] = 1.0 / rank
    total = sum(weights)
    for f in feeds:
        f["rate"] = n_entries * weights[f["id"]] / total / days  # entries a day
    entries = []
    for e in range(n_entries):
        feed = rng.choices(range(n_feeds), weights=weights)[0]
        page = pages[e]
        start, duration = when[page["event"]]
        published = rng.uniform(0, days * DAY) if same_topics else (start + rng.uniform(0, duration)) % (days * DAY)
        entry = {"id": e, "feeds": [feed], "page": page["id"], "published": published,
                 "private": feeds[feed]["summary_only"] and outlets[feeds[feed]["outlet"]]["private"]
                 and rng.random() < 0.5, "edit_at": None}
        if page["kind"] == "g5" and rng.random() < 0.05:
            entry["edit_at"] = entry["published"] + rng.uniform(3600, 6 * 3600)
        if rng.random() < 0.05:
            other = rng.choice([f["id"] for f in feeds if f["outlet"] != feeds[feed]["outlet"]] or [feed])
            if other != feed:
                entry["feeds"].append(other)
        entries.append(entry)
    used = {e["page"] for e in entries}
    return {"outlets": outlets, "feeds": feeds, "pages": [p for p in pages if p["id"] in used],
            "entries": entries}


def start_web(plan: dict, start: float, factor: float, posts_rate: float, seed: int, data: Path,
              folder: Path) -> tuple[subprocess.Popen, dict, dict]:
    """The news web, its simulated day starting 3 s from now; (process, ready info, plan)."""
    timed = dict(plan, data=str(data), start=start, t0=time.time() + 3.0, factor=factor,
                 posts_rate=posts_rate, seed=seed)
    for entry in timed["entries"]:
        entry["published"] += start
        if entry["edit_at"] is not None:
            entry["edit_at"] += start
    plan_path, ready = folder / "plan.json", folder / "ready.json"
    ready.unlink(missing_ok=True)
    plan_path.write_text(json.dumps(timed))
    process = subprocess.Popen([sys.executable, "-m", "benchmarks.watch_web", str(plan_path), str(ready)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the news web did not start: {process.stderr.read().decode()[-2000:]}")
        time.sleep(0.1)
    return process, json.loads(ready.read_text()), timed


class SimClock:
    """The news web's simulated time (same origin), as a storydesk clock."""

    def __init__(self, start: float, t0: float, factor: float):
        self.start, self.t0, self.factor = start, t0, factor

    def time(self) -> float:
        return self.start + (time.time() - self.t0) * self.factor

    def sleep(self, seconds: float, stop: threading.Event) -> bool:
        return not stop.wait(max(0.0, seconds) / self.factor)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _native_mb() -> tuple[float, float]:
    """Memory SQLite holds (its page caches and statements) and what glibc's malloc has
    handed out (Python's small objects live in arenas of their own), in MB; NaN where the
    library is not at hand."""
    import ctypes

    class _MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
            "keepcost")]

    sqlite_mb = malloc_mb = float("nan")
    try:
        lib = ctypes.CDLL("libsqlite3.so.0")
        lib.sqlite3_memory_used.restype = ctypes.c_int64
        sqlite_mb = lib.sqlite3_memory_used() / 1e6
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
        malloc_mb = (info.uordblks + info.hblkhd) / 1e6
    except (OSError, AttributeError):
        pass
    return sqlite_mb, malloc_mb


def _python_blocks(path: Path) -> str:
    """Python's allocated blocks and pymalloc's arenas in use (``sys._debugmallocstats``,
    written whole to ``path``: it prints to the C stderr, redirected for the call)."""
    import re

    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(path, "w") as out:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    text = path.read_text()
    arenas = re.search(r"# arenas allocated current\s*=\s*([\d,]+)", text)
    held = re.search(r"# bytes in allocated blocks\s*=\s*([\d,]+)", text)
    return (f"{sys.getallocatedblocks():,} blocks, {arenas.group(1) if arenas else '?'} arenas, "
            f"{int(held.group(1).replace(',', '')) / 1e6 if held else float('nan'):.1f} MB in pymalloc blocks")


def _held(desk) -> str:
    """The stories the desk's grouping holds in memory, their member signatures and
    centroid terms (what a story that stays active could grow without a bound)."""
    for _ in range(5):  # read from another thread than the writer's: retry a changing dict
        try:
            held = desk.tracker.footprint()
            return f"{held['stories']}/{held['members']}/{held['centroid terms']}"
        except RuntimeError:
            time.sleep(0.05)
    return "?"


def _workers() -> list[int]:
    """The process ids of the desk's live helper processes: its fork server and the
    worker processes (page extraction, analysis) forked from it, children's children
    included."""
    import multiprocessing

    found = [p.pid for p in multiprocessing.active_children() if p.pid is not None]
    todo = list(found)  # not the news web's or `serve`'s processes, which are this one's children too
    while todo:
        pid = todo.pop()
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except (OSError, ValueError):
                continue
            found += kids
            todo += kids
    return found


def _smaps_mb(pid: int | str, fields: tuple[str, ...]) -> float:
    """The sum of ``fields`` of process ``pid``'s memory map, in MB; 0 when it is gone."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    return sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith(fields)) / 1024


def _private_mb(pid: int) -> float:
    """Memory only process ``pid`` holds (pages it shares with no other process), in MB."""
    return _smaps_mb(pid, ("Private_Clean:", "Private_Dirty:"))


def _rss_mb(tree: bool = True, watcher: int | str = "self") -> float:
    """Resident memory of the watcher alone (its RSS; process ``watcher``: this one, or
    the supervised child), or with ``tree`` of the whole process tree: this process (the
    supervisor, or the watcher itself), the watcher, its fork server and their workers,
    each page counted once (the sum of their proportional set sizes, PSS: a page shared by
    n of them counts 1/n in each, so the model's pages they share are counted once in all)."""
    if tree:
        return sum(_smaps_mb(pid, ("Pss:",)) for pid in ["self", *_workers()])
    try:
        for line in Path(f"/proc/{watcher}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _rss_private_mb(watcher: int | str = "self") -> float:
    """Round 6's count of the tree, kept to compare: the watcher's RSS plus each other
    process's private memory (an upper bound on what the tree adds, less pages that only
    the fork server and workers share)."""
    others = [pid for pid in ["self", *_workers()] if str(pid) != str(watcher)]
    return _rss_mb(tree=False, watcher=watcher) + sum(_private_mb(pid) for pid in others)


def _helpers() -> str:
    """Each helper process's private memory in MB, as "server/worker/worker" (the fork
    server first: the watcher's child; supervised, the watcher first, then its fork
    server and workers)."""
    return "/".join(f"{_private_mb(pid):.0f}" for pid in _workers())


def _cpu() -> float:
    """CPU seconds of the watcher and its helper processes: the live ones' (with what the
    fork server's reaped workers spent) and those reaped by the watcher so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    live = 0.0
    for pid in _workers():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            live += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")  # utime stime cutime cstime
        except (OSError, IndexError, ValueError):
            continue
    return usage.ru_utime + usage.ru_stime + done.ru_utime + done.ru_stime + live


class PageWatcher:
    """Looks for a sample of new articles on their story page (``storydesk serve``)."""

    def __init__(self, db: str, every: int = 4, limit: int = 120):
        self.port = _free_port()
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.server = subprocess.Popen(
            [sys.executable, "-m", "storydesk", "serve", "--db", db, "--port", str(self.port)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        self.every, self.limit = every, limit
        self.pending: list[tuple[str, str, float]] = []
        self.shown: dict[str, float] = {}
        self.seen = 0
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def offer(self, article_id: str, story_id: str | None, freshness: float) -> None:
        """Look for the article on its story page; ``freshness`` is its delay so far."""
        self.seen += 1
        if story_id and self.seen % self.every == 0 and len(self.shown) + len(self.pending) < self.limit:
            with self.lock:
                self.pending.append((article_id, story_id, freshness - time.monotonic()))

    def _run(self) -> None:
        import httpx

        with httpx.Client(timeout=30.0) as client:
            while not self.stop.is_set():
                with self.lock:
                    todo = list(self.pending)
                for item in todo:
                    article_id, story_id, base = item
                    try:
                        page = client.get(f"http://127.0.0.1:{self.port}/stories/{story_id}").text
                    except httpx.HTTPError:
                        continue
                    if f"/articles/{article_id}" in page:  # the page's delay is real time
                        self.shown[article_id] = base + time.monotonic()
                        with self.lock:
                            self.pending.remove(item)
                self.stop.wait(0.5)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.server.terminate()
        self.server.wait(10)


def _entry_of(article, urls: dict[str, int]) -> int | None:
    """The simulated entry an article was made from: its page URL, else the GUID the feed
    gave (``OUTLET-ENTRY``) after the ``#`` of a feed-text article's source."""
    for value in (article.source, article.url):
        if value in urls:
            return urls[value]
    if "#" in article.source:
        tail = article.source.rsplit("#", 1)[1]
        if "-" in tail and tail.rsplit("-", 1)[1].isdigit():
            return int(tail.rsplit("-", 1)[1])
        if article.source.split("#")[0] in urls:
            return urls[article.source.split("#")[0]]
    return None


# -- one system's run (a child process) ----------------------------------------------------------


def run_system(system: str, args, budget: int | None) -> dict:
    from storydesk import Desk, Settings
    from storydesk.store import feeds as feeds_db
    from storydesk.watch.clock import iso
    from storydesk.watch.memory import tune_allocator, warm_up

    if system == "storydesk":
        tune_allocator()  # what `storydesk watch` does first

    data = args.data
    plan = make_plan(data, args.feeds, args.entries, args.seed, args.days, args.same_topics)
    span = args.days * DAY
    folder = Path(tempfile.mkdtemp(prefix=f"watch-bench-{system}-"))
    db = str(folder / "desk.db")
    factor = DAY / args.day_seconds
    settings = Settings(db=db).replace(watch_contact="https://storydesk.example/benchmark",
                                       watch_timeout=20.0, watch_workers=8)
    if args.window_days is not None:
        settings = settings.replace(story_window_days=args.window_days)
    desk = Desk(settings)
    restart_hours = settings.watch_restart_hours if args.restart_hours is None else args.restart_hours
    settings = settings.replace(watch_restart_hours=restart_hours)
    supervised = system == "storydesk" and restart_hours > 0  # what `storydesk watch` does then
    supervisor = None
    if not supervised:  # the supervised watcher warms up in its own process
        warm_up(desk)  # what `storydesk watch` loads before its first poll, for both systems: the start is warm
    start = time.time() - span - 600  # the simulated days end just before now
    web, ready, timed = start_web(plan, start, factor, args.posts_rate if system == "storydesk" else 0.0,
                                  args.seed, data, folder)
    clock = SimClock(start, timed["t0"], factor)
    entries = {e["id"]: e for e in timed["entries"]}
    urls = {u: int(e) for e, u in ready["entry_urls"].items()}
    page_of = {e["id"]: e["page"] for e in timed["entries"]}
    stored_at: dict[int, float] = {}
    trace: list[dict] = []
    _ = desk.store  # created now: `storydesk serve` refuses a store that does not exist yet
    pages = PageWatcher(db)

    def arrived(article, story_id: str | None, edited: bool, found_at: float, latency: float) -> None:
        """Freshness: simulated time until a poll found the entry, then the real time it
        took to store, analyze and group it (real work is not sped up with the clock)."""
        entry = _entry_of(article, urls)
        if entry is None or edited or entry in stored_at:
            return
        stored_at[entry] = max(0.0, found_at - entries[entry]["published"]) + latency
        trace.append({"entry": entry, "feeds": entries[entry]["feeds"],
                      "published": entries[entry]["published"] - start,
                      "found": found_at - start, "latency_s": round(latency, 2)})
        pages.offer(article.id, story_id, stored_at[entry])

    rss_start, cpu_start = (float("nan") if supervised else _rss_mb()), _cpu()
    warm = threading.Event()  # supervised: the tree's start is taken at the first article (warm by then)

    def watcher_pid() -> int | str:
        pid = supervisor.pid if supervisor is not None else None
        return pid if pid is not None else ("self" if not supervised else 0)
    rss_mid: list[float] = []
    snapshots: list = []
    blocks_days: list[str] = []  # Python's allocated blocks and pymalloc's arenas (--memory-trace)
    if args.memory_trace:
        args.memory_trace.mkdir(parents=True, exist_ok=True)
    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start(8)

    rss_days: list[float] = []
    own_days: list[float] = []  # the watcher's alone, without its workers
    upper_days: list[float] = []  # round 6's count: the watcher's RSS plus the others' private memory
    helpers_days: list[str] = []  # each helper process's private memory
    native_days: list[tuple[float, float]] = []
    held_days: list[str] = []

    def sample_mid() -> None:  # resident memory half-way through the run and at each day's end
        days = [(start + d * DAY, d) for d in range(1, args.days)]
        if supervised:  # just before each replacement (a day's end): the watcher at its oldest and largest
            days = [(at - BEFORE_RESTART, d) for at, d in days + [(start + span, args.days)]]
        mid = start + span / 2 - (BEFORE_RESTART if supervised else 0.0)
        marks = sorted([(mid, "mid")] + days, key=lambda mark: mark[0])
        for at, mark in marks:
            while clock.time() < at:
                time.sleep(0.2)
            (rss_mid if mark == "mid" else rss_days).append(_rss_mb())
            if mark != "mid":
                own_days.append(_rss_mb(tree=False, watcher=watcher_pid()))
                upper_days.append(_rss_private_mb(watcher_pid()))
                helpers_days.append(_helpers())
                native_days.append(_native_mb() if not supervised else (float("nan"),) * 2)
                held_days.append(_held(desk) if not supervised else "-")
            if args.memory_trace and mark != "mid":
                blocks_days.append(_python_blocks(args.memory_trace / f"mallocstats-{mark}.txt"))
            if args.tracemalloc and (mark != "mid" or args.days == 1):
                import tracemalloc  # where the memory of the rest of the run goes

                snapshots.append(tracemalloc.take_snapshot())

    threading.Thread(target=sample_mid, daemon=True).start()
    if system == "storydesk":
        from storydesk.watch.watcher import Watcher

        for feed in plan["feeds"]:  # a desk that watched these feeds last week: their rates are known
            row, _ = feeds_db.add_feed(desk.store, ready["feeds"][str(feed["id"])], iso(start))
            week = int(round(feed["rate"] * 7))
            for n in range(week):
                at = iso(start - 7 * DAY + (n + 0.5) * 7 * DAY / week)
                feeds_db.record_entry(desk.store, row["id"], f"history-{n}", "-", None, [], at, at)
        posts = [f"jetstream:{ready['jetstream']}"] if ready.get("jetstream") else []
        def told(ev) -> None:
            nonlocal rss_start
            if supervised and not warm.is_set():
                rss_start = _rss_mb()
                warm.set()
            arrived(ev.article, ev.story_id, ev.edited, ev.found_at, ev.latency_s)

        if supervised:
            from storydesk.watch.supervise import Supervisor

            supervisor = runner = Supervisor(settings, clock=clock, posts=posts, on_article=told)
        else:
            runner = Watcher(desk, clock=clock, posts=posts, on_article=told)
        while clock.time() < start:
            time.sleep(0.05)
        stats = runner.run(until=start + span)
        extra = {"posts": stats.posts, "posts linked to a story": stats.posts_linked,
                 "edits in place": stats.edits, "failed polls": stats.failures}
        if supervisor is not None:
            extra.update({"watchers replaced": supervisor.restarts, "watchers died": supervisor.deaths,
                          "s without a watcher at a replacement (max)": round(max(supervisor.gaps, default=0.0), 1)})
    else:
        extra = naive_poll(desk, clock, start, span, ready, budget, arrived)
    cpu = _cpu() - cpu_start
    if snapshots:
        import tracemalloc

        snapshots.append(tracemalloc.take_snapshot())
        pairs = list(zip(snapshots, snapshots[1:], [f"day {d}" for d in range(2, len(snapshots) + 1)]))
        if len(snapshots) > 2:  # and over the whole run after the first day
            pairs.append((snapshots[0], snapshots[-1], f"days 2 to {len(snapshots)}"))
        for before, after, days in pairs:
            total = sum(s.size for s in after.statistics("filename")) - sum(
                s.size for s in before.statistics("filename"))
            print(f"-- what grew on {days}: {total / 1e6:+.1f} MB traced Python memory; by file, "
                  "then by line --", file=sys.stderr)
            for stat in after.compare_to(before, "filename")[:8] + after.compare_to(before, "lineno")[:12]:
                print(stat, file=sys.stderr)
            for stat in after.compare_to(before, "traceback")[:6]:
                print(f"{stat.size_diff / 1e3:+.0f} kB, {stat.count_diff:+d} blocks:", file=sys.stderr)
                for line in stat.traceback.format(limit=8):
                    print("   ", line, file=sys.stderr)
    if args.trace:
        polled = [dict(r) for r in desk.store.execute(
            "SELECT id, polls, not_modified, interval_s, not_before, failures, last_error FROM feeds")]
        args.trace.write_text(json.dumps({"entries": trace, "feeds": polled}))
    if args.memory_trace:
        blocks_days.append(_python_blocks(args.memory_trace / "mallocstats-end.txt"))
        for day, blocks in enumerate(blocks_days, start=1):
            print(f"-- end of day {day}: {blocks}", file=sys.stderr)
    if supervised:  # the last watcher has exited: the last day's end was sampled before it did
        rss_end = rss_days[-1] if rss_days else float("nan")
    else:
        rss_end = _rss_mb()
        own_days.append(_rss_mb(tree=False))
        native_days.append(_native_mb())
        held_days.append(_held(desk))
        upper_days.append(_rss_private_mb())
        helpers_days.append(_helpers())
    time.sleep(min(30.0, 2 * args.day_seconds / 24))  # let the page watcher catch up (it is sampled)
    pages.close()
    import httpx

    stats = httpx.get(ready["control"], timeout=10).json()
    web.terminate()
    web.wait(10)
    mine = stats.get("storydesk" if system == "storydesk" else NAIVE_AGENT.split("/")[0], {})
    articles = desk.store.list_articles()
    mapped = [_entry_of(a, urls) for a in articles]
    distinct_pages = {page_of[e] for e in mapped if e is not None}
    published = [e for e in entries.values() if e["published"] <= start + span]
    desk.close()
    new = len(stored_at)

    def minutes(values: list[float], q: float) -> float | None:
        if not values:
            return None
        values = sorted(values)
        return round(values[min(len(values) - 1, int(q * len(values)))] / 60.0, 1)

    fresh = list(stored_at.values())
    shown = list(pages.shown.values())
    feed_requests = mine.get("feed_requests", 0)
    return {
        "new articles": new,
        "missed by day end": len({page_of[e["id"]] for e in published}) - len(distinct_pages),
        "in story p50 min": minutes(fresh, 0.5),
        "in story p99 min": minutes(fresh, 0.99),
        "on page p50 min": minutes(shown, 0.5),
        "on page p99 min": minutes(shown, 0.99),
        "requests/article": round(mine.get("requests", 0) / max(new, 1), 2),
        "KB/article": round(mine.get("bytes", 0) / 1024 / max(new, 1), 1),
        "304 share": round(mine.get("not_modified", 0) / max(feed_requests, 1), 3),
        "duplicates": len(articles) - len(distinct_pages),
        "robots-disallowed fetches": mine.get("disallowed_fetches", 0),
        "CPU s/article": round(cpu / max(new, 1), 3),
        "RSS start MB": round(rss_start, 1),
        "RSS half-way MB": round(rss_mid[0], 1) if rss_mid else None,
        "RSS end MB": round(rss_end, 1),
        **{f"RSS end of day {d} MB": round(v, 1) for d, v in enumerate(rss_days, start=1)},
        **{f"watcher alone RSS MB end of day {d}": round(v, 1) for d, v in
           enumerate(own_days, start=1)},
        **{f"watcher RSS + others' private MB end of day {d}": round(v, 1) for d, v in
           enumerate(upper_days, start=1)},
        **{f"fork server & workers' private MB end of day {d}": h for d, h in
           enumerate(helpers_days, start=1)},
        **{f"SQLite/malloc MB end of day {d}": f"{sq:.1f}/{ma:.1f}" for d, (sq, ma) in
           enumerate(native_days, start=1)},
        **{f"stories/members/centroid terms in memory end of day {d}": h for d, h in
           enumerate(held_days, start=1)},
        "requests": mine.get("requests", 0),
        "feed requests": feed_requests,
        "page requests": mine.get("page_requests", 0),
        "pages sampled": len(shown),
        **extra,
    }


def naive_poll(desk, clock: SimClock, start: float, span: float, ready: dict, budget: int | None, arrived) -> dict:
    """Every feed every N minutes: plain GETs (one thread, in turn, on schedule), each body
    then handed to ``Desk.ingest_bytes`` (the writer, as storydesk's has its own)."""
    import queue

    import httpx

    from storydesk.model import Article
    from storydesk.store.feeds import story_of_article

    feeds = list(ready["feeds"].values())
    rounds = max(1, int((budget or len(feeds) * 24) / max(len(feeds), 1)))
    interval = span / rounds
    bodies: queue.Queue = queue.Queue()
    done = threading.Event()

    def poll() -> None:
        with httpx.Client(headers={"User-Agent": NAIVE_AGENT}, timeout=20.0, follow_redirects=True) as client:
            n = 0
            while clock.time() < start + span:
                due = start + n * interval
                while clock.time() < due:
                    time.sleep(0.02)
                for url in feeds:
                    if clock.time() >= start + span:
                        break
                    try:
                        body = client.get(url).content
                    except httpx.HTTPError:
                        continue
                    bodies.put((url, body, clock.time(), time.monotonic()))
                n += 1
        done.set()

    while clock.time() < start:
        time.sleep(0.05)
    threading.Thread(target=poll, daemon=True).start()
    while not (done.is_set() and bodies.empty()):
        try:
            url, body, found_at, found_real = bodies.get(timeout=0.1)
        except queue.Empty:
            continue

        def told(result, is_new: bool) -> None:
            if is_new and isinstance(result, Article):
                arrived(result, story_of_article(desk.store, result.id), False, found_at,  # noqa: B023
                        time.monotonic() - found_real)  # noqa: B023 - ingest_bytes calls back before returning

        desk.ingest_bytes(body, url, on_result=told)
    return {"poll every (min)": round(interval / 60, 1)}


# -- the parent ------------------------------------------------------------------------------------


def main() -> None:
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=default_data(""), help="the shared data folder")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument("--feeds", type=int, default=200)
    p.add_argument("--entries", type=int, default=300, help="entries published over the day (at most 564)")
    p.add_argument("--day-seconds", type=float, default=240.0, help="wall seconds one simulated day takes")
    p.add_argument("--posts-rate", type=float, default=25.0, help="posts a second on the post stream")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--days", type=int, default=1, help="simulated days (each --day-seconds long)")
    p.add_argument("--window-days", type=float,
                   help="story_window_days (default: the setting's); stories leave memory a day after it, "
                        "so --days beyond it shows where memory levels off")
    p.add_argument("--same-topics", action="store_true",
                   help="publish every page at a random time of the whole run (every event on every day: "
                        "stories never end), not within its event's hours")
    p.add_argument("--only", choices=("storydesk", "naive"), help="run one system (no budget matching)")
    p.add_argument("--role", choices=("storydesk", "naive"), help=argparse.SUPPRESS)
    p.add_argument("--budget", type=int, help=argparse.SUPPRESS)
    p.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--trace", type=Path, help=argparse.SUPPRESS)  # per-entry timings of a --role run
    p.add_argument("--memory-trace", type=Path, metavar="DIR",
                   help="print the watcher's Python blocks and pymalloc arenas at each day's end "
                        "(sys._debugmallocstats, written whole to DIR)")
    p.add_argument("--restart-hours", type=float,
                   help="watch_restart_hours for storydesk (default: the setting's; 0: the watcher in this "
                        "process, never replaced)")
    p.add_argument("--tracemalloc", action="store_true",
                   help="trace the watcher's Python memory (slow): print what grew between day ends by "
                        "file, line and call stack (pymalloc's arenas are not reported under it)")
    args = p.parse_args()
    require(args.data / "article-extraction-benchmark")
    require(args.data / "giveme5w1h-news-cluster")
    if args.role:
        import logging

        logging.basicConfig(level=logging.ERROR)
        result = run_system(args.role, args, args.budget)
        args.out.write_text(json.dumps(result))
        return
    results = {}
    budget = None
    for system, name in (("storydesk", "storydesk watch"), ("naive", "naive poller, same requests")):
        if args.only and system != args.only:
            continue
        out = Path(tempfile.mkstemp(suffix=".json")[1])
        command = [sys.executable, str(Path(__file__).resolve()), "--role", system, "--out", str(out),
                   "--data", str(args.data), "--feeds", str(args.feeds), "--entries", str(args.entries),
                   "--day-seconds", str(args.day_seconds), "--posts-rate", str(args.posts_rate),
                   "--seed", str(args.seed), "--days", str(args.days)]
        if args.window_days is not None:
            command += ["--window-days", str(args.window_days)]
        if args.same_topics:
            command.append("--same-topics")
        if args.memory_trace:
            command += ["--memory-trace", str(args.memory_trace)]
        if args.tracemalloc:
            command.append("--tracemalloc")
        if args.restart_hours is not None:
            command += ["--restart-hours", str(args.restart_hours)]
        if budget is not None:
            command += ["--budget", str(budget)]
        print(f"running {name} ({args.day_seconds:g} s for the simulated day)...", file=sys.stderr)
        subprocess.run(command, check=True, cwd=ROOT)
        results[name] = json.loads(out.read_text())
        out.unlink()
        budget = results[name]["requests"] if budget is None else budget
    report(results, args.json, title=f"storydesk watch vs a naive poller: {args.feeds} feeds, {args.entries} "
                                     f"entries over {args.days} simulated day(s) ({args.day_seconds:g} s each), "
                                     f"{args.posts_rate:g} posts/s (storydesk only)")


if __name__ == "__main__":
    main()
