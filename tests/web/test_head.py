"""HEAD is answered wherever GET is (issue 15): same status and headers, no body."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("path", ["/", "/api/stories", "/api/trends", "/search?q=ferry",
                                  "/api/search?q=ferry", "/api/openapi.json", "/api/docs",
                                  "/static/style.css", "/api/articles/nosuchid", "/no/such/page"])
def test_head_answers_as_get_without_a_body(client, path):
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code, path
    assert head.content == b""
    for name in ("content-type", "content-length", "content-security-policy"):
        assert head.headers.get(name) == got.headers.get(name), (path, name)


def test_head_of_a_story_and_an_article_page(client):
    hit = client.get("/api/search", params={"q": "ferry"}).json()["results"][0]
    for path in (f"/articles/{hit['id']}", f"/api/articles/{hit['id']}"):
        head = client.head(path)
        assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) > 100


def test_head_does_not_open_what_get_does_not(client):
    assert client.head("/api/articles").status_code == 405  # POST only
