"""Hostile-input corpus (issue 16): every case goes through `storydesk ingest` (the path
users take, with the real analysis and grouping) in a batch beside two good articles,
in a fresh store, and the table says for each case whether it was accepted or rejected,
storydesk's own message, the seconds and peak memory of the whole run (storydesk and
the worker processes it waited for), and whether both good articles of the batch were
stored. The first row is the same batch without a hostile case: the baseline every
other row is read against (the model's loading alone is most of its time).

The cases are generated into a temporary folder and deleted afterwards; nothing large
is kept. They cover the classes of issue 16: edge dates, typed fields, nesting, devices
and pipes, escape sequences, late feeds, enormous inputs, analysis bombs; and issue 15's
encodings and headline-only records.

    .venv/bin/python benchmarks/hostile.py [--data DIR] [--json] [--only WORDS]
    .venv/bin/python benchmarks/hostile.py --overhead 200   # what the budgets cost on good articles

``--data`` is the folder the two good articles come from (default: examples/seeds). No
other tool is a baseline for this; the baseline row is the same batch without the case.
``--overhead N`` times N timeline17 articles through ``Desk.ingest`` with the budgets on
(analysis in the worker) and off (in the calling process), in the same run.
"""

from __future__ import annotations

import argparse
import codecs
import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = "The council voted on Tuesday to expand the ferry service after a long debate about costs, officials said."
ESC = "\x1b[2J\x1b]0;pwned\x07"


def rec(**fields) -> str:
    return json.dumps({"title": "Ferry vote", "text": LINE, **fields})


@dataclass
class Case:
    name: str
    make: Callable[[Path], list[str]]  # writes the case into a folder; the paths to ingest
    options: list[str] = field(default_factory=list)
    stdin: Callable[[], Iterable[bytes]] | None = None  # chunks piped to the process


def _file(name: str, content: str | bytes | Callable[[], Iterable[str | bytes]]) -> Callable[[Path], list[str]]:
    """A case of one file; big content comes as chunks, so that this process stays small
    (a child's peak memory counts the size of the process that started it)."""
    def make(folder: Path) -> list[str]:
        chunks = content() if callable(content) else [content]
        path = folder / name
        opener = gzip.open if name.endswith(".gz") and callable(content) else open
        with opener(path, "wb") as out:
            for chunk in chunks:
                out.write(chunk.encode("utf-8", "surrogatepass") if isinstance(chunk, str) else chunk)
        return [str(path)]
    return make


def _repeat(head: str, unit: str, times: int, tail: str) -> Callable[[], Iterable[str]]:
    def chunks() -> Iterator[str]:
        yield head
        for start in range(0, times, 10_000):
            yield unit * min(10_000, times - start)
        yield tail
    return chunks


def _soon() -> list[str]:
    return [rec(date_publish=(datetime.now(UTC) + timedelta(hours=3)).replace(tzinfo=None).isoformat())]


_HEAD, _PARA = "<!DOCTYPE html><html><head><title>Ferry</title></head><body><article>", f"<p>{LINE}</p>\n"


def _png() -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return [b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b"")]


def _feed(items: str, before: str = "") -> str:
    return (f'<?xml version="1.0"?>{before}<rss version="2.0"><channel><title>Wire</title>'
            f"{items}</channel></rss>")


def _link(kind: str) -> Callable[[Path], list[str]]:
    def make(folder: Path) -> list[str]:
        if kind == "loop":
            (folder / "a").symlink_to(folder / "b")
            (folder / "b").symlink_to(folder / "a")
            return [str(folder / "a")]
        if kind == "dangling":
            (folder / "gone.txt").symlink_to(folder / "missing.txt")
            return [str(folder / "gone.txt")]
        inbox, private = folder / "inbox", folder / "private"
        inbox.mkdir(), private.mkdir()
        (private / "secret.txt").write_text(LINE + " A private note.")
        (inbox / "link.txt").symlink_to(private / "secret.txt")
        return [str(inbox)]
    return make


def _posts(folder: Path) -> list[str]:
    (folder / "posts.jsonl").write_text(
        json.dumps({"time": "9999-12-31T23:59:59", "text": "#Ferry far future"}) + "\n"
        + json.dumps({"time": "2020-02-02T10:00:00", "text": "#Ferry vote today"}) + "\n" + "\0" * 100 + "\n")
    return []


def _seconds_file(folder: Path) -> list[str]:
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    return [str(fifo)]


