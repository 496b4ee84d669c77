"""A night of several tables through the API, on both databases: the host keeps the roster,
seats the next round (a proposal from a stored seed, avoiding repeats), adjusts it and starts
it (a match per table, filed into the night); bad input is a 4xx saying where; others read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.cli import main, upgrade_database
from tests.helpers import NightMade, auth, new_night

TWELVE = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès", "Jules",
          "Karim", "Léa"]


@pytest.fixture
def night(client: FlaskClient) -> NightMade:
    return new_night(client)


def present(client: FlaskClient, night: NightMade, names: list[str]) -> list[int]:
    ids = []
    for name in names:
        answer = client.post(f"/api/nights/{night.id}/roster", json={"name": name},
                             headers=auth(night.host))
        assert answer.status_code == 201, answer.json
        ids.append(answer.json["player_id"])
    return ids


def propose(client: FlaskClient, night: NightMade, **body: Any) -> Any:
    return client.post(f"/api/nights/{night.id}/rounds", json={"game": "citroncoco", **body},
                       headers=auth(night.host))


def seated(round_: dict[str, Any]) -> list[list[int]]:
    return [[p["player_id"] for p in t["players"]] for t in round_["tables"]]


def start(client: FlaskClient, night: NightMade, number: int) -> Any:
    return client.post(f"/api/nights/{night.id}/rounds/{number}/start", headers=auth(night.host))


# --- the roster -------------------------------------------------------------------------------


def test_a_name_on_the_roster_is_the_same_player_as_in_matches(
        client: FlaskClient, night: NightMade) -> None:
    """A name is read as everywhere (normalised, case ignored): « ALICE » with spaces is the
    Alice a match seated; added twice, the roster lists her once."""
    made = client.post("/api/matches", json={"game": "citroncoco", "options": {},
                                             "seats": [{"name": "Alice"}, {"name": "Bob"}]})
    alice = made.json["seats"][0]["player_id"]
    assert present(client, night, ["  ALICE ", "alice"]) == [alice, alice]
    roster = client.get(f"/api/nights/{night.id}/roster").json["items"]
    assert [(p["player_id"], p["name"]) for p in roster] == [(alice, "Alice")]


def test_changing_the_roster_needs_the_nights_host_token(
        client: FlaskClient, night: NightMade) -> None:
    assert client.post(f"/api/nights/{night.id}/roster",
                       json={"name": "Alice"}).status_code == 401
    other = new_night(client, "Other")
    assert client.post(f"/api/nights/{night.id}/roster", json={"name": "Alice"},
                       headers=auth(other.host)).status_code == 403
    assert client.get(f"/api/nights/{night.id}/roster").json["items"] == []


def test_a_player_leaves_the_roster(client: FlaskClient, night: NightMade) -> None:
    alice, bob = present(client, night, ["Alice", "Bob"])
    gone = client.delete(f"/api/nights/{night.id}/roster/{alice}", headers=auth(night.host))
    assert gone.status_code == 204
    roster = client.get(f"/api/nights/{night.id}/roster").json["items"]
    assert [p["player_id"] for p in roster] == [bob]
    again = client.delete(f"/api/nights/{night.id}/roster/{alice}", headers=auth(night.host))
    assert again.status_code == 404 and again.json["where"] == "path.player_id"


def test_an_unknown_player_id_on_the_roster_is_422(client: FlaskClient, night: NightMade) -> None:
    answer = client.post(f"/api/nights/{night.id}/roster", json={"player_id": 99999},
                         headers=auth(night.host))
    assert answer.status_code == 422 and answer.json["where"] == "body.player_id"


# --- seating a round --------------------------------------------------------------------------


def test_twelve_players_are_seated_at_three_tables_of_four(
        client: FlaskClient, night: NightMade) -> None:
    """Requirement: a club night of twelve plays at three tables; nobody twice, no bye."""
    ids = present(client, night, TWELVE)
    answer = propose(client, night)
    assert answer.status_code == 201, answer.json
    tables = seated(answer.json)
    assert sorted(len(t) for t in tables) == [4, 4, 4]
    assert sorted(p for t in tables for p in t) == sorted(ids)
    assert answer.json["byes"] == [] and answer.json["badness"] == 0
    assert answer.json["number"] == 1 and not answer.json["started"]


def test_the_same_seed_gives_the_same_seating(client: FlaskClient, night: NightMade) -> None:
    """A round's seed is stored: proposing again from it seats everyone as before."""
    present(client, night, TWELVE)
    first = propose(client, night).json
    again = propose(client, night, seed=first["seed"]).json
    assert again["number"] == 1  # the open proposal is replaced, not a new round
    assert seated(again) == seated(first)


