"""Who may log what: a move stating other seats' hidden cards is the host's (CC-END-2's reveal
of every hand, Neurotrio's tokens turned face up), unless the rules make that seat show them."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from referee.engines import REGISTRY
from referee.engines.base import NO_CARDS, OTHERS_CARDS, OWN_CARDS
from tests.helpers import move, new_match, plain_turn


def round_called(client: FlaskClient) -> object:
    """CitronCoco, two seats: seat 0 calls Citron Coco, seat 1 plays its last turn."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    assert move(client, table, "citron_coco", 0).status_code == 201
    plain_turn(client, table, 1)
    return table


def test_a_seat_may_not_reveal_every_hand(client: FlaskClient) -> None:
    table = round_called(client)
    hands = {"hands": [[1, 2, 3, 4], [5, 6, 7, 8]]}
    response = move(client, table, "reveal", 1, hands)
    assert response.status_code == 403
    assert "hidden cards" in response.json["message"] and response.json["where"] == "body.type"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 5


def test_the_host_reveals_every_hand(client: FlaskClient) -> None:
    table = round_called(client)
    response = move(client, table, "reveal", None, {"hands": [[1, 2, 3, 4], [5, 6, 7, 8]]})
    assert response.status_code == 201


def test_a_seat_may_not_turn_the_bidders_tokens_face_up(client: FlaskClient) -> None:
    """NT-BID-6: the tokens on the base cards are the bidders' hidden ones."""
    table = new_match(client, game="neurotrio", players=3)
    response = move(client, table, "reveal_bids", 0, {"tokens": [{"base": 1, "token": "0"}]})
    assert response.status_code == 403 and "hidden cards" in response.json["message"]


def test_the_spy_states_another_seats_card_for_its_own_seat(client: FlaskClient) -> None:
    """CC-SPY-1: the seat using the 10 turns another seat's card face up, so states it."""
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    assert move(client, table, "discard", 0, {"value": 10}).status_code == 201
    response = move(client, table, "power", 0, {"target_seat": 1, "slot": 1, "value": 4})
    assert response.status_code == 201, response.json


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_move_type_declares_whose_cards_it_states(game: str) -> None:
    engine = REGISTRY[game]
    assert set(engine.states_cards) == set(engine.event_types)
    assert set(engine.states_cards.values()) <= {NO_CARDS, OWN_CARDS, OTHERS_CARDS}


def test_the_games_list_who_may_log_each_move(client: FlaskClient) -> None:
    moves = client.get("/api/games/citroncoco").json["moves"]
    assert moves["reveal"]["host_only"] is True and moves["reveal"]["cards"] == "others"
    assert moves["power"]["host_only"] is False and moves["power"]["cards"] == "own"
