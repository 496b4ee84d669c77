"""The unit of work: one transaction, and the adapters that read and write within it.

The service asks a unit of work for its ``events`` (the log), its ``snapshots`` and its
``read_models``, and commits it whole or not at all. ``SqlUnitOfWork`` runs on the database
(SQLite or PostgreSQL); tests run the same service code on an in-memory fake.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Protocol

from sqlalchemy.orm import Session

from referee.store import replica as replicas
from referee.store.db import Database
from referee.store.projector import ReadModelProjector
from referee.store.recorder import EventRecorder
from referee.store.snapshots import SnapshotStore


class UnitOfWork(Protocol):
    """What the service needs of a transaction (the SQL one, or a fake)."""

    events: Any  # an EventRecorder, or anything with its methods
    snapshots: Any  # a SnapshotStore
    read_models: Any  # a ReadModelProjector
    snapshot_every: int

    def __enter__(self) -> UnitOfWork: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...


class SqlUnitOfWork:
    """One database transaction: commits when the block ends, rolls back when it raises.

    ``session`` stays available to the parts of the service that read the log the slow way
    (a stale move's table, a dry run), inside the same transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.snapshot_every = db.snapshot_every
        self.session: Session
        self.events: EventRecorder
        self.snapshots: SnapshotStore
        self.read_models: ReadModelProjector

    def __enter__(self) -> SqlUnitOfWork:
        self.session = self.db.sessions()
        self.session.begin()
        self.events = EventRecorder(self.session)
        self.snapshots = SnapshotStore(self.session)
        self.read_models = ReadModelProjector(self.session, self.events)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            if kind is None:
                self.commit()
            else:
                self.rollback()
        finally:
            self.session.close()
        if kind is None and self.db.replica is not None:
            replicas.note_write(self.db.engine)

    def commit(self) -> None:
        if self.session.in_transaction():
            self.session.commit()

    def rollback(self) -> None:
        self.session.rollback()
