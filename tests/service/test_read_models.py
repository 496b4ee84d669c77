"""The results read models: a rebuild from the logs equals what the appends wrote; backup and
restore; the what-if and rebuild commands."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import select

from referee import create_app, database
from referee.cli import main
from referee.store import models
from tests.helpers import auth
from tests.night_fixture import build_night

READ_MODELS = (models.SeatResult, models.MatchResult, models.MatchSummary, models.MatchTally)


def run(runner: FlaskCliRunner, *args: str) -> Result:
    return runner.invoke(main, list(args))


def read_models(app: Flask) -> dict[str, list[dict[str, Any]]]:
    """Every row of the read models (summaries with their times, tallies, results) and the
    seats' figures."""
    out: dict[str, list[dict[str, Any]]] = {}
    with database(app).reading() as session:
        for model in READ_MODELS:
            columns = [c.key for c in model.__table__.columns]
            out[model.__tablename__] = [
                {c: getattr(r, c) for c in columns}
                for r in session.scalars(select(model).order_by(*model.__table__.primary_key))]
        out["seats"] = [{"id": s.id, "total": s.total, "won": s.won, "missplays": s.missplays}
                        for s in session.scalars(select(models.Seat).order_by(models.Seat.id))]
    return out


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Flask]:
    """Another instance, empty: a migrated SQLite file of its own (where backups restore)."""
    from referee.cli import upgrade_database

    other = create_app({"TESTING": True,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}"})
    upgrade_database(other)
    yield other
    database(other).engine.dispose()


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    built = build_night(client)
    match_id = built["matches"][2]  # and a void in the running match
    for payload in ({"source": "stock"},):
        client.post(f"/api/matches/{match_id}/events", headers=auth(built["host"]),
                    json={"type": "draw", "seat": 0, "payload": payload})
    client.post(f"/api/matches/{match_id}/events", headers=auth(built["host"]),
                json={"type": "void", "payload": {"seq": 1, "reason": "wrong seat"}})
    return built


def test_rebuild_equals_what_the_appends_wrote(app: Flask, runner: FlaskCliRunner,
                                               night: dict[str, Any]) -> None:
    before = read_models(app)
    assert before["seat_results"], "the fixture night wrote results"
    result = run(runner, "rebuild-read-models")
    assert result.exit_code == 0, result.output
    assert "3 match(es)" in result.output
    assert read_models(app) == before


def test_rebuild_of_rounds_only_matches_equals_what_the_appends_wrote(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner) -> None:
    """Quick scoring's results (a Neurotrio game, a corrected Carte et Plouc, CitronCoco
    rounds) are read models like any: a rebuild writes the very same rows."""
    from tests.helpers import move, new_match

    neuro = new_match(client, game="neurotrio", mode="rounds")
    move(client, neuro, "round", None, {"last": 2, "points": [
        {"placements": 10, "finish": 5}, {"placements": 12, "finish": 3},
        {"placements": 8, "penalties": -5}]})
    plouc = new_match(client, game="plouc", mode="rounds")
    move(client, plouc, "round", None, {"winner": 1, "cards": [4, 0, 2]})
    client.post(f"/api/matches/{plouc.id}/events", headers=auth(plouc.host), json={
        "type": "correct", "payload": {"seq": 1, "reason": "recounted", "move": {
            "type": "round", "payload": {"winner": 2, "cards": [4, 1, 0]}}}})
    coco = new_match(client, mode="rounds", options={"target": 30})
    move(client, coco, "round", None, {"caller": 0, "totals": [4, 12, 16]})
    before = read_models(app)
    assert len(before["seat_results"]) == 9
    assert run(runner, "rebuild-read-models").exit_code == 0
    assert read_models(app) == before


def test_rebuild_restores_read_models_that_were_lost(app: Flask, runner: FlaskCliRunner,
                                                     night: dict[str, Any]) -> None:
    before = read_models(app)
    with database(app).unit_of_work() as session:
        for row in session.scalars(select(models.SeatResult)):
            session.delete(row)
    assert run(runner, "rebuild-read-models", str(night["matches"][0])).exit_code == 0
    after = read_models(app)
    assert [r for r in after["seat_results"] if r["match_id"] == night["matches"][0]] == [
        r for r in before["seat_results"] if r["match_id"] == night["matches"][0]]


def test_rebuild_of_a_missing_match_fails_in_words(runner: FlaskCliRunner, app: Flask) -> None:
    result = run(runner, "rebuild-read-models", "4242")
    assert result.exit_code == 1 and "There is no match 4242" in result.output


def test_what_if_command_lists_the_changed_verdicts(client: FlaskClient,
                                                    runner: FlaskCliRunner,
                                                    night: dict[str, Any]) -> None:
    """Match B's failed call (CC-CALL-5) stands whatever the tie rule: no tie there."""
    result = run(runner, "what-if", str(night["matches"][1]), "--option", "target=30")
    assert result.exit_code == 0, result.output
    assert "Options changed: target" in result.output
    assert "Standings what-if:" in result.output


def test_what_if_command_gives_the_totals_by_the_players_names(
        runner: FlaskCliRunner, night: dict[str, Any]) -> None:
    """Match B under a target of 30: Bob's 26 no longer sinks him (CC-CALL-5 stands), so the
    match is still on; both lines name Bob and Dan."""
    result = run(runner, "what-if", str(night["matches"][1]), "--option", "target=30")
    assert "Standings now:     Bob: 26, Dan: 0 (coconuts). Dan wins" in result.output
    assert "Standings what-if: Bob: 26, Dan: 0 (coconuts)." in result.output


def test_what_if_command_names_a_bad_option(runner: FlaskCliRunner,
                                            night: dict[str, Any]) -> None:
    result = run(runner, "what-if", str(night["matches"][1]), "--option", "target=many")
    assert result.exit_code == 1 and "target" in result.output


def test_backup_then_restore_into_an_empty_instance_keeps_ids_and_tokens(
        app: Flask, runner: FlaskCliRunner, night: dict[str, Any], tmp_path: Path,
        fresh: Flask) -> None:
    file = tmp_path / "backup.json"
    assert run(runner, "backup", str(file)).exit_code == 0
    result = fresh.test_cli_runner().invoke(main, ["restore", str(file)])
    assert result.exit_code == 0, result.output
    assert "Restored 3 match(es) (0 already here)" in result.output
    client = fresh.test_client()
    board = client.get(f"/api/nights/{night['night']}/board").json
    assert [ln["points"] for ln in board["leaderboard"]] == [6, 5, 5, 2]
    # the host's join token still opens the running match
    answer = client.post(f"/api/matches/{night['matches'][2]}/events",
                         headers=auth(night["host"]),
                         json={"type": "draw", "seat": 0, "payload": {"source": "stock"}})
    assert answer.status_code == 201, answer.json


def test_backup_then_restore_keeps_a_rounds_only_match(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path,
        fresh: Flask) -> None:
    """Quick scoring survives the way out and in: the mode, the round judged again
    (PL-RND-1: Bob out first, Alice 4 cards left), the result on the night's board."""
    from tests.helpers import move, new_match, new_night

    made = new_night(client, "Quick")
    night_id = made.id
    table = new_match(client, game="plouc", players=2, mode="rounds", night_id=night_id,
                      night_token=made.host)
    assert move(client, table, "round", None, {"winner": 1, "cards": [4, 0]}).status_code == 201
    file = tmp_path / "backup.json"
    assert run(runner, "backup", str(file)).exit_code == 0
    assert fresh.test_cli_runner().invoke(main, ["restore", str(file)]).exit_code == 0
    restored = fresh.test_client()
    match = restored.get(f"/api/matches/{table.id}").json
    assert (match["mode"], match["status"], match["standings"]["winners"]) == (
        "rounds", "finished", [1])
    board = restored.get(f"/api/nights/{night_id}/board").json
    assert [(ln["name"], ln["points"]) for ln in board["leaderboard"]] == [("Bob", 5),
                                                                          ("Alice", 3)]


def test_restore_onto_the_same_instance_skips_every_match(app: Flask, runner: FlaskCliRunner,
                                                         night: dict[str, Any],
                                                         tmp_path: Path) -> None:
    file = tmp_path / "backup.json"
    run(runner, "backup", str(file))
    result = run(runner, "restore", str(file))
    assert result.exit_code == 0, result.output
    assert "Restored 0 match(es) (3 already here)" in result.output


def test_restore_refuses_a_file_that_is_no_backup(runner: FlaskCliRunner, app: Flask,
                                                  tmp_path: Path) -> None:
    file = tmp_path / "nope.json"
    file.write_text(json.dumps({"format": "something else"}))
    result = run(runner, "restore", str(file))
    assert result.exit_code == 1 and "not a Referee backup" in result.output


@pytest.mark.parametrize(("spoil", "says"), [
    (lambda data: data["matches"][0].pop("game"),
     "Item 0 of the backup's list “matches” lacks what a restore reads: game"),
    (lambda data: data["players"].pop(0),
     "seats player 1, who is not in the backup"),
    (lambda data: data["nights"][0].update(id="one"),
     "Item 0 of the backup's list “nights” lacks what a restore reads: id"),
])
def test_restore_refuses_a_spoilt_backup_in_words_and_restores_nothing(
        app: Flask, runner: FlaskCliRunner, night: dict[str, Any], tmp_path: Path,
        spoil: Any, says: str, fresh: Flask) -> None:
    """A backup missing what a restore reads is refused before anything is written."""
    file = tmp_path / "backup.json"
    run(runner, "backup", str(file))
    data = json.loads(file.read_text())
    spoil(data)
    file.write_text(json.dumps(data))
    result = fresh.test_cli_runner().invoke(main, ["restore", str(file)])
    assert result.exit_code == 1 and says in result.output, result.output
    assert fresh.test_client().get("/api/players").json["items"] == []


def test_restore_judges_every_event_on_the_way_in(app: Flask, runner: FlaskCliRunner,
                                                  night: dict[str, Any],
                                                  tmp_path: Path, fresh: Flask) -> None:
    """A backup whose log the engine refuses (a reveal before the round's end, CC-END-1) is
    not restored."""
    file = tmp_path / "backup.json"
    run(runner, "backup", str(file))
    data = json.loads(file.read_text())
    data["matches"][0]["events"].insert(0, {
        "seq": 1, "type": "reveal", "seat": None, "actor": "host",
        "payload": {"hands": [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]}})
    for seq, event in enumerate(data["matches"][0]["events"], start=1):
        event["seq"] = seq
    file.write_text(json.dumps(data))
    result = fresh.test_cli_runner().invoke(main, ["restore", str(file)])
    assert result.exit_code == 1 and "Match 1: Event 1" in result.output


def test_restore_into_an_empty_instance_on_each_database(app: Flask, tmp_path: Path) -> None:
    """A backup made elsewhere restores into this (empty) database with its ids, and the
    instance goes on numbering after them (PostgreSQL sequences moved past the ids)."""
    from referee.cli import upgrade_database

    source = create_app({"TESTING": True,
                         "DATABASE_URL": f"sqlite:///{tmp_path / 'source.sqlite3'}"})
    upgrade_database(source)
    night = build_night(source.test_client())
    file = tmp_path / "backup.json"
    assert source.test_cli_runner().invoke(main, ["backup", str(file)]).exit_code == 0
    database(source).engine.dispose()
    result = app.test_cli_runner().invoke(main, ["restore", str(file)])
    assert result.exit_code == 0, result.output
    client = app.test_client()
    assert client.get(f"/api/nights/{night['night']}/board").json["finished"] == 2
    created = client.post("/api/matches", json={"game": "plouc", "seats": [
        {"name": "Alice"}, {"name": "Zoé"}]})
    assert created.status_code == 201, created.json
    assert created.json["id"] == max(night["matches"]) + 1


def test_rebuild_of_every_game_equals_what_the_appends_wrote(app: Flask, client: FlaskClient,
                                                             runner: FlaskCliRunner,
                                                             night: dict[str, Any]) -> None:
    """``referee rebuild-read-models [MATCH]``: after matches of every game (voids and all),
    a rebuild of all of them, and of one, leaves every read model as the appends wrote it —
    the summaries' times and outcomes too (requirement: "a rebuild equals what the appends
    produced")."""
    from tests.api.test_every_game import OPENINGS, play_opening

    tables = [play_opening(client, game) for game in sorted(OPENINGS)]
    void = client.post(f"/api/matches/{tables[0].id}/events", headers=auth(tables[0].host),
                       json={"type": "void", "payload": {"seq": 2, "reason": "slip"}})
    assert void.status_code == 201
    before = read_models(app)
    assert len(before["match_summaries"]) == 3 + len(OPENINGS)
    result = run(runner, "rebuild-read-models")
    assert result.exit_code == 0, result.output
    assert f"{3 + len(OPENINGS)} match(es)" in result.output
    assert read_models(app) == before
    assert run(runner, "rebuild-read-models", str(tables[-1].id)).exit_code == 0
    assert read_models(app) == before


def test_rebuild_repairs_a_summary_and_its_tallies(app: Flask, runner: FlaskCliRunner,
                                                   night: dict[str, Any]) -> None:
    """A summary that went wrong (its status, totals and outcome) is written again from the
    log, and the tallies follow its status back."""
    before = read_models(app)
    finished = night["matches"][0]
    with database(app).unit_of_work() as session:
        summary = session.get(models.MatchSummary, finished)
        tally = session.get(models.MatchTally, (summary.game, "finished",
                                                models.utc_day(summary.created_at)))
        summary.status, summary.totals = "in progress", {"outcome": "?"}
        tally.count -= 1  # as if an append had counted it as still in progress
        ongoing = session.get(models.MatchTally, (summary.game, "in progress", tally.day))
        ongoing.count += 1
    assert read_models(app) != before
    assert run(runner, "rebuild-read-models", str(finished)).exit_code == 0
    after = read_models(app)
    assert after["match_summaries"] == before["match_summaries"]
    assert {(t["game"], t["status"], t["day"]): t["count"] for t in after["match_tallies"]
            if t["count"]} == {(t["game"], t["status"], t["day"]): t["count"]
                               for t in before["match_tallies"] if t["count"]}
