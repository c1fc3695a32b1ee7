"""When "confirmed" tells two counts apart, and when it does not.

A count of a fate marked ``confirmed`` ("311 confirmed cases", "28,774 infections
confirmed") is kept apart from a plain count of that fate ("337 cases") where the story
also counts it as unsure ("2,000 suspected cases", "40 other possible deaths"): there the
confirmed count is one measure and the suspected another, and a plain count may be either.
Where nothing in the story counts the fate as unsure, "confirmed" is how the count came,
not what it counts: "311 confirmed cases" and "337 cases" are one measure, compared.

>>> sorted(unsure_fates([("There were 2,000 suspected cases and 20 confirmed deaths.", 42, 62, "killed confirmed"),
...                      ("There were 2,000 suspected cases and 20 confirmed deaths.", 11, 32, "infected")]))
['infected', 'killed']
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..model import AnalyzedArticle

#: Words that make a count of a fate unsure: a measure other than the confirmed one.
_UNSURE = re.compile(r"\b(?:suspect(?:ed)?|probable|probably|possible|possibly|presum(?:ed|ably)|"
                     r"unconfirmed|not\s+(?:yet\s+)?confirmed|likely|potential)\b", re.IGNORECASE)
#: How far around a count its unsure word may be ("40 other possible deaths").
_REACH = 40


def unsure_fates(counts: Iterable[tuple[str, int, int, str]]) -> set[str]:
    """The fates of ``counts`` (text, start, end, measure) that some count gives as unsure."""
    fates = set()
    for text, start, end, measure in counts:
        if measure and _UNSURE.search(text[max(0, start - _REACH) : end + _REACH]):
            fates.add(measure.partition(" ")[0])
    return fates


def story_unsure_fates(analyzed: list[AnalyzedArticle]) -> set[str]:
    """The fates the story counts as unsure somewhere (see the module doc)."""
    return unsure_fates((item.article.text, f.start, f.end, f.measure)
                        for item in analyzed for f in item.analysis.figures if f.kind == "count")


def plain(measure: str, unsure: set[str]) -> str:
    """``measure`` without ``confirmed`` when its fate is counted as unsure nowhere."""
    tags = measure.split()
    if "confirmed" not in tags or not tags or tags[0] in unsure:
        return measure
    return " ".join(t for t in tags if t != "confirmed")


__all__ = ["plain", "story_unsure_fates", "unsure_fates"]
