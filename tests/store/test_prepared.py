"""The append's hot path runs on the driver (``referee.store.prepared``): what it writes reads
back through the ORM as the ORM would have written it, it commits or rolls back whole with what
a session adds to the same transaction, a driver error is SQLAlchemy's, statement listeners
still see it, and every connection goes back to the pool."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, exc, select, text

from referee import database
from referee.service import matches
from referee.store import models
from referee.store.db import Database
from referee.store.prepared import Prepared, Transaction
from referee.store.recorder import INSERT_EVENT_SQL, event_types
from tests.conftest import BACKENDS
from tests.helpers import new_match

_INSERT = Prepared(text(INSERT_EVENT_SQL).bindparams(*event_types()))
_LAST_SEQ = Prepared(text("SELECT last_seq FROM match_summaries WHERE match_id = :match_id"))


@pytest.fixture
def db(app: Flask) -> Database:
    return database(app)


@pytest.fixture
def match_id(client: FlaskClient) -> int:
    return new_match(client, players=2).id


def event_values(match_id: int, seq: int, **more: Any) -> dict[str, Any]:
    return {"match_id": match_id, "seq": seq, "type": "draw", "seat": 0,
            "payload": {"source": "stock", "é": [1, None]}, "schema_version": 1,
            "actor": "host", "idempotency_key": None, "key_token_hash": None,
            "key_request_hash": None,
            "recorded_at": datetime(2026, 11, 24, 15, 4, 5, 123456, tzinfo=UTC),
            "verdict": {"kind": "legal", "rule": "CC-1"}, **more}


def stored(db: Database, match_id: int) -> list[models.Event]:
    with db.sessions() as session:
        return list(session.scalars(select(models.Event).where(
            models.Event.match_id == match_id).order_by(models.Event.seq)))


def committed(db: Database, *values: dict[str, Any]) -> None:
    transaction = Transaction(db.engine, db.sessions)
    try:
        for each in values:
            _INSERT.run(transaction, each)
        transaction.commit()
    finally:
        transaction.close()


def test_a_row_written_on_the_driver_reads_back_through_the_orm(db: Database,
                                                                match_id: int) -> None:
    """JSON and times are bound by SQLAlchemy's own processors: the ORM reads them as written."""
    committed(db, event_values(match_id, 1))
    [row] = stored(db, match_id)
    assert row.payload == {"source": "stock", "é": [1, None]}
    assert row.verdict == {"kind": "legal", "rule": "CC-1"}
    assert row.recorded_at.replace(tzinfo=UTC) == datetime(2026, 11, 24, 15, 4, 5, 123456,
                                                          tzinfo=UTC)


def test_a_duplicate_seq_is_sqlalchemys_integrity_error(db: Database, match_id: int) -> None:
    """The unique (match_id, seq) still decides between two writers, as an IntegrityError
    the service answers with a 409."""
    committed(db, event_values(match_id, 1))
    with pytest.raises(exc.IntegrityError):
        committed(db, event_values(match_id, 1))
    assert len(stored(db, match_id)) == 1


def test_a_session_made_later_shares_the_transaction(db: Database, match_id: int) -> None:
    """What the driver wrote, a session made afterwards on the same transaction reads; and
    both commit together."""
    transaction = Transaction(db.engine, db.sessions)
    try:
        _INSERT.run(transaction, event_values(match_id, 1))
        seen = transaction.session.scalars(select(models.Event.seq).where(
            models.Event.match_id == match_id)).all()
        transaction.session.add(models.Event(**event_values(match_id, 2)))
        _INSERT.run(transaction, event_values(match_id, 3))
        transaction.commit()
    finally:
        transaction.close()
    assert seen == [1]
    assert [row.seq for row in stored(db, match_id)] == [1, 2, 3]


def test_a_rollback_undoes_the_driver_and_the_session_alike(db: Database,
                                                            match_id: int) -> None:
    transaction = Transaction(db.engine, db.sessions)
    try:
        _INSERT.run(transaction, event_values(match_id, 1))
        transaction.session.add(models.Event(**event_values(match_id, 2)))
        transaction.session.flush()
        transaction.rollback()
    finally:
        transaction.close()
    assert stored(db, match_id) == []


