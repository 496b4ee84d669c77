"""A database outage is answered 503 with ``Retry-After``, never 500: one error handler for the
API and the pages alike (the API's JSON error shape, the pages' error page, both in the
reader's language), rather than a try/except in each view.

What counts as an outage — a server stopped or restarting, a connection lost, the disk full,
the database locked past its busy timeout, read-only, a timeout — is the store's judgement
(``referee.store.outages``, named to the edges by ``referee.service.database``), and so is a
database nobody migrated yet; any other database error stays what it is, a bug, and a 500.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, jsonify, request
from sqlalchemy import exc

from referee.edge import database
from referee.edge.errors import error_body, error_page
from referee.edge.i18n import gettext as _
from referee.edge.i18n import is_api
from referee.service.database import NOT_MIGRATED, CommitOutcomeUnknown, outage_reason


def message_for(error: Exception, reason: str, seconds: int) -> str:
    if reason == NOT_MIGRATED:
        return _("The database has no tables yet: its host runs `referee db upgrade` (or "
                 "starts the service with `referee serve`, which does).")
    if isinstance(error, CommitOutcomeUnknown):
        return _("The database stopped answering while the move was being saved: it may or "
                 "may not be in the log. Send it again with the same Idempotency-Key, or with "
                 "If-Match after reading the log, and it will not be logged twice.")
    return _("The database is unavailable just now (stopped, unreachable, full or "
             "read-only); try again in {seconds} seconds.", seconds=seconds)


def storage_unavailable(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """503 and Retry-After for an outage; any other error goes on its way (to the 500)."""
    reason = outage_reason(error)
    if reason is None or (reason == NOT_MIGRATED and database(current_app).migrated()):
        raise error  # a table missing from a migrated database is a bug
    seconds = int(current_app.config["OUTAGE_RETRY_AFTER"])
    current_app.logger.warning("Database unavailable (%s) on %s %s: %s", reason,
                               request.method, request.path, str(error).splitlines()[0])
    message = message_for(error, reason, seconds)
    headers = {"Retry-After": str(seconds), "Cache-Control": "no-store"}
    if is_api(request.path):
        return jsonify(error_body(503, message, where="database")), 503, headers
    page, status = error_page(503, message)
    return page, status, headers


def init_app(app: Flask) -> None:
    for kind in (exc.DBAPIError, exc.DisconnectionError, exc.TimeoutError,
                 CommitOutcomeUnknown):
        app.register_error_handler(kind, storage_unavailable)
