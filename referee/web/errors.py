"""Errors shown in words on an error page, never as a stack trace."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import render_template

# What each status means to a player at the table.
PLAIN = {
    400: "The page could not read that request.",
    401: "This needs the match's join link (a seat's or the host's).",
    403: "Your join link does not allow that.",
    404: "There is nothing at this address.",
    405: "That page cannot be used that way.",
    409: "Someone changed the match at the same time; look again and retry.",
    413: "That file is too large (at most 64 KiB).",
    422: "That cannot be.",
    500: "Something went wrong on our side; the match log is safe.",
}


class PageError(Exception):
    """A request a page cannot serve, in words (shown with its status)."""

    def __init__(self, status: int, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details


def error_page(status: int, message: str, **details: Any) -> tuple[str, int]:
    try:
        title = HTTPStatus(status).phrase
    except ValueError:
        title = "Error"
    return render_template("error.html", status=status, title=title, message=message,
                           plain=PLAIN.get(status, ""), details=details), status
