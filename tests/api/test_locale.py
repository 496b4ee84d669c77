"""The API answers in the reader's language, with the players' names; its data never changes.

Requirement: "the API's ``reason`` and ``message`` fields (from ``Accept-Language``, data fields
untouched)"; "the verdict sentences (rendered from the verdicts' message ids and parameters,
with the players' names), standings and outcomes, effects and penalties".
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from referee.api.stream import rendered_moves
from referee.edge.wording import say
from referee.service import queries, whatif
from referee.service.messages import seat_names
from tests.helpers import Table, auth, new_match, plain_turn

FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en"}


def post(client: FlaskClient, table: Table, type_: str, seat: int | None,
         payload: dict[str, Any] | None = None, *, headers: dict[str, str],
         query: str = "", seen: int | None = None) -> TestResponse:
    body: dict[str, Any] = {"type": type_, "seat": seat, "payload": payload or {}}
    if seen is not None:
        body["seen"] = seen
    return client.post(f"/api/matches/{table.id}/events{query}", json=body,
                       headers={**auth(table.token(seat)), **headers})


def data_of(said: dict[str, Any]) -> tuple[Any, ...]:
    """What a verdict or a refusal says as data: the same in every language."""
    return (said.get("rule"), said.get("message_id"), said.get("params"),
            said.get("penalty_data"), said.get("effects_data"))


def plouc(client: FlaskClient) -> Table:
    """Three players, the 5 of spades turned up (PL-DEAL-1): Bob, after the dealer, plays."""
    table = new_match(client, game="plouc", players=3)
    assert post(client, table, "turn_up", None, {"card": "5S"}, headers=EN).status_code == 201
    return table


def test_a_verdict_reads_in_french_and_in_english_with_names(client: FlaskClient) -> None:
    """PL-PLAY-1 (« il pose la même couleur, soit la même valeur »): the same move, dry run in
    French then logged in English; the sentences differ, the data does not."""
    table = plouc(client)
    dry = post(client, table, "play", 1, {"cards": ["5H"]}, headers=FR, query="?dry_run=true")
    assert dry.status_code == 200, dry.json
    french = dry.json["verdict"]
    assert french["reason"] == "Bob pose 5♥"
    assert "à Chloé de jouer" in french["effects"]
    logged = post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN)
    assert logged.status_code == 201
    english = logged.json["verdict"]
    assert english["reason"] == "Bob lays 5♥"
    assert "Chloé to play" in english["effects"]
    assert data_of(french) == data_of(english)
    assert english["message_id"] == "plouc.play.lays" and english["params"]["seat"] == 1
    assert "Accept-Language" in logged.headers.get("Vary", "")


def test_a_refusal_reads_in_the_readers_language(client: FlaskClient) -> None:
    """Plouc, 422: Chloé plays out of turn; the message names both players, never "seat 2"."""
    table = plouc(client)
    french = post(client, table, "play", 2, {"cards": ["5H"]}, headers=FR)
    english = post(client, table, "play", 2, {"cards": ["5H"]}, headers=EN)
    assert french.status_code == english.status_code == 422
    assert french.json["message"] == "C'est au tour de Bob, pas de Chloé"
    assert english.json["message"] == "It is Bob's turn, not Chloé's"
    assert french.json["message_id"] == english.json["message_id"] == "move.not_your_turn"
    assert french.json["params"] == english.json["params"]
    assert french.json["params"]["seat"] == 2 and french.json["params"]["turn_seat"] == 1


def test_a_citroncoco_refusal_in_french(client: FlaskClient) -> None:
    """CC-TURN-1: Bob draws while it is Alice's turn; « pioche » in the rule's words."""
    table = new_match(client, game="citroncoco", players=3)
    refused = post(client, table, "draw", 1, {"source": "stock"}, headers=FR)
    assert refused.status_code == 422
    assert "Alice" in refused.json["message"] and "Bob" in refused.json["message"]
    assert "seat" not in refused.json["message"] and "tour" in refused.json["message"]
    english = post(client, table, "draw", 1, {"source": "stock"}, headers=EN)
    assert english.json["message_id"] == refused.json["message_id"]
    assert english.json["message"] != refused.json["message"]


def test_a_stale_move_conflict_words_both_verdicts(client: FlaskClient) -> None:
    """CC-QP-4, 409: the verdict then and now, in French, with names."""
    table = new_match(client)
    plain_turn(client, table, 0, value=3)
    plain_turn(client, table, 1, value=6)
    response = post(client, table, "quick_play", 2, {"slot": 1, "value": 3}, seen=2,
                    headers=FR)
    assert response.status_code == 409
    then, now = response.json["judged_then"], response.json["judged_now"]
    assert then["reason"] == "Chloé fait un jeu rapide : 3 sur le 3."
    assert now["reason"] == "Jeu rapide faux de Chloé : 3 sur un 6."
    assert now["penalty"] == ("les cartes reprennent leur place et Chloé pioche une carte de "
                              "pénalité")


def test_croconounours_warriors_are_named_by_their_owner(client: FlaskClient) -> None:
    """CN-SETUP-2: the first player deploys in a corner; « Warrior » in the rule's word."""
    table = new_match(client, game="croconounours", players=2)
    assert post(client, table, "first_player", None, {"seat": 0}, headers=EN).status_code == 201
    deployed = post(client, table, "deploy", 0, {"corner": "a1", "warriors": {
        "a1": "red", "a2": "green", "b1": "yellow"}}, headers=FR)
    assert deployed.status_code == 201, deployed.json
    said = " ".join([deployed.json["verdict"]["reason"], *deployed.json["verdict"]["effects"]])
    assert "Alice déploie dans le coin a1" in said
    assert "0-red" not in said


