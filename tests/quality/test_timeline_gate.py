"""Quality gate for timelines (issue 5): benchmarks/timeline.py on Timeline17, the
news-tls protocol, against the floors of benchmarks/floors.json and the PUBCOUNT baseline
measured in the same run (which also checks the metric: PUBCOUNT must land near its
published figures, 0.105 / 0.027 / 0.481)."""

from __future__ import annotations

import pytest
from benchmarks import floors

pytestmark = pytest.mark.slow


def test_timeline_gate(measure_gate, data_dir):
    results = measure_gate("timeline")
    floors.check("timeline", results, data_dir).raise_if_failed()
    pubcount = results["pubcount"]
    assert abs(pubcount["AR1-F"] - 0.105) <= 0.015
    assert abs(pubcount["AR2-F"] - 0.027) <= 0.006
    assert abs(pubcount["Date-F1"] - 0.481) <= 0.04
