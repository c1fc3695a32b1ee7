"""Hand-built analyzed articles for brief tests that must not depend on the spaCy model
or on the analysis stages of other issues: sentences are split on final punctuation,
quotes and entities are given explicitly by their text and located in the body."""

from __future__ import annotations

import re

from storydesk.ingest.common import make_article
from storydesk.model import Analysis, AnalyzedArticle, Entity, Quote, Sentence

_SENTENCE = re.compile(r"[^\n.!?]+(?:[.!?]+[\"'”’)]*|$)")


def sentences(text: str) -> tuple[Sentence, ...]:
    out = []
    for m in _SENTENCE.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append(Sentence(start, end))
    return tuple(out)


def analyzed(text: str, *, outlet: str | None = None, title: str | None = None,
             published: str | None = None, source: str = "test.txt",
             quotes: tuple[tuple[str, str | None, str | None], ...] = (),
             entities: tuple[tuple[str, str, str], ...] = ()) -> AnalyzedArticle:
    """An analyzed article. ``quotes``: (quoted words, speaker, cue), found in ``text``;
    ``entities``: (surface text, type, canonical name), every occurrence not inside a
    longer one."""
    article = make_article(text=text, source=source, format="text", raw=text, title=title,
                           outlet=outlet, published=published)
    qs = []
    for words, speaker, cue in quotes:
        start = text.index(words)
        qs.append(Quote(start, start + len(words), words, speaker, cue=cue))
    es: list[Entity] = []
    for surface, kind, canonical in sorted(entities, key=lambda e: -len(e[0])):
        for m in re.finditer(re.escape(surface), text):  # longest names first, no overlaps
            if not any(e.start < m.end() and m.start() < e.end for e in es):
                es.append(Entity(m.start(), m.end(), surface, kind, canonical))
    analysis = Analysis(article.id, "test", sentences=sentences(text), quotes=tuple(qs),
                        entities=tuple(sorted(es, key=lambda e: e.start)))
    return AnalyzedArticle(article, analysis)
