"""A PostgreSQL connection lost under an append (its backend terminated, as a server restart or
a failover does): the error that lost it is the one raised, never a rollback's on a connection
that is gone; an append that lost its connection before COMMIT runs once more on a fresh one
and is logged once; one lost during COMMIT is answered 503, not retried, and the client's
retry with its Idempotency-Key logs it once.

The backends terminated are this test's own app's (their process ids read from its
connections), never another test's on the shared server.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, exc, select, text

from referee import database
from referee.store import db as store_db
from referee.store import models
from referee.store.db import Database
from referee.store.prepared import Prepared
from referee.store.uow import SqlUnitOfWork
from tests.conftest import BACKENDS, POSTGRES_URL
from tests.helpers import auth, new_match

pytestmark = [
    pytest.mark.skipif("postgresql" not in BACKENDS,
                       reason="PostgreSQL is not among the test databases"),
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]

_LAST_SEQ = Prepared(text("SELECT last_seq FROM match_summaries WHERE match_id = :match_id"))
DRAW = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}


def terminate(pid: int) -> None:
    """End one backend from another connection, and wait until it is gone."""
    conninfo = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(conninfo, autocommit=True) as admin:
        ended = admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,)).fetchone()
    assert ended == (True,)


def backend_of(cursor: Any) -> int:
    return int(cursor.connection.info.backend_pid)


def logged_seqs(db: Database, match_id: int) -> list[int]:
    with db.sessions() as session:
        return list(session.scalars(select(models.Event.seq).where(
            models.Event.match_id == match_id).order_by(models.Event.seq)))


@pytest.fixture
def db(app: Flask) -> Database:
    return database(app)


@pytest.fixture
def no_idle_ping(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pooled connection is lent without the idle ping: the dead one reaches the append."""
    monkeypatch.setattr(store_db, "IDLE_BEFORE_PING", 3600.0)


