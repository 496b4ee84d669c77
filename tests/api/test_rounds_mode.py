"""Quick scoring through the API on both databases: ``"mode": "rounds"`` at creation, one
``round`` event per round, judged, voidable, in the stats and the export."""

from __future__ import annotations

import pytest
from alembic import command
from flask import Flask
from flask.testing import FlaskClient

from referee import database
from referee.cli import alembic_config
from referee.service.repository import MatchRepository
from referee.store import models
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
    assert answer.json["rule"] == "CC-DECK-1" and answer.json["where"] == "body.payload.hands"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 0


def test_moves_are_refused_in_rounds_mode(client: FlaskClient) -> None:
    table = new_match(client, mode="rounds")
    answer = move(client, table, "draw", 0, {"source": "stock"})
    assert answer.status_code == 422 and answer.json["where"] == "body.type"


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


# --- a round's figures judged against the deck and the roster (option check_rounds) --------------


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Together the hands cannot count more than 338 coconuts with this deck, not 400."),
    ("fr", "Avec ce paquet, les jeux réunis ne peuvent pas compter plus de 338 noix de coco, "
           "pas 400."),
])
def test_cc_deck_1_totals_beyond_the_deck_are_a_422_in_both_languages(
        client: FlaskClient, lang: str, message: str) -> None:
    """CC-DECK-1: the totals cannot exceed the deck's positive cards; nothing is logged."""
    table = new_match(client, players=2, mode="rounds")
    answer = move(client, table, "round", None, {"caller": 0, "totals": [200, 200]},
                  headers={"Accept-Language": lang})
    assert answer.status_code == 422
    assert (answer.json["rule"], answer.json["where"]) == ("CC-DECK-1", "body.payload.totals")
    assert answer.json["message"] == message
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 0


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Alice deployed 2 warriors, not 3."),
    ("fr", "Alice a déployé 2 Warriors, pas 3."),
])
def test_cn_camp_1_warriors_beyond_the_roster_are_a_422_in_both_languages(
        client: FlaskClient, lang: str, message: str) -> None:
    """CN-CAMP-1: Alice brings two survivors back: three left standing cannot be."""
    table = new_match(client, game="croconounours", players=2, mode="rounds",
                      options={"roster": {"0": ["red", "orange"]}})
    answer = move(client, table, "round", None, {"winner": 0, "warriors": [3, 0]},
                  headers={"Accept-Language": lang})
    assert answer.status_code == 422
    assert (answer.json["rule"], answer.json["where"]) == ("CN-CAMP-1", "body.payload.warriors.0")
    assert answer.json["message"] == message


def test_cc_rnd_2_a_match_stored_before_the_option_keeps_its_reading(
        app: Flask, client: FlaskClient) -> None:
    """CC-RND-2: a match stored without ``check_rounds`` (created before it) gets its earlier
    reading from revision 0012, and is judged as it was: a round with no call and no total of
    0 still stands, and replays the same."""
    table = new_match(client, players=3, mode="rounds")
    db = database(app)
    with db.unit_of_work() as session:
        match = session.get(models.Match, table.id)
        assert match is not None and match.options["check_rounds"] is True
        match.options = {k: v for k, v in match.options.items() if k != "check_rounds"}
    config = alembic_config(str(db.engine.url.render_as_string(hide_password=False)))
    command.stamp(config, "0011")  # as the code before the option left it
    command.upgrade(config, "0012")
    command.stamp(config, "head")  # the later migrations' tables are there already
    with db.reading() as session:
        stored = session.get(models.Match, table.id)
        assert stored is not None and stored.options["check_rounds"] is False
    MatchRepository.of(db).cache.clear()
    answer = move(client, table, "round", None, {"caller": None, "totals": [5, 12, 9]})
    assert answer.status_code == 201, answer.json
    MatchRepository.of(db).cache.clear()
    standings = client.get(f"/api/matches/{table.id}/standings").json
    assert [ln["total"] for ln in standings["lines"]] == [5, 12, 9]


def test_cc_rnd_2_an_export_without_the_option_imports_under_its_reading(
        client: FlaskClient) -> None:
    """CC-RND-2: an export made before ``check_rounds`` lacks it: its rounds import as they
    were judged, and the imported match stores the earlier reading."""
    table = new_match(client, players=3, mode="rounds", options={"check_rounds": False})
    assert move(client, table, "round", None,
                {"caller": None, "totals": [5, 12, 9]}).status_code == 201
    exported = client.get(f"/api/matches/{table.id}/export").json
    exported["options"].pop("check_rounds")
    exported["version"] = 2  # the format of the exports made before the option
    answer = client.post("/api/matches/import?copy=true", json=exported)
    assert answer.status_code == 201, answer.json
    assert answer.json["options"]["check_rounds"] is False
    assert answer.json["standings"] == exported["standings"]


def test_pl_rnd_1_the_host_asks_what_it_may_log_in_rounds_mode(client: FlaskClient) -> None:
    """PL-RND-1: a Plouc match in rounds mode answers the host's legal moves (the round, for any
    seat), before and after its one round, never a 500."""
    table = new_match(client, game="plouc", mode="rounds")
    path = f"/api/matches/{table.id}/legal-moves?as=host"
    before = client.get(path, headers=auth(table.host))
    assert before.status_code == 200, before.json
    assert {m["type"] for m in before.json["moves"]} == {"round"}
    move(client, table, "round", None, {"winner": 2, "cards": [4, 1, 0]})
    after = client.get(path, headers=auth(table.host))
    assert after.status_code == 200 and after.json["moves"] == [] and after.json["finished"]
