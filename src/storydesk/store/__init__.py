"""The SQLite store: all SQL lives in this package."""

from .db import Store

__all__ = ["Store"]
