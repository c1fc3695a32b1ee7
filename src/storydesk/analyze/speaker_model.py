"""The speaker model: a logistic model over candidate speakers, with shipped weights.

Each candidate mention of a quote (:mod:`.speaker_candidates`) gets the probability that
it is the quote's speaker, ``1 / (1 + exp(-(w . x)))`` over its named features; the
candidates of one quote are then weighed against each other (at most one of them is the
speaker: :meth:`SpeakerModel.best`). The most likely candidate is the speaker when that
probability reaches the model's threshold; otherwise the quote has no speaker. Weights and threshold are fitted by
``benchmarks/fit_speakers.py`` (PolNeAR train for the weights, PolNeAR dev for the
threshold: the lowest one at which speaker precision on dev is at least 0.98, as issue 11
asks; see README.md) and ship as
``speaker_weights.json`` beside this module, with the figures measured when fitted.
Plain Python at run time: no scikit-learn, no numpy.

:meth:`SpeakerModel.rules_only` is the attribution rules alone (the rules' mention, when
there is one, with probability 1): the previous behaviour, kept for comparison.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .speaker_candidates import FEATURES, Candidate

WEIGHTS_FILE = "speaker_weights.json"


@dataclass(frozen=True)
class SpeakerModel:
    """Weights by feature name, an intercept-free linear score (``bias`` is a feature),
    and the probability a speaker needs to be shown."""

    version: str
    weights: dict[str, float] = field(default_factory=dict)
    threshold: float = 0.5
    rules: bool = False  # the rules alone (no weights)

    def __post_init__(self):
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(f"threshold must be in [0, 1], got {self.threshold}")
        unknown = set(self.weights) - set(FEATURES)
        if unknown:
            raise ValueError(f"speaker weights name unknown features: {sorted(unknown)}")

    @classmethod
    def rules_only(cls) -> SpeakerModel:
        return cls("rules", {}, 0.5, rules=True)

    def probability(self, features: dict[str, float]) -> float:
        if self.rules:
            return 1.0 if features.get("rule") else 0.0
        z = sum(self.weights.get(name, 0.0) * value for name, value in features.items())
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        ez = math.exp(z)
        return ez / (1.0 + ez)

    def best(self, candidates: list[Candidate]) -> tuple[Candidate | None, float]:
        """The most likely speaker and the probability that it said the quote, given that
        at most one speaker did: a speaker's odds (summed over the candidates that name
        the same person: "economist Ruth Abara" and the "she" that stands for her do not
        compete) over one plus the sum of all candidates' odds (two strong rivals halve
        each other's chance; a lone weak one stays weak). A candidate named after the
        quote's sentence when someone else is its textbook attribution (``beyond``) is
        no rival. The speaker's most likely
        mention is returned. (None, 0.0) when there is no candidate."""
        if not candidates:
            return None, 0.0
        if self.rules:
            ruled = [c for c in candidates if c.features.get("rule")]
            return (ruled[0], 1.0) if ruled else (None, 0.0)
        groups: dict[object, list[tuple[float, int]]] = {}
        total = 0.0
        for k, c in enumerate(candidates):
            if c.beyond:
                continue  # named after a complete textbook attribution of someone else
            p = min(self.probability(c.features), 1.0 - 1e-9)
            odds = p / (1.0 - p)
            total += odds
            groups.setdefault(c.who if c.who else ("mention", k), []).append((odds, k))
        if not groups:
            return None, 0.0  # every candidate was named for words of its own
        members = max(groups.values(), key=lambda g: sum(o for o, _ in g))
        _, k = max(members)
        return candidates[k], sum(o for o, _ in members) / (1.0 + total)


def load_model(path: Path | str | None = None) -> SpeakerModel:
    """The shipped speaker model (or the one saved at ``path``)."""
    if path is None:
        raw = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    else:
        raw = Path(path).read_text(encoding="utf-8")
    data = json.loads(raw)
    return SpeakerModel(str(data["version"]), {k: float(v) for k, v in data["weights"].items()},
                        float(data["threshold"]))


__all__ = ["SpeakerModel", "WEIGHTS_FILE", "load_model"]
