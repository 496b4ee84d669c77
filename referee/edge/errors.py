"""An error in words, as each edge answers it: the API's one JSON shape (``error_body``) and
the pages' error page (``error_page``), so that the plumbing beneath the edges (validation, an
outage, the metrics' refusals) answers as the edge asked would."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import has_request_context, render_template, request

from referee.edge.gettext import lazy_gettext as _l

# What each status means to a player at the table (lazy: read in each reader's language).
PLAIN = {
    400: _l("The page could not read that request."),
    401: _l("This needs the match's join link (a seat's or the host's)."),
    403: _l("Your join link does not allow that."),
    404: _l("There is nothing at this address."),
    405: _l("That page cannot be used that way."),
    409: _l("Someone changed the match at the same time; look again and retry."),
    413: _l("What was sent is too large (at most 64 KiB)."),
    422: _l("That cannot be."),
    500: _l("Something went wrong on our side; the match log is safe."),
}

# Each status's name, as the error page's title.
TITLES = {
    400: _l("Bad request"), 401: _l("Unauthorized"), 403: _l("Forbidden"),
    404: _l("Not found"), 405: _l("Method not allowed"), 409: _l("Conflict"),
    413: _l("Content too large"), 415: _l("Unsupported media type"),
    422: _l("Unprocessable content"), 429: _l("Too many requests"),
    500: _l("Internal server error"), 501: _l("Not implemented"),
    503: _l("Service unavailable"),
}


def error_body(code: int, message: str, **details: Any) -> dict[str, Any]:
    """The one error shape: what was wrong (message), where (``located``), and the rule when a
    rule says no."""
    body: dict[str, Any] = {"code": code, "status": HTTPStatus(code).phrase, "message": message}
    body.update({k: v for k, v in details.items() if v is not None})
    if isinstance(body.get("where"), str):
        body["where"] = located(body["where"])
    return body


#: Where a request carries what it sends, as an answer's ``where`` names it.
PLACES = ("body", "query", "header", "path")
#: What an answer's ``where`` may name that is not in the request.
ELSEWHERE = frozenset({"database"})


def located(where: str) -> str:
    """One naming for ``where``: the part of the request it is in, then the field —
    ``body.payload.slot``, ``query.as``, ``header.If-Match``, ``path.match_id``. The schemas
    name the body ``json`` and the headers ``headers``; the service names a field alone (the
    request the edge is answering says which part holds it)."""
    head, _, rest = where.partition(".")
    if head in PLACES or where in ELSEWHERE:
        return where
    if head in ("json", "headers"):
        return f"{'body' if head == 'json' else 'header'}{'.' + rest if rest else ''}"
    if has_request_context():
        if head in (request.view_args or {}):
            return f"path.{where}"
        if head in request.args:
            return f"query.{where}"
    return f"body.{where}"


def error_page(status: int, message: str, **details: Any) -> tuple[str, int]:
    if status in TITLES:
        title = str(TITLES[status])
    else:
        try:
            title = HTTPStatus(status).phrase
        except ValueError:
            title = str(_l("Error"))
    return render_template("error.html", status=status, title=title, message=str(message),
                           plain=str(PLAIN.get(status, "")), details=details), status
