"""GET /api/matches/<id>/legal-moves: what a seat, or the host, may log now, in one shape for
every game, with /state's rule for tokens (docs/engines.md, "Legal moves")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import Table, auth, move, new_match


def legal(client: FlaskClient, table: Table, as_: object, token: str | None) -> Any:
    headers = auth(token) if token else {}
    return client.get(f"/api/matches/{table.id}/legal-moves?as={as_}", headers=headers)


def test_plouc_seat_to_play_may_play_or_draw_one(client: FlaskClient) -> None:
    """PL-TURN-1 / PL-TURN-2: after the turn-up, Bob (first to play) may lay cards or draw 1."""
    table = new_match(client, "plouc", 3)
    assert move(client, table, "turn_up", 0, {"card": "5H"}).status_code == 201
    body = legal(client, table, 1, table.seats[1]).json
    moves = {m["type"]: m for m in body["moves"]}
    assert set(moves) == {"play", "draw"}
    assert moves["draw"]["payloads"] == [{"count": 1}] and moves["play"]["free"] == ["cards",
                                                                                      "suit"]
    assert body["as"] == 1 and body["turn"] == 1


def test_plouc_seat_out_of_turn_may_log_nothing(client: FlaskClient) -> None:
    """PL-TURN-1: Chloé is not to play and owes no announcement."""
    table = new_match(client, "plouc", 3)
    move(client, table, "turn_up", 0, {"card": "5H"})
    assert legal(client, table, 2, table.seats[2]).json["moves"] == []


def test_a_seat_token_cannot_ask_for_another_seat(client: FlaskClient) -> None:
    """As /state: a seat's token answers for that seat only."""
    table = new_match(client, "plouc", 3)
    response = legal(client, table, 1, table.seats[2])
    assert response.status_code == 403 and response.json["where"] == "query.as"


def test_only_the_host_token_asks_as_host(client: FlaskClient) -> None:
    table = new_match(client, "plouc", 3)
    assert legal(client, table, "host", table.seats[0]).status_code == 403
    assert legal(client, table, "host", None).status_code == 401


def test_a_bad_as_is_a_422_that_says_where(client: FlaskClient) -> None:
    table = new_match(client, "plouc", 3)
    response = legal(client, table, "dealer", table.host)
    assert response.status_code == 422 and "as" in str(response.json)


def test_the_host_sees_the_dealer_turn_up_for_any_seat(client: FlaskClient) -> None:
    """PL-DEAL-2: before play, the host may turn up the first card, as may the dealer."""
    table = new_match(client, "plouc", 3)
    body = legal(client, table, "host", table.host).json
    assert {(m["type"], m["seat"]) for m in body["moves"]} == {("turn_up", None),
                                                               ("turn_up", 0)}


def test_neurotrio_place_lists_the_cells_where_each_card_fits(client: FlaskClient) -> None:
    """NT-DOM-2: on a domain of one card, a card fits in a neighbouring cell only if it shares
    two attributes with it; the payloads say which cells, card by card, for a pad to
    highlight."""
    table = new_match(client, "neurotrio", 3)
    assert move(client, table, "start_domain", None, {"card": "coeur-noir-1"}).status_code == 201
    to_play = client.get(f"/api/matches/{table.id}/state").json["table"]["turn"]
    body = legal(client, table, to_play, table.seats[to_play]).json
    place = next(m for m in body["moves"] if m["type"] == "place")
    cells = {(p["row"], p["col"]) for p in place["payloads"] if p["card"] == "coeur-noir-2"}
    assert cells == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    assert not any(p["card"] in ("coeur-vert-2", "rose-bleu-3") for p in place["payloads"])


@pytest.mark.parametrize("game", ["citroncoco", "citroncoco-teams", "neurotrio",
                                  "croconounours", "plouc"])
def test_the_host_of_a_quick_scoring_match_is_told_its_moves(client: FlaskClient,
                                                             game: str) -> None:
    """Quick scoring (PL-RND-1 and its kin in every game): the host asks what may be logged
    now of a table scored by rounds, and gets an answer in the one shape, never a 500."""
    table = new_match(client, game, 4, mode="rounds")
    response = legal(client, table, "host", table.host)
    assert response.status_code == 200, response.json
    assert response.json["as"] == "host"


def test_cct_fellow_1_the_fellows_choices_are_the_teammates_cards(client: FlaskClient) -> None:
    """CCT-FELLOW-1: Alice's 2 looks at a card of Chloé, her teammate: the power's choices name
    seat 2 only, each of her four cards."""
    table = new_match(client, "citroncoco-teams", 4)
    move(client, table, "draw", 0, {"source": "stock"})
    move(client, table, "discard", 0, {"value": 2})
    body = legal(client, table, 0, table.seats[0]).json
    power = next(m for m in body["moves"] if m["type"] == "power")
    assert power["choices"]["target_seat"] == [2] and power["choices"]["slot"] == [1, 2, 3, 4]


def test_cn_setup_3_the_second_of_two_is_offered_the_opposite_corner(
        client: FlaskClient) -> None:
    """CN-SETUP-3: at two players, Alice deployed in a1: Bob's deployments all use g7."""
    table = new_match(client, "croconounours", 2)
    move(client, table, "first_player", None, {"seat": 0})
    move(client, table, "deploy", 0, {"corner": "a1", "warriors": {
        "a1": "red", "a2": "green", "b1": "yellow"}})
    body = legal(client, table, 1, table.seats[1]).json
    deploy = next(m for m in body["moves"] if m["type"] == "deploy")
    assert deploy["choices"]["corner"] == ["g7"]
