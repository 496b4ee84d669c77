"""Checks every engine must pass, shared by the engines' own tests.

Use them inside each game's tests (and its hypothesis playouts): they hold the contract in
``referee.engines.base`` to what the service layer relies on.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from referee.engines.base import Engine, Event, Impossible, Verdict


def load_payload(engine: Engine[Any], event_type: str, payload: Mapping[str, Any]) -> dict:
    """Validate a payload with the type's schema, as the service does before ``apply``."""
    schema = engine.event_types[event_type]()
    return schema.load(dict(payload))


def replay(engine: Engine[Any], options: Mapping[str, Any], seats: int,
           events: Iterable[Event]) -> tuple[Any, list[Verdict]]:
    """Fold ``events`` from a fresh set-up; returns the final state and every verdict."""
    state = engine.setup(engine.options_schema().load(dict(options)), seats)
    return state, [engine.apply(state, e) for e in events]


def assert_impossible_changes_nothing(engine: Engine[Any], state: Any, event: Event) -> Impossible:
    """``apply`` must refuse ``event`` and leave ``state`` exactly as it was."""
    before = pickle.dumps(state)
    with pytest.raises(Impossible) as caught:
        engine.apply(state, event)
    assert pickle.dumps(state) == before, "an impossible move changed the state"
    return caught.value


def assert_snapshot_round_trip(engine: Engine[Any], state: Any) -> None:
    """States are snapshotted with pickle: a reloaded state must judge and show the same."""
    again = pickle.loads(pickle.dumps(state))
    assert engine.standings(again) == engine.standings(state)
    assert engine.view(again, "host") == engine.view(state, "host")


def assert_deterministic(engine: Engine[Any], options: Mapping[str, Any], seats: int,
                         events: list[Event]) -> None:
    """The same log gives the same verdicts and the same final state, twice over."""
    s1, v1 = replay(engine, options, seats, events)
    s2, v2 = replay(engine, options, seats, events)
    assert v1 == v2
    assert pickle.dumps(s1) == pickle.dumps(s2)
