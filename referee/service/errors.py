"""Typed failures of the service layer; the web layers map each to one status code.

An error says what is wrong in a ``Sentence`` (``referee.service.sentences``): the edges word it
in the reader's language (``error.worded(reader)``); ``message`` is its English wording. A
schema's messages (``details["errors"]``) stay as the schema gave them, the engines' own as data
(``{"message_id", "params"}``): the edges word them too (``referee.edge.wording.said_errors``).
"""

from __future__ import annotations

from typing import Any

from referee.service.sentences import ENGLISH, Finished, Reader, Words


class ServiceError(Exception):
    status = 400

    def __init__(self, message: Words | str, **details: Any) -> None:
        self.sentence = message if isinstance(message, Words) else Finished(message)
        self.message = self.sentence.worded(ENGLISH)
        super().__init__(self.message)
        self.details = {k: v for k, v in details.items() if v is not None}

    def worded(self, reader: Reader = ENGLISH) -> str:
        """What is wrong, in the reader's language."""
        return self.sentence.worded(reader)


class BadRequest(ServiceError):
    """The request itself is malformed (a header that cannot be read)."""

    status = 400


class NotFound(ServiceError):
    status = 404


class Unauthenticated(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Unavailable(ServiceError):
    """Not now: the server holds as much of something as it may; try again later (503)."""

    status = 503


class Invalid(ServiceError):
    """The request is well formed but says something that cannot be (422)."""

    status = 422
