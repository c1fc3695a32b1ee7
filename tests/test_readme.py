"""The README's Python API example runs, as a doctest, and prints what it says."""

from __future__ import annotations

import doctest
import io
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_python_api_example_in_the_readme_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # its news.db lands here, not in the checkout
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(readme, {}, "README.md", str(ROOT / "README.md"), 0)
    assert len(test.examples) >= 2, "the README's Python API example is not a doctest any more"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out = io.StringIO()
    with redirect_stdout(out):
        result = runner.run(test, out=out.write)
    assert result.failed == 0, out.getvalue()
    assert (tmp_path / "news.db").is_file()
