"""Quality gate for embedded posts (issue 3): benchmarks/posts.py on the pages of the
article-extraction-benchmark that embed posts, gold taken from the embeds' own markup.
Floors pinned a little under the measured figures (precision 1.00, recall of visible
posts 1.00, text token F1 0.93; baseline text F1 0.78)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow


def test_posts_gate(data_dir):
    from benchmarks.posts import main

    folder = data_dir / "article-extraction-benchmark"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found")
    results = main(["--data", str(folder), "--json"])
    ours, baseline = results["storydesk"], results["signature-line baseline"]
    assert ours["posts"] >= 15
    assert ours["precision"] >= 0.95
    assert ours["recall_visible"] >= 0.95
    assert ours["text_f1"] >= 0.90 and ours["text_f1"] > baseline["text_f1"]
    assert ours["author_exact"] >= 0.95
