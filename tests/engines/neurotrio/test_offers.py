"""Neurotrio: over random playouts, the pads offer exactly what the rules allow (NT-DOM-1..5,
NT-PASS-1, NT-BID-2, NT-DUTY-1): each move offered is judged possible, and each move the table
logs is offered to whoever logs it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.base import Verdict
from referee.engines.neurotrio import ENGINE
from tests.engines.neurotrio.helpers import Table, make_deal
from tests.engines.neurotrio.test_playouts import READINGS, Ledger, act, play_random
from tests.engines.offers import assert_offered, assert_offers_are_legal

pytestmark = pytest.mark.playout


class CheckedTable(Table):
    """A table that holds every move it logs to the engine's offers, and the offers to the
    rules, before the move is judged."""

    rng: random.Random = random.Random(0)

    def log(self, type_: str, seat: int | None, by_host: bool = False,
            **payload: Any) -> Verdict:
        assert_offers_are_legal(ENGINE, self.state, self.rng)
        assert_offered(ENGINE, self.state, self.event(type_, seat, by_host, **payload))
        return super().log(type_, seat, by_host, **payload)


@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(3, 8), dealer=st.integers(0, 7),
       reading=st.sampled_from(READINGS))
@settings(max_examples=8, deadline=None)
def test_nt_dom_1_pads_offer_what_the_rules_allow(seed: int, seats: int, dealer: int,
                                                  reading: dict[str, str]) -> None:
    """NT-DOM-1, NT-PASS-1, NT-BID-2, NT-FIN-1: offered ⇔ accepted, through a whole game."""
    rng = random.Random(seed)
    t = CheckedTable(make_deal(rng, seats, dealer % seats), dict(reading))
    t.rng = rng
    t.start()
    book = Ledger([0] * seats, [0] * seats, tokens=[[] for _ in range(seats)])
    play_random(t, rng, book, checks=False)
    last = t.state.last_player
    assert last is not None
    act(t, "reveal", last, cards=list(t.hands[last]))
