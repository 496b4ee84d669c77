"""Database engine and sessions. Concurrency is the database's job, never the process's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


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
    """The engine and a session factory, one per app."""

    def __init__(self, url: str, snapshot_every: int = 100) -> None:
        self.engine = make_engine(url)
        self.snapshot_every = snapshot_every
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def unit_of_work(self) -> Iterator[Session]:
        """One transaction: everything in it commits together, or nothing does."""
        with self.sessions() as session, session.begin():
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self.sessions() as session, session.begin():
            yield session
