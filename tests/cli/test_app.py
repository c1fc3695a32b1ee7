"""What every command shares: errors become one line and a documented exit status."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from storydesk.cli.app import EXIT_ERROR, run
from storydesk.errors import NotFound


def _app(body) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def go() -> None:
        run(body)

    return app


def _raise(exc):
    def body():
        raise exc

    return body


def test_a_storydesk_error_is_one_line_and_status_1():
    result = CliRunner().invoke(_app(_raise(NotFound("no article with id 'x'"))), [])
    assert result.exit_code == EXIT_ERROR
    assert "storydesk: error: no article with id 'x'" in result.output
    assert "Traceback" not in result.output


def test_a_bug_is_reported_without_a_traceback():
    result = CliRunner().invoke(_app(_raise(KeyError("boom"))), [])
    assert result.exit_code == EXIT_ERROR
    assert "internal error: KeyError" in result.output
    assert "Traceback" not in result.output


def test_an_unknown_article_id_from_the_real_cli(tmp_path):
    from storydesk.cli import _register, app
    from storydesk.store import Store

    _register()
    Store(tmp_path / "s.db").close()
    result = CliRunner().invoke(app, ["article", "doesnotexist", "--db", str(tmp_path / "s.db")])
    assert result.exit_code == EXIT_ERROR
    assert "doesnotexist" in result.output
