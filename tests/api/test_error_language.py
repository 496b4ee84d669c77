"""The API's error sentences in the client's language: the service's errors, the input policy's
refusals and the schemas' messages, on both databases.

Requirement: "Everything a person reads is translated" — the API's ``message`` follows
Accept-Language (``referee.edge.i18n``), and so do the messages of a 422's ``errors``; the data
(``code``, ``status``, ``where``, the field paths of ``errors``) is the same in every language.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import Table, auth, new_match, new_night, plain_turn

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}


def in_both(ask: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same request asked in French, then in English: their answers' bodies, once each
    is checked to have the same status."""
    french: TestResponse = ask(FR)
    english: TestResponse = ask(EN)
    assert french.status_code == english.status_code, (french.json, english.json)
    return french.json, english.json


def same_data(french: dict[str, Any], english: dict[str, Any]) -> bool:
    """Everything but the sentences is the same in both languages."""
    words = {"message", "errors", "detail"}
    return ({k: v for k, v in french.items() if k not in words}
            == {k: v for k, v in english.items() if k not in words})


def paths(errors: Any, prefix: str = "") -> set[str]:
    """The field paths of a 422's ``errors``."""
    if isinstance(errors, dict):
        return {p for key, value in errors.items() for p in paths(value, f"{prefix}.{key}")}
    return {prefix}


@pytest.fixture
def table(client: FlaskClient) -> Table:
    return new_match(client)


def test_a_match_that_does_not_exist(client: FlaskClient) -> None:
    """404: "There is no match 999." in French, the English one unchanged."""
    french, english = in_both(lambda lang: client.get("/api/matches/999", headers=lang))
    assert french["code"] == 404
    assert french["message"] == "Il n'y a pas de partie 999."
    assert english["message"] == "There is no match 999."
    assert same_data(french, english)


def test_a_seat_token_logging_for_another_seat(client: FlaskClient, table: Table) -> None:
    """403: a seat's token writes only its own seat's moves."""
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "draw", "seat": 1,
                                                 "payload": {"source": "stock"}},
        headers={**auth(table.seats[0]), **lang}))
    assert french["code"] == 403
    assert french["message"] == ("Le jeton de la place 1 ne peut pas noter un coup pour la "
                                 "place 2.")
    assert english["message"] == "Seat 1's token cannot log a move for seat 2."
    assert same_data(french, english)


def test_a_token_of_no_seat(client: FlaskClient, table: Table) -> None:
    """401: a token the match does not know."""
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "draw", "seat": 0, "payload": {}},
        headers={**auth("not-a-token"), **lang}))
    assert french["code"] == 401
    assert french["message"] == ("Ce jeton n'appartient à aucune place de cette partie, ni à "
                                 "son hôte.")
    assert english["message"] == "That token belongs to no seat of this match, nor to its host."


def test_a_stale_if_match(client: FlaskClient, table: Table) -> None:
    """409: If-Match names a seq that is no longer the last."""
    plain_turn(client, table, 0)
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "draw", "seat": 1,
                                                 "payload": {"source": "stock"}},
        headers={**auth(table.seats[1]), "If-Match": '"1"', **lang}))
    assert french["code"] == 409
    assert french["message"] == ("Le journal en est au n° 2, pas au n° 1 : quelqu'un a noté un "
                                 "coup depuis ; relisez-le et décidez à nouveau.")
    assert english["message"] == ("The log is at seq 2, not 1: someone logged a move since; "
                                  "fetch it and decide again.")
    assert (french["where"], french["last_seq"]) == (english["where"], english["last_seq"])
    assert [e["seq"] for e in french["since"]] == [e["seq"] for e in english["since"]] == [2]


def test_a_move_judged_otherwise_than_at_the_table_seen(client: FlaskClient,
                                                        table: Table) -> None:
    """409, CC-QP-4: a quick play fine at #2 is a missplay now; the verdicts' kinds in words."""
    plain_turn(client, table, 0, value=3)
    plain_turn(client, table, 1, value=6)
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "quick_play", "seat": 2, "seen": 2,
                                                 "payload": {"slot": 1, "value": 3}},
        headers={**auth(table.seats[2]), **lang}))
    assert french["code"] == 409
    assert french["message"].startswith("Trop tard : la table a changé depuis que vous l'avez "
                                        "vue au n° 2. Votre coup y était conforme (CC-")
    assert "mais serait une faute de jeu (CC-" in french["message"]
    assert english["message"].startswith("Too slow: the table changed since you saw it at #2. "
                                         "Your move was ok (CC-")


