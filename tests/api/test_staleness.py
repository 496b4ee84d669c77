"""Every move knows the table it was made against (``seen``), and If-Match stays strict.

CC-QP-4: « uniquement le premier jeu rapide est valable. Les plus lents reprennent leurs cartes
(sans que cela ne soit considéré comme une faute de jeu) ».
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import Table, auth, move, new_match, plain_turn


def post(client: FlaskClient, table: Table, type_: str, seat: int | None,
         payload: dict[str, Any] | None = None, *, seen: int | None = None,
         headers: dict[str, str] | None = None) -> TestResponse:
    body: dict[str, Any] = {"type": type_, "seat": seat, "payload": payload or {}}
    if seen is not None:
        body["seen"] = seen
    return client.post(f"/api/matches/{table.id}/events", json=body,
                       headers={**auth(table.token(seat)), **(headers or {})})


def last_seq(client: FlaskClient, table: Table) -> int:
    return client.get(f"/api/matches/{table.id}").json["last_seq"]


@pytest.fixture
def covered(client: FlaskClient) -> Table:
    """Seat 0 discarded a 3 (#2); then seat 1 drew and discarded a 6 on it (#3, #4)."""
    table = new_match(client)
    plain_turn(client, table, 0, value=3)
    plain_turn(client, table, 1, value=6)
    return table


def test_a_quick_play_on_a_covered_card_is_too_slow_not_a_missplay(
        client: FlaskClient, covered: Table) -> None:
    """CC-QP-4: seat 2's pad still showed the 3 (seen #2); the 6 covered it since."""
    response = post(client, covered, "quick_play", 2, {"slot": 1, "value": 3}, seen=2)
    assert response.status_code == 409
    body = response.json
    assert body["where"] == "body.seen" and "Too slow" in body["message"]
    assert body["last_seq"] == 4
    assert [e["seq"] for e in body["since"]] == [3, 4]
    assert body["since"][1]["type"] == "discard" and body["since"][1]["payload"]["value"] == 6
    assert body["judged_then"]["kind"] == "ok" and body["judged_now"]["kind"] == "missplay"


def test_a_too_slow_quick_play_logs_nothing_and_costs_no_penalty(
        client: FlaskClient, covered: Table) -> None:
    """CC-QP-4: « sans que cela ne soit considéré comme une faute de jeu »."""
    post(client, covered, "quick_play", 2, {"slot": 1, "value": 3}, seen=2)
    assert last_seq(client, covered) == 4
    seats = client.get(f"/api/matches/{covered.id}").json["seats"]
    assert seats[2]["missplays"] == 0


def test_a_stale_move_whose_verdict_is_unchanged_is_logged(client: FlaskClient) -> None:
    """CC-QP-1: seat 1's draw (#3) left the 3 on top; seat 2's quick play on it still counts."""
    table = new_match(client)
    plain_turn(client, table, 0, value=3)
    assert move(client, table, "draw", 1, {"source": "stock"}).status_code == 201
    response = post(client, table, "quick_play", 2, {"slot": 1, "value": 3}, seen=2)
    assert response.status_code == 201
    assert response.json["seq"] == 4 and response.json["verdict"]["rule"] == "CC-QP-1"


def test_a_move_made_impossible_since_is_a_conflict_not_a_refusal(
        client: FlaskClient) -> None:
    """CC-QP-1: seat 2 saw 4 cards; its other quick play (#3) left 3, so slot 4 is gone now."""
    table = new_match(client)
    plain_turn(client, table, 0, value=3)
    assert move(client, table, "quick_play", 2, {"slot": 1, "value": 3}).status_code == 201
    response = post(client, table, "quick_play", 2, {"slot": 4, "value": 3}, seen=2)
    assert response.status_code == 409
    assert response.json["judged_now"]["kind"] == "impossible"
    assert response.json["judged_then"]["kind"] == "ok"


def test_a_move_impossible_at_both_tables_is_refused_as_impossible(
        client: FlaskClient, covered: Table) -> None:
    """CC-TURN-1: a discard by a seat whose turn it is not, then or now: 422, not 409."""
    response = post(client, covered, "discard", 2, {"value": 4}, seen=2)
    assert response.status_code == 422
    assert response.json["kind"] == "impossible"


def test_a_move_made_against_the_table_now_is_judged_once(
        client: FlaskClient, covered: Table) -> None:
    """CC-MISS-2: seen = the last seq: a wrong quick play is a missplay, as always."""
    response = post(client, covered, "quick_play", 2, {"slot": 1, "value": 3}, seen=4)
    assert response.status_code == 201
    assert response.json["verdict"]["kind"] == "missplay"


def test_seen_beyond_the_log_is_refused(client: FlaskClient, covered: Table) -> None:
    response = post(client, covered, "quick_play", 2, {"slot": 1, "value": 6}, seen=9)
    assert response.status_code == 422
    assert response.json["where"] == "body.seen"


def test_if_match_stays_strict_and_its_conflict_lists_the_events_since(
        client: FlaskClient, covered: Table) -> None:
    """A quick play whose verdict would not change is still refused under a stale If-Match."""
    response = post(client, covered, "quick_play", 2, {"slot": 1, "value": 6},
                    headers={"If-Match": '"3"'})
    assert response.status_code == 409
    assert response.json["last_seq"] == 4
    assert [e["seq"] for e in response.json["since"]] == [4]
