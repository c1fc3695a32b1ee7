"""The web desk under load, while an ingest writes to the same store.

A store of ``--articles`` articles (all of timeline17, the example articles, then AllSides
articles from neus-allsides-neutral-mds to make up the number) is built once with
``storydesk ingest`` into a cache folder outside the repository ($STORYDESK_BENCH_CACHE,
default /tmp/storydesk-bench) and reused. Each run copies it, starts ``storydesk serve`` on
it, and from a separate client process measures requests per second and p50/p99 latency
of the front page, a story page and ``/api/stories/{id}`` while ``storydesk ingest`` adds
new articles (AllSides validation articles) to the same store. The baseline is the same
three responses, pre-rendered, served as static files by the same server (uvicorn, with
Starlette's StaticFiles), so the ratio is what storydesk's own work costs.

Everything listens on 127.0.0.1 only. Every phase is bounded by ``--requests`` and
``--seconds``. Any error (a non-200 answer, a refused connection) makes the exit status 1.

    python benchmarks/web_load.py                  # 10,000 articles (the first build is slow)
    python benchmarks/web_load.py --articles 500   # a quick run on a smaller store
"""

from __future__ import annotations

import gzip
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

from benchmarks._common import ROOT, parser, report, require  # noqa: E402

EXAMPLES = ROOT / "examples" / "seeds"
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


# -- the corpus ----------------------------------------------------------------------------
_PTB = ((" -LRB- ", " ("), ("-LRB- ", "("), (" -RRB-", ")"), ("-RRB-", ")"), ("`` ", '"'),
        (" ''", '"'), (" n't", "n't"), (" 's", "'s"), (" 're", "'re"), (" ,", ","), (" .", "."),
        (" ;", ";"), (" :", ":"), (" ?", "?"), (" !", "!"), (" %", "%"), ("$ ", "$"))


def detokenize(line: str) -> str:
    """Penn-Treebank tokens back to plain text, roughly ("Cairo 's" -> "Cairo's").

    >>> print(detokenize("Cairo 's square -LRB- CNN -RRB- , `` yes '' ."))
    Cairo's square (CNN), "yes".
    """
    for token, text in _PTB:
        line = line.replace(token, text)
    return line


def timeline17_records(folder: Path):
    """Records of every timeline17 article: PTB-tokenised sentences, one a line."""
    for topic in sorted(p for p in folder.iterdir() if p.is_dir()):
        outlet = topic.name.split("_", 1)[-1]
        with gzip.open(topic / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                lines = [detokenize(l.strip()) for l in row["text"].splitlines() if l.strip()]
                if not lines:
                    continue
                title = " ".join(lines[0].split()[:14])
                yield {"title": title, "text": "\n\n".join(lines), "published": row["time"],
                       "outlet": outlet, "url": f"timeline17://{topic.name}/{row['id']}"}


def allsides_records(path: Path):
    """Records of the AllSides articles (three outlets' leads per line), undated."""
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f):
            for k, part in enumerate(line.split(" [SEP] ")):
                title, _, text = part.partition("ARTICLE=>")
                title = title.replace("TITLE=>", "").strip().rstrip(".")
                if text.strip():
                    yield {"title": title, "text": text.strip(),
                           "url": f"allsides://{path.stem}/{n}/{k}"}


def write_corpus(data: Path, cache: Path, n_articles: int) -> tuple[Path, Path]:
    """The folder ``corpus-N/`` (the store's articles besides the examples, in JSONL files
    of 500 records, each well under max_input_bytes) and ``fresh.jsonl`` (articles
    ingested during the load); written once."""
    corpus, fresh = cache / f"corpus-{n_articles}", cache / "fresh.jsonl"
    allsides = data.parent / "neus-allsides-neutral-mds"
    if not corpus.exists():
        wanted = n_articles - len(list(EXAMPLES.glob("*.txt")))
        seen, rows = set(), []
        sources = [timeline17_records(data), allsides_records(require(allsides / "train.source"))]
        for source in sources:
            for r in source:
                if len(rows) >= wanted:
                    break
                if r["text"] not in seen:
                    seen.add(r["text"])
                    rows.append(r)
        tmp = corpus.with_suffix(".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        for i in range(0, len(rows), 500):
            part = "".join(json.dumps(r) + "\n" for r in rows[i:i + 500])
            (tmp / f"part-{i // 500:03d}.jsonl").write_text(part, encoding="utf-8")
        tmp.rename(corpus)
    if not fresh.exists():
        rows = list(allsides_records(require(allsides / "val.source")))
        fresh.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return corpus, fresh


def storydesk_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "storydesk", *args]


