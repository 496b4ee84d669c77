"""An append's NOTIFY goes once its transaction has committed, from a sender of its own: in the
transaction it would make every append's commit wait for the one before it (the lock a
notifying transaction holds until its commit is flushed)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from flask import Flask
from sqlalchemy import Engine, event, text

from referee import database
from referee.service import live, matches
from referee.store import notices
from referee.store.prepared import Transaction
from tests.conftest import BACKENDS, POSTGRES_URL

pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif("postgresql" not in BACKENDS,
                                 reason="PostgreSQL is not among the test databases")]

def listener(channel: str) -> Iterator[psycopg.Connection]:
    conninfo = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"LISTEN {channel}")
        yield conn


@pytest.fixture
def channel() -> str:
    """A channel of this test's own: tests run side by side in several processes."""
    return f"referee_notices_test_{uuid.uuid4().hex}"


@pytest.fixture
def listening(channel: str) -> Iterator[psycopg.Connection]:
    yield from listener(channel)


@pytest.fixture
def moves_listening() -> Iterator[psycopg.Connection]:
    """Listening where the appends announce themselves."""
    yield from listener(live.CHANNEL)


def heard(conn: psycopg.Connection, within: float) -> list[str]:
    payloads: list[str] = []
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        payloads += [n.payload for n in conn.notifies(timeout=0.1, stop_after=1)]
    return payloads


def notified(engine: Engine, channel: str, payload: str, *, commit: bool) -> Transaction:
    transaction = Transaction(engine)
    assert transaction.lent is not None  # begun
    notices.after_commit(transaction, (channel, payload))
    if commit:
        transaction.commit()
    else:
        transaction.rollback()
    transaction.close()
    return transaction


def test_the_notices_of_a_committed_transaction_are_sent_after_it(
        postgres_engine: Engine, channel: str, listening: psycopg.Connection) -> None:
    """Each notice once, with the schema before its payload (the listeners' filter)."""
    with postgres_engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar()
    notified(postgres_engine, channel, ":7:1", commit=True)
    notified(postgres_engine, channel, ":7:2", commit=True)
    assert sorted(heard(listening, 2.0)) == [f"{schema}:7:1", f"{schema}:7:2"]


def test_a_rolled_back_transaction_sends_nothing(postgres_engine: Engine, channel: str,
                                                 listening: psycopg.Connection) -> None:
    notified(postgres_engine, channel, ":8:1", commit=False)
    assert heard(listening, 1.0) == []


def test_while_a_statement_of_notices_is_on_its_way_the_next_ones_wait_and_go_together(
        postgres_engine: Engine, channel: str, listening: psycopg.Connection) -> None:
    """One statement that notifies at a time per process: the notices committed meanwhile
    wait for it, then go in one batch."""
    with postgres_engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar()
    sender = notices.sender_for(postgres_engine)
    assert sender.claim()
    try:
        notified(postgres_engine, channel, ":9:1", commit=True)
        notified(postgres_engine, channel, ":9:2", commit=True)
        assert heard(listening, 0.5) == []
    finally:
        sender.release()
    assert sorted(heard(listening, 2.0)) == [f"{schema}:9:1", f"{schema}:9:2"]


@pytest.mark.parametrize(("expected_seq", "statements"), [(None, 2), (2, 1)])
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_quiet_move_alone_announces_itself_in_its_own_statement(
        app: Flask, moves_listening: psycopg.Connection, expected_seq: int | None,
        statements: int) -> None:
    """A table alone: the move's event, summary, result and NOTIFY in one statement that
    commits as it runs, after the head's read — or with no read at all, when the move's
    If-Match is the seq of the state this process holds (``matches.append``)."""
    db = database(app)
    made = matches.create_match(db, "citroncoco", {}, [matches.SeatSpec("Alice"),
                                                       matches.SeatSpec("Bob")])
    match_id, host = made.match.id, made.host_token
    matches.record(db, match_id, host, "draw", 0, {"source": "stock"}, expected_seq=0)
    matches.record(db, match_id, host, "discard", 0, {"value": 5}, expected_seq=1)
    seen: list[str] = []

    def listen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    heard(moves_listening, 0.3)  # the first two moves' notices, whichever way they went
    event.listen(db.engine, "before_cursor_execute", listen)
    try:
        matches.record(db, match_id, host, "draw", 1, {"source": "discard"},
                       expected_seq=expected_seq)
    finally:
        event.remove(db.engine, "before_cursor_execute", listen)
    assert len(seen) == statements and "pg_notify" in seen[-1]
    with db.engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar()
    assert [p for p in heard(moves_listening, 2.0) if p.startswith(f"{schema}:")] == [
        f"{schema}:{match_id}:3"]
