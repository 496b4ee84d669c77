"""An Idempotency-Key belongs to the token that used it and to one exact request."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import Table, move, new_match

KEY = {"Idempotency-Key": "k-1"}


def test_the_same_request_again_is_answered_as_the_first_time(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    first = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
    again = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json


def test_the_same_key_with_another_payload_is_409(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}, headers=KEY).status_code == 201
    response = move(client, table, "draw", 0, {"source": "discard"}, headers=KEY)
    assert response.status_code == 409
    assert response.json["where"] == "header.Idempotency-Key"
    assert "another request" in response.json["message"]


def test_the_same_key_with_another_type_or_seat_is_409(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}, headers=KEY,
                token=table.host).status_code == 201
    assert move(client, table, "discard", 0, {"value": 5}, headers=KEY,
                token=table.host).status_code == 409
    assert move(client, table, "draw", 1, {"source": "stock"}, headers=KEY,
                token=table.host).status_code == 409


def test_another_seats_token_with_the_key_is_403(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}, headers=KEY).status_code == 201
    response = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY,
                    token=table.seats[1])
    assert response.status_code == 403 and "another token" in response.json["message"]
    assert "standings" not in response.json  # the first caller's answer is not given away


def test_a_seat_token_replaying_the_hosts_key_on_a_host_move_is_403(client: FlaskClient
                                                                    ) -> None:
    table: Table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    void = {"seq": 1, "reason": "logged by mistake"}
    assert move(client, table, "void", None, void, headers=KEY).status_code == 201
    response = move(client, table, "void", None, void, headers=KEY, token=table.seats[0])
    assert response.status_code == 403
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 2
