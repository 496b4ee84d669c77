"""The pages' error sentences in the reader's language: what the service refuses, what the input
policy refuses and what the schemas say, on a French page, on both databases.

Requirement: "Everything a person reads is translated"; the page's language is the reader's
choice (``?lang=fr``, kept in a cookie), then Accept-Language (``referee.edge.i18n``).
"""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import create, joined, move

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


@pytest.fixture
def french(client: FlaskClient) -> FlaskClient:
    """A browser whose reader chose French (the switch's cookie)."""
    assert client.get("/?lang=fr").status_code == 200
    return client


def read(response: Any) -> str:
    """The page's text as a reader sees it (tags gone, entities read)."""
    text = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return html.unescape(re.sub(r"\s+", " ", text))


def in_french(app: Flask, browser: FlaskClient) -> FlaskClient:
    browser.get("/?lang=fr")
    return browser


def test_a_match_that_does_not_exist(french: FlaskClient) -> None:
    response = french.get("/m/999")
    assert response.status_code == 404
    assert "Il n'y a pas de partie 999." in read(response)


def test_the_same_page_in_english_is_unchanged(client: FlaskClient) -> None:
    response = client.get("/m/999")
    assert response.status_code == 404
    assert "There is no match 999." in read(response)


def test_a_night_that_does_not_exist_for_a_french_browser(client: FlaskClient) -> None:
    """No choice made: the browser's Accept-Language says French."""
    response = client.get("/nights/999", headers=FRENCH)
    assert response.status_code == 404
    assert "Il n'y a pas de soirée 999." in read(response)


def test_a_number_that_is_not_whole_in_an_address(french: FlaskClient) -> None:
    """The input policy's refusal of a page's query: 400, in words."""
    response = french.get("/history?night=abc")
    assert response.status_code == 400
    assert "Le champ night doit être un nombre entier, pas 'abc'." in read(response)


def test_too_few_seats_names_the_game_in_the_rule_texts_words(french: FlaskClient) -> None:
    response = french.post("/new/citroncoco", data={"seat": ["Alice"]})
    assert response.status_code == 422
    assert "Le Citron Coco en individuel se joue de 2 à 6 places, pas 1." in read(response)


def test_a_seat_logging_for_another_seat(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    bob = in_french(app, joined(app, made.id, made.seats[1]))
    response = move(bob, made.id, "draw", 0, {"p.source": "stock"})
    assert response.status_code == 403
    assert "Le jeton de la place 2 ne peut pas noter un coup pour la place 1." in read(response)


def test_a_move_without_a_token(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    stranger = in_french(app, app.test_client())
    response = move(stranger, made.id, "draw", 0, {"p.source": "stock"})
    assert response.status_code == 401
    assert "Il faut un jeton" in read(response)


def test_a_schemas_messages_on_a_french_page(french: FlaskClient) -> None:
    """A payload the form reads but the move's schema refuses: marshmallow's range message,
    under the field it is about."""
    made = create(french)
    response = move(french, made.id, "quick_play", 0, {"p.slot": "0", "p.value": "5"})
    assert response.status_code == 422
    page = read(response)
    assert "Le contenu du coup ne correspond pas à son type." in page
    assert "payload.slot: Doit être supérieur ou égal à 1." in page


def test_a_forms_own_refusal_is_not_called_too_slow(client: FlaskClient) -> None:
    """A value the form itself refuses (no choice of the list) says so, and nothing about the
    table having changed."""
    made = create(client)
    response = move(client, made.id, "draw", 0, {"p.source": "deck"})
    assert response.status_code == 422
    page = read(response)
    assert "choose one of" in page and "Too slow" not in page


def test_an_import_whose_event_the_game_refuses(french: FlaskClient) -> None:
    """The import's refusal names the event in French, and the engine's reason with it."""
    bad = {"format": "referee-match", "version": 1, "game": "citroncoco",
           "seats": [{"name": "A"}, {"name": "B"}],
           "events": [{"seq": 1, "type": "discard", "seat": 0, "payload": {"value": 5}}]}
    response = french.post("/import", data={"file": (io.BytesIO(json.dumps(bad).encode()),
                                                      "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert "Événement n° 1 : " in read(response)


def test_an_import_of_a_file_that_is_not_json(french: FlaskClient) -> None:
    """The JSON parser's own words, in French too."""
    response = french.post("/import", data={"file": (io.BytesIO(b"not json"), "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert ("m.json n'est pas un fichier JSON : valeur attendue à la ligne 1, colonne 1 "
            "(caractère 0)") in read(response)


def test_a_replaced_join_link_says_when_in_french(app: Flask, client: FlaskClient) -> None:
    made = create(client)
    assert client.post(f"/m/{made.id}/seats/1/token").status_code == 303
    holder = in_french(app, app.test_client())
    response = holder.get(f"/m/{made.id}/join?token={made.seats[1]}")
    assert response.status_code == 403
    page = read(response)
    assert ("Ce lien pour rejoindre la partie à la place 2 (Bob) a été remplacé par un nouveau "
            "le ") in page
    assert "UTC et ne fonctionne plus." in page


def test_night_points_that_are_not_whole_numbers(french: FlaskClient) -> None:
    night = french.post("/nights", data={"name": "Vendredi"}).location  # this browser hosts it
    response = french.post(f"{night}/points", data={"points": "5, trois, 1"})
    assert response.status_code == 422
    assert ("Les points de classement sont des nombres entiers, comme 5, 3, 2, 1."
            in read(response))


def test_an_impossible_move_names_the_player_on_a_french_page(french: FlaskClient) -> None:
    """CC-TURN-1: a turn starts with a draw; the refusal says who, by the name given."""
    made = create(french)
    response = move(french, made.id, "discard", 0, {"p.value": "5"})
    assert response.status_code == 422
    assert ("Alice n'a pas de carte piochée à jouer : un tour commence par la pioche."
            in read(response))
