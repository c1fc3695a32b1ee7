"""storydesk: turn a stream of news articles into sourced story briefs and explain what
is trending.

The public API::

    from storydesk import Desk, Settings
    with Desk(Settings(db="news.db")) as desk:
        report = desk.ingest(["articles/"])
"""

import logging

from .config import Settings
from .desk import Desk, IngestReport
from .errors import StorydeskError
from .model import Analysis, AnalyzedArticle, Article, Rejection

__version__ = "0.1.0"

logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = [
    "Analysis",
    "AnalyzedArticle",
    "Article",
    "Desk",
    "IngestReport",
    "Rejection",
    "Settings",
    "StorydeskError",
    "__version__",
]
