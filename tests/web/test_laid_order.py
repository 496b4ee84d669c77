"""The order the player gives is the order logged: every move of several cards, in every game.

The pad's inputs are read back by ``pads.compose`` and the move's fields (``read_fields``);
nothing on the way may sort or regroup the cards. Plouc's suits come from the order of the
taps (the pad's script writes it to ``cards.cards.order``), or, without script, from the suit
named on top.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from referee.web import games, pads
from referee.web.forms import read_fields
from tests.web.helpers import create, joined
from tests.web.test_pads import last_event, pad_html, press


def payload(game: str, move: str, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The payload a pad's post gives, as ``log_move`` reads it."""
    form = pads.compose(MultiDict(pairs))
    return read_fields(games.game(game).moves[move].fields, form, "p.")


def test_plouc_suits_follow_the_taps_not_the_page() -> None:
    """PL-PLAY-2: 8♦ tapped, then 8♣: ♣ ends on top (the checkboxes post ♣ first)."""
    out = payload("plouc", "play", [("cards.cards.rank", "8"), ("cards.cards.suit", "C"),
                                    ("cards.cards.suit", "D"), ("cards.cards.order", "D C")])
    assert out["cards"] == ["8D", "8C"]


def test_plouc_without_script_the_suit_named_on_top_ends_on_top() -> None:
    """PL-PLAY-2: no tap order posted: the suit chosen as the top one is laid last."""
    out = payload("plouc", "play", [("cards.cards.rank", "8"), ("cards.cards.suit", "C"),
                                    ("cards.cards.suit", "D"), ("cards.cards.top", "C")])
    assert out["cards"] == ["8D", "8C"]


def test_plouc_an_untapped_suit_is_not_laid() -> None:
    """PL-PLAY-2: the order lists only what is ticked; an unticked tap is dropped."""
    out = payload("plouc", "play", [("cards.cards.rank", "8"), ("cards.cards.suit", "H"),
                                    ("cards.cards.order", "S H")])
    assert out["cards"] == ["8H"]


def test_plouc_the_pad_logs_the_tapped_order_and_the_top_suit_is_in_play(
        app: Flask, client: FlaskClient) -> None:
    """PL-PLAY-2: the last card laid is the top card of the discard."""
    made = create(client, "plouc", ("Alice", "Bob"))
    press(client, made.id, "turn_up", 0, {"card.card.rank": "8", "card.card.suit": "H"})
    turn = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["turn"]
    player = joined(app, made.id, made.seats[turn])
    assert 'name="cards.cards.order"' in pad_html(player, made.id)
    press(player, made.id, "play", turn, {"cards.cards.rank": "8",
                                          "cards.cards.suit": ["C", "D"],
                                          "cards.cards.order": "D C"})
    assert last_event(client, made.id)["payload"]["cards"] == ["8D", "8C"]
    table = client.get(f"/api/matches/{made.id}/state").get_json()["table"]
    assert table["discard"]["top"] == "8C"


def test_citroncoco_sum_the_second_card_laid_ends_on_top(app: Flask,
                                                          client: FlaskClient) -> None:
    """CC-QP-5, CC-QP-7: two of one's own cards summing to the top; the one laid last is on
    top, and the pad logs them in the order given."""
    made = create(client, **{"o.sum_quick_play": "on"})
    press(client, made.id, "draw", 0, {"p.source": "stock"})
    press(client, made.id, "discard", 0, {"p.value": "7"})
    bob = joined(app, made.id, made.seats[1])
    page = pad_html(bob, made.id)
    assert "Quick play two cards whose sum is the 7" in page
    assert "Second card laid (it ends on top)" in page
    press(bob, made.id, "quick_play", 1, {"p.other_seat": "1", "p.slot": "3",
                                          "p.value": "4", "p.other_slot": "1",
                                          "p.other_value": "3", "p.on_top": "other"})
    event = last_event(client, made.id)
    assert (event["payload"]["slot"], event["payload"]["other_slot"]) == (3, 1)
    assert event["payload"]["on_top"] == "other"
    table = client.get(f"/api/matches/{made.id}/state").get_json()["table"]
    assert table["discard"]["top"] == 3  # the second card laid


def test_citroncoco_teams_sum_the_card_chosen_on_top_ends_on_top(
        app: Flask, client: FlaskClient) -> None:
    """CCT-QP-1, CC-QP-7: one's own card and the teammate's; the player says which is on top."""
    made = create(client, "citroncoco-teams", ("Alice", "Bob", "Carol", "Dan"))
    press(client, made.id, "draw", 0, {"p.source": "stock"})
    press(client, made.id, "discard", 0, {"p.value": "9"})
    page = pad_html(client, made.id, "?seat=1")
    assert "Laid last, on top of the discard" in page
    mate = client.get(f"/api/matches/{made.id}/state").get_json()["table"]["sum_with"]["1"][0]
    press(client, made.id, "quick_play", 1, {"p.other_seat": str(mate), "p.slot": "1",
                                             "p.value": "4", "p.other_slot": "2",
                                             "p.other_value": "5", "p.on_top": "own"})
    assert last_event(client, made.id)["payload"]["on_top"] == "own"
    table = client.get(f"/api/matches/{made.id}/state").get_json()["table"]
    assert table["discard"]["top"] == 4  # Bob's own card, laid last


def test_citroncoco_reveal_keeps_each_card_at_its_position() -> None:
    """CC-END-2: each hand as revealed, card 1 first: never sorted."""
    out = payload("citroncoco", "reveal", [
        ("grid.hands", "2"), ("grid.hands.0.1", "1"), ("grid.hands.0.0", "4"),
        ("grid.hands.0.2", "3"), ("grid.hands.1.0", "12"), ("grid.hands.1.1", "-1")])
    assert out["hands"] == [[4, 1, 3], [12, -1]]


def test_croconounours_discard_and_defence_keep_the_cards_as_given() -> None:
    """CN-TURN-1 discard, CN-DEF-1 defence: the cards in the order typed."""
    assert payload("croconounours", "discard", [("p.cards", "9S 2H 4C")])["cards"] == [
        "9S", "2H", "4C"]
    out = payload("croconounours", "defend", [("p.cards", "8C 7C"), ("pick", "p.kind=parry")])
    assert out["cards"] == ["8C", "7C"]


def test_croconounours_team_colours_keep_the_warriors_order() -> None:
    """CN-SET-2: warrior 1, 2, 3 as chosen."""
    out = payload("croconounours", "choose_team", [("list.colours", "yellow"),
                                                   ("list.colours", "red"),
                                                   ("list.colours", "green")])
    assert out["colours"] == ["yellow", "red", "green"]


def test_neurotrio_reveal_keeps_the_cards_as_given() -> None:
    """NT-END-1: the last player's cards, as listed."""
    out = payload("neurotrio", "reveal", [("p.cards", "rose-vert-3 coeur-noir-1")])
    assert out["cards"] == ["rose-vert-3", "coeur-noir-1"]