def test_closing_without_a_commit_keeps_nothing(db: Database, match_id: int) -> None:
    """A unit of work that raised before its commit hands back a rolled-back connection."""
    transaction = Transaction(db.engine, db.sessions)
    _INSERT.run(transaction, event_values(match_id, 1))
    transaction.close()
    assert stored(db, match_id) == []


def test_every_connection_goes_back_to_the_pool(db: Database, match_id: int) -> None:
    pool: Any = db.engine.pool
    before = pool.checkedout()
    committed(db, event_values(match_id, 1))
    transaction = Transaction(db.engine, db.sessions)
    _INSERT.run(transaction, event_values(match_id, 2))
    assert transaction.session is not None
    transaction.rollback()
    transaction.close()
    assert pool.checkedout() == before


def test_statement_listeners_see_the_driver_statements(db: Database, match_id: int) -> None:
    """Counters and tracers listening on the engine still see each statement."""
    seen: list[str] = []

    def listen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement.split()[0].upper())

    event.listen(db.engine, "before_cursor_execute", listen)
    try:
        committed(db, event_values(match_id, 1))
    finally:
        event.remove(db.engine, "before_cursor_execute", listen)
    assert "INSERT" in seen


def test_a_joined_transaction_leaves_the_end_to_the_session(db: Database,
                                                            match_id: int) -> None:
    """A transaction borrowing an open session neither commits nor closes it."""
    with db.sessions() as session:
        session.begin()
        joined = Transaction.joining(session)
        _INSERT.run(joined, event_values(match_id, 1))
        joined.commit()
        joined.close()
        assert session.in_transaction()
        session.rollback()
    assert stored(db, match_id) == []


def a_match(db: Database) -> int:
    return matches.create_match(db, "citroncoco", {}, [matches.SeatSpec("Alice"),
                                                      matches.SeatSpec("Bob")]).match.id


@pytest.fixture
def sqlite_db(sqlite_template: Path, tmp_path: Path) -> Iterator[Database]:
    path = tmp_path / "referee.sqlite3"
    shutil.copy(sqlite_template, path)
    made = Database(f"sqlite:///{path}")
    yield made
    made.engine.dispose()


@pytest.fixture
def postgres_db(postgres_schema_url: str) -> Iterator[Database]:
    if "postgresql" not in BACKENDS:
        pytest.skip("PostgreSQL is not among the test databases")
    made = Database(postgres_schema_url)
    yield made
    made.engine.dispose()


def test_the_first_statement_on_sqlite_takes_the_write_lock(sqlite_db: Database) -> None:
    """SQLite: BEGIN IMMEDIATE, so that two writers queue up instead of deadlocking."""
    match_id = a_match(sqlite_db)
    transaction = Transaction(sqlite_db.engine, sqlite_db.sessions)
    try:
        assert _LAST_SEQ.run(transaction, {"match_id": match_id}).fetchall() == [(0,)]
        other = sqlite_db.engine.raw_connection()
        try:
            driver: Any = other.driver_connection
            driver.execute("PRAGMA busy_timeout=0")
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                driver.execute("BEGIN IMMEDIATE")
        finally:
            other.close()
    finally:
        transaction.close()


def test_a_connection_the_server_dropped_is_never_lent_again(postgres_db: Database) -> None:
    """The driver's error is SQLAlchemy's, marked as a lost connection, and the pool
    replaces that connection."""
    match_id = a_match(postgres_db)
    transaction = Transaction(postgres_db.engine, postgres_db.sessions)
    try:
        pid = _pid(transaction)
        with postgres_db.engine.connect() as admin:
            admin.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            admin.commit()
        with pytest.raises(exc.DBAPIError) as raised:
            _LAST_SEQ.run(transaction, {"match_id": match_id})
        assert raised.value.connection_invalidated
    finally:
        transaction.close()
    again = Transaction(postgres_db.engine, postgres_db.sessions)
    try:
        assert _pid(again) != pid
        assert _LAST_SEQ.run(again, {"match_id": match_id}).fetchall() == [(0,)]
    finally:
        again.close()


def _pid(transaction: Transaction) -> int:
    return int(Prepared(text("SELECT pg_backend_pid()")).run(transaction, {}).fetchall()[0][0])
