"""The API's answers in the reader's language.

Each request is answered in the language Flask-Babel chose (``referee.edge.i18n``: for the API,
Accept-Language only). The answers keep their data (``rule``, ``message_id``, ``params``,
``result``) and carry the sentences that data says (``reason``, ``message``, ``penalty``,
``effects``, ``outcome``) worded for the reader, with the names the players gave at the
table (``referee.edge.wording.say``): every view's answer is worded by ``Blueprint`` as it is
dumped; the append's fast path, the timeline and the error handlers word theirs themselves.
"""

from __future__ import annotations

from typing import Any

import flask_smorest
from flask import Flask, Response, current_app, request

from referee.edge import database
from referee.edge.i18n import vary_on
from referee.edge.wording import say
from referee.service.messages import seat_names

JSON = "application/json"


def names_for_request() -> list[str] | None:
    """The names of the match this request is about, if it is about one."""
    match_id = (request.view_args or {}).get("match_id")
    if not isinstance(match_id, int):
        return None
    return seat_names(database(current_app), match_id)


def worded(data: Any) -> Any:
    """An answer with its sentences in the reader's language, by the players' names."""
    return say(data, names_for_request())


def worded_error(body: dict[str, Any]) -> dict[str, Any]:
    """An error's body worded for the reader; its ``message`` is its handler's, worded
    already."""
    said = worded(body)
    if said is not body and "message" in body:
        said = {**said, "message": body["message"]}
    return said


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's blueprint, whose views' answers are worded for the reader as they are
    dumped."""

    @staticmethod
    def _prepare_response_content(data: Any) -> Any:
        return worded(data)


def init_app(app: Flask) -> None:
    @app.after_request
    def vary_on_the_language(response: Response) -> Response:
        """An API answer says its sentences in the language asked for: caches keep one per
        language (the header only; the answer is as its view made it)."""
        if not response.is_streamed and response.mimetype == JSON \
                and request.path.startswith("/api/"):
            vary_on(response, "Accept-Language", "Cookie")
        return response
