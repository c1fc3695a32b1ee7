"""Quality gate for embedded posts (issue 3): benchmarks/posts.py on the pages of the
article-extraction-benchmark that embed posts, gold taken from the embeds' own markup,
against the floors of benchmarks/floors.json and the signature-line baseline measured in
the same run."""

from __future__ import annotations

import pytest
from benchmarks import floors

pytestmark = pytest.mark.slow


def test_posts_gate(measure_gate, data_dir):
    results = measure_gate("posts")
    assert results["storydesk"]["posts"] >= 15  # the pages still embed the posts scored
    floors.check("posts", results, data_dir).raise_if_failed()
