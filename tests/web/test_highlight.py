"""Marked-up article text shows exactly the article text, whatever the spans."""

from __future__ import annotations

import html

from hypothesis import given, settings
from hypothesis import strategies as st

from storydesk.web.highlight import Layer, mark_up

from .htmlcheck import audit, visible_text

TEXTS = st.lists(st.sampled_from(list("ab <>&\"'\né“") + ["<script>", "onerror="]), max_size=40).map("".join)


@st.composite
def marked(draw):
    text = draw(TEXTS)
    n = len(text)
    bound = st.integers(min_value=-2, max_value=n + 2)
    layers = [Layer(draw(bound), draw(bound), draw(st.sampled_from(["quote", "ent ent-person", "date"])),
                    draw(st.sampled_from(["", "a <b>", "x\"y"])), draw(st.sampled_from(["", "quote-0"])))
              for _ in range(draw(st.integers(0, 6)))]
    cited = draw(st.one_of(st.none(), st.tuples(bound, bound)))
    return text, layers, cited


@given(marked())
@settings(max_examples=300, deadline=None)
def test_markup_shows_the_text_verbatim_and_nothing_runs(case):
    text, layers, cited = case
    out = str(mark_up(text, layers, cited))
    assert visible_text(out) == text
    assert audit(out) == []
    assert out.count("<span") == out.count("</span>")
    valid_cite = cited is not None and 0 <= cited[0] < cited[1] <= len(text)
    assert out.count('id="hl"') == (1 if valid_cite else 0)
    if valid_cite:
        inner = out.split('id="hl" class="cited" tabindex="-1">', 1)[1].split("</mark>", 1)[0]
        assert html.unescape(visible_text(inner)) == text[cited[0]:cited[1]]


def test_overlapping_spans_carry_both_classes():
    out = str(mark_up("Ann Lee said hello", [Layer(0, 7, "speaker"), Layer(0, 3, "ent")]))
    assert '<span class="speaker ent"' in out and ">Ann</span>" in out
    assert '<span class="speaker"> Lee</span>' in out
