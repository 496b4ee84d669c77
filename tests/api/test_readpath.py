"""Which requests a replica may serve, and the read-your-writes token every write hands back.

The replica here is the test server itself under a second URL (it is not in recovery, so it
counts as caught up) or a port nobody listens on (down). The real primary and streaming replica
are in tests/test_scale_out.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.store.replica import format_lsn, parse_lsn
from tests.conftest import BACKENDS
from tests.helpers import move, new_match
from tests.pgcluster import free_port

ON_POSTGRESQL = pytest.mark.parametrize(
    "database_url", [b for b in BACKENDS if b == "postgresql"], indirect=True)


def app_with_replica(database_url: str, replica_url: str) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "DATABASE_REPLICA_URL": replica_url})
    yield app
    database(app).engine.dispose()


@pytest.fixture
def replicated(database_url: str) -> Iterator[Flask]:
    yield from app_with_replica(database_url, database_url)


@pytest.fixture
def replica_down(database_url: str) -> Iterator[Flask]:
    yield from app_with_replica(
        database_url, f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/test")


def test_lsns_order_like_the_wal() -> None:
    assert parse_lsn("0/3001158") < parse_lsn("0/3001160") < parse_lsn("1/0")
    assert format_lsn(parse_lsn("16/B374D848") or 0) == "16/B374D848"
    assert parse_lsn("yesterday") is None and parse_lsn("") is None


@ON_POSTGRESQL
def test_a_write_hands_back_its_lsn_in_a_header_and_a_cookie(replicated: Flask) -> None:
    client = replicated.test_client()
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "stock"})
    assert response.status_code == 201
    lsn = parse_lsn(response.headers["Referee-LSN"])
    assert lsn is not None and lsn > 0
    assert client.get_cookie("referee_lsn").value == response.headers["Referee-LSN"]


@ON_POSTGRESQL
def test_browsing_may_be_served_by_the_replica(replicated: Flask) -> None:
    client = replicated.test_client()
    new_match(client)
    for url in ("/api/matches", "/api/players", "/api/nights", "/history", "/players"):
        assert client.get(url).headers.get("Referee-Read-From") == "replica", url


@ON_POSTGRESQL
def test_a_match_and_its_log_are_always_read_from_the_primary(replicated: Flask) -> None:
    client = replicated.test_client()
    table = new_match(client)
    for url in (f"/api/matches/{table.id}", f"/api/matches/{table.id}/events",
                f"/api/matches/{table.id}/state", f"/m/{table.id}", f"/m/{table.id}/board"):
        assert client.get(url).headers.get("Referee-Read-From") is None, url


@ON_POSTGRESQL
def test_a_replica_that_is_down_leaves_browsing_to_the_primary(replica_down: Flask) -> None:
    client = replica_down.test_client()
    table = new_match(client)
    response = client.get("/api/matches")
    assert response.status_code == 200
    assert response.headers["Referee-Read-From"] == "primary"
    assert [m["id"] for m in response.json["items"]] == [table.id]


def test_without_a_replica_nothing_is_added(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "stock"})
    assert "Referee-LSN" not in response.headers
    assert "Referee-Read-From" not in client.get("/api/matches").headers