@pytest.fixture
def idle_backends(db: Database) -> Iterator[set[int]]:
    """The backends of the app's connections resting in its pool, kept up to date."""
    resting: set[int] = set()

    def returned(dbapi_connection: Any, _record: Any) -> None:
        if dbapi_connection is not None:  # None: an invalidated one, closed already
            resting.add(int(dbapi_connection.info.backend_pid))

    def lent(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        resting.discard(int(dbapi_connection.info.backend_pid))

    event.listen(db.engine, "checkin", returned)
    event.listen(db.engine, "checkout", lent)
    yield resting
    event.remove(db.engine, "checkin", returned)
    event.remove(db.engine, "checkout", lent)


def test_a_lost_connection_raises_its_own_error_not_the_rollbacks(
        db: Database, client: FlaskClient) -> None:
    """The unit of work rolls back a connection the server dropped: that rollback must not
    hide the error that dropped it (it used to raise AttributeError: 'NoneType' object has no
    attribute 'rollback')."""
    table = new_match(client, players=2)
    with pytest.raises(exc.OperationalError) as raised, SqlUnitOfWork(db) as uow:
        cursor = _LAST_SEQ.run(uow.transaction, {"match_id": table.id})
        cursor.fetchall()
        terminate(backend_of(cursor))
        _LAST_SEQ.run(uow.transaction, {"match_id": table.id}).fetchall()
    assert raised.value.connection_invalidated


def test_an_append_whose_backend_is_killed_before_commit_is_logged_once(
        db: Database, client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    """The backend is terminated as the event's INSERT goes out: nothing was committed, so the
    append runs once more on a fresh connection, answers 201 and is in the log once."""
    table = new_match(client, players=2)
    killed: list[int] = []

    def kill_at_insert(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if not killed and statement.lstrip().upper().startswith("INSERT INTO EVENTS"):
            killed.append(backend_of(cursor))
            terminate(killed[0])

    event.listen(db.engine, "before_cursor_execute", kill_at_insert)
    try:
        with caplog.at_level(logging.WARNING, logger="referee.service.work"):
            answer = client.post(f"/api/matches/{table.id}/events", json=DRAW,
                                 headers=auth(table.host))
    finally:
        event.remove(db.engine, "before_cursor_execute", kill_at_insert)
    assert killed
    assert answer.status_code == 201, answer.json
    assert answer.json["seq"] == 1
    assert logged_seqs(db, table.id) == [1]
    assert "lost before COMMIT" in caplog.text


@pytest.mark.usefixtures("no_idle_ping")
def test_a_connection_killed_between_requests_is_replaced_and_the_move_logged_once(
        db: Database, client: FlaskClient, idle_backends: set[int]) -> None:
    """Every connection resting in the pool loses its backend between two requests: the next
    append meets a dead one, runs again on a fresh one, and is logged once."""
    table = new_match(client, players=2)
    assert idle_backends
    for pid in list(idle_backends):
        terminate(pid)
    answer = client.post(f"/api/matches/{table.id}/events", json=DRAW,
                         headers=auth(table.host))
    assert answer.status_code == 201, answer.json
    assert logged_seqs(db, table.id) == [1]
    assert client.get(f"/api/matches/{table.id}").status_code == 200


def test_a_connection_lost_during_commit_is_503_and_the_keyed_retry_logs_it_once(
        db: Database, client: FlaskClient) -> None:
    """COMMIT goes out on a connection whose backend is gone: whether it committed cannot be
    known, so the append is not run again (it could be logged twice); the answer is 503 with
    Retry-After and says to send it again with its Idempotency-Key, which logs it once."""
    table = new_match(client, players=2)
    killed: list[int] = []

    def kill_before_commit(session: Any) -> None:
        if not killed:
            connection = session.connection().connection
            killed.append(int(connection.driver_connection.info.backend_pid))
            terminate(killed[0])

    headers = {**auth(table.host), "Idempotency-Key": "draw-1"}
    event.listen(db.sessions, "before_commit", kill_before_commit)
    try:
        answer = client.post(f"/api/matches/{table.id}/events", json=DRAW, headers=headers)
    finally:
        event.remove(db.sessions, "before_commit", kill_before_commit)
    assert killed
    assert answer.status_code == 503, answer.json
    assert answer.headers["Retry-After"].isdigit()
    assert answer.json["where"] == "database"
    assert "Idempotency-Key" in answer.json["message"]
    again = client.post(f"/api/matches/{table.id}/events", json=DRAW, headers=headers)
    assert again.status_code == 201, again.json
    assert logged_seqs(db, table.id) == [1]


def test_a_connection_lost_as_a_quiet_moves_write_goes_out_is_503_and_logged_once(
        db: Database, client: FlaskClient) -> None:
    """A move that changes no result is written in one statement that commits as it runs (no
    COMMIT of its own): a connection lost as it goes out leaves the outcome unknown, as one
    lost during COMMIT, so it is answered 503 and not run again; the retry under the same
    If-Match logs it once."""
    table = new_match(client, players=2)
    first = client.post(f"/api/matches/{table.id}/events", json=DRAW, headers=auth(table.host))
    assert first.status_code == 201
    killed: list[int] = []

    def kill_at_the_write(_conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if not killed and statement.lstrip().upper().startswith("WITH LOGGED AS"):
            killed.append(backend_of(cursor))
            terminate(killed[0])

    discard = {"type": "discard", "seat": 0, "payload": {"value": 5}}
    headers = {**auth(table.host), "If-Match": '"1"'}
    event.listen(db.engine, "before_cursor_execute", kill_at_the_write)
    try:
        answer = client.post(f"/api/matches/{table.id}/events", json=discard, headers=headers)
    finally:
        event.remove(db.engine, "before_cursor_execute", kill_at_the_write)
    assert killed
    assert answer.status_code == 503, answer.json
    assert "Idempotency-Key" in answer.json["message"]
    again = client.post(f"/api/matches/{table.id}/events", json=discard, headers=headers)
    assert again.status_code == 201, again.json
    assert again.json["seq"] == 2
    assert logged_seqs(db, table.id) == [1, 2]
