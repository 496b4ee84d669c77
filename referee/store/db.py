"""Database engine and sessions. Concurrency is the database's job, never the process's."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import Engine, create_engine, event, exc, func, inspect, select
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
    engine = create_engine(url, **kwargs)
    _ping_after_idling(engine)
    return engine


#: A pooled connection idle for longer than this is pinged before it is lent again.
IDLE_BEFORE_PING = 1.0


def _ping_after_idling(engine: Engine) -> None:
    """Ping a pooled connection before lending it only when it has been idle for a while: a
    server restarted (or a connection dropped) since is caught and replaced, without costing
    every busy request a round trip, as ``pool_pre_ping`` would.

    A connection that failed in use is already dropped by SQLAlchemy, which then invalidates
    the whole pool (the disconnect is seen on one, the others are replaced on their next
    checkout)."""

    @event.listens_for(engine, "connect")
    def _connected(_dbapi_connection: Any, record: Any) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _lent(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get(_IDLE_SINCE, 0.0) <= IDLE_BEFORE_PING:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # noqa: BLE001 — any failure: this connection is gone
            raise exc.DisconnectionError(str(error)) from error
        if not alive:
            raise exc.DisconnectionError("the connection did not answer")


_IDLE_SINCE = "referee_idle_since"


#: What a transaction on SQLite begins with (``BEGIN <mode>``), as the execution option of the
#: engine it is begun on: writes ``IMMEDIATE`` (the default), reads ``DEFERRED``.
BEGIN_MODE = "referee_begin"

#: The WAL file is cut back to this size whenever a checkpoint lets it start again from the
#: top. A reader holding a snapshot keeps every frame written after it in the WAL (none can be
#: checkpointed past it), so the file grows while it reads; without a limit it keeps that size
#: for good. The auto-checkpoint (1,000 pages, some 4 MB) keeps it under this otherwise.
WAL_SIZE_LIMIT = 8 * 1024 * 1024


def _make_sqlite_serialise_writers(engine: Engine) -> None:
    """WAL for concurrent readers, BEGIN IMMEDIATE so that two writers queue up, and plain
    (deferred) BEGIN for reads, which then never wait for a writer.

    pysqlite's own transaction handling begins lazily and upgrades read locks to write locks,
    which deadlocks two writers; taking the write lock at BEGIN serialises them instead. A read
    needs no lock at all in WAL mode: it reads the snapshot of its first statement while a
    writer goes on. A read must never write: a deferred transaction that writes takes the lock
    without waiting for it (SQLITE_BUSY under a writer), and fails for good if another writer
    committed since its snapshot (SQLITE_BUSY_SNAPSHOT); ``Database.shared_for_writing`` is
    how a write joins a page's read.
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
        cursor.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        if not connection.connection.driver_connection.in_transaction:  # begun on the driver
            mode = connection.get_execution_options().get(BEGIN_MODE, "IMMEDIATE")
            connection.exec_driver_sql(f"BEGIN {mode}")


@contextmanager
def _advisory_lock(reader: Engine, key: int) -> Iterator[None]:
    """PostgreSQL's session-level advisory lock ``key`` in this schema, on a connection that
    holds no transaction open meanwhile (``reader``: AUTOCOMMIT)."""
    with reader.connect() as conn:
        held = (key, func.hashtext(func.current_schema()))
        conn.execute(select(func.pg_advisory_lock(*held)))
        try:
            yield
        finally:
            try:
                conn.execute(select(func.pg_advisory_unlock(*held)))
            except Exception:  # the lock must not go back to the pool with it
                conn.invalidate()
                raise


@contextmanager
def _file_lock(path: str) -> Iterator[None]:
    """The write lock of the SQLite database ``path`` (made empty if need be, and left
    there), held until the block ends: waited for as long as another holds it."""
    lock = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    try:
        while True:
            try:
                lock.execute("BEGIN IMMEDIATE")
                break
            except sqlite3.OperationalError as error:
                if "locked" not in str(error):  # else still held: wait on
                    raise
        yield
    finally:
        lock.close()  # its transaction, and the lock, with it


_KEPT = "referee.kept"
_OF = "referee.database"  # a one read's session: the database it reads


def _keep_in_one_read(session: Session, instance: object) -> None:
    """What a page's one read loads stays loaded until the read ends: the session's identity
    map holds its objects weakly, so a match dropped by the part of the page that read it
    first would be read again (with its seats and players) by every later part."""
    kept = session.info.get(_KEPT)
    if kept is not None:
        kept.append(instance)


