"""The HTML pages, over the same service layer as the API."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    pass
