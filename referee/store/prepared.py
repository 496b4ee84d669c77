"""The hot path's statements, compiled once per dialect and run on the driver's own cursor.

An append sends a handful of fixed statements. Through SQLAlchemy's Core each execution costs
some 50–100 µs of Python (cache lookup, execution context, result set-up): more than SQLite
takes to run it. So each is compiled once per dialect and executed on the DBAPI cursor of the
unit of work's connection, in its transaction, with the bind processors SQLAlchemy would apply
(JSON and datetimes are stored exactly as the ORM stores them). What SQLAlchemy does around an
execution that matters here is kept: the engine's ``before_cursor_execute`` and
``after_cursor_execute`` listeners are told (statement counters and tracers see these too), a
driver error is raised as SQLAlchemy's (``IntegrityError`` for a duplicate seq…), and a
connection the server dropped is invalidated, never lent again, with every connection the pool
made before it (a server that restarted dropped them all), as SQLAlchemy does.

It pays: ``bench/prepared_cost.py`` runs the same appends with each statement through
SQLAlchemy's ordinary execution instead (a Core ``Connection`` on the same pooled connection,
the engine's compiled cache), in interleaved rounds; that way an append takes some 0.2–0.8 ms
more, with the shared machine more or less busy (×1.1–1.4 on PostgreSQL, ×1.15–1.3 on SQLite,
×1.8–1.9 on SQLite in memory). The price is that it reads
SQLAlchemy's insides (a compiled statement's ``binds`` and ``positiontup``, the engine's
``dispatch``, ``Pool._invalidate``, ``DBAPIError.instance``): pyproject.toml pins the releases
they were checked on, and tests/store/test_prepared_internals.py fails on one that moves them.

A transaction knows whether its COMMIT was sent: a connection lost before it lost nothing that
was acknowledged (the unit of work may run again on a fresh connection), one lost during it
leaves the outcome unknown (``CommitOutcomeUnknown``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from psycopg.pq import TransactionStatus
from sqlalchemy import Engine, exc, text
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.orm import Session
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.elements import TextClause

from referee.store.outages import CommitOutcomeUnknown, lost_connection


@dataclass(frozen=True)
class _Compiled:
    sql: str
    order: tuple[str, ...] | None  # a positional paramstyle's names, in order
    processors: tuple[tuple[str, Callable[[Any], Any]], ...]  # per name, a bind processor


class Prepared:
    """One statement with ``:name`` parameters, ready for any dialect it meets."""

    def __init__(self, statement: TextClause) -> None:
        self.statement = statement
        self._compiled: dict[str, _Compiled] = {}

    def _for(self, dialect: Dialect) -> _Compiled:
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled = self.statement.compile(dialect=dialect)
            processors = []
            for name, bind in compiled.binds.items():
                process = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    processors.append((name, process))
            order = tuple(compiled.positiontup or ()) if compiled.positional else None
            found = self._compiled[dialect.name] = _Compiled(compiled.string, order,
                                                              tuple(processors))
        return found

    def run(self, transaction: Transaction, values: Mapping[str, Any]) -> Any:
        """Execute in ``transaction`` (begun now if it was not); the driver's cursor, to fetch
        from (fetch every row: SQLite keeps a statement open until then)."""
        return self.on(transaction, transaction.lent, values)

    def alone(self, transaction: Transaction, values: Mapping[str, Any], *,
              writes: bool = False) -> list[Any]:
        """Every row, the statement sent as a transaction of its own while ``transaction`` has
        begun none (``Transaction.may_run_alone``): no BEGIN and no COMMIT round trip, the
        server commits it as it ends. Otherwise run within ``transaction``, as ``run``.

        ``writes``: what it writes is committed as it ends, so a connection lost on its way
        leaves the outcome unknown (``CommitOutcomeUnknown``), as one lost during COMMIT."""
        if not transaction.may_run_alone():
            return list(self.run(transaction, values).fetchall())
        lent = transaction.lent
        driver = lent.driver_connection
        assert driver is not None
        driver.autocommit = True
        transaction.commit_sent = transaction.commit_sent or writes
        try:
            return list(self.on(transaction, lent, values).fetchall())
        except (exc.DBAPIError, exc.DisconnectionError) as error:
            if writes and lost_connection(error):
                raise CommitOutcomeUnknown(str(error)) from error
            raise
        finally:
            try:
                driver.autocommit = False
            except transaction.dialect.loaded_dbapi.Error:  # lost: never lent again
                if lent.is_valid:
                    lent.invalidate()

    def on(self, transaction: Transaction, lent: PoolProxiedConnection,
           values: Mapping[str, Any]) -> Any:
        dialect = transaction.dialect
        compiled = self._for(dialect)
        params = dict(values)
        for name, process in compiled.processors:
            if name in params:
                params[name] = process(params[name])
        bound: Sequence[Any] | Mapping[str, Any] = (
            params if compiled.order is None else tuple(params[n] for n in compiled.order))
        cursor = lent.driver_connection.cursor()  # type: ignore[union-attr]
        dispatch = transaction.engine.dispatch
        if dispatch.before_cursor_execute:  # listeners get no Connection: there is none
            for listen in dispatch.before_cursor_execute:
                listen(None, cursor, compiled.sql, bound, None, False)
        try:
            cursor.execute(compiled.sql, bound)
        except dialect.loaded_dbapi.Error as error:
            _raise_from(transaction, lent, cursor, compiled.sql, bound, error)
        if dispatch.after_cursor_execute:
            for listen in dispatch.after_cursor_execute:
                listen(None, cursor, compiled.sql, bound, None, False)
        return cursor


def _raise_from(transaction: Transaction, lent: PoolProxiedConnection, cursor: Any, sql: str,
                bound: Any, error: Exception) -> NoReturn:
    """Raise a driver error as SQLAlchemy would, invalidating a connection the server lost."""
    dialect = transaction.dialect
    lost = dialect.is_disconnect(cast(Any, error), lent.dbapi_connection, cursor)
    if lost and lent.is_valid:  # this connection and all the pool made before it
        transaction.engine.pool._invalidate(lent, error)
    raise exc.DBAPIError.instance(sql, bound, error, dialect.loaded_dbapi.Error,
                                  connection_invalidated=lost, dialect=dialect) from error


_BEGIN_IMMEDIATE = Prepared(text("BEGIN IMMEDIATE"))


class Transaction:
    """A unit of work's transaction, begun on a pooled connection through its driver.

    The hot path (lock the head, insert the event, update the read models, commit) needs no
    ORM session: its statements are ``Prepared``, and the transaction is begun, committed and
    handed back to the pool on the driver. A session is made only when a slower path asks for
    one (``session``), on the very same connection and transaction. A transaction can also
    join a session that is already open (a page's one read): it then only borrows its
    connection, and that session's owner ends it.
    """

    #: Called as ``hook(transaction)`` after each commit (``info`` says what to do).
    after_commit: list[Callable[[Transaction], None]] = []

    def __init__(self, engine: Engine, sessions: Callable[..., Session] | None = None,
                 session: Session | None = None) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        #: What to do after the commit; a joined transaction's is its session's (which its
        #: owner's commit acts on).
        self.info: dict[str, Any] = session.info if session is not None else {}
        self._sessions = sessions
        self._session = session
        self._bound: Connection | None = None  # the connection a session was made on
        self._lent: PoolProxiedConnection | None = None
        self.owner = session is None  # False: it borrows a session its owner ends
        #: COMMIT was sent: a connection lost from then on leaves the outcome unknown.
        self.commit_sent = False

    @classmethod
    def joining(cls, session: Session) -> Transaction:
        """A transaction that borrows ``session``'s (its owner commits or rolls it back)."""
        bind = session.get_bind()
        return cls(bind if isinstance(bind, Engine) else bind.engine, session=session)

    @property
    def lent(self) -> PoolProxiedConnection:
        """The pooled connection, in the transaction (begun on the first call)."""
        if self._session is not None:
            return self._session.connection().connection
        if self._lent is None:
            try:
                lent = self.engine.raw_connection()
            except self.dialect.loaded_dbapi.Error as error:  # refused, say: SQLAlchemy's too
                raise exc.DBAPIError.instance(None, None, error, self.dialect.loaded_dbapi.Error,
                                              dialect=self.dialect) from error
            try:
                if self.dialect.name == "sqlite":  # take the write lock now: writers queue up
                    _BEGIN_IMMEDIATE.on(self, lent, {})
            except BaseException:
                lent.close()
                raise
            self._lent = lent
        return self._lent

    def may_run_alone(self) -> bool:
        """Whether a statement may go now as a transaction of its own (``Prepared.alone``):
        on PostgreSQL, on this transaction's own connection (not a page's read it joined),
        no session made on it, nothing sent yet that began a transaction. At READ COMMITTED
        a statement sees what was committed when it started, in a transaction or not."""
        if not self.owner or self._session is not None or self.dialect.name != "postgresql":
            return False
        driver = self.lent.driver_connection
        return bool(driver.info.transaction_status == TransactionStatus.IDLE)  # type: ignore[union-attr]

    @property
    def session(self) -> Session:
        """An ORM session on this transaction (made on its connection the first time)."""
        if self._session is None:
            assert self._sessions is not None
            if self._lent is None:
                self._session = self._sessions()
            else:
                self._bound = Connection(self.engine, connection=self._lent)
                self._lent = None  # the session's connection holds it now
                self._session = self._sessions(bind=self._bound)
            self._session.begin()
            if self._bound is not None:  # what was sent on the driver is the session's to
                self._session.connection()  # commit, even if nothing more goes through it
        return self._session

    def commit(self) -> None:
        """Commit; a connection lost while COMMIT was on its way raises
        ``CommitOutcomeUnknown`` (the server may have committed or not)."""
        if not self.owner:
            return
        try:
            if self._session is not None:
                if self._session.in_transaction():
                    self._session.flush()  # a failure here is still before COMMIT
                    self.commit_sent = True
                    self._session.commit()
            elif self._lent is not None:
                self.commit_sent = True
                try:
                    self._lent.commit()
                except self.dialect.loaded_dbapi.Error as error:
                    _raise_from(self, self._lent, None, "COMMIT", (), error)
        except (exc.DBAPIError, exc.DisconnectionError) as error:
            if self.commit_sent and lost_connection(error):
                raise CommitOutcomeUnknown(str(error)) from error
            raise
        for hook in self.after_commit:
            hook(self)
        self.info.clear()

    def rollback(self) -> None:
        if not self.owner:
            return
        self.info.clear()
        if self._session is not None:
            self._session.rollback()
        elif self._lent is not None and self._lent.is_valid:  # a lost one has nothing to undo
            try:
                self._lent.rollback()
            except self.dialect.loaded_dbapi.Error as error:
                # The connection failed under the rollback: drop it, and let the error that
                # made us roll back be the one raised.
                self._lent.invalidate(error)

    def close(self) -> None:
        """Hand the connection back to the pool (rolled back if still in a transaction)."""
        if not self.owner:
            return
        try:
            if self._session is not None:
                self._session.close()
            if self._bound is not None:
                self._bound.close()
            elif self._lent is not None:
                self._lent.close()
        finally:
            self._session = self._bound = self._lent = None


def transaction_of(session: Session | Transaction) -> Transaction:
    """The transaction an adapter works in: its own, or the one an open session holds."""
    return session if isinstance(session, Transaction) else Transaction.joining(session)


class Transactional:
    """A store adapter (the log, the snapshots, the read models) working within one
    transaction; its ORM session, for what is not ``Prepared``, made when first asked for."""

    def __init__(self, session: Session | Transaction) -> None:
        self.transaction = transaction_of(session)

    @property
    def session(self) -> Session:
        return self.transaction.session
