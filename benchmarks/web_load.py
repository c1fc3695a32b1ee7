"""The web desk under load, while an ingest writes to the same store.

A store of ``--articles`` articles (the example articles, all of timeline17, then AllSides
articles from neus-allsides-neutral-mds to make up the number) is built once, every
article through ``storydesk ingest`` (analysis and grouping; see
:mod:`benchmarks.web_load_store`), into a cache folder outside the repository
($STORYDESK_BENCH_CACHE, default /tmp/storydesk-bench) and reused. A build that runs out
of ``--build-minutes`` is resumed by the next run; until it is complete, the benchmark
runs on the partial store and its table says what the store held.

Each run copies the store, starts ``storydesk serve`` on it, and from a separate client
process measures requests per second and p50/p99 latency of the front page, a story page
and ``/api/stories/{id}`` while ``storydesk ingest`` adds new articles (AllSides
validation articles) to the same store. The baseline is the same three responses,
pre-rendered, served as static files by the same server (uvicorn, with Starlette's
StaticFiles), so the ratio is what storydesk's own work costs.

Everything listens on 127.0.0.1 only. Every phase is bounded by ``--requests`` and
``--seconds``. Any error (a non-200 answer, a refused connection) makes the exit status 1.

    python benchmarks/web_load.py                  # 10,000 articles (builds for up to 40 min)
    python benchmarks/web_load.py --articles 500   # a quick run on a smaller store
    python benchmarks/web_load.py --store OLD.db   # measure a store built some other way
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402
from benchmarks.web_load_store import (  # noqa: E402
    EXAMPLES,
    build_store,
    contents,
    copy_store,
    storydesk_cmd,
    write_corpus,
)

TARGETS = ("front page", "story page", "api story")
BASELINE = "static files, same server"
#: The baseline: the same pages, pre-rendered, served as files by uvicorn (Starlette's
#: StaticFiles), so the ratio is storydesk's own cost on the same server stack.
STATIC_SERVER = (
    "import sys, uvicorn\n"
    "from starlette.applications import Starlette\n"
    "from starlette.staticfiles import StaticFiles\n"
    "app = Starlette()\n"
    "app.mount('/', StaticFiles(directory=sys.argv[1]))\n"
    "uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')\n"
)


# -- servers -------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, proc: subprocess.Popen, seconds: float = 120) -> None:
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"server exited with status {proc.returncode}")
        try:
            if httpx.get(url, timeout=5).status_code < 500:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    sys.exit(f"server at {url} did not come up")


class Server:
    def __init__(self, cmd: list[str], probe: str):
        self.cmd, self.probe = cmd, probe

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_until_up(self.probe, self.proc)
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# -- the client (a separate process) ----------------------------------------------------
def client_main(url: str, requests: int, concurrency: int, seconds: float) -> None:
    """Fetch ``url`` up to ``requests`` times (or for ``seconds``), print one JSON line."""
    import httpx

    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    counter = iter(range(requests))

    def worker() -> None:
        with httpx.Client(timeout=60) as c:
            while time.monotonic() < deadline:
                with lock:
                    if next(counter, None) is None:
                        return
                t = time.perf_counter()
                try:
                    r = c.get(url)
                    ok = r.status_code == 200
                    detail = f"HTTP {r.status_code}"
                except httpx.HTTPError as exc:
                    ok, detail = False, type(exc).__name__
                elapsed = time.perf_counter() - t
                with lock:
                    (latencies.append(elapsed) if ok else errors.append(detail))

    started = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for _ in range(concurrency):
            pool.submit(worker)
    wall = time.perf_counter() - started
    print(json.dumps({"latencies": latencies, "errors": errors, "wall": wall}))


def measure(url: str, args) -> dict:
    cmd = [sys.executable, __file__, "--client", url, "--requests", str(args.requests),
           "--concurrency", str(args.concurrency), "--seconds", str(args.seconds)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    lat = sorted(result["latencies"])
    done = len(lat)
    q = statistics.quantiles(lat, n=100, method="inclusive") if done >= 2 else lat * 99 or [0.0] * 99
    return {
        "requests": done + len(result["errors"]),
        "errors": len(result["errors"]),
        "rps": round(done / result["wall"], 1) if result["wall"] else 0.0,
        "p50_ms": round(q[49] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "_error_kinds": sorted(set(result["errors"])),
    }


def pick_story(base: str) -> str:
    """The story of the example articles (found by paging through the stories API)."""
    import httpx

    from storydesk.ingest import read_articles

    seeds = {a.id for a in read_articles([str(EXAMPLES)]) if hasattr(a, "id")}
    best, offset = None, 0
    while offset is not None:
        answer = httpx.get(f"{base}/api/stories", params={"limit": 500, "offset": offset}, timeout=300)
        if answer.status_code != 200:
            sys.exit(f"cannot list stories: {answer.json()['error']['message']}")
        page = answer.json()
        for story in page["stories"]:
            shared = len(seeds & {a["id"] for a in story["articles"]})
            if shared and (best is None or shared > best[0]):
                best = (shared, story["id"])
        offset = page["next_offset"]
    if best is None:
        sys.exit("no story holds the example articles: this build does not group articles yet")
    return best[1]


def run(args) -> tuple[dict, bool]:
    import httpx

    data = require(args.data)
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    corpus, fresh = write_corpus(data, cache, args.articles)
    if args.store:  # a store built elsewhere, measured as it is
        store = require(Path(args.store))
        built = {**contents(store), "build_seconds": None, "complete": True}
    else:
        store, built = build_store(corpus, cache, args.articles, args.build_minutes)
    work = Path(tempfile.mkdtemp(prefix="web_load-"))
    results: dict[str, dict] = {}
    ok = True
    try:
        db = work / "run.db"
        copy_store(store, db)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        with Server(storydesk_cmd("serve", "--db", str(db), "--host", "127.0.0.1", "--port", str(port)),
                    f"{base}/api/search?q=a"):
            story = pick_story(base)
            paths = {"front page": "/", "story page": f"/stories/{story}", "api story": f"/api/stories/{story}"}
            static = work / "static"
            static.mkdir()
            cold = {}
            for target, path in paths.items():  # first answers: computed, then cached
                t = time.perf_counter()
                r = httpx.get(base + path, timeout=600)
                cold[target] = round((time.perf_counter() - t) * 1000, 1)
                r.raise_for_status()
                (static / _static_name(target)).write_bytes(r.content)

            sport = free_port()
            with Server([sys.executable, "-c", STATIC_SERVER, str(static), str(sport)],
                        f"http://127.0.0.1:{sport}/{_static_name('front page')}"):
                for target in TARGETS:
                    row = measure(f"http://127.0.0.1:{sport}/{_static_name(target)}", args)
                    results[f"{BASELINE}: {target}"] = row

            before = _count(base)
            ingest = subprocess.Popen(storydesk_cmd("ingest", str(fresh), "--db", str(db)),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                deadline = time.monotonic() + 300  # measure once the writer is writing
                while _count(base) == before and ingest.poll() is None and time.monotonic() < deadline:
                    time.sleep(1)
                for target in TARGETS:
                    row = measure(base + paths[target], args)
                    row["cold_ms"] = cold[target]
                    results[f"storydesk: {target}"] = row
            finally:
                ingest_running = ingest.poll() is None
                ingest.terminate()
                _, err = ingest.communicate(timeout=60)
            after = _count(base)
            if "locked" in (err or ""):
                ok = False
                print(f"ingest saw a locked database: {err[-500:]}", file=sys.stderr)
            for target in TARGETS:
                s, b = results[f"storydesk: {target}"], results[f"{BASELINE}: {target}"]
                s["rps_vs_static"] = round(s["rps"] / b["rps"], 3) if b["rps"] else None
                s["ingested_during"] = after - before
                s["store_articles"], s["store_analyzed"] = built["articles"], built["analyzed"]
            results["_run"] = {"store": built, "story": story, "ingest_still_running": ingest_running}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name, row in results.items():
        kinds = row.pop("_error_kinds", [])
        if row.get("errors"):
            ok = ok and not name.startswith("storydesk")  # storydesk must answer every request
            print(f"{name}: {row['errors']} errors: {', '.join(kinds)}", file=sys.stderr)
    return results, ok


def _static_name(target: str) -> str:
    return {"front page": "front.html", "story page": "story.html", "api story": "story.json"}[target]


def _count(base: str) -> int:
    """Articles in the store, as the server sees them (from its front page's count)."""
    import re

    import httpx

    page = httpx.get(f"{base}/", timeout=120).text
    found = re.search(r"([\d,]+) articles? stored", page)
    return int(found.group(1).replace(",", "")) if found else 0


def main() -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--articles", type=int, default=10_000, help="articles in the store (default 10000)")
    p.add_argument("--requests", type=int, default=400, help="requests per target and system")
    p.add_argument("--concurrency", type=int, default=8, help="concurrent connections of the client")
    p.add_argument("--seconds", type=float, default=60.0, help="time limit per target and system")
    p.add_argument("--cache", default=os.environ.get("STORYDESK_BENCH_CACHE", "/tmp/storydesk-bench"),
                   help="where the built store is kept between runs (outside the repository)")
    p.add_argument("--build-minutes", type=float, default=40.0,
                   help="wall-time budget of one store build (resumed by the next run; 0: measure "
                        "a partial store as it is)")
    p.add_argument("--build-only", action="store_true", help="build the cached store and stop")
    p.add_argument("--store", help="load-test this store file (copied first) instead of the built one")
    p.add_argument("--client", help=argparse_hidden())
    args = p.parse_args()
    if args.client:
        client_main(args.client, args.requests, args.concurrency, args.seconds)
        return
    if args.build_only:
        cache = Path(args.cache)
        cache.mkdir(parents=True, exist_ok=True)
        corpus, _ = write_corpus(require(args.data), cache, args.articles)
        print(json.dumps(build_store(corpus, cache, args.articles, args.build_minutes)[1]))
        return
    results, ok = run(args)
    meta = results.pop("_run")
    built = meta["store"]
    how = (f"by storydesk ingest in {built['build_seconds']:.0f}s" if built["build_seconds"] is not None
           else f"given by --store {args.store}")
    report(results, args.json, title=(
        f"web desk under load: store of {built['articles']} articles ({built['analyzed']} analyzed, "
        f"analyzer versions {built['analyzer_versions']}; {built['grouped']} grouped into "
        f"{built['stories']} stories {how}{'' if built['complete'] else '; build incomplete'}), "
        f"story {meta['story']}, {args.concurrency} connections, ingest running beside storydesk"))
    if not ok:
        sys.exit(1)


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
