"""Who said what on the project's own annotated stories: misattributed quotes (goal 0).

    python -m benchmarks.story_quotes [--data DIR] [--json] [--split dev|test] [--errors] [--groups]

Data: the giveme5w1h-news-cluster folder (default ../shared/data/giveme5w1h-news-cluster);
labels: ``benchmarks/labels/stories/quotes.jsonl`` (hand-annotated, see that folder's
README). Each story of ``benchmarks/story_set.py`` is briefed as a user briefs it
(``Desk.brief_articles``), and the brief's ``quotes`` are read back against the labels.

A labelled quote is *found* when a brief entry cites a span of the same article holding
at least half of its words; the speaker the brief shows for it is that entry's
``speaker`` (copied from another printing or not: the reader sees it next to the words).

- ``misattributed``: found quotes shown with a speaker the text does not establish for
  them (another person, a person where the text gives only a role, anybody where the
  text names nobody). Goal: 0. ``misattributed_flagged`` counts those whose entry is
  flagged with ``speaker_conflict`` (shown with doubt, still counted above);
  ``role_for_named`` those where an unnamed role is shown and the text names the speaker
  (often the named speaker's own role, "the group's spokesman", but it cannot be told
  from a wrong one, so it stays counted above).
- ``null_but_named``: found quotes shown without a speaker although the text names one
  (a person or an organisation); ``null_but_role`` the same for an unnamed role.
- ``attributed``: share of found quotes shown with a speaker; ``precision``: share of
  those that are right.

A shown speaker is right when it is the labelled name or one of its aliases up to
accents, initials and titles (:func:`storydesk.analyze.entities.same_person`), the
labelled person's surname alone, or, for an unnamed role, a role phrase with the same
head noun ("A spokesman" for "A British Transport Police spokesman", "the spokesperson"
for "A spokesperson for the US State Department"; capitals in the phrase only in a
possessor, "a reporter Ana Ruiz's source" for "the source") or the organisation
the role speaks for when the role names it ("RAIB", or "Rail Accident Investigation
Branch" spelt out, for "An RAIB spokesman"; never a
person: "Harvey Weinstein" is wrong for "a rep for Weinstein"). Dev and test are
reported separately; only dev may be tuned on. The split is the quote benchmarks' own
(``story_set.quotes_split``): the seven test stories whose errors were read in round 11 are
dev here (group ``read11``), and round 11's blind pages are the test.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._common import parser, report, require  # noqa: E402
from benchmarks.story_set import LABELS, group, load_story_set, quotes_split, text_hash  # noqa: E402

QUOTES = LABELS / "quotes.jsonl"
_WORD = re.compile(r"\w+")
_DETERMINERS = frozenset("a an the one his her their its another".split())
#: A role phrase's possessor, up to its "'s" ("A reporter Ana Ruiz's source" -> "source").
_POSSESSOR = re.compile(r"^.*['’]s\s+")


@dataclass(frozen=True)
class Label:
    file: str
    start: int
    end: int
    speaker: str | None
    type: str | None
    aliases: tuple[str, ...] = ()

    @property
    def named(self) -> bool:
        return self.type in ("person", "organization")


def read_labels(path: Path = QUOTES) -> list[Label]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            out.append(Label(r["file"], int(r["start"]), int(r["end"]), r.get("speaker"), r.get("type"),
                             tuple(r.get("aliases", ()))))
        except (ValueError, KeyError) as exc:
            raise ValueError(f"{path}:{n}: not a quote label ({exc})") from exc
    return out


def check_hashes(stories, labels: list[Label], path: Path = QUOTES) -> None:
    """Fail loudly when a label no longer matches the text the reader gives."""
    hashes = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            hashes[n] = json.loads(line)["sha1"]
    by_file = {Path(a.source).name: a for s in stories for a in s.articles}
    for (n, digest), label in zip(sorted(hashes.items()), labels):
        article = by_file.get(label.file)
        if article is not None and text_hash(article.text[label.start:label.end]) != digest:
            raise ValueError(f"{path}:{n}: the text at {label.start}:{label.end} of {label.file} "
                             "changed since it was labelled")


def _words(text: str, start: int, end: int) -> set[int]:
    return {start + m.start() for m in _WORD.finditer(text[start:end])}


def _role_head(phrase: str) -> str:
    """The role's head noun: its last word before any "for"/"of"/"at"/"with"/"from"/"on"/"in"
    phrase ("A spokesperson for the US State Department" -> "spokesperson", "A doctor on the
    scene" -> "doctor", "A foreign ministry spokesman in Berlin" -> "spokesman")."""
    phrase = re.split(r"\s(?:for|of|at|with|from|on|in)\s", phrase.lower(), maxsplit=1)[0]
    words = [w for w in _WORD.findall(phrase) if w not in _DETERMINERS]
    head = words[-1] if words else ""
    return head[:-1] if head.endswith("s") and len(head) > 3 else head


def _initials(name: str) -> str:
    """"Rail Accident Investigation Branch" -> "RAIB" (the words' capitals, small words left out)."""
    words = [w for w in name.split() if w[:1].isupper()]
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def right(shown: str, label: Label, shown_type: str | None = None) -> bool:
    """Whether ``shown`` is the labelled speaker (see the module docstring)."""
    from storydesk.analyze.entities import fold, name_key, same_person

    if label.speaker is None:
        return False
    if label.type == "role" and shown_type == "organization" and (
            re.search(rf"\b{re.escape(fold(shown))}\b", fold(label.speaker))
            or _initials(shown) in label.speaker.split()):
        return True  # "An RAIB spokesman": the body the spokesman speaks for, or spelt out
    for name in (label.speaker, *label.aliases):
        if same_person(shown, name) or fold(shown) == fold(name):
            return True
        key, shown_key = name_key(name), name_key(shown)
        if label.type == "person" and len(shown_key) == 1 and key and shown_key[0] == key[-1]:
            return True  # the surname alone
        if label.type == "organization" and (fold(shown) in fold(name) or fold(name) in fold(shown)):
            return True
        if label.type == "role" and len(name.split()) > 1 and _role_head(shown) == _role_head(name) \
                and not any(w[:1].isupper() for w in _POSSESSOR.sub("", shown).split()[1:]):
            return True  # capitals only in a possessor: whose role it is ("reporter Ana Ruiz's source")
    return False


def score(stories, briefs: list[dict]) -> dict[str, float]:
    """``{metric: value}`` over ``stories`` (``story_set.LoadedStory``) and the briefs
    ``Desk.brief_articles`` built for them (one per story, in order)."""
    labels = read_labels()
    rows: dict[str, dict[str, float]] = {}
    for story, brief in zip(stories, briefs):
        row = rows.setdefault("all", {"labelled": 0, "found": 0, "attributed": 0, "right": 0,
                                            "misattributed": 0, "misattributed_flagged": 0,
                                            "role_for_named": 0,
                                            "null_but_named": 0, "null_but_role": 0})
        files = {Path(a.source).name: a for a in story.articles}
        for label in (x for x in labels if x.file in files):
            article = files[label.file]
            row["labelled"] += 1
            want = _words(article.text, label.start, label.end)
            entry = _entry_for(brief, article, want)
            if entry is None:
                continue
            row["found"] += 1
            shown = entry.get("speaker")
            if shown is None:
                row["null_but_named"] += label.named
                row["null_but_role"] += label.type == "role"
                continue
            row["attributed"] += 1
            if right(shown, label, entry.get("speaker_type")):
                row["right"] += 1
            else:
                row["misattributed"] += 1
                row["misattributed_flagged"] += bool(entry.get("speaker_conflict"))
                row["role_for_named"] += entry.get("speaker_type") == "role" and label.named
    for row in rows.values():
        row["attributed_share"] = row["attributed"] / row["found"] if row["found"] else 0.0
        row["precision"] = row["right"] / row["attributed"] if row["attributed"] else 0.0
    return rows.get("all", {})


def _entry_for(brief: dict, article, want: set[int]) -> dict | None:
    """The brief entry citing the most of the labelled words in ``article``, if it cites
    at least half of them."""
    best, top = None, 0
    for entry in brief.get("quotes", []):
        for src in entry.get("sources", []):
            if src["article_id"] != article.id:
                continue
            got = len(want & _words(article.text, src["start"], src["end"]))
            if got > top:
                best, top = entry, got
    return best if want and top * 2 >= len(want) else None


def errors(stories, briefs: dict[str, dict]) -> list[dict]:
    """The misattributed and null-but-named quotes of the dev stories, for reading (not
    printed by default; test stories are only ever scored, never read for tuning)."""
    out = []
    labels = read_labels()
    for story in (s for s in stories if quotes_split(s) == "dev"):
        files = {Path(a.source).name: a for a in story.articles}
        for label in (x for x in labels if x.file in files):
            article = files[label.file]
            entry = _entry_for(briefs[story.name], article, _words(article.text, label.start, label.end))
            if entry is None:
                continue
            shown = entry.get("speaker")
            if (shown is None and label.speaker) or (shown and not right(shown, label, entry.get("speaker_type"))):
                out.append({"story": story.name, "split": quotes_split(story), "file": label.file[:8],
                            "quote": article.text[label.start:label.end][:70], "label": label.speaker,
                            "shown": shown, "probability": entry.get("speaker_probability")})
    return out


def brief_stories(stories) -> dict[str, dict]:
    """The brief of each story, built as a user builds it (``Desk.brief_articles``)."""
    from storydesk import Desk, Settings

    with Desk(Settings(db=":memory:")) as desk:
        briefs = {s.name: desk.brief_articles(list(s.articles)) for s in stories}
    for name, brief in briefs.items():  # a section that failed would be scored as missing quotes
        broken = [n for n in brief.get("notes", []) if "could not be built" in n]
        if broken:
            raise RuntimeError(f"{name}: {broken[0]}")
    return briefs


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    p = parser(__doc__.splitlines()[0], "giveme5w1h-news-cluster")
    p.add_argument("--errors", action="store_true", help="also list the wrong and missing speakers of the dev stories")
    p.add_argument("--split", choices=("dev", "test"), default=None, help="one split (default: both)")
    p.add_argument("--groups", action="store_true",
                   help="also one row per group of dev stories (Giveme5W1H events, rounds 8-9 pages, round 10, "
                        "the test stories read in round 11)")
    args = p.parse_args(argv)
    require(args.data / "data")
    stories = [s for s in load_story_set(args.data, needs=("quotes",))
               if args.split is None or quotes_split(s) == args.split]
    check_hashes(stories, read_labels())
    briefs = brief_stories(stories)
    ordered = {}
    for split in ("dev", "test") if args.split is None else (args.split,):
        chosen = [s for s in stories if quotes_split(s) == split]
        if chosen:
            ordered[f"storydesk ({split})"] = score(chosen, [briefs[s.name] for s in chosen])
        if args.groups and split == "dev":
            for g in ("giveme5w1h", "pages8", "pages9", "round10", "read11", "dev11"):
                part = [s for s in chosen if group(s.name) == g]
                if part:
                    ordered[f"storydesk (dev, {g})"] = score(part, [briefs[s.name] for s in part])
    report(ordered, args.json, title="Who said what on the annotated stories (misattributed: goal 0)")
    if args.errors and not args.json:
        for e in errors(stories, briefs):
            print(json.dumps(e, ensure_ascii=False))
    return ordered


if __name__ == "__main__":
    main()