def test_timeline_and_standings_in_french(client: FlaskClient) -> None:
    """The timeline's verdicts and the running outcome read in French; the match's outcome
    sentence too, while its data stays as stored."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    timeline = client.get(f"/api/matches/{table.id}/timeline", headers=FR).json["events"]
    assert [e["judged_now"]["reason"] for e in timeline][-1] == "Bob pose 5♥"
    standings = client.get(f"/api/matches/{table.id}/standings", headers=FR).json
    assert standings["outcome"].startswith("En cours : le moins de cartes")
    english = client.get(f"/api/matches/{table.id}/standings", headers=EN).json
    assert english["outcome"].startswith("In play: fewest cards")
    assert {k: v for k, v in standings.items() if k != "outcome"} == {
        k: v for k, v in english.items() if k != "outcome"}


def test_the_api_follows_accept_language_only(client: FlaskClient) -> None:
    """The API's messages follow Accept-Language (the pages' ``?lang=`` and cookie do not move
    them); a language not spoken here reads in English."""
    table = plouc(client)
    client.set_cookie("lang", "fr")
    by_header = post(client, table, "play", 2, {"cards": ["5H"]}, headers=EN, query="?lang=fr")
    assert by_header.json["message"] == "It is Bob's turn, not Chloé's"
    client.delete_cookie("lang")
    unknown = post(client, table, "play", 2, {"cards": ["5H"]}, headers={
        "Accept-Language": "de-DE"})
    assert unknown.json["message"] == "It is Bob's turn, not Chloé's"
    french = post(client, table, "play", 2, {"cards": ["5H"]}, headers={
        "Accept-Language": "de-DE, fr;q=0.8, en;q=0.5"})
    assert french.json["message"] == "C'est au tour de Bob, pas de Chloé"


def test_the_match_page_shows_the_verdicts_in_the_pages_language(client: FlaskClient) -> None:
    """The pages' choice (``?lang=fr``) words the timeline's verdicts, with the names."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    french = client.get(f"/m/{table.id}?lang=fr", headers=EN).get_data(as_text=True)
    assert "Bob pose 5♥" in french
    english = client.get(f"/m/{table.id}?lang=en", headers=FR).get_data(as_text=True)
    assert "Bob lays 5♥" in english


def test_games_are_described_in_the_readers_language(client: FlaskClient) -> None:
    """Requirement: "game and option names (in the rule texts' own French words)"; the ids and
    schemas stay as they are."""
    french = client.get("/api/games/plouc", headers=FR).json
    english = client.get("/api/games/plouc", headers=EN).json
    assert french["title"] == "Le Carte et Plouc de Charlotte"
    assert english["title"] == "Carte et Plouc"
    zouzou = french["options"]["properties"]["zouzou"]
    assert zouzou["title"] == "La Zouzou" and "pioche une carte" in zouzou["description"]
    assert english["options"]["properties"]["zouzou"]["description"].startswith("La Zouzou:")
    assert zouzou["type"] == english["options"]["properties"]["zouzou"]["type"] == "boolean"
    listed = client.get("/api/games", headers=FR).json
    assert {g["id"]: g["title"] for g in listed}["citroncoco"] == "Le Citron Coco en individuel"


