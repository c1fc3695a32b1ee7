"""The brief's ``origin``: the outlet the articles credit with the scoop, or ``None``.

**Credits.** Outlets credit one another in a few ways, read here by their wording:

* strong, the material itself came from X: "obtained by X", "first reported by X", "seen by X",
  "released by X", "leaked to X", "provided exclusively to X", "X revealed",
  "X obtained", "X broke the news";
* medium, X is a source: "according to X", "X reported", "in an interview with X",
  "gave an interview to X", "in an X interview";
* weak, a statement given to X: "told X" (a lawyer tells every outlet that calls);
  weak credits add to an outlet's other credits but never make an origin alone.

**Outlets.** A credited name is an outlet only on evidence from the story itself, never
from a list of outlet names: it is the outlet of one of the story's articles, or the
text describes it as a publication somewhere in the story ("the newspaper X", "X, a
local newspaper", "broadcaster X", "X magazine", "the X television channel", "X
columnist"), or its own name ends in a publication word ("... Times", "... News",
"... Post", "Daily ..."), or a photo credit line gives it as a photographer's employer
("Vjeran Pavic/The Verge"). A nationality, a country, a person or a company quoted as a
source ("according to Toyota") is none of these. A name never runs past the end of its
sentence ("according to Toyota. Yet" is Toyota).

**The scoop.** An article crediting its own outlet ("obtained exclusively by CNN" in
CNN) does not count. Each other article counts once per outlet, with its strongest
credit (strong 2, medium 1, weak 0.5). An outlet is the origin when that score reaches
``max(2, min(half the story's other articles, 4))`` and, in a story of three or more
other articles, at least two of them credit it: one strong credit in a story of one or
two other articles, credits from several outlets in a larger one (a gallery in one
article crediting a magazine with another couple's split is not the story's scoop). A breaking event
whose details are sourced to a local paper here and a broadcaster there has no origin:
``None``, and the brief says no outlet is credited with the scoop.

Names are normalised so that one outlet written several ways counts once: case, a
leading "The", a web suffix (".com", ".co.uk", ...) and spacing do not matter, and a
short form joins the one longer form that contains it ("the Times" and "The New York
Times").

>>> outlet_key("The Daily Mail"), outlet_key("DailyMail.com"), outlet_key("dailymail.co.uk")
('dailymail', 'dailymail', 'dailymail')
>>> [c.name for c in find_credits("The tape, released by UK tabloid the Daily Mail, shows it.")]
['Daily Mail']
>>> [c.name for c in find_credits("The car was recalled, according to Toyota. Yet sales rose.")]
['Toyota']
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any

from ..model import AnalyzedArticle
from .sources import source

STRONG, MEDIUM, WEAK = 2.0, 1.0, 0.5
#: An origin needs at least this score, and at most this much more (see the module doc).
MIN_SCORE, MAX_SCORE = 2.0, 4.0

#: What a publication is called before its name ("UK tabloid the X", "the newspaper X").
_PUB_BEFORE = (
    r"(?:newspaper|paper|tabloid|magazine|broadcaster|network|channel|station|website|"
    r"outlet|publication|daily|weekly|news\s+agency|wire\s+service|affiliate)"
)
#: ... and after it ("X magazine", "the X television channel", "X columnist"); not a bare
#: "website" or "station": the Red Cross website and Sandilands tram station are no outlets.
_PUB_AFTER = (
    r"(?:newspaper|paper|tabloid|magazine|broadcaster|daily|weekly|news\s+agency|"
    r"news\s+(?:web)?site|(?:television|TV|radio)(?:\s+(?:channel|station|network))?|channel|"
    r"columnist|reporter|correspondent|journalist|editor|affiliate)"
)
_WORD = r"(?:[A-Z][\w&'’!-]*|[a-z][\w-]*(?=\.(?:com|co\.uk|org|net|tv|news)\b))(?:\.(?:com|co\.uk|org|net|tv|news)\b)?"
_NAME = rf"(?P<name>{_WORD}(?:\s+(?:of\s+|&\s+|de\s+)?{_WORD}){{0,4}})"
# "UK tabloid the", "US broadcaster the", "the newspaper", "local newspaper"
_DESCRIPTION = rf"(?P<desc>(?:the\s+)?(?:[\w-]+\s+){{0,2}}?{_PUB_BEFORE}\s+)?(?:the\s+|The\s+)?"
_AFTER = rf"(?P<after>\s+{_PUB_AFTER}\b|,\s+an?\s+(?:[\w-]+\s+){{0,2}}?{_PUB_AFTER}\b)?"

_STRONG_CUE = (
    r"(?:obtained|first\s+reported|first\s+published|revealed|leaked|provided|released|"
    r"published|broken|given|sent|aired|broadcast)\s+(?:exclusively\s+|first\s+)?(?:by|to)"
    r"|(?<![\w-])(?i:seen|viewed|reviewed)\s+(?:exclusively\s+)?by"
    r"|exclusively\s+(?:to|by|with)"
)
_MEDIUM_CUE = (
    r"according\s+to|reported\s+by|cited\s+by|quoted\s+by|quoted\s+in"
    r"|(?:in|during)\s+an?\s+(?:[\w-]+\s+){0,2}?interview\s+(?:with|to)"
    r"|gave\s+(?:an?\s+(?:[\w-]+\s+){0,2}?interview\s+)?to"
)
_WEAK_CUE = r"told|telling|speaking\s+to|spoke\s+to|in\s+a\s+statement\s+to"
_BEFORE = re.compile(
    rf"\b(?:(?P<strong>(?i:{_STRONG_CUE}))|(?P<medium>(?i:{_MEDIUM_CUE}))|(?P<weak>(?i:{_WEAK_CUE})))\s+"
    rf"{_DESCRIPTION}{_NAME}{_AFTER}"
)
# "obtained and released Daily Mail": a dropped "by", only before the end of a clause
_BARE = re.compile(
    rf"\b(?:obtained|released)\s+and\s+\w+\s+(?:the\s+)?{_NAME}(?=\s*[,.;])"
)
# "X revealed", "the newspaper X reported"
_SUBJECT = re.compile(
    rf"\b(?P<desc>(?:the\s+)?(?:[\w-]+\s+){{0,2}}?{_PUB_BEFORE}\s+)?(?:the\s+|The\s+)?{_NAME}"
    rf"{_AFTER},?\s+(?:(?P<strong>(?:first\s+)?(?:revealed|obtained|published|broke\s+the\s+(?:news|story))"
    rf"|first\s+reported|has\s+(?:revealed|obtained|published))|(?P<medium>reported|reports|has\s+reported))\b"
)
# "in a New York Times interview"
_INTERVIEW = re.compile(rf"\b(?i:in|during)\s+an?\s+{_NAME}\s+(?P<medium>interview)\b")
_CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december".split()
)
_NOT_OUTLETS = _CALENDAR | frozenset(
    "today i he she they we it you police court officials authorities investigators "
    "prosecutors reporters".split()
)
#: Words that end (or, for "Daily"/"Weekly", begin) the name of a publication.
_PUBLICATION_NAME = re.compile(
    r"(?:^(?:Daily|Weekly)\s|\s(?:Times|Post|News|Mail|Journal|Guardian|Telegraph|Herald|"
    r"Tribune|Gazette|Press|Magazine|Radio|TV|Television|Wire|Chronicle|Observer|Sun|Star|"
    r"Mirror|Today|Insider|Enquirer|Inquirer|Examiner|Courier|Dispatch|Bulletin|Standard|"
    r"Independent|Globe)$|-TV$|^(?:Times|Post|Mail|Guardian|Telegraph|Sun|Mirror|Independent)$)"
)
_WEB_SUFFIX = re.compile(r"\.(?:com|co\.uk|org|net|news|tv|co|uk|us|au|ca|ie|in|cn|fr|de)$")
#: Host labels that say nothing of the outlet ("edition.cnn.com", "usa.chinadaily.com.cn").
_HOST_WORDS = frozenset("www edition usa uk us en m mobile amp news go com co org net".split())


def outlet_key(name: str) -> str:
    """A name normalised for comparing outlets (see the module doc)."""
    key = name.strip().lower()
    key = re.sub(r"^the\s+", "", key)
    key = re.sub(r"^www\.", "", key)
    key = _WEB_SUFFIX.sub("", key)
    key = _WEB_SUFFIX.sub("", key)
    return re.sub(r"[^\w&]+", "", key)


def _host_keys(outlet: str | None) -> set[str]:
    """The keys an article's own outlet goes by: its name, or each telling label of its
    web address ("edition.cnn.com" -> {"cnn"})."""
    if not outlet:
        return set()
    keys = {outlet_key(outlet)}
    if "." in outlet and " " not in outlet.strip():
        keys |= {label for label in outlet.lower().split(".") if len(label) >= 3 and label not in _HOST_WORDS}
    # "theguardian.com" is the Guardian: a leading "the" glued to the name, as credits drop it
    keys |= {k[3:] for k in keys if k.startswith("the") and len(k) > 6}
    return keys


@dataclass(frozen=True)
class Credit:
    """One article's credit of a name, with its strength and the evidence it gives."""

    name: str
    weight: float
    start: int  # of the credit in the article text
    described: bool  # the text calls it a publication right here ("the newspaper X")


