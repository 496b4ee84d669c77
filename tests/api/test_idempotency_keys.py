"""An Idempotency-Key belongs to the token that used it and to one exact request."""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee.service import idempotency
from tests.helpers import Table, move, new_match, writes_held

KEY = {"Idempotency-Key": "k-1"}


def test_the_same_request_again_is_answered_as_the_first_time(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    first = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
    again = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json


def test_the_same_key_with_another_payload_is_422(client: FlaskClient) -> None:
    """A key reused for another request: 422 (the IETF Idempotency-Key draft)."""
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}, headers=KEY).status_code == 201
    response = move(client, table, "draw", 0, {"source": "discard"}, headers=KEY)
    assert response.status_code == 422
    assert response.json["where"] == "header.Idempotency-Key"
    assert "another request" in response.json["message"]


def test_the_same_key_with_another_type_or_seat_is_422(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}, headers=KEY,
                token=table.host).status_code == 201
    assert move(client, table, "discard", 0, {"value": 5}, headers=KEY,
                token=table.host).status_code == 422
    assert move(client, table, "draw", 1, {"source": "stock"}, headers=KEY,
                token=table.host).status_code == 422


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


def test_the_same_key_while_the_first_is_being_judged_is_409(app: Flask,
                                                             client: FlaskClient) -> None:
    """A retry that arrives while its first request is still being judged is told so (409,
    the IETF draft), and answered as the first was once it is done: one move logged."""
    table = new_match(client, players=2)
    answers: list[Any] = []
    with writes_held(app):
        first = threading.Thread(target=lambda: answers.append(
            move(app.test_client(), table, "draw", 0, {"source": "stock"}, headers=KEY)))
        first.start()
        deadline = time.monotonic() + 10
        while not idempotency._being_processed and time.monotonic() < deadline:
            time.sleep(0.01)
        retried = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
        assert retried.status_code == 409
        assert retried.json["where"] == "header.Idempotency-Key"
        assert "still being judged" in retried.json["message"]
    first.join(30)
    assert answers[0].status_code == 201
    again = move(client, table, "draw", 0, {"source": "stock"}, headers=KEY)
    assert again.status_code == 201 and again.json == answers[0].json
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 1