CASES: list[Case] = [
    # dates
    Case("date 9999-12-31", _file("far.json", rec(date_publish="9999-12-31"))),
    Case("date 0001-01-01", _file("early.json", rec(date_publish="0001-01-01"))),
    Case("date 1970-01-01", _file("epoch.json", rec(date_publish="1970-01-01"))),
    Case("date 2099-01-01", _file("future.json", rec(date_publish="2099-01-01"))),
    Case("date 3 h ahead of now", _file("soon.json", _soon)),
    Case("date 1e308 (a number)", _file("num.json", rec(date_publish=1e308))),
    Case("date -1e15 (a number)", _file("neg.json", rec(date_publish=-1e15))),
    Case("date NaN", _file("nan.json", rec().replace("}", ', "date_publish": NaN}'))),
    Case("date is a list", _file("list.json", rec(date_publish=[2020, 1, 1]))),
    Case("date 'yesterday-ish' garbage", _file("junk.json", rec(date_publish="the 45th of Smarch"))),
    # typed fields
    Case("authors: 5 on line 2 of 3 (JSONL)", _file("typed.jsonl", "\n".join(
        [rec(title="One"), rec(title="Two", authors=5), rec(title="Three", text=LINE + " Three.")]))),
    Case("text is a number", _file("textnum.json", json.dumps({"title": "N", "text": 12345}))),
    Case("text is a list of numbers", _file("textlist.json", rec(text=[1, 2, 3]))),
    Case("title is an object", _file("titleobj.json", rec(title={"x": 1}))),
    Case("title only (headline feed)", _file("headline.json", json.dumps({"title": "Ferry service to expand"}))),
    Case("empty object", _file("empty_obj.json", "{}")),
    Case("integer of 5,000 digits", _file("bigint.json", rec().replace("}", ', "date_publish": ' + "9" * 5000 + "}"))),
    Case("unpaired surrogate in text", _file("surrogate.json", rec(text="A lone \ud800 surrogate. " + LINE))),
    Case("NUL and controls in text", _file("nul.json", rec(text="NUL \u0000 here. " + LINE + " \x07\x08"))),
    # nesting
    Case("JSON nested 100,000 deep", _file("deep.json", "[" * 100_000)),
    Case("JSONL line nested 50,000 deep", _file("deep.jsonl", rec() + "\n" + "[" * 50_000 + "]" * 50_000 + "\n")),
    Case("HTML nested 100,000 deep", _file("deep.html", "<html><body>" + "<div>" * 100_000 + f"<p>{LINE}</p>" * 3
                                           + "</div>" * 100_000 + "</body></html>")),
    Case("HTML nested 60,000 deep (under the tag limit)", _file(
        "deep60.html",
        "<html><body>" + "<div>" * 60_000 + f"<p>{LINE}</p>" * 3 + "</div>" * 60_000 + "</body></html>")),
    # size and work
    Case("15 MB JSON record", _file("big.json", _repeat('{"title": "Big", "text": "', LINE + " ", 140_000, '"}'))),
    Case("19.9 MB HTML page", _file("big.html", _repeat(_HEAD, _PARA, (19_900_000 - len(_HEAD)) // len(_PARA),
                                                        "</article></body></html>"))),
    Case("200 kB of hashtags (analysis)",
         _file("tags.json", lambda: [rec(text=" ".join(f"#tag{i}" for i in range(28_000)))])),
    Case("200 kB of digits (analysis)", _file("digits.json", lambda: [rec(text=" ".join(map(str, range(40_000))))])),
    Case("200 kB of quotation marks (analysis)", _file("quotes.json", lambda: [rec(text='"' * 200_000)])),
    Case("1 MB word without spaces", _file("word.json", rec(text="a" * 1_000_000))),
    Case("gzip bomb (200 MB of spaces)", _file("bomb.gz", lambda: (b" " * 1_000_000 for _ in range(200)))),
    Case("corrupt gzip", _file("cut.gz", gzip.compress(LINE.encode() * 100)[:40])),
    # devices, pipes, links
    Case("/dev/zero", lambda folder: ["/dev/zero"]),
    Case("25 MB piped to /dev/stdin", lambda folder: ["/dev/stdin"],
         stdin=lambda: ((LINE + "\n").encode() * 1_000 for _ in range(240))),
    Case("symbolic link loop", _link("loop")),
    Case("dangling symbolic link", _link("dangling")),
    Case("folder with a link to outside it", _link("outside")),
    Case("named pipe nobody writes to", _seconds_file),
    # terminal escapes
    Case("escape sequences in every field", _file("esc.json", rec(title=f"Ferry{ESC}", source_domain=f"x{ESC}",
                                                                     authors=[f"A{ESC}"], text=LINE + ESC))),
    Case("file name with escapes", _file(f"name{ESC}.txt", "Ferry vote\n\n" + LINE)),
    Case("file name forging a report line", _file("x\nstored 99 new article(s), 0 already stored\n.txt", b"")),
    # feeds
    Case("RSS after a 5 kB comment", _file("late.rss", _feed(f"<item><title>Ferry</title><description>{LINE}"
                                                              "</description></item>", "<!-- " + "x" * 5000 + " -->"))),
    Case("RSS entry dated 9999", _file("far.rss", _feed(f"<item><title>Ferry</title><description>{LINE}</description>"
                                                         "<pubDate>Fri, 31 Dec 9999 23:59:59 GMT</pubDate></item>"))),
    Case("RSS entries with titles only", _file("heads.rss", _feed("<item><title>Ferry vote</title></item>"
                                                                   "<item><title>Tram delay</title></item>"))),
    # encodings
    Case("Windows-1252 text", _file("cp1252.txt", ("Caf\u00e9 vote\n\nLe conseil a vot\u00e9 \u201cmardi\u201d "
                                     "apr\u00e8s un long d\u00e9bat sur les co\u00fbts, selon la "
                                     "mairie.").encode("cp1252"))),
    Case("Latin-1 text", _file("latin1.txt", ("Der Stadtrat stimmte f\u00fcr den Ausbau der F\u00e4hre, sagte die "
                                              "B\u00fcrgermeisterin am Dienstag.").encode("latin-1"))),
    Case("UTF-16 LE with BOM", _file("u16.txt", codecs.BOM_UTF16_LE + ("Ferry vote\n\n" + LINE).encode("utf-16-le"))),
    Case("UTF-16 without BOM", _file("u16nobom.txt", ("Ferry vote\n\n" + LINE).encode("utf-16-le"))),
    Case("random bytes", _file("random.bin", lambda: [os.urandom(50_000)])),
    Case("PNG image", _file("image.txt", _png)),
    Case("empty file", _file("empty.txt", b"")),
    Case("CSV table", _file("table.csv", "id,title,text\n1,Vote,Council voted\n2,Fire,Crews contain fire\n")),
    Case("XML that is not a feed", _file("config.xml", '<?xml version="1.0"?><settings><v>3</v></settings>')),
    # another door
    Case("post stream: a post dated 9999, NUL line", _posts, options=["--posts", "{folder}/posts.jsonl"]),
]


