"""What is trending on the web desk (issue 14): the window's end as a query (`at`), the
notes saying where it ends, each term's burst explained with its sources, and the
chart marking the bucket the score measures."""

from __future__ import annotations

import re

from .htmlcheck import audit, visible_text


def test_api_trends_replay_as_of_a_time(client):
    late = client.get("/api/trends").json()
    early = client.get("/api/trends", params={"at": "2020-02-01"}).json()
    assert late["mode"] == "replay" and any("newest activity" in n for n in late["notes"])
    assert early["at"] == "2020-02-02T00:00:00" and early["mode"] == "given"
    assert early["trends"] and all(t["peak"] <= "2020-02-01T00:00:00" for t in early["trends"])
    for t in late["trends"]:
        assert t["n_sources"] >= 2 and set(t["sources"]) == {"outlets", "accounts", "other"}
        assert t["explanation"].startswith(f"{t['count']} source")


def test_api_trends_refuses_a_time_that_is_not_one(client):
    assert client.get("/api/trends", params={"at": "yesterday"}).status_code == 422
    bad = client.get("/api/trends", params={"at": "2020-13-45"})
    assert bad.status_code in (400, 422) and "error" in bad.json()


def test_front_page_explains_each_burst_and_marks_its_bar(client):
    report = client.get("/api/trends", params={"at": "2020-02-02"}).json()
    page = client.get("/", params={"at": "2020-02-02"}).text
    text = visible_text(page)
    assert "window ends at 2020-02-03T00:00:00 (given)" in text
    top = report["trends"][0]
    assert top["term"] in text and top["explanation"] in text
    assert "from " in text and any(name in text for name in top["sources"]["other"] + top["sources"]["accounts"])
    # one dark bar per chart, and it is the peak's
    marked = re.findall(r'<rect class="bar last"[^>]*><title>([^<]*)</title>', page)
    assert f"{top['peak']}: {top['count']}" in marked
    assert audit(page) == []
