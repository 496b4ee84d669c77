"""An append's NOTIFY goes once its transaction has committed, from a sender of its own: in the
transaction it would make every append's commit wait for the one before it (the lock a
notifying transaction holds until its commit is flushed)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import Engine, text

from referee.store import notices
from referee.store.prepared import Transaction
from tests.conftest import BACKENDS, POSTGRES_URL

pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif("postgresql" not in BACKENDS,
                                 reason="PostgreSQL is not among the test databases")]

CHANNEL = "referee_notices_test"


@pytest.fixture
def listening() -> Iterator[psycopg.Connection]:
    conninfo = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        yield conn


def heard(conn: psycopg.Connection, within: float) -> list[str]:
    payloads: list[str] = []
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        payloads += [n.payload for n in conn.notifies(timeout=0.1, stop_after=1)]
    return payloads


def notified(engine: Engine, payload: str, *, commit: bool) -> Transaction:
    transaction = Transaction(engine)
    assert transaction.lent is not None  # begun
    notices.after_commit(transaction, (CHANNEL, payload))
    if commit:
        transaction.commit()
    else:
        transaction.rollback()
    transaction.close()
    return transaction


def test_the_notices_of_a_committed_transaction_are_sent_after_it(
        postgres_engine: Engine, listening: psycopg.Connection) -> None:
    """Each notice once, with the schema before its payload (the listeners' filter)."""
    with postgres_engine.connect() as conn:
        schema = conn.execute(text("SELECT current_schema()")).scalar()
    notified(postgres_engine, ":7:1", commit=True)
    notified(postgres_engine, ":7:2", commit=True)
    assert sorted(heard(listening, 2.0)) == [f"{schema}:7:1", f"{schema}:7:2"]


def test_a_rolled_back_transaction_sends_nothing(postgres_engine: Engine,
                                                 listening: psycopg.Connection) -> None:
    notified(postgres_engine, ":8:1", commit=False)
    assert heard(listening, 1.0) == []