@dataclass
class Outcome:
    case: str
    verdict: str
    message: str
    seconds: float
    peak_mib: float
    good_stored: bool
    status: int


def _run(args: list[str], stdin: Iterable[bytes] | None, timeout: float) -> tuple[int, str, float, float]:
    """(exit status, stderr, seconds, peak MiB of the process tree it waited for)."""
    started = time.monotonic()
    proc = subprocess.Popen(args, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors: list[bytes] = []
    reader = threading.Thread(target=lambda: errors.append(proc.stderr.read()), daemon=True)
    reader.start()
    if stdin is not None:
        def feed():
            try:
                for chunk in stdin:
                    proc.stdin.write(chunk)
                proc.stdin.close()
            except (BrokenPipeError, OSError):  # it stopped reading at its limit
                pass
        threading.Thread(target=feed, daemon=True).start()
    deadline = started + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.05)
    seconds = time.monotonic() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    reader.join(5)
    return proc.returncode, (errors[0] if errors else b"").decode("utf-8", "replace"), seconds, usage.ru_maxrss / 1024


def run_case(case: Case | None, good: list[Path], work: Path, timeout: float) -> Outcome:
    folder = Path(tempfile.mkdtemp(dir=work))
    paths = case.make(folder) if case else []
    options = [o.replace("{folder}", str(folder)) for o in (case.options if case else [])]
    db = folder / "store.db"
    args = [sys.executable, "-m", "storydesk", "ingest", *paths, *map(str, good), "--db", str(db), *options]
    status, stderr, seconds, peak = _run(args, case.stdin() if case and case.stdin else None, timeout)
    stored = set()
    if db.exists():
        with sqlite3.connect(db) as conn:
            stored = {r[0] for r in conn.execute("SELECT source FROM articles")}
    good_stored = all(str(g) in stored for g in good)
    lines = [line for line in stderr.splitlines() if line.startswith("storydesk:")]
    rejected = [line.split(": ", 2)[-1] for line in lines if line.startswith("storydesk: rejected")
                and not any(str(g) in line for g in good)]
    noted = [line.split("): ", 1)[-1] for line in lines if line.startswith("storydesk: note on")]
    errors = [line for line in lines if line.startswith("storydesk: error")]
    ours = len(stored) - sum(str(g) in stored for g in good)
    if case is None:
        verdict, message = ("baseline" if status == 0 else f"ERROR {status}"), "-"
    elif status not in (0, 3) or errors:
        verdict, message = f"ERROR {status}", (errors or lines or [stderr.strip()[-120:]])[-1]
    elif ours and rejected:
        verdict, message = f"{ours} kept, some rejected", rejected[0]
    elif ours:
        verdict, message = "accepted" + (", noted" if noted else ""), noted[0] if noted else "-"
    elif rejected:
        verdict, message = "rejected", rejected[0]
    else:
        verdict, message = "nothing stored", (lines or ["-"])[-1]
    shutil.rmtree(folder, ignore_errors=True)
    return Outcome(case.name if case else "(the good articles alone)", verdict, message, round(seconds, 1),
                   round(peak), good_stored, status)


