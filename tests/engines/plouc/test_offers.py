"""Carte et Plouc: over random playouts, the pads offer exactly what the rules allow (PL-TURN-1,
PL-ANN-1, PL-FLAG-1 and every other move's clause): each move offered is judged possible, and each
move the table makes that the engine accepts is offered to whoever logs it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engines.base import Event, Verdict
from referee.engines.plouc import ENGINE, full_deck
from tests.engines.offers import assert_offered, assert_offers_are_legal
from tests.engines.plouc.test_playouts import (
    Playout,
    SimTable,
    match_options,
    side_move,
    turn_move,
)

pytestmark = pytest.mark.playout


class CheckedPlayout(Playout):
    """A playout that holds every move to the offers, and the offers to the rules, first."""

    def apply(self, ev: Event) -> Verdict:
        assert_offers_are_legal(ENGINE, self.state, random.Random(len(self.events)))
        assert_offered(ENGINE, self.state, ev)
        return super().apply(ev)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 9), options=match_options(), deck=st.permutations(full_deck()),
       data=st.data())
def test_pl_turn_1_pads_offer_what_the_rules_allow(seats: int, options: dict[str, Any],
                                                   deck: list[str], data: st.DataObject) -> None:
    """PL-TURN-1, PL-ANN-1, PL-FLAG-1, PL-SLAP-1: offered ⇔ accepted, on every state."""
    dealer = data.draw(st.integers(0, seats - 1), label="dealer")
    options = {**options, "dealer": dealer}
    state = ENGINE.setup(options, seats)
    size = state.options.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
    p = CheckedPlayout(options, state, SimTable(hands, deck[seats * size:]))
    p.apply(p.event("turn_up", dealer, {"card": p.sim.stock[-1]}))
    for _ in range(150):
        if state.phase == "over":
            break
        if state.phase == "flag":
            p.attempt(p.event("ruling", None, {"upheld": data.draw(st.booleans())},
                              by_host=True))
            if state.phase == "flag":
                p.apply(p.event("ruling", None, {"upheld": False}, by_host=True))
        elif state.phase == "plouc":
            p.apply(p.event("announce", state.finisher, {"word": "plouc"}))
        elif data.draw(st.integers(0, 9), label="kind") < 7:
            turn_move(p, data)
        else:
            side_move(p, data, data.draw(st.integers(0, 4), label="side"))
