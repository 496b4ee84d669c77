"""What-if, stats, the night's leaderboard, CSV sheets and the BG Stats link, on both databases.

The figures are checked against the hand-computed night of ``tests/night_fixture.py``.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from urllib.parse import unquote

import pytest
from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match, new_night
from tests.night_fixture import build_night


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    return build_night(client)


def rows(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


def tied_call(client: FlaskClient) -> Any:
    """Seat 0 calls Citron Coco and ties seat 1 for the fewest coconuts (CC-CALL-5 by default)."""
    table = new_match(client, players=2)
    for kind, seat, payload in [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5}),
                                ("citron_coco", 0, {}), ("draw", 1, {"source": "stock"}),
                                ("discard", 1, {"value": 5})]:
        assert move(client, table, kind, seat, payload).status_code == 201
    reveal = move(client, table, "reveal", None, {"hands": [[1, 1, 2, 2], [2, 2, 1, 1]]})
    assert reveal.json["verdict"]["rule"] == "CC-CALL-5"
    return table


# --- what-if ---------------------------------------------------------------------------------


def test_what_if_the_caller_wins_ties_changes_the_reveal_and_the_totals(
        client: FlaskClient) -> None:
    """CC-CALL-5 under the match's options becomes CC-CALL-4 when the caller wins ties."""
    table = tied_call(client)
    answer = client.post(f"/api/matches/{table.id}/what-if",
                         json={"options": {"caller_wins_ties": True}})
    assert answer.status_code == 200, answer.json
    assert [(c["seq"], c["old"]["rule"], c["new"]["rule"]) for c in answer.json["changes"]] == [
        (6, "CC-CALL-5", "CC-CALL-4")]
    assert [ln["total"] for ln in answer.json["own_standings"]["lines"]] == [6, 0]
    assert [ln["total"] for ln in answer.json["standings"]["lines"]] == [-6, 6]


def test_what_if_appends_nothing(client: FlaskClient) -> None:
    table = tied_call(client)
    client.post(f"/api/matches/{table.id}/what-if", json={"options": {"caller_wins_ties": True}})
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 6
    assert client.get(f"/api/matches/{table.id}/standings").json["lines"][0]["total"] == 6


def test_what_if_with_the_same_options_changes_nothing(client: FlaskClient) -> None:
    table = tied_call(client)
    answer = client.post(f"/api/matches/{table.id}/what-if", json={"options": {}}).json
    assert answer["changes"] == [] and answer["changed_options"] == []


def test_what_if_names_an_option_that_does_not_fit(client: FlaskClient) -> None:
    table = tied_call(client)
    answer = client.post(f"/api/matches/{table.id}/what-if",
                         json={"options": {"caller_wins_ties": "perhaps"}})
    assert answer.status_code == 422
    assert answer.json["where"] == "body.options.caller_wins_ties"
    assert "caller_wins_ties" in answer.json["message"]


def test_what_if_of_an_unknown_option_is_refused(client: FlaskClient) -> None:
    table = tied_call(client)
    answer = client.post(f"/api/matches/{table.id}/what-if", json={"options": {"jokers": 2}})
    assert answer.status_code == 422 and answer.json["where"] == "body.options.jokers"


def test_what_if_of_a_missing_match_is_404(client: FlaskClient) -> None:
    assert client.post("/api/matches/999/what-if", json={"options": {}}).status_code == 404


# --- the night -------------------------------------------------------------------------------


def test_night_leaderboard_matches_the_hand_computed_night(client: FlaskClient,
                                                           night: dict[str, Any]) -> None:
    board = client.get(f"/api/nights/{night['night']}/board").json
    assert [(ln["place"], ln["name"], ln["points"], ln["won"]) for ln in board["leaderboard"]] \
        == [(1, "Bob", 6, 0), (2, "Alice", 5, 1), (2, "Dan", 5, 1), (4, "Chloé", 2, 0)]
    assert board["placement_points"] == [5, 3, 2, 1]


