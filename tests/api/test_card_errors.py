"""A card written wrong is refused in the reader's language (422), the engine saying it as a
message, the service wording it.

Requirement: "Everything a person reads is translated: … the verdict sentences (rendered from
the verdicts' message ids and parameters …)"; bad input is a clear 4xx, never a 500.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.test_locale import EN, FR, plouc, post
from tests.helpers import new_match


def test_a_card_written_wrong_reads_in_french_and_english(client: FlaskClient) -> None:
    """PL-PLAY-1 needs a card: « ZZ » is none; the payload error names it in each language."""
    table = plouc(client)
    french = post(client, table, "play", 1, {"cards": ["ZZ"]}, headers=FR)
    assert french.status_code == 422, french.json
    assert french.json["errors"]["payload"]["cards"]["0"] == [
        "« ZZ » n'est pas une carte : écrivez la valeur puis la couleur, comme 7S, 10H, QD, AC "
        "ou JK"]
    english = post(client, table, "play", 1, {"cards": ["ZZ"]}, headers=EN)
    assert english.status_code == 422
    assert english.json["errors"]["payload"]["cards"]["0"] == [
        "'ZZ' is not a card: write rank then suit, like 7S, 10H, QD, AC or JK"]


def test_a_neurotrio_card_written_wrong_says_which_attribute(client: FlaskClient) -> None:
    """NT-DECK-1: a card has a nature, a colour and a force of 1 to 3; a force of 4 is refused,
    in French."""
    table = new_match(client, game="neurotrio", players=3)
    answer = post(client, table, "start_domain", None, {"card": "coeur-noir-4"}, headers=FR)
    assert answer.status_code == 422, answer.json
    assert answer.json["errors"]["payload"]["card"] == [
        "« coeur-noir-4 » : la force est 1, 2 ou 3"]


def test_options_written_wrong_read_in_french(client: FlaskClient) -> None:
    """CN-SQ-1 option: a layout with unknown letters; CitronCoco: a deck of no card (CC-DECK-1).
    Each is a 422 naming the option, in the reader's language."""
    seats = [{"name": n} for n in ("Alice", "Bob")]
    layout = client.post("/api/matches", headers=FR, json={
        "game": "croconounours", "seats": seats,
        "options": {"coloured_squares": True, "layout": ["RRRRRRX"] * 7}})
    assert layout.status_code == 422, layout.json
    assert layout.json["errors"]["options"]["layout"] == [
        "Lettres de couleur de case inconnues : X ; utilisez R, O, G, Y, * ou ."]
    deck = client.post("/api/matches", headers=FR, json={
        "game": "citroncoco", "seats": seats, "options": {"deck": {"5": 0}}})
    assert deck.status_code == 422, deck.json
    assert deck.json["errors"]["options"]["deck"] == ["Le paquet doit compter au moins une carte."]
