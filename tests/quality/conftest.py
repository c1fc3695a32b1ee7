"""What the quality gates share: measuring a gate as benchmarks/floors.py does, skipping
(and saying why) when its data is absent."""

from __future__ import annotations

import pytest
from benchmarks import floors


@pytest.fixture
def measure_gate(data_dir):
    """``measure_gate(name)``: gate ``name`` measured on its data (``{system: {metric:
    value}}``), as ``python -m benchmarks.floors check NAME`` measures it."""
    def measure(name: str) -> dict:
        folder = floors.data_folder(floors.gate(name), data_dir)
        if not folder.is_dir():
            pytest.skip(f"{folder} not found")
        return floors.measure(name, data_dir)

    return measure
