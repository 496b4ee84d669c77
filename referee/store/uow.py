"""The unit of work: one transaction, and the adapters that read and write within it.

The service asks a unit of work for its ``events`` (the log), its ``snapshots`` and its
``read_models``, and commits it whole or not at all. ``SqlUnitOfWork`` runs on the database
(SQLite or PostgreSQL); tests run the same service code on an in-memory fake.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import Any, Protocol

from sqlalchemy.orm import Session

from referee.store import models
from referee.store import replica as replicas
from referee.store.db import Database
from referee.store.prepared import Transaction
from referee.store.projector import ReadModelProjector
from referee.store.recorder import EventRecorder, Head
from referee.store.snapshots import SnapshotStore


class EventLog(Protocol):
    """What the service asks of a match's log (``EventRecorder``, or a fake)."""

    def match(self, match_id: int, *, lock: bool = False) -> models.Match | None: ...
    def match_ids(self) -> list[int]: ...
    def head(self, match_id: int, digest: str | None, after: int | None = None
             ) -> Head | None: ...
    def last_seq(self, match_id: int) -> int: ...
    @property
    def guarded(self) -> bool: ...
    def append(self, event: dict[str, Any], head: Head) -> bool: ...
    def add(self, row: models.Event) -> None: ...
    def events(self, match_id: int, after: int = 0, upto: int | None = None
               ) -> Sequence[models.Event]: ...
    def event_at(self, match_id: int, seq: int) -> models.Event | None: ...
    def by_key(self, match_id: int, key: str) -> models.Event | None: ...
    def voids(self, match_id: int, upto: int | None = None) -> dict[int, tuple[int, str]]: ...
    def corrections(self, match_id: int, upto: int | None = None
                    ) -> list[tuple[int, dict[str, Any]]]: ...
    def challenges(self, match_id: int) -> list[tuple[int, dict[str, Any], int | None]]: ...
    def rulings(self, match_id: int, upto: int) -> list[dict[str, Any]]: ...


class Snapshots(Protocol):
    """What the service asks of the snapshots (``SnapshotStore``, or a fake)."""

    def save(self, match_id: int, seq: int, state_version: int, value: Any) -> None: ...
    def latest(self, match_id: int, state_version: int, upto: int | None = None
               ) -> tuple[int, Any] | None: ...
    def drop_stale(self, match_id: int, state_version: int) -> int: ...
    def drop_from(self, match_id: int, seq: int) -> None: ...


class UnitOfWork(Protocol):
    """What the service needs of a transaction (the SQL one, or a fake)."""

    @property
    def events(self) -> EventLog: ...

    @property
    def snapshots(self) -> Snapshots: ...

    @property
    def read_models(self) -> Any:
        """A ``ReadModelProjector``, or a fake with its methods."""

    @property
    def snapshot_every(self) -> int: ...

    def __enter__(self) -> UnitOfWork: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...


class SqlUnitOfWork:
    """One database transaction: commits when the block ends, rolls back when it raises.

    Its ``transaction`` begins on the driver at the first statement; ``session`` (an ORM
    session on the same transaction, made when first asked for) serves the parts of the
    service that read the log the slow way (a stale move's table, a dry run)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.joined = False
        self.snapshot_every = db.snapshot_every
        self.transaction: Transaction
        self.events: EventRecorder
        self.snapshots: SnapshotStore
        self.read_models: ReadModelProjector

    @property
    def session(self) -> Session:
        return self.transaction.session

    def __enter__(self) -> SqlUnitOfWork:
        shared = self.db.shared_for_writing()  # a page's one read: join it, it commits
        self.joined = shared is not None
        self.transaction = (Transaction.joining(shared) if shared is not None
                            else Transaction(self.db.engine, self.db.sessions))
        self.events = EventRecorder(self.transaction)
        self.snapshots = SnapshotStore(self.transaction)
        self.read_models = ReadModelProjector(self.transaction, self.events)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.joined:
            return  # the one read that holds the session ends it
        try:
            if kind is None:
                self.commit()
            else:
                self.rollback()
        finally:
            self.transaction.close()
        if kind is None and self.db.replica is not None:
            replicas.note_write(self.db.engine)

    def commit(self) -> None:
        self.transaction.commit()

    def rollback(self) -> None:
        self.transaction.rollback()

