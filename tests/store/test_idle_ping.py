"""Pooled PostgreSQL connections are pinged only after idling: a busy request costs no extra
round trip, and a connection the server dropped while it idled is replaced before it is lent."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text

from referee.store import db as store_db
from tests.conftest import BACKENDS, POSTGRES_URL

pytestmark = pytest.mark.skipif("postgresql" not in BACKENDS,
                                reason="PostgreSQL is not among the test databases")


@pytest.fixture
def pings(postgres_engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each ping the pool sends, counted."""
    sent: list[int] = []
    real = postgres_engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        sent.append(1)
        return real(dbapi_connection)

    monkeypatch.setattr(postgres_engine.dialect, "do_ping", counted)
    return sent


def backend_pid(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


def test_a_connection_lent_again_at_once_is_not_pinged(postgres_engine: Engine,
                                                        pings: list[int]) -> None:
    first = backend_pid(postgres_engine)
    assert backend_pid(postgres_engine) == first
    assert pings == []


def test_a_connection_dropped_while_idle_is_replaced_before_it_is_lent(
        postgres_engine: Engine, pings: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    dropped = backend_pid(postgres_engine)
    admin = create_engine(POSTGRES_URL)
    try:
        with admin.begin() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": dropped})
    finally:
        admin.dispose()
    monkeypatch.setattr(store_db, "IDLE_BEFORE_PING", 0.0)  # it has idled long enough
    assert backend_pid(postgres_engine) != dropped  # no error: the pool replaced it
    assert pings  # pinged, found gone, replaced
