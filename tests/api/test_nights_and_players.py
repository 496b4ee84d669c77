"""The night, the players and quick scoring through the API, on both databases (every endpoint of
nights, players and rounds-only matches), the figures checked against nights computed by hand.

Two nights: the fixture night of ``tests/night_fixture.py`` (its figures are worked out in its
docstring) and the quick night below, played in rounds-only mode.

Quick night, placement points 5, 3, 2 (then 1, 0):

- Carte et Plouc, Alice / Bob / Chloé: Bob says « plouc » first; Alice keeps 4 cards, Chloé 2.
  Places: Bob 1st (5), Chloé 2nd (3), Alice 3rd (2).
- Neurotrio, Alice / Bob / Chloé: the deal gives 18, 17 and 17 cards, so Alice starts with 6
  victory points, Bob and Chloé with 5 (NT-DEAL-1). Alice lays for 10 and goes out first (5):
  21; Bob lays for 12, goes out second (3) and wins 4 on the bids: 24; Chloé lays for 8 and, last
  with cards, loses 5: 8. Places: Bob 1st (5), Alice 2nd (3), Chloé 3rd (2).

Leaderboard: Bob 10 (two wins), then Alice 5 and Chloé 5, level (2nd, by name).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any
from urllib.parse import unquote

import pytest
from flask.testing import FlaskClient

from tests.helpers import Table, auth, move, new_match, new_night
from tests.night_fixture import build_night

NEUROTRIO_END = {"last": 2, "points": [{"placements": 10, "finish": 5},
                                       {"placements": 12, "finish": 3, "bids": 4},
                                       {"placements": 8, "penalties": -5}]}


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    return build_night(client)


@pytest.fixture
def quick_night(client: FlaskClient) -> dict[str, Any]:
    """The quick night of the docstring: its id and its two matches."""
    made = new_night(client, "Quick night")
    night_id = made.id
    plouc = new_match(client, game="plouc", mode="rounds", night_id=night_id,
                      night_token=made.host)
    assert move(client, plouc, "round", None, {"winner": 1, "cards": [4, 0, 2]}
                ).status_code == 201
    neuro = new_match(client, game="neurotrio", mode="rounds", night_id=night_id,
                      night_token=made.host)
    assert move(client, neuro, "round", None, NEUROTRIO_END).status_code == 201
    return {"night": night_id, "plouc": plouc, "neurotrio": neuro}


def rows(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


def lines(board: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(ln["place"], ln["name"], ln["points"], ln["played"], ln["won"], ln["missplays"],
             ln["places"]) for ln in board["leaderboard"]]


# --- the fixture night, every figure ----------------------------------------------------------


def test_fixture_leaderboard_every_column(client: FlaskClient, night: dict[str, Any]) -> None:
    """Bob 3 + 3; Alice and Dan 5 with a win each; Chloé 2; the running match gives nothing,
    Bob's missplay counts."""
    board = client.get(f"/api/nights/{night['night']}/board").json
    assert lines(board) == [(1, "Bob", 6, 2, 0, 1, {"2": 2}),
                            (2, "Alice", 5, 1, 1, 0, {"1": 1}),
                            (2, "Dan", 5, 1, 1, 0, {"1": 1}),
                            (4, "Chloé", 2, 1, 0, 0, {"3": 1})]
    assert (board["matches"], board["finished"]) == (2, 2)  # match C has no move yet


@pytest.mark.parametrize(("name", "figures"), [
    ("Alice", {"played": 1, "finished": 1, "won": 1, "win_rate": 1.0, "average_score": -16.0,
               "best_score": -16, "missplays": 0, "missplays_per_match": 0.0, "calls": 1,
               "calls_won": 1, "call_success_rate": 1.0}),
    ("Chloé", {"played": 1, "finished": 1, "won": 0, "win_rate": 0.0, "average_score": 36.0,
               "best_score": 36, "missplays": 0, "missplays_per_match": 0.0, "calls": 1,
               "calls_won": 0, "call_success_rate": 0.0}),
    ("Dan", {"played": 1, "finished": 1, "won": 1, "win_rate": 1.0, "average_score": 0.0,
             "best_score": 0, "missplays": 0, "missplays_per_match": 0.0, "calls": 0,
             "calls_won": 0, "call_success_rate": None}),
])
def test_fixture_stats_of_each_player(client: FlaskClient, night: dict[str, Any], name: str,
                                      figures: dict[str, Any]) -> None:
    """Alice: -16 and her call won (CC-CALL-4); Chloé: 16 + 20 and her call failed
    (CC-CALL-5); Dan: 0 after Bob's failed call, no call of his own (no rate)."""
    (game,) = client.get(f"/api/players/{night['players'][name]}/stats").json["games"]
    assert game == {"game": "citroncoco", **figures}


