"""The ratings read model on both databases: recomputed after the commit from the results,
from the match that changed on; rebuilt to the very same values; copies, abandoned and
unfinished matches left out; « updating » while a recomputation is due."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, text

from referee import database
from referee.cli import main
from referee.service import backup, ratings
from referee.service.skill import OVERALL
from referee.store import models
from tests.conftest import migrated_app
from tests.helpers import Table, auth, move, new_match


def plouc(client: FlaskClient, winner: int, players: int = 3, **extra: Any) -> Table:
    """A rounds-only Carte et Plouc match, ended by its one round: ``winner`` first."""
    table = new_match(client, game="plouc", mode="rounds", players=players, **extra)
    cards = [0 if s == winner else 3 + s for s in range(players)]
    answer = move(client, table, "round", None, {"winner": winner, "cards": cards})
    assert answer.status_code == 201, answer.json
    return table


def settled(app: Flask) -> None:
    assert ratings.job_of(database(app)).wait(30), "the ratings job never went idle"


def rows(app: Flask) -> list[tuple[Any, ...]]:
    """Every rating row, in a comparable form."""
    with database(app).engine.connect() as conn:
        return [(r.scope, r.player_id, r.match_id, round(r.mu, 9), round(r.sigma, 9),
                 round(r.change, 9)) for r in conn.execute(
            select(models.PlayerRating).order_by(models.PlayerRating.scope,
                                                 models.PlayerRating.player_id,
                                                 models.PlayerRating.match_id))]


def rating(app: Flask, player: int, scope: str = OVERALL) -> float:
    with database(app).engine.connect() as conn:
        return float(conn.execute(text(
            "SELECT mu FROM player_ratings WHERE player_id = :p AND scope = :s "
            "ORDER BY ended_at DESC, match_uuid DESC LIMIT 1"), {"p": player, "s": scope})
            .scalar_one())


def player_of(table: Table, seat: int) -> int:
    return int(table.body["seats"][seat]["player_id"])


def test_a_match_that_ends_is_rated_after_its_commit(app: Flask, client: FlaskClient) -> None:
    """Requirement: when a match ends the ratings are recomputed (per game and overall), the
    winner above the others."""
    table = plouc(client, winner=1)
    settled(app)
    scopes = {(r[0], r[1]) for r in rows(app)}
    assert scopes == {(s, player_of(table, i)) for s in ("plouc", OVERALL) for i in range(3)}
    assert rating(app, player_of(table, 1), "plouc") > rating(app, player_of(table, 0), "plouc")


def test_a_rebuild_gives_the_same_values(app: Flask, client: FlaskClient) -> None:
    """Requirement: ``referee rebuild-read-models`` rebuilds the ratings to the same values."""
    for winner in (0, 1, 2, 1):
        plouc(client, winner)
    settled(app)
    before = rows(app)
    result = app.test_cli_runner().invoke(main, ["rebuild-read-models"])
    assert result.exit_code == 0, result.output
    assert rows(app) == before and len(before) == 4 * 3 * 2


def test_an_unfinished_match_is_not_rated(app: Flask, client: FlaskClient) -> None:
    """Requirement: unfinished matches do not count."""
    new_match(client, game="plouc", mode="rounds")
    ratings.rebuild(database(app))
    assert rows(app) == []


def test_an_abandoned_match_is_not_rated(app: Flask, client: FlaskClient) -> None:
    """Requirement: abandoned matches (status "abandoned") do not count."""
    table = new_match(client, game="citroncoco", mode="rounds", options={"target": 30})
    move(client, table, "round", None, {"caller": 0, "totals": [2, 14, 20]})
    assert move(client, table, "abandon", None, {}).status_code == 201
    ratings.rebuild(database(app))
    assert rows(app) == []


def test_a_copy_is_not_rated(app: Flask, client: FlaskClient) -> None:
    """Requirement: a match made as a copy of another does not count (the original does)."""
    table = plouc(client, winner=0)
    exported = client.get(f"/api/matches/{table.id}/export", headers=auth(table.host)).json
    copied = client.post("/api/matches/import?copy=true", json=exported)
    assert copied.status_code == 201, copied.json
    settled(app)
    assert {r[2] for r in rows(app)} == {table.id}


def test_a_voided_end_takes_the_match_out(app: Flask, client: FlaskClient) -> None:
    """Requirement: a corrected match is rated again from its place (a void of its last
    round: it no longer counts)."""
    first = plouc(client, winner=0)
    second = plouc(client, winner=2)
    settled(app)
    answer = client.post(f"/api/matches/{first.id}/events", headers=auth(first.host),
                         json={"type": "void", "payload": {"seq": 1, "reason": "wrong"}})
    assert answer.status_code == 201, answer.json
    settled(app)
    assert {r[2] for r in rows(app)} == {second.id}
    after = rows(app)
    ratings.rebuild(database(app))
    assert rows(app) == after


def test_an_import_ended_earlier_is_rated_in_its_place(app: Flask, client: FlaskClient) -> None:
    """Requirement: a match imported with an end earlier than later matches is rated from
    there on: the ratings are those of the matches in the order they ended."""
    early = plouc(client, winner=2)
    exported = client.get(f"/api/matches/{early.id}/export", headers=auth(early.host)).json
    plouc(client, winner=0)
    plouc(client, winner=1)
    exported["uuid"] = str(uuid.uuid4())  # another match, logged on another device
    for event in exported["events"]:
        event["recorded_at"] = "2020-01-01T20:00:00+00:00"
    answer = client.post("/api/matches/import", json=exported)
    assert answer.status_code == 201, answer.json
    settled(app)
    imported = rows(app)
    assert answer.json["id"] in {r[2] for r in imported}
    ratings.rebuild(database(app))
    assert rows(app) == imported


def test_the_player_answer_says_updating_until_done(app: Flask, client: FlaskClient) -> None:
    """Requirement: the ratings are shown as « updating » while a recomputation is due (a
    mark left after a commit), and no longer once it is done (a leaderboard's read wakes the
    job for a mark whose process is gone)."""
    alice = player_of(plouc(client, winner=0), 0)
    settled(app)
    with database(app).unit_of_work() as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    assert client.get(f"/api/players/{alice}").json["ratings_updating"] is True
    assert client.get("/api/ratings").json["updating"] is True
    settled(app)
    answer = client.get(f"/api/players/{alice}").json
    assert answer["ratings_updating"] is False and answer["ratings"][0]["scope"] == OVERALL


def test_racing_recomputations_agree(app: Flask, client: FlaskClient) -> None:
    """Requirement: several workers recomputing at once (a lock, the marks kept) end with the
    ratings a rebuild gives."""
    for winner in (0, 1, 2):
        plouc(client, winner)
    settled(app)
    db = database(app)
    with db.unit_of_work() as session:
        session.add(models.RatingsDue(ended_at=None, match_uuid=""))
    threads = [threading.Thread(target=ratings.settle, args=(db,)) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    raced = rows(app)
    ratings.rebuild(db)
    assert rows(app) == raced and len(raced) == 3 * 3 * 2
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM ratings_due")).scalar_one() == 0


@pytest.fixture
def two_tables(client: FlaskClient) -> tuple[Table, Table]:
    return plouc(client, winner=0), plouc(client, winner=0)


def test_the_leaderboard_pages(app: Flask, client: FlaskClient,
                               two_tables: tuple[Table, Table]) -> None:
    """Requirement: a rating leaderboard per game, paged like the players list."""
    settled(app)
    first = client.get("/api/ratings?game=plouc&per_page=2")
    assert first.status_code == 200, first.json
    body = first.json
    assert body["has_more"] is True and body["items"][0]["player"]["name"] == "Alice"
    assert 'rel="next"' in first.headers["Link"] and "game=plouc" in first.headers["Link"]
    last = client.get("/api/ratings?game=plouc&per_page=2&page=2").json
    assert [r["position"] for r in last["items"]] == [3] and last["has_more"] is False


def test_an_unknown_game_has_no_leaderboard(client: FlaskClient) -> None:
    """House rule: bad input is a clear 4xx saying where."""
    answer = client.get("/api/ratings?game=chess")
    assert answer.status_code == 404 and answer.json["where"] == "query.game"


def test_a_team_is_one_side(app: Flask, client: FlaskClient) -> None:
    """Requirement: teams as teams (citroncoco-teams sides, CCT-SEATS-1): partners share
    their side's place and move alike, the winning partners above the losing ones."""
    table = new_match(client, game="citroncoco-teams", players=4, mode="rounds",
                      options={"target": 30})
    answer = move(client, table, "round", None, {"caller": 0, "totals": [1, 20, 2, 10]})
    assert answer.status_code == 201 and answer.json["standings"]["finished"], answer.json
    settled(app)
    team = {i: rating(app, player_of(table, i), "citroncoco-teams") for i in range(4)}
    assert team[0] == team[2] > team[1] == team[3]


def test_a_tie_shares_the_place(app: Flask, client: FlaskClient) -> None:
    """Requirement: ties share a rank — two players tied behind the winner, each their own
    side, move alike."""
    table = new_match(client, game="plouc", mode="rounds")
    assert move(client, table, "round", None,
                {"winner": 0, "cards": [0, 4, 4]}).status_code == 201
    settled(app)
    assert rating(app, player_of(table, 1), "plouc") == rating(app, player_of(table, 2), "plouc")


def test_a_restore_rates_what_it_brings(app: Flask, client: FlaskClient,
                                        tmp_path: Path) -> None:
    """Requirement: the ratings are a read model: a backup restored elsewhere rates its
    matches to the very same values, after the restore's commit."""
    for winner in (2, 0):
        plouc(client, winner)
    settled(app)
    other = migrated_app(f"sqlite:///{tmp_path / 'restored.sqlite3'}")
    try:
        backup.restore(database(other), backup.dump(database(app)))
        settled(other)
        assert rows(other) == rows(app) and rows(app)
    finally:
        database(other).engine.dispose()
