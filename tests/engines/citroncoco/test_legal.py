"""CitronCoco each for themself: what each seat may log now (``legal_moves``)."""

from __future__ import annotations

from referee.engines.citroncoco import ENGINE, TEAMS_ENGINE
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
    """CC-QUEEN-1: the Queen's payloads name two different cards, in either order (the rules
    accept both); 3 seats of 4 cards give 12 * 11 swaps."""
    t3.play("draw", 0, source="stock")
    t3.play("discard", 0, value=12)
    power = next(m for m in ENGINE.legal_moves(t3.state, 0) if m.type == "power")
    assert len(power.payloads) == 132
    assert all((p["target_seat"], p["slot"]) != (p["other_seat"], p["other_slot"])
               for p in power.payloads)


def test_cc_fellow_2_the_fellow_alone_offers_only_ones_own_cards(t3: Table) -> None:
    """CC-FELLOW-2: with ``fellow_solo``, the 2 looks at one of its player's own cards only."""
    solo = Table(ENGINE, 3, fellow_solo=True)
    solo.play("draw", 0, source="stock")
    solo.play("discard", 0, value=2)
    power = next(m for m in ENGINE.legal_moves(solo.state, 0) if m.type == "power")
    assert {p["target_seat"] for p in power.payloads} == {0}


def test_cc_fellow_1_the_fellow_without_a_teammate_offers_no_power(t3: Table) -> None:
    """CC-FELLOW-1: each for themself, the 2 has no power to use: only giving it up is offered."""
    t3.play("draw", 0, source="stock")
    t3.play("discard", 0, value=2)
    types = {m.type for m in ENGINE.legal_moves(t3.state, 0)}
    assert "power" not in types


def test_cct_fellow_1_the_fellow_offers_only_the_teammates_cards() -> None:
    """CCT-FELLOW-1: the 2 looks at a card of its player's teammate (seat 2 for seat 0), not
    any player's."""
    teams = Table(TEAMS_ENGINE, 4)
    teams.play("draw", 0, source="stock")
    teams.play("discard", 0, value=2)
    power = next(m for m in TEAMS_ENGINE.legal_moves(teams.state, 0) if m.type == "power")
    assert {p["target_seat"] for p in power.payloads} == {2}