def test_the_service_reads_outcomes_as_data_the_edge_words_with_names(
        client: FlaskClient) -> None:
    """What the pages read (the state and the timeline) is data, worded where the answer is
    made: the running outcome names who holds the fewest cards (PL-WIN-1), in the reader's
    language."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    db = client.application.extensions["referee.db"]
    names = seat_names(db, table.id)
    data = queries.state_at(db, table.id, None, None, None)
    assert data["standings"]["outcome_data"]["message_id"] == "plouc.outcome.in_play"
    state = say(data, names, "fr")
    page = say(queries.timeline(db, table.id), names, "fr")
    assert state["standings"]["outcome"] == "En cours : le moins de cartes (6) est chez Bob"
    assert page["standings"]["outcome"] == state["standings"]["outcome"]
    assert page["events"][-1]["judged_now"]["reason"] == "Bob pose 5♥"


def test_a_followed_match_streams_in_its_followers_language(client: FlaskClient) -> None:
    """The stream of a match (Server-Sent Events) words each verdict in the follower's
    language, with the names; followers of each language share their own rendering."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    db = client.application.extensions["referee.db"]
    french = dict(rendered_moves(db, table.id, 0, 2, "fr"))
    english = dict(rendered_moves(db, table.id, 0, 2, "en"))
    assert '"reason":"Bob pose 5♥"' in french[2] and '"reason":"Bob lays 5♥"' in english[2]
    assert '"message_id":"plouc.play.lays"' in french[2]


def test_a_void_and_a_correction_read_in_the_readers_language(client: FlaskClient) -> None:
    """What the platform says of a void and of a correction is a message too: the host's
    reason as given, the replacement's own verdict nested in the reader's language."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    corrected = post(client, table, "correct", None, {"seq": 2, "reason": "c'était un 6",
                                                      "move": {"type": "discard", "seat": 0,
                                                               "payload": {"value": 6}}},
                     headers=FR)
    assert corrected.status_code == 201, corrected.json
    assert corrected.json["verdict"]["reason"] == (
        "Coup n° 2 (« défausse ») corrigé en « défausse » : c'était un 6. À sa place : Alice "
        "défausse "
        "directement le 6 pioché. Tous les coups suivants sont jugés à nouveau.")
    voided = post(client, table, "void", None, {"seq": 2, "reason": "jamais joué"}, headers=EN)
    assert voided.json["verdict"]["reason"] == (
        "Event 2 (discard) voided: jamais joué. Every later move is judged again.")
    timeline = client.get(f"/api/matches/{table.id}/timeline", headers=FR).json["events"]
    assert timeline[-1]["verdict"]["reason"] == (
        "Coup n° 2 (« défausse ») annulé : jamais joué. Tous les coups suivants sont jugés à "
        "nouveau.")


def test_a_what_if_reads_in_the_readers_language(client: FlaskClient) -> None:
    """The what-if page's standings (« Le zéro » on) name the players, in French."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    db = client.application.extensions["referee.db"]
    result = say(whatif.what_if(db, table.id, {"zero": True}), seat_names(db, table.id), "fr")
    assert result["standings"]["outcome"] == "En cours : le moins de cartes (6) est chez Bob"
    assert result["own_standings"]["outcome"] == result["standings"]["outcome"]


def test_a_neurotrio_refusal_and_verdict_in_french(client: FlaskClient) -> None:
    """Neurotrio (« le jeu se déroule dans le sens horaire ; le premier joueur est à la droite
    du donneur »): Bob places out of turn, then Alice places next to the starting card."""
    table = new_match(client, game="neurotrio", players=3)
    started = post(client, table, "start_domain", None, {"card": "coeur-noir-1"}, headers=FR)
    assert started.json["verdict"]["reason"] == "Le domaine part de cœur noir 1 en (0, 0)"
    refused = post(client, table, "place", 1, {"card": "coeur-noir-2", "row": 0, "col": 1},
                   headers=FR)
    assert refused.status_code == 422
    assert refused.json["message"] == (
        "Bob ne peut pas poser de carte : c'est au tour d'Alice")
    placed = post(client, table, "place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1},
                  headers=FR)
    assert placed.status_code == 201, placed.json
    assert placed.json["verdict"]["reason"].startswith("Alice a posé cœur noir 2 en (0, 1)")
