"""``GET /healthz``: is this process up, does its database answer, and can it write? For load
balancers and orchestrators, which poll it: it judges nothing, writes nothing and takes no
lock — one round trip on a pooled connection, plus a few system calls on SQLite.

200 ``{"status": "ok", "database": "ok", "writable": true}``; 503 when the database does not
answer, or answers but nothing could be written (``"writable": false`` and the ``reason``):

- PostgreSQL: the server is a standby (``pg_is_in_recovery()``) or its transactions are
  read-only (``transaction_read_only``, e.g. ``default_transaction_read_only``). A disk that
  filled up is seen only by the writes themselves (their 503s).
- SQLite: the database's file system is read-only or has less than ``MIN_FREE_BYTES`` free,
  the file or its directory may not be written, or the database has reached its
  ``max_page_count``. A writer holding the lock is no outage and is not looked for: taking
  the lock to find out (BEGIN IMMEDIATE) would make every poll queue behind the moves.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, jsonify

from referee.service.database import Database

#: Below this much free space the SQLite file system counts as full: a move's transaction
#: writes a few pages to the WAL, a checkpoint more.
MIN_FREE_BYTES = 1024 * 1024
#: ... and below this many pages left under max_page_count, the database does.
MIN_FREE_PAGES = 16

PG_WRITABLE = ("SELECT pg_is_in_recovery(), current_setting('transaction_read_only')")
SQLITE_PAGES = ("SELECT (SELECT page_count FROM pragma_page_count()), "
                "(SELECT max_page_count FROM pragma_max_page_count()), "
                "(SELECT freelist_count FROM pragma_freelist_count())")


@dataclass(frozen=True)
class Health:
    answers: bool
    writable: bool
    reason: str | None = None  # why nothing can be written

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"status": "ok" if self.writable else "unavailable",
                                "database": "ok" if self.answers else "not answering",
                                "writable": self.writable}
        if self.reason:
            body["reason"] = self.reason
        return body


def cannot_write_postgres(row: tuple[Any, ...]) -> str | None:
    in_recovery, read_only = row
    if in_recovery:
        return "the server is a standby (in recovery)"
    if str(read_only).lower() == "on":
        return "transactions are read-only"
    return None


def cannot_write_sqlite(db: Database, row: tuple[Any, ...]) -> str | None:
    pages, max_pages, free_pages = (int(value) for value in row)
    if max_pages - pages + free_pages < MIN_FREE_PAGES:
        return "the database has reached its max_page_count"
    name = db.engine.url.database
    if not name or name == ":memory:" or name.startswith("file:"):
        return None
    path = os.path.abspath(name)  # no symlink resolved: a system call per part would be
    folder = os.path.dirname(path)
    stats = os.statvfs(folder)
    if stats.f_flag & os.ST_RDONLY:
        return "the file system is read-only"
    if stats.f_bavail * stats.f_frsize < MIN_FREE_BYTES:
        return "the disk is full"
    if not (os.access(path, os.W_OK) and os.access(folder, os.W_OK)):
        return "the database file may not be written"
    return None


def database_health(db: Database) -> Health:
    """One round trip on the raw pooled connection, outside any transaction (on SQLite a
    transaction would take the write lock)."""
    try:
        connection = db.engine.raw_connection()
    except Exception:  # noqa: BLE001 — SQLAlchemy's and the driver's own errors alike
        return Health(answers=False, writable=False)
    try:
        cursor = connection.cursor()
        cursor.execute(SQLITE_PAGES if db.is_sqlite else PG_WRITABLE)
        row = tuple(cursor.fetchone() or ())
        cursor.close()
    except Exception:  # noqa: BLE001 — any driver error means "not healthy", never a 500
        connection.invalidate()
        return Health(answers=False, writable=False)
    finally:
        connection.close()
    try:
        reason = cannot_write_sqlite(db, row) if db.is_sqlite else cannot_write_postgres(row)
    except OSError as error:  # the directory is gone, say
        reason = f"the database's directory cannot be read ({error.strerror})"
    return Health(answers=True, writable=reason is None, reason=reason)


def init_app(app: Flask) -> None:
    @app.get("/healthz")
    def healthz() -> tuple[Response, int]:
        health = database_health(app.extensions["referee.db"])
        response = jsonify(health.as_dict())
        response.headers["Cache-Control"] = "no-store"
        return response, 200 if health.writable else 503