def test_a_move_the_game_does_not_have_names_the_game_in_its_own_words(
        client: FlaskClient, table: Table) -> None:
    """422: the game's title and its moves in the reader's words; what was sent as it was."""
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "frob", "seat": 0, "payload": {}},
        headers={**auth(table.seats[0]), **lang}))
    assert french["message"].startswith("Le Citron Coco en individuel n'a pas de coup 'frob' ; "
                                        "ses coups sont : ")
    assert "défausser" in french["message"] and "piocher" in french["message"]
    assert english["message"].startswith("CitronCoco (each for themself) has no move 'frob'; "
                                         "it knows ")
    assert "discard, draw" in english["message"]
    assert same_data(french, english)


def test_marshmallows_messages_in_french_with_the_same_field_paths(client: FlaskClient) -> None:
    """422 from the body's schema: "Not a valid list.", "Unknown field." in French."""
    french, english = in_both(lambda lang: client.post(
        "/api/matches", json={"game": "citroncoco", "seats": "Alice", "colour": "red"},
        headers=lang))
    assert french["code"] == 422
    assert french["message"] == "La requête ne correspond pas à son schéma."
    assert french["errors"] == {"json": {"seats": ["Ce n'est pas une liste."],
                                         "colour": ["Champ inconnu."]}}
    assert english["errors"] == {"json": {"seats": ["Not a valid list."],
                                          "colour": ["Unknown field."]}}
    assert same_data(french, english)


def test_a_services_schema_messages_in_french(client: FlaskClient) -> None:
    """422 from the game's options: the service's sentence and marshmallow's, both French."""
    french, english = in_both(lambda lang: client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}],
        "options": {"target": "many", "first_seat": -1}}, headers=lang))
    assert french["message"] == "Les options ne conviennent pas à ce jeu."
    assert english["message"] == "The options do not fit this game."
    assert french["errors"]["options"]["target"] == ["Ce n'est pas un nombre entier."]
    assert english["errors"]["options"]["target"] == ["Not a valid integer."]
    assert french["errors"]["options"]["first_seat"][0].startswith("Doit être ")
    assert english["errors"]["options"]["first_seat"][0].startswith("Must be ")
    assert paths(french["errors"]) == paths(english["errors"])


def test_a_choice_not_offered_keeps_its_choices(client: FlaskClient) -> None:
    """"Must be one of: moves, rounds." — the values are the API's, in both languages."""
    french, english = in_both(lambda lang: client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}], "mode": "both"},
        headers=lang))
    assert french["errors"] == {"json": {"mode": [
        "Doit être l'une de ces valeurs : moves, rounds."]}}
    assert english["errors"] == {"json": {"mode": ["Must be one of: moves, rounds."]}}


def test_a_body_that_is_not_utf8(client: FlaskClient) -> None:
    """400 from the input policy: the byte where the text stops being UTF-8."""
    french, english = in_both(lambda lang: client.post(
        "/api/nights", data=b'{"name": "caf\xe9"}',
        headers={"Content-Type": "application/json", **lang}))
    assert french["code"] == 400
    assert french["message"] == "Ce n'est pas de l'UTF-8 valide (octet 13)."
    assert english["message"] == "This is not valid UTF-8 (byte 13)."
    assert same_data(french, english)


def test_a_body_that_is_not_json_says_where_the_parser_stopped(client: FlaskClient) -> None:
    """400: the parser's own words, in French too, with the same line and column."""
    french, english = in_both(lambda lang: client.post(
        "/api/nights", data=b'{"name": ', headers={"Content-Type": "application/json",
                                                   **lang}))
    assert french["message"] == "Le corps de la requête n'est pas du JSON valide."
    assert french["detail"] == "valeur attendue à la ligne 1, colonne 10 (caractère 9)"
    assert english["detail"] == "Expecting value: line 1 column 10 (char 9)"