def overhead(data: Path, n: int) -> dict[str, dict[str, float]]:
    """What the budgets cost on good articles: ``n`` timeline17 articles through
    ``Desk.ingest`` (analysis and grouping) with the budgets (analysis in the worker) and
    without (analysis in the calling process), in the same run, each in a fresh store."""
    from storydesk import Desk, Settings

    lines = []
    for src in sorted(data.glob("*/articles.tokenized.jsonl.gz")):
        with gzip.open(src, "rt", encoding="utf-8") as f:
            lines += [line.strip() for line in f if line.strip()][: max(1, n // 8)]
        if len(lines) >= n:
            break
    out = {}
    with tempfile.TemporaryDirectory(prefix="storydesk-overhead-") as tmp:
        records = Path(tmp) / "articles.jsonl"
        records.write_text("\n".join(lines[:n]) + "\n", encoding="utf-8")
        off: dict[str, int] = {"article_seconds": 0, "article_memory_mb": 0}
        for name, budget in (("budgets off", off), ("budgets on (default)", {})):
            with Desk(Settings(db=str(Path(tmp) / f"{len(out)}.db"), **budget)) as desk:
                _ = desk.nlp  # loaded before the clock starts, for both
                started = time.perf_counter()
                report = desk.ingest(str(records))
                seconds = time.perf_counter() - started
            out[name] = {"articles": len(report.stored), "seconds": round(seconds, 1),
                         "articles_per_s": round(len(report.stored) / seconds, 2)}
    off = out["budgets off"]["seconds"]
    for row in out.values():
        row["x_time_of_off"] = round(row["seconds"] / off, 3)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=ROOT / "examples" / "seeds",
                   help="folder the two good articles come from (default: examples/seeds)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    p.add_argument("--only", nargs="*", help="run only the cases whose names contain one of these words")
    p.add_argument("--timeout", type=float, default=600, help="seconds before a run is killed (default 600)")
    p.add_argument("--overhead", type=int, metavar="N", default=0,
                   help="instead, time N timeline17 articles with the budgets on and off")
    p.add_argument("--timeline17", type=Path, default=ROOT.parent / "shared" / "data" / "timeline17",
                   help="timeline17 folder for --overhead")
    args = p.parse_args()
    if args.overhead:
        results = overhead(args.timeline17, args.overhead)
        if args.json:
            print(json.dumps({"storydesk": results}, indent=2))
        else:
            print(f"{'system':<22} {'articles':>8} {'seconds':>8} {'articles/s':>10} {'x time of off':>13}")
            for name, row in results.items():
                print(f"{name:<22} {row['articles']:>8} {row['seconds']:>8} {row['articles_per_s']:>10} "
                      f"{row['x_time_of_off']:>13}")
        return
    good = sorted(args.data.glob("*.txt"))[:2]
    if len(good) < 2:
        sys.exit(f"need two good articles (*.txt) in {args.data}")
    cases = [c for c in CASES if not args.only or any(w.lower() in c.name.lower() for w in args.only)]
    work = Path(tempfile.mkdtemp(prefix="storydesk-hostile-"))
    outcomes = []
    try:
        for case in [None, *cases]:
            outcomes.append(run_case(case, good, work, args.timeout))
            if not args.json:
                print(f"  {outcomes[-1].case}: {outcomes[-1].verdict} ({outcomes[-1].seconds} s)", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps({"storydesk": [o.__dict__ for o in outcomes]}, indent=2))
        return
    width = max(len(o.case) for o in outcomes)
    print(f"{'case'.ljust(width)}  {'verdict':<24} {'seconds':>7} {'peak MiB':>8}  {'good stored':<11}  message")
    for o in outcomes:
        message = o.message if len(o.message) <= 110 else o.message[:107] + "..."
        print(f"{o.case.ljust(width)}  {o.verdict:<24} {o.seconds:>7} {o.peak_mib:>8}  "
              f"{'yes' if o.good_stored else 'NO':<11}  {message}")
    bad = [o for o in outcomes if not o.good_stored or o.verdict.startswith("ERROR")]
    print(f"\n{len(outcomes) - 1} hostile cases; good articles stored in {sum(o.good_stored for o in outcomes[1:])} "
          f"of {len(outcomes) - 1} batches; {len(bad)} run(s) with an error or a good article lost")


if __name__ == "__main__":
    main()
