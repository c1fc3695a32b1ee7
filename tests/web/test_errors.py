"""Every error of every API endpoint has one shape (datasette's test_error_shape idea):
``{"error": {"status": int, "code": str, "message": str}}``, and never a stack trace."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from storydesk.config import Settings
from storydesk.store import Store
from storydesk.web import create_app

MISSING = "0000000000000000"

#: (method, path template) -> requests that must fail: (path, kwargs, expected status).
CASES = {
    ("GET", "/api/stories"): [
        ("/api/stories?limit=0", {}, 422),
        ("/api/stories?limit=abc", {}, 422),
        ("/api/stories?since=yesterday", {}, 422),
        ("/api/stories?offset=-1", {}, 422),
    ],
    ("GET", "/api/stories/{story_id}"): [
        (f"/api/stories/{MISSING}", {}, 404),
        ("/api/stories/bad%20id%3Cx%3E", {}, 422),
    ],
    ("GET", "/api/trends"): [("/api/trends?window=-3d", {}, 422), ("/api/trends?window=7", {}, 422),
                             ("/api/trends?window=0d", {}, 422), ("/api/trends?limit=0", {}, 422)],
    ("GET", "/api/articles/{article_id}"): [
        (f"/api/articles/{MISSING}", {}, 404),
        ("/api/articles/%3Cscript%3E", {}, 422),
    ],
    ("GET", "/api/feeds"): [("/api/feeds?state=sleeping", {}, 422)],
    ("GET", "/api/search"): [("/api/search", {}, 422), ("/api/search?q=", {}, 422),
                             ("/api/search?q=" + "x" * 501, {}, 422)],
    ("POST", "/api/articles"): [
        ("/api/articles", {"content": b"title=x", "headers": {"content-type": "text/plain"}}, 415),
        ("/api/articles", {"content": b"", "headers": {"content-type": "application/json"}}, 422),
        ("/api/articles", {"content": b"{not json", "headers": {"content-type": "application/json"}}, 422),
        ("/api/articles", {"files": {"other": ("a.txt", b"x")}}, 422),
        ("/api/articles", {"content": b"x" * 3000, "headers": {"content-type": "application/json"}}, 413),
    ],
}


def assert_error_shape(response, status: int) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert set(error) == {"status", "code", "message"}
    assert error["status"] == status
    assert re.fullmatch(r"[a-z_]+", error["code"])
    assert isinstance(error["message"], str) and error["message"].strip()
    assert "Traceback" not in response.text and 'File "' not in response.text


@pytest.fixture()
def small_client(tmp_path):
    app = create_app(Settings(db=str(tmp_path / "e.db"), max_request_bytes=2000))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_every_endpoint_has_error_cases(small_client):
    schema = small_client.get("/api/openapi.json").json()
    operations = {(m.upper(), p) for p, item in schema["paths"].items() for m in item}
    assert operations == set(CASES), "add error cases for new endpoints to CASES"


@pytest.mark.parametrize("case", [(op, c) for op, cs in CASES.items() for c in cs],
                         ids=lambda case: f"{case[0][0]} {case[1][0][:40]} {case[1][2]}")
def test_error_shape(small_client, case):
    (method, _), (path, kwargs, status) = case
    if path.startswith("/api/stories") and status == 404 and not _has_stories():
        pytest.xfail("Desk.story is not in this build yet (issue 6)")
    assert_error_shape(small_client.request(method, path, **kwargs), status)


def _has_stories() -> bool:
    from storydesk.desk import Desk

    return hasattr(Desk, "story")


@pytest.mark.parametrize("path", ["/api/stories", "/api/search", "/api/trends", "/api/articles/x"])
def test_wrong_method(small_client, path):
    assert_error_shape(small_client.delete(path), 405)


def test_unknown_api_path(small_client):
    assert_error_shape(small_client.get("/api/nothing/here"), 404)


def test_missing_article_does_not_reveal_server_paths(small_client, tmp_path):
    response = small_client.get(f"/api/articles/{MISSING}")
    assert_error_shape(response, 404)
    assert str(tmp_path) not in response.text


def test_large_body_refused_before_reading(small_client):
    """A declared Content-Length over the limit is refused (413) whatever the route."""
    response = small_client.post("/api/articles", content=b"{}" * 2000,
                                 headers={"content-type": "application/json"})
    assert_error_shape(response, 413)
    assert "max_request_bytes" in response.json()["error"]["message"]


def test_bug_gives_500_without_trace(small_client, monkeypatch):
    def broken(self, *args, **kwargs):
        raise RuntimeError("secret detail /srv/internal/path")

    monkeypatch.setattr(Store, "search", broken)
    response = small_client.get("/api/search?q=anything")
    assert_error_shape(response, 500)
    assert "secret" not in response.text and "/srv" not in response.text


def test_page_errors_are_pages_with_the_same_status(small_client):
    response = small_client.get(f"/articles/{MISSING}", headers={"accept": "text/html"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert MISSING in response.text and "<h1>404" in response.text


def test_token_required_when_configured(tmp_path):
    app = create_app(Settings(db=str(tmp_path / "t.db"), api_token="s3cret"), host="0.0.0.0")
    with TestClient(app) as c:
        record = {"title": "T", "text": "Some body text here.", "outlet": "O"}
        assert_error_shape(c.post("/api/articles", json=record), 401)
        wrong = c.post("/api/articles", json=record, headers={"authorization": "Bearer nope"})
        assert_error_shape(wrong, 401)
        assert wrong.headers["www-authenticate"] == "Bearer"
        ok = c.post("/api/articles", json=record, headers={"authorization": "Bearer s3cret"})
        assert ok.status_code == 201, ok.text


def test_ingest_refused_beyond_localhost_without_token(tmp_path):
    app = create_app(Settings(db=str(tmp_path / "t.db")), host="0.0.0.0")
    with TestClient(app) as c:
        response = c.post("/api/articles", json={"title": "T", "text": "Body text.", "outlet": "O"})
        assert_error_shape(response, 403)
        assert "api_token" in response.json()["error"]["message"]
        assert c.get("/api/search?q=body").status_code == 200  # reading stays open