def test_night_recap_matches_the_hand_computed_night(client: FlaskClient,
                                                     night: dict[str, Any]) -> None:
    recap = client.get(f"/api/nights/{night['night']}/board").json["recap"]
    assert [(w["match_id"], w["winners"]) for w in recap["winners"]] == [
        (night["matches"][0], ["Alice"]), (night["matches"][1], ["Dan"])]
    assert recap["biggest_citron_coco"] == {"match_id": night["matches"][0], "coconuts": 16,
                                            "name": "Alice"}
    assert recap["most_missplays"]["name"] == "Bob" and recap["most_missplays"]["missplays"] == 1
    assert recap["longest_match"]["match_id"] == night["matches"][0]
    assert recap["longest_match"]["minutes"] == 40


def test_night_lists_the_matches_still_running(client: FlaskClient,
                                               night: dict[str, Any]) -> None:
    running = client.get(f"/api/nights/{night['night']}/board").json["running"]
    assert [(r["match_id"], r["players"]) for r in running] == [
        (night["matches"][2], ["Alice", "Dan"])]


def test_night_placement_points_can_be_set(client: FlaskClient, night: dict[str, Any]) -> None:
    answer = client.put(f"/api/nights/{night['night']}/points",
                        json={"placement_points": [10, 4, 1]}, headers=auth(night["night_token"]))
    assert answer.status_code == 200
    board = client.get(f"/api/nights/{night['night']}/board").json["leaderboard"]
    assert [(ln["name"], ln["points"]) for ln in board] == [
        ("Alice", 10), ("Dan", 10), ("Bob", 8), ("Chloé", 1)]


def test_night_placement_points_that_rise_are_refused(client: FlaskClient,
                                                      night: dict[str, Any]) -> None:
    answer = client.put(f"/api/nights/{night['night']}/points",
                        json={"placement_points": [1, 5]}, headers=auth(night["night_token"]))
    assert answer.status_code == 422 and answer.json["where"] == "body.placement_points"


# --- players ---------------------------------------------------------------------------------


def test_player_stats_match_the_hand_computed_night(client: FlaskClient,
                                                    night: dict[str, Any]) -> None:
    """Bob: 2 played, no win, 12 and 26 coconuts, one missplay, one failed call (CC-CALL-5)."""
    stats = client.get(f"/api/players/{night['players']['Bob']}/stats").json
    (game,) = stats["games"]
    assert game == {"game": "citroncoco", "played": 2, "finished": 2, "won": 0,
                    "win_rate": 0.0, "average_score": 19.0, "best_score": 12,
                    "missplays": 1, "missplays_per_match": 0.5, "calls": 1, "calls_won": 0,
                    "call_success_rate": 0.0}
    assert [(r["rank"], r["score"]) for r in stats["results"]] == [(2, 12), (2, 26)]


def test_player_call_success_rate(client: FlaskClient, night: dict[str, Any]) -> None:
    """Alice's one call succeeded (CC-CALL-4)."""
    (game,) = client.get(f"/api/players/{night['players']['Alice']}/stats").json["games"]
    assert (game["calls"], game["calls_won"], game["call_success_rate"]) == (1, 1, 1.0)
    assert (game["won"], game["win_rate"], game["best_score"]) == (1, 1.0, -16)


def test_head_to_head(client: FlaskClient, night: dict[str, Any]) -> None:
    p = night["players"]
    answer = client.get(f"/api/players/{p['Alice']}/versus/{p['Bob']}").json
    assert answer["total"] == {"played": 1, "ahead": 1, "behind": 0, "level": 0}
    back = client.get(f"/api/players/{p['Bob']}/versus/{p['Alice']}").json
    assert back["total"] == {"played": 1, "ahead": 0, "behind": 1, "level": 0}


def test_stats_of_a_missing_player_is_404(client: FlaskClient) -> None:
    assert client.get("/api/players/999/stats").status_code == 404


# --- CSV -------------------------------------------------------------------------------------


def test_match_sheet_is_round_by_round(client: FlaskClient, night: dict[str, Any]) -> None:
    sheet = client.get(f"/api/matches/{night['matches'][0]}/sheet.csv")
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    assert rows(sheet.data) == [["round", "Alice", "Bob", "Chloé"], ["1", "-16", "12", "16"],
                                ["2", "0", "0", "20"], ["total", "-16", "12", "36"]]


def test_night_results_csv(client: FlaskClient, night: dict[str, Any]) -> None:
    table = rows(client.get(f"/api/nights/{night['night']}/results.csv").data)
    assert table[0] == ["match_id", "game", "status", "seat", "player_id", "player", "score",
                        "rank", "won", "points", "missplays", "game_name", "status_name"]
    assert [(r[5], r[9]) for r in table[1:]] == [("Alice", "5"), ("Bob", "3"), ("Chloé", "2"),
                                                 ("Bob", "3"), ("Dan", "5")]


