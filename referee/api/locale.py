"""The reader's language for everything a request renders, and the API's sentences in it.

Every request is served in one language (``referee.service.messages.set_locale``): the one
Flask-Babel chose (``referee.i18n``: for pages the reader's choice, ``?lang=`` or the ``lang``
cookie, then Accept-Language; for the API Accept-Language only), else Accept-Language, else
English. The API's answers keep their data (``rule``, ``message_id``, ``params``, ``result``)
and have their sentences (``reason``, ``message``, ``penalty``, ``effects``, ``outcome``)
rendered again from that data in the reader's language, with the names the players gave at the
table.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, g, request

from referee import database
from referee.i18n import vary_on
from referee.service.messages import (
    LOCALES,
    locale_of,
    reset_locale,
    reword,
    reword_shared,
    seat_names,
    set_locale,
)

JSON = "application/json"


def babel_locale() -> str | None:
    """The locale Flask-Babel chose for this request, when the application set it up."""
    if "babel" not in current_app.extensions:
        return None
    from flask_babel import get_locale

    chosen = get_locale()
    return locale_of(str(chosen)) if chosen is not None else None


def reader_locale() -> str:
    """The language to serve this request in."""
    return babel_locale() or request.accept_languages.best_match(LOCALES) or LOCALES[0]


def names_for_request() -> list[str] | None:
    """The names of the match this request is about, if it is about one."""
    match_id = (request.view_args or {}).get("match_id")
    if not isinstance(match_id, int):
        return None
    return seat_names(database(current_app), match_id)


_WORDED = "referee_worded"


def worded(data: Any) -> Any:
    """A view's answer with its sentences in the reader's language, said before it is rendered
    (``reworded`` then leaves the response as it is, instead of parsing it again)."""
    setattr(g, _WORDED, True)
    return reword_shared(data, names_for_request())  # rendered at once: nothing to copy


def worded_by_service(data: Any) -> Any:
    """A view's answer that the service has worded whole for this reader already (its
    ``reword`` with the match's names): ``reworded`` leaves it as it is, instead of parsing
    the response and saying every sentence a second time."""
    setattr(g, _WORDED, True)
    return data


def reworded(response: Response) -> Response:
    """An API answer's sentences in the reader's language, with the players' names."""
    if (response.is_streamed or response.mimetype != JSON
            or not request.path.startswith("/api/")):
        return response
    if g.pop(_WORDED, False):  # the view said them already (``worded``)
        vary_on(response, "Accept-Language", "Cookie")
        return response
    raw = response.get_data()
    if b'"message_id"' not in raw and b'"outcome"' not in raw:  # no sentence said by an engine
        vary_on(response, "Accept-Language", "Cookie")
        return response
    data: Any = response.get_json(silent=True)
    if not isinstance(data, dict | list):
        return response
    new = reword(data, names_for_request())
    if isinstance(data, dict) and response.status_code >= 400 and "message" in data:
        new["message"] = data["message"]  # an error's sentence: worded by its handler already
    if new != data:
        response.set_data(current_app.json.dumps(new) + "\n")
    vary_on(response, "Accept-Language", "Cookie")
    return response


def init_app(app: Flask) -> None:
    @app.before_request
    def read_in_the_readers_language() -> None:
        g.referee_reading = set_locale(reader_locale())

    @app.after_request
    def answer_in_the_readers_language(response: Response) -> Response:
        return reworded(response)

    @app.teardown_request
    def back_to_the_default_language(_error: BaseException | None) -> None:
        token = g.pop("referee_reading", None)
        if token is not None:
            reset_locale(token)
