"""Quick scoring through the API on both databases: ``"mode": "rounds"`` at creation, one
``round`` event per round, judged, voidable, in the stats and the export."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match

ROUND_1 = {"caller": 0, "hands": [[1, 1, 1, 1], [3, 3, 3, 3], [4, 4, 4, 4]]}


def test_mode_defaults_to_moves(client: FlaskClient) -> None:
    assert new_match(client).body["mode"] == "moves"


def test_unknown_mode_is_refused(client: FlaskClient) -> None:
    answer = client.post("/api/matches", json={"game": "plouc", "mode": "fast",
                                               "seats": [{"name": "A"}, {"name": "B"}]})
    assert answer.status_code == 422 and "mode" in answer.json["where"]


def test_games_give_the_round_schema(client: FlaskClient) -> None:
    rounds = client.get("/api/games/citroncoco-teams").json["rounds"]
    assert {"caller", "hands", "totals", "nano", "nano_alpha"} <= set(
        rounds["round"]["payload"]["properties"])
    assert "winner" in client.get("/api/games/plouc").json["rounds"]["round"]["payload"][
        "properties"]


def test_round_is_scored_by_the_rules(client: FlaskClient) -> None:
    """CC-CALL-4 applied to a logged round."""
    table = new_match(client, mode="rounds")
    answer = move(client, table, "round", None, ROUND_1)
    assert answer.status_code == 201, answer.json
    assert answer.json["verdict"]["rule"] == "CC-CALL-4"
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [-16, 12, 16]


def test_inconsistent_round_is_refused_and_nothing_logged(client: FlaskClient) -> None:
    """CC-DECK-1: five aces in a four-ace deck."""
    table = new_match(client, mode="rounds")
    answer = move(client, table, "round", None,
                  {"caller": 0, "hands": [[1, 1, 1, 1, 1], [2], [3]]})
    assert answer.status_code == 422
    assert answer.json["rule"] == "CC-DECK-1" and answer.json["where"] == "payload.hands"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 0


def test_moves_are_refused_in_rounds_mode(client: FlaskClient) -> None:
    table = new_match(client, mode="rounds")
    answer = move(client, table, "draw", 0, {"source": "stock"})
    assert answer.status_code == 422 and answer.json["where"] == "type"


def test_a_round_can_be_voided(client: FlaskClient) -> None:
    table = new_match(client, mode="rounds")
    move(client, table, "round", None, ROUND_1)
    answer = client.post(f"/api/matches/{table.id}/events", headers=auth(table.host),
                         json={"type": "void", "payload": {"seq": 1, "reason": "wrong hands"}})
    assert answer.status_code == 201
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [0, 0, 0]


def test_rounds_feed_the_stats(client: FlaskClient) -> None:
    table = new_match(client, mode="rounds", options={"target": 30})
    move(client, table, "round", None, ROUND_1)
    move(client, table, "round", None, {"caller": 2, "totals": [6, 14, 20]})
    alice = table.body["seats"][0]["player_id"]
    (stats,) = client.get(f"/api/players/{alice}/stats").json["games"]
    assert (stats["won"], stats["calls"], stats["calls_won"]) == (1, 1, 1)


def test_rounds_mode_survives_export_and_import(client: FlaskClient) -> None:
    table = new_match(client, mode="rounds")
    move(client, table, "round", None, ROUND_1)
    exported = client.get(f"/api/matches/{table.id}/export").json
    assert exported["mode"] == "rounds"
    imported = client.post("/api/matches/import?copy=true", json=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["mode"] == "rounds"
    assert imported.json["standings"] == exported["standings"]


def test_plouc_game_in_one_round(client: FlaskClient) -> None:
    """PL-GOAL-1: the winner and the cards left; the match is finished."""
    table = new_match(client, game="plouc", mode="rounds")
    answer = move(client, table, "round", None, {"winner": 2, "cards": [4, 1, 0]})
    assert answer.status_code == 201, answer.json
    assert client.get(f"/api/matches/{table.id}").json["status"] == "finished"


FR = {"Accept-Language": "fr"}


def test_a_plouc_round_reads_in_french_with_the_names(client: FlaskClient) -> None:
    """PL-END-1 refused, then PL-GOAL-1 logged: the refusal, the verdict and the outcome are
    data worded in the reader's language with the players' names (never « seat 2 »)."""
    table = new_match(client, game="plouc", mode="rounds")  # Alice, Bob, Chloé
    refused = move(client, table, "round", None, {"winner": 2, "cards": [0, 1, 0]}, headers=FR)
    assert refused.status_code == 422
    assert refused.json["message_id"] == "plouc.rounds.first_only"
    assert refused.json["params"] == {"seat": 0, "winner_seat": 2}
    assert refused.json["message"] == (
        "Un seul joueur sort : Chloé a dit « plouc » en premier, il reste donc des cartes à "
        "Alice.")
    logged = move(client, table, "round", None, {"winner": 2, "cards": [4, 1, 0]}, headers=FR)
    assert logged.status_code == 201, logged.json
    assert logged.json["verdict"]["reason"] == (
        "Chloé a posé sa dernière carte en premier et gagne ; cartes restantes : Alice 4, Bob 1, "
        "Chloé 0.")
    assert logged.json["standings"]["outcome"] == "Chloé gagne : plouc !"
    assert logged.json["standings"]["result"]["termination"] == "plouc.outcome.plouc"


def test_a_croconounours_round_names_the_winning_side(client: FlaskClient) -> None:
    """CN-END-1: the side left standing wins, named by its player, in English."""
    table = new_match(client, game="croconounours", players=2, mode="rounds")
    logged = move(client, table, "round", None, {"winner": 1, "warriors": [0, 2]},
                  headers={"Accept-Language": "en"})
    assert logged.status_code == 201, logged.json
    assert logged.json["standings"]["outcome"] == "Bob wins with 2 warriors standing"
