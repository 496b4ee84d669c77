"""Snapshots are JSON: every engine's state, at every point of a random playout, dumps to JSON
and loads back equal (same types: tuples, sets, enums, int-keyed dicts, nested dataclasses);
a state whose classes changed shape since is refused and rebuilt from the log."""

from __future__ import annotations

import enum
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, update

from referee import database
from referee.engines import REGISTRY
from referee.engines.base import Impossible
from referee.engines.citroncoco.core import CitronCocoEngine
from referee.service.cache import cache_for
from referee.service.replay import Folded
from referee.store import codec, models
from tests.engines.citroncoco.helpers import random_playout
from tests.engines.croconounours import helpers as croconounours_helpers
from tests.engines.test_fuzz import random_move
from tests.helpers import new_match, plain_turn


def round_trip(value: Any) -> Any:
    """Through the codec and through JSON text, as a snapshot row goes."""
    return codec.loads(json.loads(json.dumps(codec.dumps(value))))


def assert_same(a: Any, b: Any) -> None:
    assert b == a
    assert type(b) is type(a)


@pytest.mark.parametrize("game", sorted(REGISTRY))
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_every_engine_state_of_a_random_walk_round_trips(game: str, seed: int) -> None:
    """A greedy random walk of schema-valid moves reaches deep states of each game; each state
    on the way, wrapped as the service snapshots it, loads back equal."""
    engine = REGISTRY[game]
    rng = random.Random(seed)
    seats = rng.randint(engine.min_seats, min(engine.max_seats, 6))
    folded = Folded(engine.setup(engine.options_schema().load({}), seats))
    assert_same(folded, round_trip(folded))
    seq = 1
    for _ in range(40):
        for _ in range(60):
            event = random_move(rng, engine, seats, seq)
            if event is None:
                continue
            try:
                engine.apply(folded.state, event)
            except Impossible:
                continue
            folded.missplays[event.seat or 0] += 1
            seq += 1
            break
        assert_same(folded, round_trip(folded))


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6))
def test_citroncoco_playout_states_round_trip(seed: int, seats: int) -> None:
    table, _ = random_playout(CitronCocoEngine(), seats, seed, 120)
    assert_same(table.state, round_trip(table.state))


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_croconounours_playout_states_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    state = croconounours_helpers.new_state(2)
    for _ in range(80):
        event = croconounours_helpers.legal_event(state, rng)
        if event is None:
            break
        croconounours_helpers.ENGINE.apply(state, event)
        assert_same(state, round_trip(state))


class Colour(enum.Enum):
    RED = "red"


@dataclass(frozen=True, slots=True)
class Piece:
    colour: Colour
    square: tuple[int, int]


@dataclass
class Board:
    pieces: dict[tuple[int, int], Piece] = field(default_factory=dict)
    seen: frozenset[str] = frozenset()
    marks: set[int] = field(default_factory=set)
    by_seat: dict[int, list[int]] = field(default_factory=dict)
    tally: Counter[int] = field(default_factory=Counter)
    words: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def trust_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """The classes below live in the tests: let the codec rebuild them too."""
    monkeypatch.setattr(codec, "TRUSTED_PREFIXES", ("referee.", "tests."))


def test_the_codec_keeps_every_kind_of_value_a_state_holds(trust_tests: None) -> None:
    board = Board({(1, 2): Piece(Colour.RED, (1, 2))}, frozenset({"a", "b"}), {3, 1},
                  {0: [1, 2], 1: []}, Counter({2: 5}), {"__d": 1, "k": (1, None, 2.5)})
    assert_same(board, round_trip(board))
    assert type(round_trip(board).pieces[(1, 2)].square) is tuple


def test_a_class_that_changed_shape_is_refused(trust_tests: None) -> None:
    document = codec.dumps(Board())
    document["shape"][codec.class_path(Board)] = ["pieces", "an_old_field"]
    with pytest.raises(codec.Stale):
        codec.loads(document)


def test_classes_outside_the_package_are_never_rebuilt() -> None:
    with pytest.raises(codec.Stale):
        codec.load({"__dc": "subprocess:Popen", "f": {}})


@pytest.fixture
def snapshot_every() -> int:
    return 4


def test_a_stale_snapshot_is_rebuilt_from_the_log(app: Flask, client: FlaskClient) -> None:
    """A snapshot taken before a state class changed its fields is not used: the state comes
    from the log, and the next append stores a fresh snapshot in its place."""
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    plain_turn(client, table, 1, source="discard")  # seq 4: a snapshot
    before = client.get(f"/api/matches/{table.id}/state").json
    db = database(app)
    with db.unit_of_work() as session:
        snap = session.scalars(select(models.Snapshot)).one()
        document = dict(snap.state)
        path = next(iter(document["shape"]))
        document["shape"] = {**document["shape"], path: ["a_field_since_renamed"]}
        session.execute(update(models.Snapshot).values(state=document))
    fresh = app.test_client()
    cache_for(db).clear()  # a cold start, as another process has it
    assert fresh.get(f"/api/matches/{table.id}/state").json == before
    cache_for(db).clear()
    response = fresh.post(f"/api/matches/{table.id}/events",
                          json={"type": "draw", "seat": 0, "payload": {"source": "discard"}},
                          headers={"Authorization": f"Bearer {table.host}"})
    assert response.status_code == 201
    with db.reading() as session:
        stored = session.scalars(select(models.Snapshot)).all()
        assert [s.seq for s in stored] == [4]
        codec.loads(stored[0].state)  # readable again
