"""Scaling out: ``storydesk ingest`` with one worker and with every core, and ``storydesk
backfill --engine ray`` on a local Ray instance, beside spaCy's own ``nlp.pipe`` with
``n_process=1`` and ``2`` on the same texts (the ceiling: parsing alone).

    .venv/bin/python -m benchmarks.scale [--data DIR] [--json] [--articles 2000]

The same ``--articles`` timeline17 articles (evenly spaced through all 4,650 by date, the
empty ones skipped, PTB tokens turned back into plain text as the load benchmark does) are written as 20
JSON Lines files, and each system runs in its own process, one after the other, in this
one run (the machine is shared: compare the ratios, which are measured minutes apart).
Every ingest is the user's command, into a fresh store: read, analyze, store, group.

Columns: articles/s and words/s (whitespace words of the texts), the ratio to spaCy's
``nlp.pipe`` at the same number of cores (goal >= 0.8), the CPU seconds the whole process
tree used and the same ratio in articles per CPU second (steadier than wall time on a
shared machine; storydesk with one worker parses in one process while its writer stores
beside it, so its CPU may exceed its wall time), the peak resident memory of the
writer (the command's own process) and of the largest worker process, and the writer's
own articles/s: storing an analyzed article and grouping it, measured separately on the
first ingest's results, the serial part no number of workers shortens.

Below the table: the hours 10M articles would take on 1, 8 and 64 workers, from the
measured per-article costs (Amdahl: the serial writer caps the speed however many
workers there are), and what would have to change to go past that cap.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402

BIN = Path(sys.executable).parent
#: Files the articles are written to (reading is spread over workers by file).
N_FILES = 20


def sample(folder: Path, n: int) -> list[dict]:
    """``n`` non-empty timeline17 articles, evenly spaced through all of them by date."""
    from benchmarks.web_load_store import timeline17_records

    records = sorted(timeline17_records(folder), key=lambda r: (r["published"], r["url"]))
    step = len(records) / n
    return [records[int(i * step)] for i in range(min(n, len(records)))]


def write_inputs(records: list[dict], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for f in range(N_FILES):
        part = records[f::N_FILES]
        (folder / f"part{f:02d}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in part), encoding="utf-8")


# -- running and watching one process tree -------------------------------------------------


def _children(pid: int) -> list[int]:
    out = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as fh:
                out += [int(c) for c in fh.read().split()]
    except OSError:
        pass
    return out


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def run_watched(cmd: list[str], env: dict | None = None) -> dict:
    """Run ``cmd``; its wall time, the CPU time of its process tree, and the peak RSS of
    its own process and of the largest process it started (sampled every 0.2 s; Ray's
    own services, which a cluster runs anyway, are reported apart from its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    peaks = {"writer": 0.0, "worker": 0.0, "ray services": 0.0}
    seen: dict[int, str] = {}
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            peaks["writer"] = max(peaks["writer"], _rss_mb(proc.pid))
            todo, tree = [proc.pid], []
            while todo:
                pid = todo.pop()
                kids = _children(pid)
                tree += kids
                todo += kids
            for pid in tree:
                name = seen.setdefault(pid, _cmdline(pid))
                ray_service = "ray" in name.lower() and not ("default_worker" in name or "ray::" in name)
                kind = "ray services" if ray_service else "worker"
                peaks[kind] = max(peaks[kind], _rss_mb(pid))
            time.sleep(0.2)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    _, err = proc.communicate()
    done.set()
    thread.join()
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # every process of the tree it reaped
    if proc.returncode not in (0, 3):
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {err[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": seconds, "cpu": cpu, **peaks}


#: spaCy as a user would run it: the stock pipeline of the same model (storydesk's own
#: load_nlp runs the attribute ruler faster, storydesk.analyze.fast_pipes, and that is
#: part of what is measured, not of the ceiling).
SPACY_SCRIPT = """
import json, sys, time
import spacy
from storydesk.config import Settings
texts = [json.loads(l)["text"] for f in sys.argv[2:] for l in open(f, encoding="utf-8")]
nlp = spacy.load(Settings().spacy_model)
start = time.perf_counter()
for _ in nlp.pipe(texts, batch_size=16, n_process=int(sys.argv[1])):
    pass
print(time.perf_counter() - start)
"""


def run_spacy(files: list[Path], n_process: int) -> dict:
    out = run_watched([sys.executable, "-c", SPACY_SCRIPT, str(n_process), *map(str, files)])
    return out


def writer_rate(db: Path, workdir: Path) -> float:
    """Articles per second of the serial writer alone: storing each analyzed article of
    ``db`` into a fresh store, then grouping them all (what an ingest's writer does)."""
    from storydesk import Desk, Settings
    from storydesk.analyze import ANALYZER_VERSION
    from storydesk.store import Store

    with Store(db) as source:
        articles = source.list_articles(with_raw=True)
        analyses = [source.get_analysis(a.id, ANALYZER_VERSION) for a in articles]
    with Desk(Settings(db=str(workdir / "writer.db"))) as desk:
        start = time.perf_counter()
        for article, analysis in zip(articles, analyses):
            desk.store.add_article(article)
            desk.store.put_analysis(analysis)
        desk.update_stories()
        return len(articles) / (time.perf_counter() - start)


def main() -> None:
    p = parser(__doc__.splitlines()[0], "timeline17")
    p.add_argument("--articles", type=int, default=2000)
    p.add_argument("--skip-ray", action="store_true", help="leave out the Ray backfill")
    args = p.parse_args()
    records = sample(require(args.data), args.articles)
    words = sum(len(r["text"].split()) for r in records)
    n = len(records)
    cores = len(os.sched_getaffinity(0))
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="storydesk-scale-") as tmp:
        work = Path(tmp)
        inputs = work / "in"
        write_inputs(records, inputs)
        files = sorted(inputs.glob("*.jsonl"))
        runs: dict[str, tuple[dict, int]] = {}

        failed: dict[str, str] = {}

        def measure(name: str, cores_used: int, fn, *a, **kw) -> None:
            try:
                runs[name] = (fn(*a, **kw), cores_used)
            except RuntimeError as exc:  # one system failing (a Ray raylet dying) costs its row only
                failed[name] = str(exc).splitlines()[-1][-300:]
                print(f"{name}: failed: {failed[name]}", file=sys.stderr, flush=True)
                return
            out = runs[name][0]  # progress on stderr: a long run's finished rows survive it
            print(f"{name}: {n / out['seconds']:.2f} articles/s, {out['cpu']:.0f} CPU s, "
                  f"load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)

        ingest = [str(BIN / "storydesk"), "ingest", str(inputs), "--db"]
        measure("spacy nlp.pipe, n_process=1 (ceiling)", 1, run_spacy, files, 1)
        measure("storydesk ingest, workers=1", 1, run_watched, [*ingest, str(work / "w1.db"), "--set", "workers=1"])
        measure(f"spacy nlp.pipe, n_process={cores} (ceiling)", cores, run_spacy, files, cores)
        measure(f"storydesk ingest, workers=0 (all {cores} cores)", cores, run_watched,
                [*ingest, str(work / "all.db")])
        if not args.skip_ray:
            measure("storydesk backfill --engine ray (local, 2 CPUs)", 2, run_watched,
                    [str(BIN / "storydesk"), "backfill", str(inputs), "--db", str(work / "ray.db")],
                    env={"RAY_USAGE_STATS_ENABLED": "0"})
        writer = writer_rate(work / "w1.db", work)
    ceiling = {c: n / out["seconds"] for name, (out, c) in runs.items() if name.startswith("spacy")}
    ceiling_cpu = {c: n / out["cpu"] for name, (out, c) in runs.items() if name.startswith("spacy")}
    for name, (out, c) in runs.items():
        rate = n / out["seconds"]
        row = {"articles_per_s": round(rate, 2), "words_per_s": round(words / out["seconds"]),
               "ratio_to_spacy": round(rate / ceiling[c], 3), "cpu_s": round(out["cpu"]),
               "ratio_per_cpu_s": round(n / out["cpu"] / ceiling_cpu[c], 3), "writer_mb": round(out["writer"]),
               "worker_mb": round(out["worker"]) or None}
        if "ray" in name:
            row["ray_services_mb"] = round(out["ray services"])
        if name.startswith("storydesk ingest, workers=1"):
            row["writer_alone_per_s"] = round(writer, 1)
        results[name] = row
    for name, reason in failed.items():
        results[name] = {"failed": reason}
    one = n / runs["storydesk ingest, workers=1"][0]["seconds"]
    serial = 1.0 / writer  # seconds per article the writer spends, whatever the workers
    parallel = max(1.0 / one - serial, 1e-9)  # the rest of one worker's cost per article
    projection = {}
    for workers in (1, 8, 64):
        rate = 1.0 / (serial + parallel / workers)
        projection[f"{workers} workers"] = round(10_000_000 / rate / 3600, 1)
    cap = 10_000_000 * serial / 3600
    if args.json:
        print(json.dumps({"results": results, "articles": n, "words": words, "cores": cores,
                          "projected_hours_10M": projection, "amdahl_cap_hours_10M": round(cap, 1),
                          "load_average": os.getloadavg()}, indent=2))
        return
    report(results, False, f"scaling: {n} timeline17 articles ({words:,} words), {cores} cores, "
                           f"load average {os.getloadavg()[0]:.1f} at the end")
    print()
    print(f"10M articles, from these costs (per article: {parallel * 1000:.0f} ms of reading and "
          f"analysis in a worker, {serial * 1000:.1f} ms in the serial writer):")
    for name, hours in projection.items():
        print(f"  {name:>10}: {hours:,.1f} h")
    print(f"  Amdahl cap: the writer alone needs {cap:,.1f} h for 10M articles "
          f"({writer:.0f} articles/s), however many workers there are.")
    print("  Past the cap: write analyses in batches of many articles per transaction, group by\n"
          "  time shards in parallel writers (stories rarely span shards; stitch shard edges\n"
          "  with the merge step), or keep grouping state in memory with periodic checkpoints\n"
          "  instead of one SQLite transaction per article.")


if __name__ == "__main__":
    main()
