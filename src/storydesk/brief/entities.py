"""The brief's ``entities``: the people and organisations of the story, with aliases.

Built from the canonical names the analysis resolved across the story
(:func:`storydesk.brief.story_names.resolve_story`): one entry per canonical name, with
every other way the articles wrote it and how often it is mentioned.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from ..model import AnalyzedArticle

#: Entity types the brief lists.
TYPES = ("PERSON", "ORG")
#: What a name may be made of; a tagger's span with stray symbols ("LONDON •") is not listed.
_NAME = re.compile(r"^[^\W_][\w .,'’&@-]*$")


def build_entities(analyzed: list[AnalyzedArticle], types: tuple[str, ...] = TYPES) -> list[dict]:
    """``[{"name", "type", "aliases", "mentions", "articles"}]``, most mentioned first."""
    mentions: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    surfaces: dict[str, Counter[str]] = defaultdict(Counter)
    articles: dict[str, set[str]] = defaultdict(set)
    for item in analyzed:
        for e in item.analysis.entities:
            name = " ".join(e.canonical.split())
            if e.type not in types or not _NAME.match(name):
                continue
            mentions[name] += 1
            kinds[name][e.type] += 1
            surfaces[name][" ".join(e.text.split())] += 1
            articles[name].add(item.article.id)
    out: list[dict] = []
    for name, count in mentions.items():
        seen = {name.lower()}
        aliases = []
        for alias, _ in sorted(surfaces[name].items(), key=lambda kv: (-kv[1], kv[0])):
            if alias.lower() not in seen:
                seen.add(alias.lower())
                aliases.append(alias)
        kind = min(kinds[name].items(), key=lambda kv: (-kv[1], kv[0]))[0]
        out.append({"name": name, "type": kind, "aliases": aliases, "mentions": count,
                    "articles": len(articles[name])})
    out.sort(key=lambda e: (-e["mentions"], -e["articles"], e["name"]))
    return out
