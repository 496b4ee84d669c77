"""CitronCoco, both engines: over random playouts, the pads offer exactly what the rules allow
(CC-TURN-2, CC-FELLOW-1, CCT-FELLOW-1 and every other move's clause): each move offered is
judged possible, and each move the engine accepts is offered."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.citroncoco import ENGINE, TEAMS_ENGINE
from referee.engines.citroncoco.core import CitronCocoEngine
from tests.engines.citroncoco.helpers import Table, ev, legal_moves
from tests.engines.offers import assert_offered, assert_offers_are_legal

pytestmark = pytest.mark.playout

OFFERS = settings(max_examples=12, deadline=None)


def offered_playout(engine: CitronCocoEngine, seats: int, seed: int, options: dict[str, Any]
                    ) -> None:
    """A random match, both checks on every state it passes through."""
    rng = random.Random(seed)
    table = Table(engine, seats, **options)
    for _ in range(120):
        if table.state.phase == "over":
            return
        assert_offers_are_legal(engine, table.state, rng)
        candidates = legal_moves(engine, table.state, rng)
        known: dict[Any, Any] = {}
        for type_, seat, payload, by_host in candidates:
            assert_offered(engine, table.state, ev(engine, type_, seat, by_host=by_host,
                                                   **payload), known)
        type_, seat, payload, by_host = rng.choice(candidates)
        try:
            table.play(type_, seat, by_host=by_host, **payload)
        except Exception:  # noqa: BLE001  (a candidate the rules refuse: another is drawn)
            continue


@OFFERS
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), fellow_solo=st.booleans(),
       sum_quick_play=st.booleans(), check_reports=st.booleans())
def test_cc_turn_2_individual_pads_offer_what_the_rules_allow(
        seats: int, seed: int, fellow_solo: bool, sum_quick_play: bool,
        check_reports: bool) -> None:
    """CC-TURN-2, CC-FELLOW-1, CC-MISS-1: offered ⇔ accepted, each for themself."""
    offered_playout(ENGINE, seats, seed, {"fellow_solo": fellow_solo,
                                          "sum_quick_play": sum_quick_play,
                                          "check_reports": check_reports})


@OFFERS
@given(seed=st.integers(0, 2**32), nano=st.booleans(), check_reports=st.booleans())
def test_cct_fellow_1_team_pads_offer_what_the_rules_allow(seed: int, nano: bool,
                                                           check_reports: bool) -> None:
    """CCT-FELLOW-1 (the Fellow shows a teammate's card), CCT-NANO-1: offered ⇔ accepted."""
    offered_playout(TEAMS_ENGINE, 4, seed, {"nano": nano, "check_reports": check_reports})