def _clean(name: str) -> str:
    name = re.sub(r"[’']s$", "", name.strip())
    name = name.rstrip(".,;:'’")
    name = re.sub(r"^(?:the|The)\s+", "", name)
    words = name.split()
    while words and words[-1].lower() in _CALENDAR:  # "told Deadline Monday"
        words.pop()
    return "" if words in (["The"], ["A"], ["An"]) else " ".join(words)


def find_credits(text: str) -> list[Credit]:
    """Every credit of a capitalised name in ``text``, in order (outlet or not)."""
    out: dict[int, Credit] = {}
    for pattern in (_BEFORE, _SUBJECT, _INTERVIEW, _BARE):
        for m in pattern.finditer(text):
            groups = m.groupdict()
            name = _clean(m.group("name"))
            if not name or m.start("name") in out:
                continue
            if groups.get("strong") or pattern is _BARE:
                weight = STRONG
            elif groups.get("medium"):
                weight = MEDIUM
            else:
                weight = WEAK
            described = bool(groups.get("desc") or groups.get("after"))
            out[m.start("name")] = Credit(name, weight, m.start("name"), described)
    return [out[k] for k in sorted(out)]


_DESCRIBED = (
    # a photo credit line, "Vjeran Pavic/The Verge": the photographer's publication
    re.compile(rf"(?m)^[A-Z][\w.'’-]+(?:\s+[A-Z][\w.'’-]+){{1,3}}\s*/\s*(?:the\s+|The\s+)?{_NAME}\s*$"),
    re.compile(rf"\b{_PUB_BEFORE}\s+(?:the\s+)?{_NAME}"),
    re.compile(rf"{_NAME}\s+{_PUB_AFTER}\b"),
    re.compile(rf"{_NAME},\s+an?\s+(?:[\w-]+\s+){{0,2}}?{_PUB_AFTER}\b"),
)


