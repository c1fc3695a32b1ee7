"""The command line: thin commands over the public API, one module per command group."""

from __future__ import annotations

import importlib

from .app import app

#: Command modules; each registers its commands on ``app`` when imported.
_COMMAND_MODULES = ("ingest", "backfill", "analyze", "brief", "timeline", "stories", "serve", "settings", "watch",
                    "feeds")


def _register() -> None:
    for name in _COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}")


def main() -> None:
    _register()
    app()


__all__ = ["app", "main"]
