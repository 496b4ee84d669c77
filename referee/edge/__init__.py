"""What the edges (the API, the pages, the command line) share, beneath them and above the
service: what comes in is screened (``validation``), what goes out is worded in the reader's
language (``i18n``, ``wording``, ``schema_words``, ``moves``) and shaped as an error
(``errors``), and the HTTP plumbing every answer passes through (``readpath``, ``unavailable``,
``health``).

Nothing here imports the edges or the app factory; the store and the engines are reached
through the service only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

    from referee.service.database import Database

#: Where the app factory keeps the app's database, among the app's extensions.
DATABASE = "referee.db"


def database(app: Flask) -> Database:
    """The app's database, as the factory made it: the one way the edges reach it."""
    return app.extensions[DATABASE]
