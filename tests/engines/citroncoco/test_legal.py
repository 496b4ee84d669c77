"""CitronCoco each for themself: what each seat may log now (``legal_moves``)."""

from __future__ import annotations

from referee.engines.citroncoco import ENGINE
from tests.engines.citroncoco.helpers import Table

# --------------------------------------------------------------------------- legal moves


def test_cc_turn_2_legal_moves_offer_the_discard_to_draw_but_not_ones_own(t3: Table) -> None:
    """CC-TURN-1/2: seat 1 may draw the stock or seat 0's discard; seat 0 later may not draw
    back its own card."""
    t3.turn_of(0, value=5)
    draws = [m for m in ENGINE.legal_moves(t3.state, 1) if m.type == "draw"]
    assert [dict(p) for p in draws[0].payloads] == [{"source": "stock"}, {"source": "discard"}]
    assert not [m for m in ENGINE.legal_moves(t3.state, 0) if m.type == "draw"]


def test_cc_queen_1_legal_moves_list_every_swap_of_two_different_cards(t3: Table) -> None:
    """CC-QUEEN-1: the Queen's payloads name two different cards; 3 seats of 4 cards give
    12 * 11 / 2 swaps."""
    t3.play("draw", 0, source="stock")
    t3.play("discard", 0, value=12)
    power = next(m for m in ENGINE.legal_moves(t3.state, 0) if m.type == "power")
    assert len(power.payloads) == 66
    assert all((p["target_seat"], p["slot"]) != (p["other_seat"], p["other_slot"])
               for p in power.payloads)
