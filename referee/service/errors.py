"""Typed failures of the service layer; the web layers map each to one status code."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = {k: v for k, v in details.items() if v is not None}


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


class Invalid(ServiceError):
    """The request is well formed but says something that cannot be (422)."""

    status = 422