def test_the_next_round_avoids_the_opponents_of_the_first(
        client: FlaskClient, night: NightMade) -> None:
    """After three tables of four, each new table has at most two who met: the least there
    can be (pigeonhole: four players from three tables), badness 3."""
    present(client, night, TWELVE)
    first = propose(client, night).json
    assert start(client, night, 1).status_code == 201
    second = propose(client, night).json
    assert second["number"] == 2
    assert second["badness"] == 3 and second["repeats"] == 3
    before = [set(t) for t in seated(first)]
    for table in seated(second):
        assert all(len(set(table) & old) <= 2 for old in before)


def test_a_team_game_gives_byes_only_when_fours_do_not_fit(
        client: FlaskClient, night: NightMade) -> None:
    """Teams need fours: of nine players, two tables and one bye; the bye goes round."""
    present(client, night, TWELVE[:9])
    first = propose(client, night, game="citroncoco-teams").json
    assert [len(t) for t in seated(first)] == [4, 4] and len(first["byes"]) == 1
    assert first["teams"] and first["tables"][0]["partners"] == [[0, 2], [1, 3]]
    assert start(client, night, 1).status_code == 201
    second = propose(client, night, game="citroncoco-teams").json
    assert second["byes"] != first["byes"]


def test_too_few_players_for_the_game_is_422(client: FlaskClient, night: NightMade) -> None:
    present(client, night, ["Alice", "Bob"])
    answer = propose(client, night, game="neurotrio")
    assert answer.status_code == 422 and answer.json["where"] == "body.game"


