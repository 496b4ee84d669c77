"""The HTML pages, over the same service layer as the API."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import BadHost, HTTPException, InternalServerError
from werkzeug.routing import IntegerConverter

from referee.edge.errors import error_body
from referee.edge.i18n import gettext as _
from referee.edge.i18n import is_api
from referee.edge.validation import IMPORTS, too_large
from referee.service.bounds import INT32_MAX
from referee.web import corrections as _corrections  # noqa: F401  (its pages join bp)
from referee.web import filters, flow, insights, rules  # noqa: F401  (flow adds its pages to the blueprint)
from referee.web import night_tables as _night_tables  # noqa: F401  (its pages join bp)
from referee.web import ratings as rated
from referee.web.errors import PLAIN, error_page
from referee.web.views import bp


class IdConverter(IntegerConverter):
    """A row id in a page's address: a positive 32-bit integer, as the database holds."""

    def __init__(self, url_map: Any) -> None:
        super().__init__(url_map, min=1, max=INT32_MAX)


def bad_host() -> Response:
    """A Host header that names no host (a label past 63 characters, say) leaves no address
    to link to: the refusal is said in plain words, in the reader's language, without the
    page's template (whose links could not be built)."""
    message = _("The request's Host header is not a host name the server can read.")
    body = (error_body(400, message, where="header.Host") if is_api(request.path)
            else None)
    if body is not None:
        return Response(json.dumps(body), status=400, mimetype="application/json")
    return Response(message + "\n", status=400, mimetype="text/plain")


def init_app(app: Flask) -> None:
    app.url_map.converters["id"] = IdConverter
    app.register_blueprint(bp)
    app.register_blueprint(insights.bp)
    rules.init_app(app)
    filters.init_app(app)
    rated.init_app(app)
    api_handler = app.error_handler_spec.get(None, {}).get(None, {}).get(HTTPException)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        """Pages answer in words; the API keeps its one JSON error shape."""
        if isinstance(error, BadHost):
            return bad_host()
        if is_api(request.path) and api_handler is not None:
            return api_handler(error)
        code = error.code or 500
        if isinstance(error, InternalServerError):
            app.logger.error("Page %s failed", request.path, exc_info=error.original_exception)
            return error_page(500, PLAIN[500])
        if code == 404:
            return error_page(404, _("There is no page at {path}.", path=request.path))
        if code == 413 and request.endpoint in IMPORTS:
            return error_page(413, too_large())
        if code == 405:  # the page says which methods it takes
            body, status = error_page(405, PLAIN[405])
            return body, status, {"Allow": dict(error.get_headers()).get("Allow", "")}
        return error_page(code, PLAIN.get(code) or error.description or "")
