"""The table said in the game's words on the match page, in the reader's language: no code of
the engine's view ("clockwise", "H", "aces, queens…") left in a French page."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import create, joined, move, plain


def test_plouc_table_says_its_direction_suit_and_special_cards_in_french(
        app: Flask, client: FlaskClient) -> None:
    """PL-MAI-2 / PL-DIR: « Cartes spéciales : les as, les dames, les 10, les 7, le roi de
    pique », the direction and the suit asked in words, the basic rules named as such."""
    made = create(client, "plouc", ("Alice", "Bob", "Chloé"))
    dealer = joined(app, made.id, made.seats[0])
    move(dealer, made.id, "turn_up", 0, {"card.card.rank": "5", "card.card.suit": "H"})
    page = plain(dealer.get(f"/m/{made.id}/play?lang=fr"))
    assert "Cartes spéciales les as, les dames, les 10, les 7, le roi de pique" in page
    assert "Sens du jeu dans le sens horaire" in page
    assert "Couleur demandée cœur" in page
    assert "Variantes jouées aucune: la règle de base" in page  # (plain() drops the space)
    assert not re.search(r"\b(clockwise|aces|queens|king of spades)\b", page)


def test_croconounours_table_names_seats_and_colours_in_french(app: Flask,
                                                               client: FlaskClient) -> None:
    """CN-FIRST / CN-TEAM: who draws for first player by name, a team's colours in words."""
    made = create(client, "croconounours", ("Alice", "Bob"))
    page = plain(client.get(f"/m/{made.id}/play?lang=fr"))
    table = page[page.index("La table telle"):]
    assert "Prétendants Alice, Bob" in table and "rouge, vert, jaune" in table
    assert not re.search(r"\b(red|green|yellow)\b", table)