def _described_keys(analyzed: list[AnalyzedArticle]) -> set[str]:
    """Keys of the names the story's texts describe as publications anywhere."""
    keys = set()
    for item in analyzed:
        for m in (m for pattern in _DESCRIBED for m in pattern.finditer(item.article.text)):
            name = _clean(m.group("name"))
            if name:
                keys.add(outlet_key(name))
    return keys


def _not_a_name(credit: Credit) -> bool:
    """A pronoun, a date word, an authority ("police"): never a publication."""
    words = [w.lower() for w in re.findall(r"\w+", credit.name)]
    return not words or words[0] in _NOT_OUTLETS


def _parsed_as_other(item: AnalyzedArticle, credit: Credit) -> bool:
    """Whether the parse makes the name a person, nationality or place: an entity of
    that kind covers its last word, or every word is a word of a person's name."""
    head = credit.start + credit.name.rfind(credit.name.split()[-1])
    for e in item.analysis.entities:
        if e.start <= head < e.end and e.type in ("PERSON", "NORP", "GPE", "LOC", "DATE", "TIME"):
            return True
    words = [w.lower() for w in re.findall(r"\w+", credit.name)]
    people = {w.lower() for e in item.analysis.entities if e.type == "PERSON"
              for w in re.findall(r"\w+", e.canonical + " " + e.text)}
    return all(w in people for w in words)


def _merge_keys(names: dict[str, Counter]) -> dict[str, str]:
    """Each key mapped to the one longer name containing its words, else to itself."""
    words = {k: [w.lower() for w in re.findall(r"[\w&]+", c.most_common(1)[0][0])] for k, c in names.items()}

    def inside(short: list[str], long: list[str]) -> bool:
        n = len(short)
        return 0 < n < len(long) and any(long[i : i + n] == short for i in range(len(long) - n + 1))

    out = {}
    for k in names:
        longer = [o for o in names if o != k and inside(words[k], words[o])]
        out[k] = longer[0] if len(longer) == 1 else k
    return out


_BOUNDARY = re.compile(r"[.!?](?=\s)|\n")


def _sentence_of(item: AnalyzedArticle, pos: int) -> tuple[int, int]:
    """The analysed sentence around ``pos``; without sentences, the stretch between
    sentence-ending punctuation or line breaks."""
    text = item.article.text
    for s in item.analysis.sentences:
        if s.start <= pos < s.end <= len(text):
            return s.start, s.end
    before = [m.end() for m in _BOUNDARY.finditer(text, 0, pos)]
    start = before[-1] if before else 0
    after = _BOUNDARY.search(text, pos)
    end = after.start() + 1 if after else len(text)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def credits(analyzed: list[AnalyzedArticle]) -> list[tuple[int, str, str, Credit]]:
    """(article index, outlet key, name, credit) of each credit of an outlet in the story
    by an article of another outlet. The evidence that a name is an outlet may come from
    any way it is written; a publication the text describes as one, or the outlet of an
    article, is one even where the parse took it for a person ("People magazine")."""
    own = [_host_keys(a.article.outlet) for a in analyzed]
    story_keys = set().union(*own) if own else set()
    described = _described_keys(analyzed)
    found = []
    for index, item in enumerate(analyzed):
        for credit in find_credits(item.article.text):
            key = outlet_key(credit.name)
            if key and not _not_a_name(credit):
                found.append((index, key, credit.name, credit))
    names: dict[str, Counter] = defaultdict(Counter)
    for _, key, name, _ in found:
        names[key][name] += 1
    merged = _merge_keys(names)
    plain = {merged[k] for k in names if k in story_keys or k in described} | {
        merged[key] for _, key, _, credit in found if credit.described}
    titled = {merged[key] for index, key, name, credit in found
              if _PUBLICATION_NAME.search(name) and not _parsed_as_other(analyzed[index], credit)}
    outlets = plain | titled
    return [(index, merged[key], name, credit) for index, key, name, credit in found
            if merged[key] in outlets and key not in own[index] and merged[key] not in own[index]
            and (merged[key] in plain or not _parsed_as_other(analyzed[index], credit))]


