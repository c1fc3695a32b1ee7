"""Readers never block the writer, and never see "database is locked": a separate writer
process stores articles as fast as it can while the server answers reads over loopback."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import httpx

WRITER = textwrap.dedent(
    """
    import sys
    from storydesk.model import Article
    from storydesk.store import Store

    with Store(sys.argv[1]) as store:
        for i in range(int(sys.argv[2])):
            store.add_article(Article(id=f"w{i:06d}", text=f"Concurrent writer body {i} harbour.",
                                      source=f"writer:{i}", format="text", title=f"Write {i}",
                                      outlet="Writer Wire", published="2021-06-08"))
    print("done")
    """
)


def test_reads_while_another_process_writes(live_server, store_copy):
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(store_copy), "400"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    paths = ["/api/search?q=harbour", "/", "/search?q=writer", "/api/search?q=ferry"]
    statuses: list[int] = []
    bodies: list[str] = []

    def read(i: int) -> None:
        with httpx.Client(base_url=live_server.url, timeout=30) as c:
            r = c.get(paths[i % len(paths)])
            statuses.append(r.status_code)
            if r.status_code != 200:
                bodies.append(r.text)

    try:
        with ThreadPoolExecutor(8) as pool:
            rounds = 0
            while writer.poll() is None or rounds < 2:
                list(pool.map(read, range(40)))
                rounds += 1
    finally:
        out, err = writer.communicate(timeout=60)
    assert writer.returncode == 0 and "done" in out, err
    assert "locked" not in err
    assert rounds >= 2 and statuses and set(statuses) == {200}, bodies[:3]
    # the server sees what the other process wrote, on a fresh connection per request
    hits = httpx.get(f"{live_server.url}/api/search", params={"q": "concurrent", "limit": 100}).json()
    assert len(hits["results"]) == 100
