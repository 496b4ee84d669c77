"""Where the service gets its database work: the one place that opens a transaction.

Four ways, each for a reason:

- ``reading(db)``: a read, on the replica when this request may use it and it has caught up
  with the reader's own writes, else the primary (``primary=True``: the primary whatever the
  request, what a request reads once its writes are over). It holds up no writer.
- ``writing(db)``: an ORM write on a session, for the commands that create or edit rows
  (matches, nights, a restore): everything commits together, or nothing does. It is not
  ``appending(db).session``: a connection lost during its COMMIT is an outage like any other,
  where the log's unit of work says the outcome is unknown (``CommitOutcomeUnknown``).
- ``appending(db)``: the log's unit of work, begun on the driver, with the store's adapters
  (the event recorder, the snapshots, the read-model projector) and an ORM session made only
  when asked for: the hot path of a move needs no session. ``appending_retried`` runs the
  append once more when the connection was lost before COMMIT: a ``with`` block cannot be run
  again, a function can, so the retry is a second entry; the other users of the log's unit
  of work (an import, a rebuild, the lookups after a race) are not retried.
- ``page(db)``: a page's one read; the other three opened inside it join it, so a page's view
  model comes from one consistent read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TypeVar

from sqlalchemy import exc
from sqlalchemy.orm import Session

from referee.store.db import Database
from referee.store.outages import lost_connection
from referee.store.uow import SqlUnitOfWork, UnitOfWork

__all__ = ["SqlUnitOfWork", "UnitOfWork", "appending", "appending_retried", "page", "reading",
           "writing"]

log = logging.getLogger(__name__)
Done = TypeVar("Done")


def reading(db: Database, primary: bool = False) -> AbstractContextManager[Session]:
    """A read transaction (see ``Database.reading``)."""
    return db.reading(primary=primary)


def writing(db: Database) -> AbstractContextManager[Session]:
    """An ORM write transaction (see ``Database.unit_of_work``)."""
    return db.unit_of_work()


def appending(db: Database) -> SqlUnitOfWork:
    """The log's unit of work, with its adapters (see ``SqlUnitOfWork``)."""
    return SqlUnitOfWork(db)


def appending_retried(db: Database, work: Callable[[SqlUnitOfWork], Done]) -> Done:
    """``work`` in the log's unit of work, run once more on a fresh connection if the
    connection was lost before COMMIT was sent (a server restarted, a backend killed, a
    connection dropped while it idled in the pool): nothing of the first try was committed, so
    the second cannot log anything twice. A connection lost during COMMIT is never retried
    here: the first try may have committed (``CommitOutcomeUnknown``; the client's
    Idempotency-Key or If-Match make its own retry safe). A unit of work joined to a page's
    read is not retried either (the page's transaction is gone with it)."""
    uow = SqlUnitOfWork(db)
    try:
        with uow:
            return work(uow)
    except (exc.DBAPIError, exc.DisconnectionError) as error:
        if uow.joined or uow.transaction.commit_sent or not lost_connection(error):
            raise
        log.warning("The database connection was lost before COMMIT (%s); the unit of work "
                    "runs once more on a fresh connection", str(error).splitlines()[0])
    with SqlUnitOfWork(db) as again:
        return work(again)


def page(db: Database, browsing: bool = False) -> AbstractContextManager[Session]:
    """A page's one read, which the others join (see ``Database.one_read``); a ``browsing``
    page's may be the replica's."""
    return db.one_read(browsing)
