"""Snapshots are an optimisation you can delete: snapshot + later events = a full replay."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import delete, select, update

from referee import database
from referee.service.cache import cache_for
from referee.service.replay import Folded, Loader
from referee.store import codec, models
from tests.helpers import move, new_match, plain_turn


@pytest.fixture
def snapshot_every() -> int:
    return 4


HOSTS: dict[int, str] = {}  # match id -> its host token


def play_turns(client: FlaskClient, turns: int) -> int:
    """Seats 0 and 1 pass a 5 back and forth through the discard; returns the match id."""
    table = new_match(client, players=2)
    HOSTS[table.id] = table.host
    plain_turn(client, table, 0)
    for turn in range(1, turns):
        plain_turn(client, table, turn % 2, source="discard")
    return table.id


def fold_both_ways(app: Flask, match_id: int) -> tuple[Folded, Folded]:
    with database(app).reading() as session:
        match = session.get(models.Match, match_id)
        loader = Loader(session, match)
        return loader.fold(), loader.fold(use_snapshots=False)


def test_snapshots_are_taken_every_k_events(app: Flask, client: FlaskClient) -> None:
    match_id = play_turns(client, 5)  # 10 events
    with database(app).reading() as session:
        seqs = session.scalars(select(models.Snapshot.seq)
                               .where(models.Snapshot.match_id == match_id)).all()
    assert sorted(seqs) == [4, 8]


def test_snapshot_plus_tail_equals_full_replay(app: Flask, client: FlaskClient) -> None:
    fast, full = fold_both_ways(app, play_turns(client, 7))
    assert fast == full


def test_deleting_every_snapshot_changes_nothing(app: Flask, client: FlaskClient) -> None:
    match_id = play_turns(client, 7)
    before = client.get(f"/api/matches/{match_id}/state").json
    with database(app).unit_of_work() as session:
        session.execute(delete(models.Snapshot))
    assert client.get(f"/api/matches/{match_id}/state").json == before


def test_a_void_drops_the_snapshots_it_made_stale(app: Flask, client: FlaskClient) -> None:
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    for turn in range(1, 5):
        plain_turn(client, table, turn % 2, source="discard")
    move(client, table, "quick_play", 0, {"slot": 1, "value": 4})  # seq 11, a missplay
    void = move(client, table, "void", None, {"seq": 6, "reason": "never happened"}).json["seq"]
    with database(app).reading() as session:
        stale = session.scalars(select(models.Snapshot.seq).where(
            models.Snapshot.match_id == table.id, models.Snapshot.seq >= 6,
            models.Snapshot.seq < void)).all()
    assert stale == []  # the one at 8 went; one taken at the void itself is fresh
    fast, full = fold_both_ways(app, table.id)
    assert fast == full


@pytest.mark.parametrize("damage", [
    {"__d": [[1]]},  # a pair with one element: fails to load
    {"__dc": "referee.engines.gone:State", "f": {}},  # a class that no longer exists
    {"__dc": "builtins:object", "f": {}},  # never a class from outside the package
])
def test_a_snapshot_that_fails_to_load_is_rebuilt_from_the_log(
        app: Flask, client: FlaskClient, damage: dict[str, Any]) -> None:
    """A snapshot the code cannot load is never trusted: a cold start folds the state from the
    log (the same state a full replay gives), and the next append stores a readable snapshot
    in its place (requirement: "the snapshot is rebuilt from the log")."""
    match_id = play_turns(client, 3)  # 6 events: a snapshot at 4
    table_before = client.get(f"/api/matches/{match_id}/state").json
    db = database(app)
    with db.unit_of_work() as session:
        snap = session.scalars(select(models.Snapshot)).one()
        session.execute(update(models.Snapshot).values(
            state={**snap.state, "value": {"__dc": "referee.service.replay:Folded",
                                           "f": {"state": damage, "missplays": {}}}}))
    cache_for(db).clear()  # a cold start, as another process has it
    assert client.get(f"/api/matches/{match_id}/state").json == table_before
    fast, full = fold_both_ways(app, match_id)
    assert fast == full
    cache_for(db).clear()
    response = client.post(f"/api/matches/{match_id}/events",
                           json={"type": "draw", "seat": 1, "payload": {"source": "discard"}},
                           headers={"Authorization": f"Bearer {HOSTS[match_id]}"})
    assert response.status_code == 201, response.json
    with db.reading() as session:
        stored = session.scalars(select(models.Snapshot)).all()
        assert [s.seq for s in stored] == [6]  # the unreadable one went; the fold took its place
        assert codec.loads(stored[0].state).state == full.state
