"""Named entities with canonical names. PLACEHOLDER: spaCy's entities as they come, each
its own canonical name; the analysis issue replaces this with resolution across mentions."""

from __future__ import annotations

from ..model import Entity, Post

_TYPES = {"PERSON": "PERSON", "ORG": "ORG", "GPE": "GPE", "LOC": "LOC", "WORK_OF_ART": "WORK",
          "NORP": "NORP", "FAC": "LOC", "EVENT": "EVENT"}


def find_entities(doc, posts: list[Post]) -> list[Entity]:
    out = []
    for ent in doc.ents:
        if ent.label_ in _TYPES and not any(p.start <= ent.start_char < p.end for p in posts):
            out.append(Entity(ent.start_char, ent.end_char, ent.text, _TYPES[ent.label_], ent.text))
    return out


def resolve_story(analyzed: list) -> list:
    """Canonical names resolved across all articles of a story. PLACEHOLDER: unchanged."""
    return analyzed
