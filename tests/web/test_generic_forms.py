"""The generic forms ("All moves of …") ask as the pads do: players by name, cards by their
faces, warriors by their owners and colours; never a seat number, a card code or JSON to type
(the one left: a CrocoNounours deployment, which the pad lays out corner by corner)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.service.games import game_ids
from referee.web import games
from tests.web.helpers import create, joined, move, plain, text_of

#: The fields still typed in full: (game, move, field).
TYPED_JSON = {("croconounours", "deploy", "warriors")}


def all_moves(page: str) -> str:
    """The page's "All moves of …" section."""
    return page[page.index('class="all-moves"'):page.index('class="table-details"')]


@pytest.mark.parametrize("game_id", game_ids())
def test_no_field_of_any_move_is_json_to_type(app: Flask, game_id: str) -> None:
    """Every JSON payload field has a picker, or is the correction (on the timeline)."""
    with app.test_request_context("/"):
        game = games.game(game_id)
    typed = {(game_id.removesuffix("-teams"), m.type, f.name) for m in game.moves.values()
             for f in m.fields if f.kind == "json" and not f.extra.get("picker")}
    assert typed - {(g, "correct", "move") for g in ("citroncoco", "croconounours",
                                                    "neurotrio", "plouc")} <= TYPED_JSON


def test_plouc_all_moves_pick_cards_and_name_players(app: Flask, client: FlaskClient) -> None:
    """PL-PLAY: the cards laid are picked by rank and suit in the order laid; a contre, a slap
    and a flag name the player by name; the correction is made from the timeline."""
    made = create(client, "plouc", ("Alice", "Bob", "Chloé"))
    section = all_moves(text_of(client.get(f"/m/{made.id}/play?lang=fr")))
    assert 'name="seq.cards.0.rank"' in section and 'name="p.cards"' not in section
    assert 'name="card.card.rank"' in section and 'name="p.card"' not in section
    assert re.search(r'name="p.target_seat" value="1"[^>]*> ?<span>Bob</span>', section)
    assert 'name="p.move"' not in section and "Chronologie et contestations" in section


def test_citroncoco_all_moves_pick_the_decks_cards(app: Flask, client: FlaskClient) -> None:
    """CC-TURN-4: a discarded value is one of the deck's cards to tap, as on the pad."""
    made = create(client, "citroncoco", ("Alice", "Bob"))
    section = all_moves(text_of(client.get(f"/m/{made.id}/play")))
    assert 'class="chips cards citron-cards' in section
    assert not re.search(r'<input type="number"[^>]*name="p.value"', section)


def test_a_move_logged_from_the_generic_form_reads_its_pickers(app: Flask,
                                                              client: FlaskClient) -> None:
    """PL-DEAL-3: the first card turned up from the generic form's rank and suit pickers."""
    made = create(client, "plouc", ("Alice", "Bob"))
    dealer = joined(app, made.id, made.seats[0])
    response = move(dealer, made.id, "turn_up", 0, {"card.card.rank": "Q",
                                                    "card.card.suit": "S"})
    assert response.status_code == 303
    assert "Logged #1" in plain(dealer.get(response.location))


def test_croconounours_all_moves_name_warriors_and_colours(app: Flask,
                                                          client: FlaskClient) -> None:
    """CN-TEAM: a team's colours are chosen in words; the first player's draws are cards."""
    made = create(client, "croconounours", ("Alice", "Bob"))
    section = all_moves(text_of(client.get(f"/m/{made.id}/play?lang=fr")))
    assert '<option value="red" selected>rouge</option>' in section
    assert 'name="cardmap.draws.0.rank" value="Q" aria-label="dame"' in section
    assert "Carte piochée par Alice" in section
