"""Which database errors are an outage rather than a bug: the server stopped or restarting, a
connection lost, the disk full, the database locked past its busy timeout, read-only (a standby,
a read-only mount), a timeout, a database nobody migrated yet. Those are worth retrying a little
later, so the edges answer them 503 with ``Retry-After`` (``referee.edge.unavailable``); any
other database error is a bug (500).

The driver's own error says which: SQLite's result code (``sqlite_errorcode``), PostgreSQL's
SQLSTATE (``sqlstate``); a psycopg error without one is a connection that failed or was lost.
"""

from __future__ import annotations

import sqlite3

from sqlalchemy import exc

#: SQLite's primary result codes that a later try may not meet: BUSY and LOCKED (another writer
#: held the lock past the busy timeout), READONLY, IOERR, FULL (disk or max_page_count),
#: CANTOPEN, PROTOCOL (a WAL lock race).
SQLITE_TRANSIENT = {5: "locked", 6: "locked", 8: "read-only", 10: "input/output error",
                    13: "disk full", 14: "cannot open", 15: "locked"}

#: PostgreSQL's SQLSTATE classes of an outage: 08 connection exception, 53 insufficient
#: resources (disk full, out of memory, too many connections), 57 operator intervention
#: (shutting down, starting up, a statement timeout), 58 system error (I/O).
PG_TRANSIENT_CLASSES = {"08": "unreachable", "53": "insufficient resources",
                        "57": "shutting down or timed out", "58": "input/output error"}
#: ... and single states: a read-only transaction (a standby, default_transaction_read_only),
#: a lock not available (lock_timeout).
PG_TRANSIENT_STATES = {"25006": "read-only", "55P03": "locked"}


class CommitOutcomeUnknown(Exception):
    """The connection was lost while COMMIT was on its way: the server may have committed or
    not, and only a read can tell. Never retried blindly (that could log a move twice): the
    client retries with its Idempotency-Key or If-Match, which make the retry safe."""


def outage_reason(error: BaseException) -> str | None:
    """What kind of outage ``error`` is (a few words for the log), or None when it is not one."""
    if isinstance(error, CommitOutcomeUnknown):
        return "connection lost during COMMIT"
    if lost_connection(error):
        return "connection lost"
    if isinstance(error, exc.TimeoutError):  # the pool had no connection to lend in time
        return "no connection free"
    if not isinstance(error, exc.DBAPIError):
        return None
    if not_migrated(error):
        return NOT_MIGRATED
    orig = error.orig
    if isinstance(orig, sqlite3.Error):
        code = getattr(orig, "sqlite_errorcode", None)
        return SQLITE_TRANSIENT.get(code & 0xFF) if isinstance(code, int) else None
    state = getattr(orig, "sqlstate", None)
    if isinstance(state, str) and state:
        return PG_TRANSIENT_STATES.get(state) or PG_TRANSIENT_CLASSES.get(state[:2])
    if isinstance(error, (exc.OperationalError, exc.InterfaceError)):
        return "unreachable"  # refused, closed, timed out: no server answered with a state
    return None


#: The reason of a database whose tables are not there yet (``referee db upgrade`` makes them).
NOT_MIGRATED = "not migrated"


def not_migrated(error: exc.DBAPIError) -> bool:
    """The statement met a table that is not there: a database nobody migrated (a server
    started on it before ``referee db upgrade``), unavailable until its host migrates it; the
    edge asks the database whether any migration ran (if one did, the missing table is a
    bug)."""
    orig = error.orig
    if isinstance(orig, sqlite3.OperationalError):
        return str(orig).startswith("no such table")
    return getattr(orig, "sqlstate", None) == "42P01"  # undefined_table


def lost_connection(error: BaseException) -> bool:
    """The error lost the connection it ran on (so a fresh one may succeed)."""
    return isinstance(error, exc.DisconnectionError) or (
        isinstance(error, exc.DBAPIError) and error.connection_invalidated)
