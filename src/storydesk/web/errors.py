"""One error shape for every HTTP error.

Every error the API returns has this body, whatever raised it (a missing id, a failed
validation, a too-large body, a refused token, a bug)::

    {"error": {"status": 404, "code": "not_found", "message": "no story with id 'x'"}}

Pages (paths outside ``/api``, asked for by a browser) get the same status with a small
HTML page carrying the same message, escaped. A 500 never shows a stack trace: the
trace goes to the log, the client gets a fixed message.

>>> error_body(404, "not_found", "no such story")
{'error': {'status': 404, 'code': 'not_found', 'message': 'no such story'}}
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import ConfigError, NotFound, StoreError

log = logging.getLogger(__name__)

#: Codes for the statuses the server answers with; anything else is named by its phrase.
_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    415: "unsupported_media_type",
    422: "invalid_request",
    500: "internal_error",
    501: "not_implemented",
    503: "unavailable",
}


class ApiError(Exception):
    """An error to answer with: status, machine-readable code, human message."""

    def __init__(self, status: int, message: str, code: str | None = None):
        super().__init__(message)
        self.status = status
        self.code = code or code_for(status)
        self.message = message


def code_for(status: int) -> str:
    """The error code for an HTTP status.

    >>> code_for(404), code_for(418)
    ('not_found', 'im_a_teapot')
    """
    if status in _CODES:
        return _CODES[status]
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("'", "")
    except ValueError:
        return "error"


def error_body(status: int, code: str, message: str) -> dict:
    return {"error": {"status": status, "code": code, "message": message}}


def wants_html(request: Request) -> bool:
    """True for page requests from a browser; the API and its docs always get JSON."""
    path = request.url.path
    if path.startswith("/api") or path == "/openapi.json":
        return False
    return "text/html" in request.headers.get("accept", "")


def error_response(request: Request, status: int, code: str, message: str,
                   headers: Mapping[str, str] | None = None) -> Response:
    if wants_html(request):
        templates = request.app.state.templates
        html = templates.get_template("error.html").render(
            status=status, code=code, message=message, title=f"{status} {code}"
        )
        return HTMLResponse(html, status_code=status, headers=headers)
    return JSONResponse(error_body(status, code, message), status_code=status, headers=headers)


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "request"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


def install(app: FastAPI) -> None:
    """Route every kind of failure to :func:`error_response`."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> Response:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return error_response(request, exc.status, exc.code, exc.message, headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        status = exc.status_code
        message = exc.detail if isinstance(exc.detail, str) else code_for(status)
        if status == 404 and message == "Not Found":
            message = f"nothing at {request.url.path}"
        return error_response(request, status, code_for(status), message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return error_response(request, 422, code_for(422), _validation_message(exc))

    @app.exception_handler(NotFound)
    async def _not_found(request: Request, exc: NotFound) -> Response:
        store = f" in {request.app.state.ctx.settings.db}"  # never show server paths
        return error_response(request, 404, code_for(404), str(exc).replace(store, ""))

    @app.exception_handler(ConfigError)
    async def _bad_value(request: Request, exc: ConfigError) -> Response:
        return error_response(request, 422, code_for(422), str(exc))

    @app.exception_handler(StoreError)
    async def _store_error(request: Request, exc: StoreError) -> Response:
        log.error("%s %s failed: %s", request.method, request.url.path, exc)
        return error_response(request, 503, code_for(503), "the store cannot answer right now")

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return error_response(request, 500, code_for(500), "internal error; the server log has the details")
