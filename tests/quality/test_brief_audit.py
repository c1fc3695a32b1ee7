"""The rest of the brief on unseen stories (issue 11 audit): benchmarks/brief_audit.py on
hand-labelled multi-outlet events of giveme5w1h (and timeline17) that no rule was written against.
Errors per section may not exceed what was measured when the labels were made (README,
"Audit of the rest of the brief"); skipped, saying why, without the data."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.slow

#: Most errors allowed per section, as measured after the audit's fixes (before: origin 1,
#: figures missed 4 of 5, figures merged 3 of 6, dates wrong 13 of 32 shown, names merged 2 of 9).
#: Round 8 added six giveme5w1h stories: three for figures (figures compared across outlets: missed
#: 2 of 6, merged 0 of 12) and three with the entity columns (on main before its fixes, all eight:
#: origin 2 of 8, dates wrong 5 of 44 shown, types wrong 9 of 36 shown and 2 dropped of 38); and
#: three timeline17 count stories, when that folder is present: their 7 conflicts and evolutions
#: missed 7 -> 1, all 13 missed 9 -> 3, none of the wrong kind, merged 0 of 23.
#: Round 9 added five stories (four giveme5w1h: dates, origin, names, types; one timeline17:
#: a rising estimate and the oil collected beside it); on main before its fixes, all 19 stories:
#: origin 2 of 13, figures missed 5 of 15, dates wrong 11 of 130 shown, types wrong 5 of 85
#: shown and 2 dropped of 88, names merged 1 of 24, split 0 of 23; after them: origin 1 (round
#: 7's self-credit), figures missed 3 (round 8's), dates wrong 4 of 128, types wrong 1 (round
#: 8's) and 1 dropped, names merged 1 (round 8's).
#: Round 10 added three stories labelled blind (a sting's counts and companies, a satellite's
#: launch week, a pandemic day's tallies); on main before its fixes, all 22: origin 1 of 16,
#: figures missed 6 of 19, merged 1 of 56, dates wrong 12 of 168 shown, names merged 1 of 34, split
#: 3 of 34, types wrong 5 of 128 shown and 3 dropped; after them: figures merged 0, dates wrong 9
#: (4 of them RT's texts under their crawl date), names merged 0, split 2, types wrong 2.
#: Round 11 (no new stories): figures missed 6 -> 2 (confirmed and plain counts of a fate no
#: count calls suspected, a dateline's hour, the time since the last such event, a deal's subject
#: in the sentence before), types wrong 2 -> 0 and dropped 3 -> 2 (an outlet a source told, a
#: club before its fans, a name the sentence calls a thing).
CEILINGS = {"origin_err": 1, "fig_missed": 2, "fig_kind_wrong": 0, "fig_merged": 0, "date_wrong": 9,
            "names_merged": 0, "names_split": 2, "type_wrong": 0, "type_dropped": 2}


def test_brief_audit_errors_stay_under_their_ceilings(data_dir):
    from benchmarks.brief_audit import evaluate

    folder = data_dir / "giveme5w1h-news-cluster"
    if not folder.is_dir():
        pytest.skip(f"{folder} not found")
    results, _, _ = evaluate(folder)
    ours = results["storydesk"]
    # the timeline and the entities still show what was labelled
    assert ours["stories"] >= 11 and ours["date_shown"] >= 35 and ours["type_shown"] >= 35
    over = {k: (ours[k], v) for k, v in CEILINGS.items() if ours[k] > v}
    assert not over, f"errors over their ceilings (found, ceiling): {over}"
