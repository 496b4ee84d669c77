"""CrocoNounours: the tables several of the game's test modules start from."""

from __future__ import annotations

import pytest

from referee.engines.croconounours.engine import ENGINE, CrocoState
from tests.engines.croconounours.helpers import (
    ev,
    in_action,
    new_state,
    place,
    setup_events,
)


@pytest.fixture
def duel() -> CrocoState:
    """Seat 0 acting; 0-yellow on d3 faces 1-green straight on d4, 1-red diagonal on e4."""
    state = in_action()
    return place(state, {"0-yellow": "d3", "1-green": "d4", "1-red": "e4"})


@pytest.fixture
def free_choice() -> CrocoState:
    """Free choice of colours; seat 0 plays first; nobody has chosen yet."""
    state = new_state(free_choice=True)
    ENGINE.apply(state, ev("first_player", None, seat=0))
    return state


@pytest.fixture
def with_obstacles() -> CrocoState:
    """Both sides deployed, obstacles to place, seat 0 first."""
    state = new_state(obstacles=True)
    for e in setup_events():
        ENGINE.apply(state, e)
    return state
