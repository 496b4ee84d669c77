"""Errors shown in words on an error page, never as a stack trace: the page itself is the
edges' (``referee.edge.errors``), shared with the plumbing that answers for every edge."""

from __future__ import annotations

from typing import Any

from referee.edge.errors import PLAIN, TITLES, error_page

__all__ = ["PLAIN", "TITLES", "PageError", "error_page"]


class PageError(Exception):
    """A request a page cannot serve, in words (shown with its status)."""

    def __init__(self, status: int, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details