def test_player_matches_csv(client: FlaskClient, night: dict[str, Any]) -> None:
    table = rows(client.get(f"/api/players/{night['players']['Bob']}/matches.csv").data)
    assert table[0][:3] == ["match_id", "created_at", "ended_at"]
    assert [(r[0], r[7], r[9]) for r in table[1:]] == [
        (str(night["matches"][1]), "2", "26"), (str(night["matches"][0]), "2", "12")]


FORMULA = '=HYPERLINK("http://example.com","x")'


@pytest.mark.parametrize("sheet", ["/api/matches/{match}/sheet.csv", "/history.csv"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(
        client: FlaskClient, sheet: str) -> None:
    """A player named '=HYPERLINK(…)' (or '+…', '-…', '@…'): the sheets write the name with
    a leading apostrophe (one cell writer for every sheet), so a spreadsheet opening the CSV
    shows it and runs nothing."""
    soiree = new_night(client, "Soirée")
    night = soiree.id
    made = client.post("/api/matches", json={
        "game": "citroncoco", "night_id": night,
        "seats": [{"name": FORMULA}, {"name": "@SUM(A1)"}]}, headers=auth(soiree.host)).json
    address = sheet.format(match=made["id"], night=night, player=made["seats"][0]["player_id"])
    cells = [c for row in rows(client.get(address).data) for c in row]
    assert not any(c.startswith(("=", "+", "@")) for c in cells), cells
    assert any(FORMULA in c for c in cells), cells


def test_csv_of_a_missing_night_is_404(client: FlaskClient) -> None:
    assert client.get("/api/nights/999/results.csv").status_code == 404


# --- BG Stats --------------------------------------------------------------------------------


def test_bgstats_link_carries_the_play(client: FlaskClient, night: dict[str, Any]) -> None:
    answer = client.get(f"/api/matches/{night['matches'][0]}/bgstats").json
    prefix = "bgstats://app.bgstatsapp.com/addPlay.html?data="
    assert answer["link"].startswith(prefix)
    play = json.loads(unquote(answer["link"][len(prefix):]))
    assert play["sourceName"] == "Referee"
    assert play["durationMin"] == 40 and play["playDate"] == "2026-11-20 20:00:00"
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Alice", "-16", True, True), ("Bob", "12", False, False), ("Chloé", "36", False, False)]
    assert play["game"]["highestWins"] is False


def test_bgstats_refuses_a_match_under_way(client: FlaskClient, night: dict[str, Any]) -> None:
    answer = client.get(f"/api/matches/{night['matches'][2]}/bgstats")
    assert answer.status_code == 409 and "not finished" in answer.json["message"]


def test_bgstats_play_id_is_stable(client: FlaskClient, night: dict[str, Any]) -> None:
    first = client.get(f"/api/matches/{night['matches'][0]}/bgstats").json["play"]
    again = client.get(f"/api/matches/{night['matches'][0]}/bgstats").json["play"]
    assert first["sourcePlayId"] == again["sourcePlayId"]


def test_seat_token_still_logs_after_stats_refresh(client: FlaskClient,
                                                   night: dict[str, Any]) -> None:
    """Appends keep writing the results read models (the running match gets its rows)."""
    match_id = night["matches"][2]
    answer = client.post(f"/api/matches/{match_id}/events", headers=auth(night["host"]),
                         json={"type": "draw", "seat": 0, "payload": {"source": "stock"}})
    assert answer.status_code == 201
    stats = client.get(f"/api/players/{night['players']['Dan']}/stats").json["games"][0]
    assert stats["played"] == 2 and stats["finished"] == 1


def test_a_copy_imported_on_purpose_stays_out_of_the_stats(client: FlaskClient,
                                                           night: dict[str, Any]) -> None:
    exported = client.get(f"/api/matches/{night['matches'][0]}/export").json
    copied = client.post("/api/matches/import?copy=true", json=exported)
    assert copied.status_code == 201, copied.json
    (game,) = client.get(f"/api/players/{night['players']['Alice']}/stats").json["games"]
    assert game["played"] == 1