def test_nul_in_a_text(client: FlaskClient) -> None:
    """422 from the input policy: PostgreSQL text cannot hold NUL."""
    french, english = in_both(lambda lang: client.post(
        "/api/nights", json={"name": "a\u0000b"}, headers=lang))
    assert french["code"] == 422 and french["where"] == "body.name"
    assert french["message"] == "Le texte ne peut pas contenir de caractère NUL (\\u0000)."
    assert english["message"] == "Text may not contain NUL characters (\\u0000)."


def test_placement_points_that_reward_a_worse_place(client: FlaskClient) -> None:
    """422 from the nights' points scale: a better place never gives fewer points."""
    night = new_night(client, "Vendredi")
    french, english = in_both(lambda lang: client.put(
        f"/api/nights/{night.id}/points", json={"placement_points": [1, 5]},
        headers={**lang, **auth(night.host)}))
    assert french["code"] == 422 and french["where"] == "body.placement_points"
    assert french["message"] == ("Une meilleure place ne rapporte jamais moins de points "
                                 "qu'une moins bonne.")
    assert english["message"] == "A better place never gives fewer points than a worse one."
    assert same_data(french, english)


def test_placement_points_that_are_not_whole_numbers(client: FlaskClient) -> None:
    """422 from the body's schema: one place's points are not a whole number."""
    night = new_night(client, "Vendredi")
    french, english = in_both(lambda lang: client.put(
        f"/api/nights/{night.id}/points", json={"placement_points": [5, "x"]},
        headers={**lang, **auth(night.host)}))
    assert french["errors"] == {"json": {"placement_points": {
        "1": ["Ce n'est pas un nombre entier."]}}}
    assert english["errors"] == {"json": {"placement_points": {"1": ["Not a valid integer."]}}}
    assert same_data(french, english)


def test_an_if_match_that_is_no_seq(client: FlaskClient, table: Table) -> None:
    """400: If-Match must be a seq."""
    french, english = in_both(lambda lang: client.post(
        f"/api/matches/{table.id}/events", json={"type": "draw", "seat": 0, "payload": {}},
        headers={**auth(table.seats[0]), "If-Match": "soon", **lang}))
    assert french["code"] == 400
    assert french["message"] == ('If-Match doit être le numéro du dernier événement vu, comme '
                                 '"12".')
    assert english["message"] == 'If-Match must be the seq of the last event seen, like "12".'


def test_a_join_token_of_no_seat_cannot_see_a_hand(client: FlaskClient, table: Table) -> None:
    """403 on a read: a seat asks to see another seat's hand."""
    french, english = in_both(lambda lang: client.get(
        f"/api/matches/{table.id}/state?as=1", headers={**auth(table.seats[0]), **lang}))
    assert french["code"] == 403
    assert french["message"] == ("Le jeton de la place 1 ne peut pas voir la main de la "
                                 "place 2.")
    assert english["message"] == "Seat 1's token cannot see seat 2's hand."


def test_an_import_refused_at_an_event_names_the_event_and_the_players(
        client: FlaskClient) -> None:
    """422, CC-TURN-1 (a turn starts with a draw): which event, and why in the game's words
    with the names the file gives; the engine's data as it is."""
    export = {"format": "referee-match", "version": 1, "game": "citroncoco",
              "seats": [{"name": "Alice"}, {"name": "Bob"}],
              "events": [{"seq": 1, "type": "discard", "seat": 0, "payload": {"value": 5}}]}
    french, english = in_both(lambda lang: client.post("/api/matches/import", json=export,
                                                       headers=lang))
    assert french["message"] == ("Événement n° 1 : Alice n'a pas de carte piochée à jouer : "
                                 "un tour commence par la pioche.")
    assert english["message"] == ("Event 1: Alice has no drawn card to play: a turn starts "
                                  "with a draw.")
    assert french["where"] == "body.events.0" and french["rule"] == "CC-TURN-1"
    assert same_data(french, english)