def build_origin(analyzed: list[AnalyzedArticle], notes: list[str] | None = None) -> dict | None:
    """``{"outlet", "sources", "score"}`` for the outlet credited with the scoop, or None."""
    found = credits(analyzed)
    own = [_host_keys(a.article.outlet) for a in analyzed]
    best_in_article: dict[str, dict[int, float]] = defaultdict(dict)
    order: list[str] = []
    for index, key, _, credit in found:
        if key not in order:
            order.append(key)
        per = best_in_article[key]
        per[index] = max(per.get(index, 0.0), _weight(analyzed, own, index, key, credit))

    def enough(key: str) -> bool:
        others = sum(1 for keys in own if key not in keys)
        articles = len(best_in_article[key])
        return score[key] >= max(MIN_SCORE, min(others / 2, MAX_SCORE)) and articles >= min(2, others - 1)

    score = {k: sum(v.values()) for k, v in best_in_article.items()}
    # statements told to an outlet add to its other credits, never make one on their own
    qualified = [k for k in order if enough(k) and max(best_in_article[k].values()) > WEAK]
    if not qualified:
        if notes is not None:
            credited = ", ".join(f"{_display(found, k)} ({score[k]:g})" for k in order[:5])
            notes.append("origin: no outlet is credited with the scoop"
                         + (f"; outlets credited with details: {credited}" if credited else ""))
        return None
    best = min(qualified, key=lambda k: (-score[k], -sum(w == STRONG for w in best_in_article[k].values()),
                                         order.index(k)))
    seen: set[tuple[int, int]] = set()
    sources = []
    for index, key, _, credit in found:
        if key != best:
            continue
        start, end = _sentence_of(analyzed[index], credit.start)
        if (index, start) not in seen:
            seen.add((index, start))
            sources.append(source(analyzed[index], start, end))
    result: dict[str, Any] = {"outlet": _display(found, best), "sources": sources, "score": score[best]}
    origin_articles = [a.article.id for a, keys in zip(analyzed, own) if best in keys]
    if origin_articles:
        result["article_ids"] = origin_articles
    return result


#: A quote shorter than this many words may be anyone's stock phrase, no sign of copying.
RETOLD_WORDS = 6


def _weight(analyzed: list[AnalyzedArticle], own: list[set[str]], index: int, key: str, credit: Credit) -> float:
    """The credit's weight; a statement told to an outlet of the story ("..., says Brian
    Harvey, told The Guardian") counts as "according to" that outlet when the words quoted
    with it are in that outlet's own article of the story, published no later: the article
    retells the outlet's reporting, not a statement every outlet was given."""
    if credit.weight != WEAK:
        return credit.weight
    holders = [analyzed[j] for j, keys in enumerate(own) if j != index and key in keys]
    item = analyzed[index]
    holders = [h for h in holders if not (h.article.published_day and item.article.published_day
                                          and h.article.published_day > item.article.published_day)]
    if not holders:
        return credit.weight
    start, end = _sentence_of(item, credit.start)
    for _ in range(2):  # the quote may follow its credit: "X told the Guardian that ... . 'Quote,' he said."
        if end < len(item.article.text):
            end = _sentence_of(item, min(len(item.article.text) - 1, end + 1))[1]
    quoted = [_words(q.text) for q in item.analysis.quotes if start <= q.start < end]
    if any(len(q.split()) >= RETOLD_WORDS and q in _words(h.article.text) for q in quoted for h in holders):
        return MEDIUM
    return credit.weight


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower().replace("’", "'")))


def _display(found: list, key: str) -> str:
    """The name an outlet is most often written as (a plain name before a web address)."""
    names = Counter(name for _, k, name, _ in found if k == key)
    return min(names, key=lambda n: (-names[n], "." in n, -len(n), n))


__all__ = ["build_origin", "credits", "find_credits", "outlet_key"]
