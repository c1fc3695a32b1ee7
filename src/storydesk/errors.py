"""storydesk's exceptions form one tree::

    StorydeskError                 anything storydesk raises on purpose
    ├── ConfigError                a bad setting value (names the setting and the valid values)
    ├── MissingDependency          an optional part is not installed (names the extra)
    ├── InputError                 one input cannot be read; carries its source and line
    ├── StoreError                 the SQLite store cannot be opened, migrated or written
    ├── NotFound                   an article or story id that the store does not hold
    ├── AnalysisError              the NLP model cannot be loaded or run
    └── EngineError                the workers' engine failed as a whole (a Ray cluster went away)

Rejected inputs during a batch are not raised: they become
:class:`storydesk.model.Rejection` values, recorded in the store, so the rest of the batch
goes on. ``InputError`` is what a single-input reader raises to produce one.
"""

from __future__ import annotations


class StorydeskError(Exception):
    """Base of every error storydesk raises on purpose."""


class ConfigError(StorydeskError):
    """A setting has a value it cannot take."""


class MissingDependency(StorydeskError):
    """An optional dependency is not installed."""

    def __init__(self, package: str, extra: str):
        super().__init__(
            f"{package} is not installed; install storydesk's '{extra}' extra: "
            f"pip install 'storydesk[{extra}]'"
        )
        self.package = package
        self.extra = extra


class InputError(StorydeskError):
    """One input cannot be read. ``source`` and ``line`` say where, ``reason`` why."""

    def __init__(self, source: str, reason: str, line: int | None = None):
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {reason}")
        self.source = source
        self.reason = reason
        self.line = line

    def __reduce__(self):  # pickles whole (it crosses from a budget worker, storydesk.budget)
        return type(self), (self.source, self.reason, self.line)


class StoreError(StorydeskError):
    """The store cannot be opened, migrated or written."""


class NotFound(StorydeskError):
    """An id the store does not hold."""


class AnalysisError(StorydeskError):
    """The NLP pipeline cannot be loaded or run."""


class EngineError(StorydeskError):
    """The engine running an ingest's workers failed as a whole (not one input)."""