def test_seating_a_round_needs_the_host(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    answer = client.post(f"/api/nights/{night.id}/rounds", json={"game": "citroncoco"})
    assert answer.status_code == 401


# --- adjusting it -----------------------------------------------------------------------------


def adjust(client: FlaskClient, night: NightMade, tables: list[list[int]]) -> Any:
    return client.put(f"/api/nights/{night.id}/rounds/1", json={"tables": tables},
                      headers=auth(night.host))


def test_the_host_moves_a_player_to_another_table(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    moved = tables[0].pop()
    tables[1].append(moved)
    answer = adjust(client, night, tables)
    assert answer.status_code == 200, answer.json
    assert seated(answer.json) == tables
    assert answer.json["proposed"]["badness"] == 0


def test_leaving_a_player_out_makes_them_sit_out(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    out = tables[0].pop()
    answer = adjust(client, night, tables)
    assert [p["player_id"] for p in answer.json["byes"]] == [out]


def test_a_player_not_on_the_roster_is_422_where_they_sit(
        client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    tables[2][1] = 99999
    answer = adjust(client, night, tables)
    assert answer.status_code == 422 and answer.json["where"] == "body.tables.2.1"
    assert "roster" in answer.json["message"]


def test_a_table_outside_the_seat_range_is_422(client: FlaskClient, night: NightMade) -> None:
    """CitronCoco is played by 2 to 6: a table of seven is refused, naming the table."""
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    answer = adjust(client, night, [tables[0] + tables[1][:3], tables[1][3:] + tables[2]])
    assert answer.status_code == 422 and answer.json["where"] == "body.tables.0"
    assert "2 to 6" in answer.json["message"]


def test_a_player_at_two_tables_is_422(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    tables[1][0] = tables[0][0]
    answer = adjust(client, night, tables)
    assert answer.status_code == 422 and answer.json["where"] == "body.tables.1.0"


def test_a_started_round_cannot_be_adjusted(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    start(client, night, 1)
    assert adjust(client, night, tables).status_code == 409
    assert start(client, night, 1).status_code == 409


# --- starting it ------------------------------------------------------------------------------


def test_starting_makes_a_match_per_table_in_the_night(
        client: FlaskClient, night: NightMade) -> None:
    """Each table a match of the game, its players in seat order, filed into the night, with
    its own host and seat tokens (shown this once)."""
    present(client, night, TWELVE)
    tables = seated(propose(client, night).json)
    answer = start(client, night, 1)
    assert answer.status_code == 201, answer.json
    made = answer.json["matches"]
    assert [m["table"] for m in made] == [1, 2, 3]
    assert answer.json["round"]["started"]
    for table, m in zip(tables, made, strict=True):
        match = client.get(f"/api/matches/{m['match_id']}").json
        assert match["night_id"] == night.id and match["game"] == "citroncoco"
        assert [s["player_id"] for s in match["seats"]] == table
        assert len(m["seat_tokens"]) == 4
        state = client.get(f"/api/matches/{m['match_id']}/state", headers=auth(m["host_token"]))
        assert state.status_code == 200
    night_matches = client.get(f"/api/nights/{night.id}").json["matches"]
    assert sorted(m["id"] for m in night_matches) == sorted(m["match_id"] for m in made)


def test_the_rounds_are_public_to_read(client: FlaskClient, night: NightMade) -> None:
    present(client, night, TWELVE)
    propose(client, night)
    read = client.get(f"/api/nights/{night.id}/rounds")
    assert read.status_code == 200
    assert len(read.json["roster"]) == 12 and len(read.json["rounds"]) == 1
    assert night.host not in read.get_data(as_text=True)


def test_a_player_who_comes_after_the_proposal_sits_out_that_round(
        client: FlaskClient, night: NightMade) -> None:
    """Not in the proposal, not at a table: started as it was, the late comer sat it out
    (and so goes first for the next round's byes)."""
    present(client, night, TWELVE)
    propose(client, night)
    late, = present(client, night, ["Zoé"])
    started = start(client, night, 1).json["round"]
    assert [p["player_id"] for p in started["byes"]] == [late]
    roster = client.get(f"/api/nights/{night.id}/roster").json["items"]
    assert next(p["byes"] for p in roster if p["player_id"] == late) == 1


def test_removing_a_seated_player_drops_the_open_proposal(
        client: FlaskClient, night: NightMade) -> None:
    """The proposal no longer fits the roster: it goes, and the host seats the round again."""
    ids = present(client, night, TWELVE)
    propose(client, night)
    client.delete(f"/api/nights/{night.id}/roster/{ids[0]}", headers=auth(night.host))
    assert client.get(f"/api/nights/{night.id}/rounds").json["rounds"] == []
    assert start(client, night, 1).status_code == 404


def test_a_backup_keeps_the_roster_and_the_rounds(app: Flask, client: FlaskClient,
                                                  night: NightMade, tmp_path: Path) -> None:
    """Restored into an empty instance: the same roster, the started round with its matches
    and the open proposal (its seed too), so the next round avoids the same opponents."""
    present(client, night, TWELVE)
    propose(client, night)
    start(client, night, 1)
    propose(client, night)
    before = client.get(f"/api/nights/{night.id}/rounds").json
    file = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(main, ["backup", str(file)]).exit_code == 0
    fresh = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.db'}"})
    upgrade_database(fresh)
    assert fresh.test_cli_runner().invoke(main, ["restore", str(file)]).exit_code == 0
    after = fresh.test_client().get(f"/api/nights/{night.id}/rounds").json
    assert {**after, "rounds": [{**r, "started_at": None} for r in after["rounds"]]} == \
        {**before, "rounds": [{**r, "started_at": None} for r in before["rounds"]]}
    database(fresh).engine.dispose()


def test_a_backup_with_unreadable_night_tables_restores_nothing(
        app: Flask, client: FlaskClient, night: NightMade, tmp_path: Path) -> None:
    """A round naming a night the backup lacks: the restore is refused in words, all or
    nothing (the restore's one transaction)."""
    present(client, night, ["Alice", "Bob"])
    file = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(main, ["backup", str(file)]).exit_code == 0
    data = json.loads(file.read_text())
    data["night_tables"]["rounds"] = [{"night_id": 999, "number": 1}]
    file.write_text(json.dumps(data))
    fresh = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.db'}"})
    upgrade_database(fresh)
    refused = fresh.test_cli_runner().invoke(main, ["restore", str(file)])
    assert refused.exit_code != 0 and "night tables cannot be read" in refused.output
    assert fresh.test_client().get("/api/nights").json["items"] == []
    database(fresh).engine.dispose()
