"""CrocoNounours: over random playouts, the pads offer exactly what the rules allow (CN-SETUP-3:
only the corner opposite the first at two players; every other move's clause): each move offered
is judged possible, and each move the engine accepts is offered."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.croconounours.engine import ENGINE
from tests.engines.croconounours.helpers import legal_event, new_state
from tests.engines.croconounours.test_playouts import OPTION_SETS
from tests.engines.offers import assert_offered, assert_offers_are_legal

pytestmark = pytest.mark.playout

TRIES = 4  # random moves checked against the offers on each state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 2, 3, 4]),
       options=st.sampled_from(OPTION_SETS))
def test_cn_setup_3_pads_offer_what_the_rules_allow(seed: int, seats: int,
                                                    options: dict[str, Any]) -> None:
    """CN-SETUP-3, CN-DRAW-1, CN-ACT-1, CN-DEF-1: offered ⇔ accepted, on every state."""
    if (options.get("roster") or options.get("packets")) and seats != 2:
        options = {}
    rng = random.Random(seed)
    state = new_state(seats, **options)
    for _ in range(150):
        if state.phase == "over":
            return
        assert_offers_are_legal(ENGINE, state, rng)
        known: dict[Any, Any] = {}
        for _ in range(TRIES):
            event = legal_event(state, rng)
            assert event is not None
            assert_offered(ENGINE, state, event, known)
        event = legal_event(state, rng)
        assert event is not None
        ENGINE.apply(state, event)