class Database:
    """The engine and a session factory, one per app; optionally a replica for browsing."""

    def __init__(self, url: str, snapshot_every: int = 100, replica_url: str = "") -> None:
        self.engine = make_engine(url)
        self._held_in_memory = threading.Lock()  # ``one_at_a_time`` with no file to lock
        self.snapshot_every = snapshot_every
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        #: Where reads begin: on SQLite the same pool, begun deferred (see
        #: ``_make_sqlite_serialise_writers``); on PostgreSQL the same pool, each statement a
        #: transaction of its own (``AUTOCOMMIT``). At READ COMMITTED a statement sees what was
        #: committed when it started, in a transaction or not: a read's BEGIN and COMMIT would
        #: buy nothing but two round trips.
        self.reader = self.engine.execution_options(
            **({BEGIN_MODE: "DEFERRED"} if self.engine.dialect.name == "sqlite"
               else {"isolation_level": "AUTOCOMMIT"}))
        self.read_sessions = sessionmaker(self.reader, expire_on_commit=False)
        self.replica = (replicas.Replica(make_engine(replica_url,
                                                     connect_args={"connect_timeout": 2}))
                        if replica_url else None)
        for sessions in (self.sessions, self.read_sessions,
                         *([self.replica.sessions] if self.replica else [])):
            event.listen(sessions, "loaded_as_persistent", _keep_in_one_read)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def migrated(self) -> bool:
        """Whether any migration ran here (a fresh database has none: not a bug, a host who has
        not run ``referee db upgrade`` yet)."""
        return inspect(self.engine).has_table("alembic_version")

    def shared(self) -> Session | None:
        """The session of the ``one_read`` open in this context on this database, if any."""
        session = _shared.get()
        return session if session is not None and session.info.get(_OF) is self else None

    def shared_for_writing(self) -> Session | None:
        """The ``one_read`` open in this context, for a unit of work to join, able to write.

        On SQLite a page's read begins deferred, and a deferred read cannot safely become a
        write (see ``_make_sqlite_serialise_writers``): the first write joining it ends the
        read (it wrote nothing) and the session begins again with the write lock, waiting its
        turn as every write does. What the page loaded is expired and read again from there
        on, so the rest of the page sees the write."""
        session = self.shared()
        if session is not None and session.get_bind() is not self.engine:
            session.rollback()
            session.bind = self.engine
        return session

    @contextmanager
    def one_at_a_time(self, key: int) -> Iterator[None]:
        """Held by one holder at a time among every process serving this database, for a
        piece of work too long for one write transaction (the ratings' recomputation): it
        takes no write lock, so the writes go on meanwhile. Released when the holder leaves,
        or dies.

        On PostgreSQL a session-level advisory lock (``key`` and the schema's hash: two
        schemas of one database do not wait for each other), on a connection of its own. On
        SQLite the write lock of a database of its own beside this one (SQLite's own locking,
        wherever it runs), or this process's lock for a database in memory (one for every
        key)."""
        path = self.engine.url.database
        if not self.is_sqlite:
            with _advisory_lock(self.reader, key):
                yield
        elif path in (None, "", ":memory:") or path.startswith("file:"):
            with self._held_in_memory:
                yield
        else:
            with _file_lock(f"{path}-lock-{key:x}"):
                yield

    @contextmanager
    def one_read(self, browsing: bool = False) -> Iterator[Session]:
        """One transaction for everything a page reads: ``reading`` and the units of work opened
        inside join it, so a page's view model comes from one consistent read (it commits at the
        end, like any unit of work, or rolls back on an error). A match's page reads the
        primary, where its moves are judged; a ``browsing`` page (home, history, a night) reads
        where ``reading`` would: on the replica when this request may use it and it has caught
        up."""
        if (joined := self.shared()) is not None:
            yield joined
            return
        with self._read(primary=not browsing) as session:
            session.info[_KEPT] = []
            session.info[_OF] = self
            token = _shared.set(session)
            try:
                yield session
            finally:
                _shared.reset(token)

    @contextmanager
    def unit_of_work(self) -> Iterator[Session]:
        """One transaction: everything in it commits together, or nothing does."""
        if (joined := self.shared_for_writing()) is not None:
            yield joined
            return
        with self.sessions() as session, session.begin():
            yield session
        if self.replica is not None:
            replicas.note_write(self.engine)

    @contextmanager
    def reading(self, primary: bool = False) -> Iterator[Session]:
        """A read transaction: on the replica when this request may use it and it has caught
        up with the reader's own writes (see ``referee.store.replica``), else the primary;
        ``primary`` asks for the primary whatever the request (what a request reads once its
        writes are over, as a stale move's answer). It holds up no writer: on SQLite it is a
        deferred WAL read."""
        if (joined := self.shared()) is not None:
            yield joined
        else:
            with self._read(primary) as session:
                yield session

    @contextmanager
    def _read(self, primary: bool) -> Iterator[Session]:
        """A read transaction of its own (see ``reading``), committed at the end or rolled back
        on an error; a unit of work that joins it may write (``shared_for_writing``)."""
        policy = None if primary else replicas.current_policy()
        if self.replica is not None and policy is not None and policy.replica_ok:
            with self.replica.session_if_fresh(policy.min_lsn) as session:
                if session is not None:
                    policy.served_by = policy.served_by or "replica"
                    yield session
                    return
        if policy is not None and policy.replica_ok:
            policy.served_by = "primary"  # one read from the primary: say so
        with self.read_sessions() as session:
            try:
                yield session
            except BaseException:
                session.rollback()
                raise
            session.commit()
