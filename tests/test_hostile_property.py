"""Issue 16: a property test drives `Desk.ingest` with generated records — edge and
garbage dates, huge and odd numbers, unicode with controls and unpaired surrogates,
nesting, wrong types — and asserts that every record is accounted for (stored, already
stored, or rejected with a reason), the store stays usable, and the next good article
lands: stored, analyzed and grouped."""

from __future__ import annotations

import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storydesk import Desk, Settings
from storydesk.store.stories import is_grouped

EDGE_DATES = ["9999-12-31", "0001-01-01", "9999-12-31T23:59:59", "0001-01-01T00:00:00Z", "1970-01-01",
              "2099-01-01", "1899-12-31", "2020-02-30", "2020-13-01", "yesterday", "Sun, 31 Dec 9999 23:59:59 GMT",
              "", " ", "0", "-1", "1e400"]

text = st.text(st.characters(codec=None, exclude_categories=()), max_size=60)
numbers = st.one_of(st.integers(min_value=-(10**40), max_value=10**40), st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from([0, -1, 2**63, 1e308, -1e308, 253402300800, -62135596800]))
scalars = st.one_of(st.none(), st.booleans(), numbers, text)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                      max_leaves=8)
dates = st.one_of(st.sampled_from(EDGE_DATES), numbers,
                  st.datetimes().map(lambda d: d.isoformat()), values)
prose = st.sampled_from([
    "The council voted on Tuesday to expand the ferry service after a long debate about costs.",
    "#a #b #c @d \u202e\x1b[2J\x07 \u0000 \"\"\" '' \u201c\u201d",
    "", "   ", "x" * 5000, "Ünïcödé ✓ 中文 العربية " * 20,
])
records = st.fixed_dictionaries(
    {},
    optional={"title": st.one_of(text, values), "text": st.one_of(prose, text, values),
              "date_publish": dates, "authors": st.one_of(text, values), "url": st.one_of(text, values),
              "source_domain": st.one_of(text, values), "description": values},
)
GOOD = ("Harbour workers ended a two-week strike on Thursday after the port authority agreed to "
        "a new pay deal, union leader Ana Ruiz said. \"We have a deal,\" Ruiz told reporters.")


def test_generated_records_never_stop_the_next_good_article(tmp_path):
    counter = itertools.count()
    with Desk(Settings(db=str(tmp_path / "s.db"), article_seconds=20)) as desk:

        @settings(max_examples=60, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(batch=st.lists(records, min_size=1, max_size=4), as_list=st.booleans())
        def check(batch, as_list):
            n = next(counter)
            path = tmp_path / f"in{n}.{'json' if as_list else 'jsonl'}"
            lines = [json.dumps(r, ensure_ascii=bool(n % 2)) for r in batch]
            path.write_text(("[" + ",".join(lines) + "]") if as_list else "\n".join(lines) + "\n",
                            encoding="utf-8", errors="surrogatepass")
            report = desk.ingest(str(path))
            accounted = len(report.stored) + len(report.already) + len(report.rejected)
            assert accounted == len(batch)  # one outcome per record, none lost
            assert all(r.reason for r in report.rejected)
            good = tmp_path / f"good{n}.json"
            good.write_text(json.dumps({"title": f"Strike ends {n}", "text": f"{GOOD} ({n})",
                                        "date_publish": "2021-07-01"}))
            landed = desk.ingest(str(good))
            assert landed.rejected == [] and len(landed.stored) == 1
            assert is_grouped(desk.store, landed.stored[0].id)
            assert "Ana Ruiz" in {e.canonical for e in desk.analyze(landed.stored)[0].analysis.entities}

        check()
        assert desk.store.integrity_ok()
        assert desk.update_stories() == 0
