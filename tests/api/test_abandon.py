"""A match the host gives up (PLATFORM-ABANDON): a host-only event in the log, carried by
exports, undone by voiding it; the match then takes no more moves and counts in no statistic."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import Table, move, new_match, plain_turn


def abandon(client: FlaskClient, table: Table, seat: int | None = None) -> TestResponse:
    return move(client, table, "abandon", seat, {})


def status(client: FlaskClient, table: Table) -> str:
    found: str = client.get(f"/api/matches/{table.id}").json["status"]
    return found


def player_games(client: FlaskClient, table: Table, seat: int = 0) -> list[dict[str, Any]]:
    player = client.get(f"/api/matches/{table.id}").json["seats"][seat]["player_id"]
    games: list[dict[str, Any]] = client.get(f"/api/players/{player}/stats").json["games"]
    return games


def test_the_host_abandons_a_match(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = abandon(client, table)
    assert response.status_code == 201
    assert response.json["verdict"]["rule"] == "PLATFORM-ABANDON"
    assert response.json["verdict"]["message_id"] == "platform.abandon.abandoned"
    assert status(client, table) == "abandoned"


def test_a_seat_may_not_abandon(client: FlaskClient) -> None:
    table = new_match(client)
    response = abandon(client, table, seat=1)
    assert response.status_code == 403
    assert status(client, table) == "in progress"


def test_an_abandoned_match_takes_no_more_moves(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    abandon(client, table)
    response = move(client, table, "draw", 1, {"source": "stock"})
    assert response.status_code == 409
    assert "abandoned" in response.json["message"]
    assert response.json["rule"] == "PLATFORM-ABANDON"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 3  # nothing logged


def test_abandoning_twice_is_refused(client: FlaskClient) -> None:
    table = new_match(client)
    abandon(client, table)
    assert abandon(client, table).status_code == 409


def test_voiding_the_abandon_takes_the_match_up_again(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    seq = abandon(client, table).json["seq"]
    voided = move(client, table, "void", None, {"seq": seq, "reason": "we play on"})
    assert voided.status_code == 201
    assert status(client, table) == "in progress"
    assert move(client, table, "draw", 1, {"source": "stock"}).status_code == 201


def test_the_history_filter_finds_abandoned_matches(client: FlaskClient) -> None:
    kept, given_up = new_match(client), new_match(client)
    abandon(client, given_up)
    found = client.get("/api/matches?status=abandoned").json["items"]
    assert [m["id"] for m in found] == [given_up.id]
    assert kept.id not in [m["id"] for m in found]


def test_an_abandoned_match_is_left_out_of_the_statistics(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    assert [g["played"] for g in player_games(client, table)] == [1]
    abandon(client, table)
    assert player_games(client, table) == []


def test_voiding_the_abandon_counts_the_match_again(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    seq = abandon(client, table).json["seq"]
    move(client, table, "void", None, {"seq": seq, "reason": "we play on"})
    assert [g["played"] for g in player_games(client, table)] == [1]


def test_an_export_carries_the_abandon_and_its_import_reproduces_it(
        client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    abandon(client, table)
    exported = client.get(f"/api/matches/{table.id}/export").json
    assert exported["events"][-1]["type"] == "abandon"
    imported = client.post("/api/matches/import?copy=true", json=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["status"] == "abandoned"
    assert imported.json["last_seq"] == 3


def test_a_finished_match_cannot_be_abandoned(client: FlaskClient) -> None:
    """A quick-scored Carte et Plouc game ends with its one result (PL-END-1)."""
    table = new_match(client, game="plouc", mode="rounds")
    assert move(client, table, "round", None, {"winner": 1, "cards": [4, 0, 2]}).status_code == 201
    assert status(client, table) == "finished"
    response = abandon(client, table)
    assert response.status_code == 409
    assert status(client, table) == "finished"


def test_an_abandoned_match_offers_no_legal_move(client: FlaskClient) -> None:
    table = new_match(client)
    abandon(client, table)
    answer = client.get(f"/api/matches/{table.id}/legal-moves?as=host",
                        headers={"Authorization": f"Bearer {table.host}"})
    assert answer.status_code == 200
    assert answer.json["moves"] == []
