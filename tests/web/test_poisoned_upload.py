"""Issue 16: over HTTP, a poisoned upload used to answer 500 to every later upload (a
record dated 9999-12-31 broke grouping for good). Each poisoned input here gets its
answer (stored with a note, or 422 with the reason), and the good upload after it 201."""

from __future__ import annotations

import json

import pytest

GOOD = {"title": "Harbour ferry strike ends", "outlet": "Coast Herald", "published": "2021-07-01",
        "text": "The ferry strike ended on Thursday after talks, the union said. \"We have a deal,\" "
                "said union leader Ana Ruiz."}
TEXT = "The port authority approved the new cargo terminal on Monday, officials said, after years of talks."


@pytest.mark.parametrize("poison, status, says", [
    ({"title": "Far", "text": TEXT, "date_publish": "9999-12-31"}, 201, "outside the plausible range"),
    ({"title": "Early", "text": TEXT, "date_publish": "0001-01-01"}, 201, "outside the plausible range"),
    ({"title": "Typed", "text": TEXT, "authors": 5}, 422, "field 'authors' holds a number (5), not a name"),
    ({"title": "Numeric", "text": 12345}, 422, "field 'text' is a number (12345), not article text"),
    ("[" * 100_000, 422, "nested too deeply to read"),
    ('{"title": "Huge", "text": "x", "date_publish": ' + "9" * 5000 + "}", 422, "invalid JSON"),
])
def test_a_poisoned_upload_then_a_good_one_gets_201(client, poison, status, says):
    body = poison if isinstance(poison, str) else json.dumps(poison)
    answer = client.post("/api/articles", content=body.encode(), headers={"content-type": "application/json"})
    assert answer.status_code == status, answer.text
    assert says in answer.text
    if status == 201:
        [stored] = answer.json()["stored"]
        assert any(says in note for note in stored["notes"])
    good = client.post("/api/articles", json=GOOD)
    assert good.status_code == 201, good.text
    article = client.get(f"/api/articles/{good.json()['stored'][0]['id']}").json()
    assert article["entities"], "the good article after the poisoned one is analyzed"


def test_a_poisoned_file_upload_then_a_good_one_gets_201(client):
    page = "<html><body>" + "<div>" * 30_000 + "</div>" * 30_000 + "</body></html>"
    answer = client.post("/api/articles", files={"file": ("deep\x1b[2J.html", page.encode(), "text/html")})
    assert answer.status_code == 422 and "levels deep" in answer.json()["error"]["message"]
    good = client.post("/api/articles", json=GOOD)
    assert good.status_code == 201, good.text