def test_fixture_night_results_csv_every_row(client: FlaskClient,
                                             night: dict[str, Any]) -> None:
    """One row per seat of each match with a move, in match and seat order; seats counted
    from 1, the game's name and the status's word after their codes."""
    a, b, _c = night["matches"]
    p = night["players"]
    named = ["CitronCoco (each for themself)", "finished"]
    assert rows(client.get(f"/api/nights/{night['night']}/results.csv").data)[1:] == [
        [str(a), "citroncoco", "finished", "1", str(p["Alice"]), "Alice", "-16", "1", "yes",
         "5", "0", *named],
        [str(a), "citroncoco", "finished", "2", str(p["Bob"]), "Bob", "12", "2", "no", "3", "0",
         *named],
        [str(a), "citroncoco", "finished", "3", str(p["Chloé"]), "Chloé", "36", "3", "no", "2",
         "0", *named],
        [str(b), "citroncoco", "finished", "1", str(p["Bob"]), "Bob", "26", "2", "no", "3", "1",
         *named],
        [str(b), "citroncoco", "finished", "2", str(p["Dan"]), "Dan", "0", "1", "yes", "5", "0",
         *named]]


def test_fixture_board_image_shows_the_hand_computed_lines(client: FlaskClient,
                                                           night: dict[str, Any]) -> None:
    """The SVG of the final board (shared as an image): place, name, wins, points."""
    svg = client.get(f"/nights/{night['night']}/board.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    texts = re.findall(r">([^<>]+)</text>", svg.get_data(as_text=True))
    assert texts == ["Fixture night", "2 matches finished · placement points 5, 3, 2, 1",
                     "1.", "Bob", "0 won / 2", "6 pts", "2.", "Alice", "1 won / 1", "5 pts",
                     "2.", "Dan", "1 won / 1", "5 pts", "4.", "Chloé", "0 won / 1", "2 pts"]


def test_fixture_player_record(client: FlaskClient, night: dict[str, Any]) -> None:
    """GET /api/players/<id>: Bob's record, 2 played, no win, (12 + 26) / 2."""
    record = client.get(f"/api/players/{night['players']['Bob']}").json["record"]
    assert record == [{"game": "citroncoco", "played": 2, "finished": 2, "won": 0,
                       "average_score": 19.0, "missplays": 1}]


def test_players_are_listed(client: FlaskClient, night: dict[str, Any]) -> None:
    names = [p["name"] for p in client.get("/api/players").json["items"]]
    assert sorted(names) == ["Alice", "Bob", "Chloé", "Dan"]


# --- nights ----------------------------------------------------------------------------------


def test_a_night_is_created_listed_and_read(client: FlaskClient, night: dict[str, Any]) -> None:
    answer = client.get(f"/api/nights/{night['night']}").json
    assert answer["name"] == "Fixture night"
    assert sorted(m["id"] for m in answer["matches"]) == sorted(night["matches"])
    assert [n["id"] for n in client.get("/api/nights").json["items"]] == [night["night"]]


@pytest.mark.parametrize("path", ["/api/nights/999", "/api/nights/999/board",
                                  "/api/nights/999/results.csv", "/api/players/999",
                                  "/api/players/999/stats", "/api/players/999/matches.csv",
                                  "/api/matches/999/sheet.csv", "/api/matches/999/bgstats"])
def test_what_is_not_there_is_404(client: FlaskClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404 and answer.json["message"]


def test_versus_a_missing_player_is_404(client: FlaskClient, night: dict[str, Any]) -> None:
    answer = client.get(f"/api/players/{night['players']['Bob']}/versus/999")
    assert answer.status_code == 404


def test_points_of_a_missing_night_are_404(client: FlaskClient) -> None:
    answer = client.put("/api/nights/999/points", json={"placement_points": [5, 3]})
    assert answer.status_code == 404


@pytest.mark.parametrize(("points", "says"), [
    ([1, 5], "A better place never gives fewer points than a worse one."),
    ("5, 3", "Not a valid list."),
    ([], "Length must be between 1 and 12."),
    (list(range(13, 0, -1)), "Length must be between 1 and 12."),
    ([1001, 3], "less than or equal to 1000"),
    ([5, -1], "greater than or equal to 0"),
    ([2.5], "Not a valid integer."),
])
def test_placement_points_that_make_no_sense_are_refused_and_change_nothing(
        client: FlaskClient, night: dict[str, Any], points: Any, says: str) -> None:
    """422 naming ``placement_points`` and why; the board keeps the default 5, 3, 2, 1."""
    answer = client.put(f"/api/nights/{night['night']}/points",
                        json={"placement_points": points}, headers=auth(night["night_token"]))
    assert answer.status_code == 422, answer.json
    assert "placement_points" in answer.json["where"]
    assert says in json.dumps(answer.json, ensure_ascii=False)
    board = client.get(f"/api/nights/{night['night']}/board").json
    assert board["placement_points"] == [5, 3, 2, 1]
    assert [ln["points"] for ln in board["leaderboard"]] == [6, 5, 5, 2]


def test_placement_points_answer_the_scale_set(client: FlaskClient,
                                              night: dict[str, Any]) -> None:
    """[3, 1]: Bob 1 + 1, Alice and Dan 3, Chloé (3rd) 0."""
    answer = client.put(f"/api/nights/{night['night']}/points", json={"placement_points": [3, 1]},
                        headers=auth(night["night_token"]))
    assert answer.status_code == 200 and answer.json == {"placement_points": [3, 1]}
    board = client.get(f"/api/nights/{night['night']}/board").json
    assert [(ln["name"], ln["points"]) for ln in board["leaderboard"]] == [
        ("Alice", 3), ("Dan", 3), ("Bob", 2), ("Chloé", 0)]


# --- the quick night: rounds-only matches in the night and the stats ---------------------------


def test_quick_night_leaderboard(client: FlaskClient, quick_night: dict[str, Any]) -> None:
    """Bob 5 + 5; Alice 2 + 3 and Chloé 3 + 2, level on points and wins: 2nd, by name."""
    board = client.get(f"/api/nights/{quick_night['night']}/board").json
    assert lines(board) == [(1, "Bob", 10, 2, 2, 0, {"1": 2}),
                            (2, "Alice", 5, 2, 0, 0, {"2": 1, "3": 1}),
                            (2, "Chloé", 5, 2, 0, 0, {"2": 1, "3": 1})]
    assert board["recap"]["biggest_citron_coco"] is None
    assert [w["winners"] for w in board["recap"]["winners"]] == [["Bob"], ["Bob"]]


def test_quick_night_results_csv(client: FlaskClient, quick_night: dict[str, Any]) -> None:
    """Carte et Plouc scores the cards left, Neurotrio the victory points."""
    table = rows(client.get(f"/api/nights/{quick_night['night']}/results.csv").data)
    assert [(r[1], r[5], r[6], r[7], r[9]) for r in table[1:]] == [
        ("plouc", "Alice", "4", "3", "2"), ("plouc", "Bob", "0", "1", "5"),
        ("plouc", "Chloé", "2", "2", "3"),
        ("neurotrio", "Alice", "21", "2", "3"), ("neurotrio", "Bob", "24", "1", "5"),
        ("neurotrio", "Chloé", "8", "3", "2")]


def test_quick_night_stats_per_game(client: FlaskClient, quick_night: dict[str, Any]) -> None:
    """Alice: Carte et Plouc 4 cards left (fewer is better), Neurotrio 21 points."""
    alice = quick_night["plouc"].body["seats"][0]["player_id"]
    games = {g["game"]: g for g in client.get(f"/api/players/{alice}/stats").json["games"]}
    assert (games["plouc"]["played"], games["plouc"]["won"], games["plouc"]["best_score"]) \
        == (1, 0, 4)
    assert (games["neurotrio"]["won"], games["neurotrio"]["average_score"]) == (0, 21.0)


def test_rounds_match_sheet(client: FlaskClient, quick_night: dict[str, Any]) -> None:
    """Neurotrio's one row: the totals, the deal's starting points included."""
    sheet = client.get(f"/api/matches/{quick_night['neurotrio'].id}/sheet.csv")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    assert rows(sheet.data) == [["round", "Alice", "Bob", "Chloé"], ["1", "21", "24", "8"],
                                ["total", "21", "24", "8"]]


def test_rounds_match_to_bgstats(client: FlaskClient, quick_night: dict[str, Any]) -> None:
    """Carte et Plouc: fewest cards win, Bob the winner, the scores the cards left."""
    link = client.get(f"/api/matches/{quick_night['plouc'].id}/bgstats").json["link"]
    play = json.loads(unquote(link.split("data=", 1)[1]))
    assert play["sourceName"] == "Referee" and play["game"]["highestWins"] is False
    assert play["sourcePlayId"] == quick_night["plouc"].body["uuid"]
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Alice", "4", False), ("Bob", "0", True), ("Chloé", "2", False)]


# --- rounds-only matches through the API -------------------------------------------------------


def test_neurotrio_round_adds_the_deals_starting_points(client: FlaskClient) -> None:
    """NT-RND-1: 6 + 15, 5 + 19, 5 + 3; the most victory points win (NT-WIN-1)."""
    table = new_match(client, game="neurotrio", mode="rounds")
    answer = move(client, table, "round", None, NEUROTRIO_END)
    assert answer.status_code == 201, answer.json
    assert answer.json["verdict"]["rule"] == "NT-END-1"
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [21, 24, 8]
    assert answer.json["standings"]["winners"] == [1]


def test_neurotrio_round_refused_names_its_clause(client: FlaskClient) -> None:
    """NT-RND-2 with NT-FIN-1: two players given the first-out bonus; nothing logged."""
    table = new_match(client, game="neurotrio", mode="rounds")
    wrong = {"last": 2, "points": [{"placements": 1, "finish": 5},
                                   {"placements": 1, "finish": 5},
                                   {"placements": 1, "penalties": -1}]}
    answer = move(client, table, "round", None, wrong)
    assert answer.status_code == 422 and answer.json["rule"] == "NT-FIN-1"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 0


def test_teams_round_with_nano_alpha(client: FlaskClient) -> None:
    """CCT-RND-3: team B's 20 + 10 coconuts ×4 after Nano (seat 1) and Nano Alpha (seat 2)."""
    table = new_match(client, game="citroncoco-teams", players=4, mode="rounds",
                      options={"nano": True})
    answer = move(client, table, "round", None, {"caller": 0, "totals": [1, 20, 2, 10],
                                                  "nano": 1, "nano_alpha": 2})
    assert answer.status_code == 201, answer.json
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [0, 120]


def test_a_round_logged_after_the_end_is_refused(client: FlaskClient) -> None:
    """PL-RND-1: the game is logged once."""
    table = new_match(client, game="plouc", mode="rounds")
    move(client, table, "round", None, {"winner": 1, "cards": [4, 0, 2]})
    answer = move(client, table, "round", None, {"winner": 0, "cards": [0, 1, 2]})
    assert answer.status_code == 422 and answer.json["rule"] == "PL-RND-1"


def correct(client: FlaskClient, table: Table, seq: int, payload: dict[str, Any]) -> Any:
    return client.post(f"/api/matches/{table.id}/events", headers=auth(table.host), json={
        "type": "correct", "payload": {"seq": seq, "reason": "recounted",
                                       "move": {"type": "round", "payload": payload}}})


def test_a_round_is_corrected_like_any_event(client: FlaskClient) -> None:
    """CC-RND-1: round 1 corrected from 4/12/16 to 4/12/10; round 2 is judged again after it."""
    table = new_match(client, mode="rounds")
    move(client, table, "round", None, {"caller": 0, "totals": [4, 12, 16]})
    move(client, table, "round", None, {"caller": 1, "totals": [9, 2, 5]})
    answer = correct(client, table, 1, {"caller": 0, "totals": [4, 12, 10]})
    assert answer.status_code == 201, answer.json
    assert answer.json["verdict"]["rule"] == "CC-CALL-4"
    # round 1: -12, 12, 10; round 2 (Bob's call with 2 wins): +9, -9, +5
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [-3, 3, 15]
    timeline = client.get(f"/api/matches/{table.id}/timeline").json["events"]
    assert [e["seq"] for e in timeline if e.get("corrected_by")] == [1]


def test_a_correction_that_cannot_have_happened_is_refused(client: FlaskClient) -> None:
    """PL-RND-2 with PL-END-1: the corrected result has two empty hands: 422, nothing logged."""
    table = new_match(client, game="plouc", mode="rounds")
    move(client, table, "round", None, {"winner": 1, "cards": [4, 0, 2]})
    answer = correct(client, table, 1, {"winner": 1, "cards": [0, 0, 2]})
    assert answer.status_code == 422 and answer.json["rule"] == "PL-END-1"
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 1


def test_what_if_on_a_rounds_match(client: FlaskClient) -> None:
    """CCT-RND-2: without the Nano option the round's Nano could not have been said."""
    table = new_match(client, game="citroncoco-teams", players=4, mode="rounds",
                      options={"nano": True})
    move(client, table, "round", None, {"caller": 0, "totals": [1, 20, 2, 10], "nano": 1})
    answer = client.post(f"/api/matches/{table.id}/what-if", json={"options": {"nano": False}})
    assert answer.status_code == 200, answer.json
    (change,) = answer.json["changes"]
    assert (change["seq"], change["old"]["rule"], change["new"]["kind"], change["new"]["rule"]) \
        == (1, "CCT-CALL-3", "impossible", "CCT-NANO-1")
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [0, 0]
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 1


def test_ties_share_the_better_place(client: FlaskClient) -> None:
    """Placement points with ties, worked out by hand. Carte et Plouc, Alice out first, Bob and
    Chloé 3 cards each, Dan 5: places 1, 2, 2, 4 → 5, 3, 3, 1. Neurotrio, Alice 6 + 7 + 5 = 18
    and Bob 5 + 10 + 3 = 18 share the win (NT-WIN-1), Chloé 5 + 1 - 1 = 5: places 1, 1, 3 →
    5, 5, 2. Night: Alice 10, Bob 8, Chloé 5, Dan 1."""
    made = new_night(client, "Ties")
    night_id = made.id
    plouc = new_match(client, game="plouc", players=4, mode="rounds", night_id=night_id,
                      night_token=made.host)
    assert move(client, plouc, "round", None, {"winner": 0, "cards": [0, 3, 3, 5]}
                ).status_code == 201
    neuro = new_match(client, game="neurotrio", mode="rounds", night_id=night_id,
                      night_token=made.host)
    assert move(client, neuro, "round", None, {"last": 2, "points": [
        {"placements": 7, "finish": 5}, {"placements": 10, "finish": 3},
        {"placements": 1, "penalties": -1}]}).status_code == 201
    table = rows(client.get(f"/api/nights/{night_id}/results.csv").data)
    assert [(r[5], r[6], r[7], r[8], r[9]) for r in table[1:]] == [
        ("Alice", "0", "1", "yes", "5"), ("Bob", "3", "2", "no", "3"),
        ("Chloé", "3", "2", "no", "3"), ("Dan", "5", "4", "no", "1"),
        ("Alice", "18", "1", "yes", "5"), ("Bob", "18", "1", "yes", "5"),
        ("Chloé", "5", "3", "no", "2")]
    board = client.get(f"/api/nights/{night_id}/board").json
    assert [(ln["place"], ln["name"], ln["points"], ln["won"]) for ln in board["leaderboard"]] \
        == [(1, "Alice", 10, 2), (2, "Bob", 8, 1), (3, "Chloé", 5, 0), (4, "Dan", 1, 0)]


def test_versus_oneself_is_refused(client: FlaskClient, night: dict[str, Any]) -> None:
    """Head to head takes two players (Bob against Bob counted every match level)."""
    bob = night["players"]["Bob"]
    answer = client.get(f"/api/players/{bob}/versus/{bob}")
    assert answer.status_code == 422 and answer.json["where"] == "path.other_id"
