"""Database engine and sessions. Concurrency is the database's job, never the process's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from referee.store import replica as replicas

#: The transaction a page's reads share (``Database.one_read``), if one is open in this context.
_shared: ContextVar[Session | None] = ContextVar("referee_one_read", default=None)


def normalise_url(url: str) -> str:
    """Accept the usual ``postgres://`` and ``postgresql://`` URLs and use psycopg 3."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str, **kwargs: Any) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               **kwargs)
        _make_sqlite_serialise_writers(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, **kwargs)


def _make_sqlite_serialise_writers(engine: Engine) -> None:
    """WAL for concurrent readers, and BEGIN IMMEDIATE so that two writers queue up.

    pysqlite's own transaction handling begins lazily and upgrades read locks to write locks,
    which deadlocks two writers; taking the write lock at BEGIN serialises them instead.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if engine.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged move survives a crash
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


class Database:
    """The engine and a session factory, one per app; optionally a replica for browsing."""

    def __init__(self, url: str, snapshot_every: int = 100, replica_url: str = "") -> None:
        self.engine = make_engine(url)
        self.snapshot_every = snapshot_every
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.replica = (replicas.Replica(make_engine(replica_url,
                                                     connect_args={"connect_timeout": 2}))
                        if replica_url else None)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def shared(self) -> Session | None:
        """The session of the ``one_read`` open in this context on this database, if any."""
        session = _shared.get()
        return session if session is not None and session.get_bind() is self.engine else None

    @contextmanager
    def one_read(self) -> Iterator[Session]:
        """One transaction for everything a page reads: ``reading`` and the units of work opened
        inside join it, so a page's view model comes from one consistent read of the primary
        (it commits at the end, like any unit of work, or rolls back on an error)."""
        if (joined := self.shared()) is not None:
            yield joined
            return
        with self.sessions() as session, session.begin():
            token = _shared.set(session)
            try:
                yield session
            finally:
                _shared.reset(token)

    @contextmanager
    def unit_of_work(self) -> Iterator[Session]:
        """One transaction: everything in it commits together, or nothing does."""
        if (joined := self.shared()) is not None:
            yield joined
            return
        with self.sessions() as session, session.begin():
            yield session
        if self.replica is not None:
            replicas.note_write(self.engine)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A read transaction: on the replica when this request may use it and it has caught
        up with the reader's own writes (see ``referee.store.replica``), else the primary."""
        if (joined := self.shared()) is not None:
            yield joined
            return
        policy = replicas.current_policy()
        if self.replica is not None and policy is not None and policy.replica_ok:
            with self.replica.session_if_fresh(policy.min_lsn) as session:
                if session is not None:
                    policy.served_by = policy.served_by or "replica"
                    yield session
                    return
        if policy is not None and policy.replica_ok:
            policy.served_by = "primary"  # one read from the primary: say so
        with self.sessions() as session, session.begin():
            yield session