def build_store(corpus: Path, cache: Path, n_articles: int, analyze_all: bool) -> Path:
    """The cached store; built when missing (resumably: ingest skips what is stored).

    The example articles are ingested as ``storydesk ingest`` does (analyzed, grouped,
    counted for trends). The bulk is stored and grouped the same way but, unless
    ``analyze_all``, from the grouping's no-analysis features: spaCy analysis runs at
    seconds per article on a small machine, hours for 10,000. Pages analyze what they
    show on first request (and the store keeps it)."""
    from storydesk.analyze import ANALYZER_VERSION
    from storydesk.config import Settings
    from storydesk.desk import Desk

    kind = "full" if analyze_all else "bulk"
    store = cache / f"store-{n_articles}-a{ANALYZER_VERSION}-{kind}.db"
    if store.exists():
        return store
    partial = store.with_suffix(".partial.db")
    started = time.monotonic()
    print(f"building {store} (once; resumable) ...", file=sys.stderr)
    result = subprocess.run(storydesk_cmd("ingest", str(EXAMPLES), "--db", str(partial)))
    if result.returncode not in (0, 3):
        sys.exit(f"building the store failed (exit status {result.returncode})")
    with Desk(Settings(db=str(partial))) as desk:
        report = desk.ingest([str(corpus)], process=analyze_all)
        if not analyze_all:
            for i, article in enumerate(desk.store.list_articles()):
                desk.tracker.add_article(article, None)  # None: already grouped
                if i % 1000 == 0:
                    print(f"  grouped {i} articles", file=sys.stderr)
        count = desk.store.count_articles()
    for rejection in report.rejected:
        print(f"  rejected {rejection}", file=sys.stderr)
    print(f"built {count} articles ({len(report.rejected)} rejected) in "
          f"{time.monotonic() - started:.0f}s", file=sys.stderr)
    if count < n_articles:
        sys.exit(f"the store holds {count} articles, fewer than {n_articles}; kept {partial} to resume")
    for suffix in ("-wal", "-shm"):
        Path(str(partial) + suffix).unlink(missing_ok=True)
    partial.rename(store)
    return store


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
    store = build_store(corpus, cache, args.articles, args.analyze_all)
    work = Path(tempfile.mkdtemp(prefix="web_load-"))
    results: dict[str, dict] = {}
    ok = True
    try:
        db = work / "run.db"
        shutil.copy(store, db)
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
            results["_run"] = {"articles": args.articles, "story": story, "ingest_still_running": ingest_running}
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
    p.add_argument("--analyze-all", action="store_true",
                   help="build the store with full analysis of every article (hours for 10000)")
    p.add_argument("--build-only", action="store_true", help="build the cached store and stop")
    p.add_argument("--client", help=argparse_hidden())
    args = p.parse_args()
    if args.client:
        client_main(args.client, args.requests, args.concurrency, args.seconds)
        return
    if args.build_only:
        cache = Path(args.cache)
        cache.mkdir(parents=True, exist_ok=True)
        corpus, _ = write_corpus(require(args.data), cache, args.articles)
        print(build_store(corpus, cache, args.articles, args.analyze_all))
        return
    results, ok = run(args)
    meta = results.pop("_run")
    report(results, args.json, title=(
        f"web desk under load: {meta['articles']} articles, story {meta['story']}, "
        f"{args.concurrency} connections, ingest running beside storydesk"))
    if not ok:
        sys.exit(1)


def argparse_hidden() -> str:
    import argparse

    return argparse.SUPPRESS


if __name__ == "__main__":
    main()
