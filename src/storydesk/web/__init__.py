"""The web desk: an HTTP JSON API and pages over the store, served by ``storydesk serve``.

``create_app(settings)`` builds the FastAPI application; the API lives under ``/api``
(OpenAPI schema at ``/api/openapi.json``, readable docs at ``/api/docs``), the pages
everywhere else. Pages carry no script; every piece of article text is escaped.
"""

from .app import create_app

__all__ = ["create_app"]
