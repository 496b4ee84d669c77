"""The order given is the order logged through the API too: several cards of one rank, and the
two cards of a sum quick play, land on the discard as sent, the last on top."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import move, new_match


def top_of_discard(client: FlaskClient, match_id: int) -> object:
    return client.get(f"/api/matches/{match_id}/state").json["table"]["discard"]["top"]


def test_plouc_cards_of_one_rank_are_logged_as_sent(client: FlaskClient) -> None:
    """PL-PLAY-2: « 8D 8C »: the 8 of clubs ends on top."""
    table = new_match(client, "plouc", 2, {"dealer": 1})
    assert move(client, table, "turn_up", 1, {"card": "8H"}).status_code == 201
    turn = client.get(f"/api/matches/{table.id}/state").json["table"]["turn"]
    response = move(client, table, "play", turn, {"cards": ["8D", "8C"]})
    assert response.status_code == 201, response.json
    events = client.get(f"/api/matches/{table.id}/events").json["events"]
    assert events[-1]["payload"]["cards"] == ["8D", "8C"]
    assert top_of_discard(client, table.id) == "8C"


def test_citroncoco_sum_lands_with_the_chosen_card_on_top(client: FlaskClient) -> None:
    """CC-QP-5, CC-QP-7: ``on_top`` says which of the two cards lies on top."""
    table = new_match(client, "citroncoco", 2, {"sum_quick_play": True})
    move(client, table, "draw", 0, {"source": "stock"})
    move(client, table, "discard", 0, {"value": 7})
    response = move(client, table, "quick_play", 1, {
        "slot": 1, "value": 3, "other_seat": 1, "other_slot": 2, "other_value": 4,
        "on_top": "own"})
    assert response.status_code == 201, response.json
    assert top_of_discard(client, table.id) == 3
