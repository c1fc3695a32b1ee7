"""Every brief built by a test under tests/brief is checked against its sources
(see verbatim.py), whichever test built it."""

from __future__ import annotations

import pytest

from .verbatim import assert_brief_verbatim


@pytest.fixture(autouse=True)
def _every_brief_is_verbatim(monkeypatch):
    import storydesk.brief as brief_module

    built = []
    original = brief_module.build_brief

    def recording(analyzed, *args, **kwargs):
        analyzed = list(analyzed)
        result = original(analyzed, *args, **kwargs)
        built.append((result, analyzed))
        return result

    monkeypatch.setattr(brief_module, "build_brief", recording)
    yield built
    for result, analyzed in built:
        assert_brief_verbatim(result, analyzed)
