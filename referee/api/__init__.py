"""The REST API (flask-smorest): one blueprint per resource, errors in one JSON shape."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import swagger_ui_bundle
from apispec import APISpec
from flask import Flask, Response, jsonify, send_from_directory
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint
from flask_smorest.spec import openapi_cli
from werkzeug.exceptions import HTTPException

from referee.api.locale import names_for_request, worded_error
from referee.api.schemas import ErrorSchema
from referee.edge.errors import error_body
from referee.edge.i18n import gettext as _
from referee.edge.i18n import lazy_gettext as _l
from referee.edge.i18n import schema_errors, told
from referee.edge.validation import too_large
from referee.edge.wording import said_errors
from referee.service.errors import ServiceError

#: The API's own words for a status whose error says nothing more specific (werkzeug's default
#: description), in the language the client's Accept-Language asks for.
GENERIC = {
    400: _l("The request could not be read."),
    401: _l("This needs a join token (Authorization: Bearer …)."),
    403: _l("This token does not allow that."),
    404: _l("There is nothing at this address."),
    405: _l("This address does not take that method."),
    406: _l("This address cannot answer in the format asked for."),
    409: _l("The match changed at the same time; read it again and retry."),
    413: _l("The request body is larger than 64 KiB."),
    415: _l("The request body must be JSON (Content-Type: application/json)."),
    422: _l("The request does not fit its schema."),
    429: _l("Too many requests; wait a moment and try again."),
    500: _l("Something went wrong on the server; the match log is safe."),
}


def plain_message(error: HTTPException, code: int) -> str:
    """The error's own description, unless it is werkzeug's default for its status."""
    if error.description and error.description != type(error).description:
        return error.description
    return str(GENERIC.get(code) or error.description or HTTPStatus(code).phrase)


#: The settings flask-smorest reads while it writes the OpenAPI document.
SPEC_SETTINGS = ("API_", "OPENAPI_", "ETAG_")


class Api(SmorestApi):
    """flask-smorest's Api, writing the OpenAPI document once per process and set of settings.

    The document depends on the code and on ``SPEC_SETTINGS`` only, and writing it (marshmallow
    schemas to JSON schemas, with deep copies) is most of what making an app costs; a process
    that makes many apps (the tests make one per test) reuses the first app's document, which
    nothing changes once written.
    """

    ERROR_SCHEMA = ErrorSchema

    #: Each set of settings' finished document, with the plugins that wrote it.
    written: dict[str, tuple[APISpec, Any, Any]] = {}

    def _init_spec(self, **kwargs: Any) -> None:
        self.settings = repr(sorted((key, value) for key, value in self._app.config.items()
                                    if key.startswith(SPEC_SETTINGS)))
        self.reused = self.settings in self.written
        if not self.reused:
            super()._init_spec(**kwargs)
            return
        self.spec, self.flask_plugin, self.ma_plugin = self.written[self.settings]
        self._app.cli.add_command(openapi_cli)  # `flask openapi print`, as the first app has

    def register_blueprint(self, blp: Blueprint, **options: Any) -> None:
        """Register the blueprint; document its views unless the document is already written."""
        if not self.reused:
            super().register_blueprint(blp, **options)
            return
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)

    def keep(self) -> None:
        """Keep the finished document for the next app made with the same settings."""
        self.written.setdefault(self.settings, (self.spec, self.flask_plugin, self.ma_plugin))

    def handle_http_exception(self, error: HTTPException) -> tuple[Response, int]:
        data = getattr(error, "data", None) or {}
        code = error.code or 500
        message = data.get("message") or plain_message(error, code)
        errors = schema_errors(data.get("messages") or data.get("errors"))
        where = None
        if errors:
            where = ".".join(_first_path(errors)) or None
            message = data.get("message") or _("The request does not fit its schema.")
        if code == 400 and errors == {"json": ["Invalid JSON body."]}:
            message, where = _("The request body is not valid JSON."), "body"
        if code == 413:
            message = too_large()
        body = error_body(code, message, errors=errors, where=where)
        response = jsonify(worded_error(body))
        if code == 405:  # which methods the address does allow
            response.headers["Allow"] = dict(error.get_headers()).get("Allow", "")
        for name, value in (data.get("headers") or {}).items():
            response.headers[name] = value
        return response, code


def _first_path(errors: Any) -> list[str]:
    """The first field an error nests down to, e.g. ["json", "payload", "slot"]."""
    path: list[str] = []
    while isinstance(errors, dict) and errors:
        key = next(iter(errors))
        path.append(str(key))
        errors = errors[key]
    return path


def handle_service_error(error: ServiceError) -> tuple[Response, int]:
    """A service error in the API's one shape, its sentence (and its schema's messages) in the
    reader's language."""
    details = dict(error.details)
    if "errors" in details:
        details["errors"] = schema_errors(said_errors(details["errors"]))
    message = told(error.sentence, names_for_request())
    return jsonify(worded_error(error_body(error.status, message, **details))), error.status


def init_app(app: Flask) -> None:
    api = Api(app, spec_kwargs={
        "info": {"description": "Log the moves of a card game played at a real table; "
                 "each move is judged by the game's rules."},
    })
    if not api.reused:
        api.spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    from referee.api import (
        document,
        games,
        insights,
        legal,
        locale,
        matches,
        people,
        rules,
        stream,
        tables,
    )
    from referee.api import ratings as rated

    locale.init_app(app)  # the reader's language, for the pages and the API alike

    api.register_blueprint(games.blp)
    api.register_blueprint(matches.blp)
    api.register_blueprint(people.blp)
    api.register_blueprint(stream.blp)
    api.register_blueprint(insights.blp)
    api.register_blueprint(legal.blp)
    api.register_blueprint(rules.blp)
    api.register_blueprint(tables.blp)
    api.register_blueprint(rated.blp)
    if not api.reused:
        games.document_move_schemas(api)
        document.complete(api)
        api.keep()
    app.register_error_handler(ServiceError, handle_service_error)
    app.extensions["referee.api"] = api

    ui_path = swagger_ui_bundle.swagger_ui_path

    @app.get("/api/docs/static/<path:filename>")
    def swagger_ui_static(filename: str) -> Response:
        """The interactive docs' assets, served locally (no CDN needed)."""
        return send_from_directory(ui_path, filename)
