"""CitronCoco each for themself: a turn, its draw and its discard (docs/rules/citroncoco.md,
ids CC-…)."""

from __future__ import annotations

from referee.engines.citroncoco import ENGINE
from tests.engines.citroncoco.helpers import (
    Table,
    refused,
)

# --------------------------------------------------------------------------- a turn


def test_cc_turn_1_draw_from_the_stock(t3: Table) -> None:
    """CC-TURN-1: the first move is seat 0's draw from the stock."""
    verdict = t3.play("draw", 0, source="stock")
    assert verdict.kind == "ok" and verdict.rule == "CC-TURN-1"
    assert t3.state.stock == 39 and t3.state.held is not None


def test_cc_turn_1_nothing_to_draw_from_an_empty_discard(t3: Table) -> None:
    """CC-TURN-1: the discard is empty at the start of a round."""
    assert refused(t3, "draw", 0, source="discard").rule == "CC-TURN-1"


def test_cc_turn_1_a_drawn_card_must_be_played_before_drawing_again(t3: Table) -> None:
    """CC-TURN-1/4: no second draw while holding a drawn card."""
    t3.play("draw", 0, source="stock")
    assert refused(t3, "draw", 0, source="stock").rule == "CC-TURN-4"


def test_cc_turn_2_not_your_own_last_discard(t2: Table) -> None:
    """CC-TURN-2: after an 11 the seat plays again but cannot draw back its own 11."""
    t2.turn_of(0, value=11)
    assert refused(t2, "draw", 0, source="discard").rule == "CC-TURN-2"
    t2.play("draw", 0, source="stock")


def test_cc_turn_3_drawing_from_the_discard_opens_the_card_below(t3: Table) -> None:
    """CC-TURN-3: after seat 2 takes the 8, seat 1 may quick play on the 5 below."""
    t3.turn_of(0, value=5)
    t3.turn_of(1, value=8)
    verdict = t3.play("draw", 2, source="discard")
    assert verdict.rule == "CC-TURN-3"
    assert t3.state.discard[-1].value == 5
    assert t3.play("quick_play", 1, slot=2, value=5).kind == "ok"


def test_cc_turn_4_discard_the_drawn_card(t3: Table) -> None:
    """CC-TURN-4: the drawn card goes face up on the discard."""
    verdict = t3.turn_of(0, value=6)
    assert verdict.rule == "CC-TURN-4"
    assert ENGINE.view(t3.state, None)["discard"]["top"] == 6


def test_cc_turn_4_a_card_drawn_from_the_discard_keeps_its_value(t3: Table) -> None:
    """CC-TURN-4: the 6 drawn from the discard cannot be discarded as a 4."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    assert refused(t3, "discard", 1, value=4).rule == "CC-TURN-4"


def test_cc_turn_5_replace_shows_the_replaced_card(t3: Table) -> None:
    """CC-TURN-5: the replaced card is discarded face up; the drawn one takes its place."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    verdict = t3.play("replace", 1, slot=3, value=12)
    assert verdict.rule == "CC-TURN-5"
    assert t3.state.discard[-1].value == 12
    host = ENGINE.view(t3.state, "host")
    assert host["seats"][1]["hand"][2]["value"] == 6  # seen by the table as it went in


def test_cc_turn_5_no_such_position(t3: Table) -> None:
    """CC-TURN-5/CC-LOG-1: a position the row does not have."""
    t3.play("draw", 0, source="stock")
    err = refused(t3, "replace", 0, slot=5, value=3)
    assert err.rule == "CC-LOG-1" and err.where == "payload.slot"


def test_cc_turn_6_the_turn_passes_in_seat_order(t3: Table) -> None:
    """CC-TURN-6: 0, 1, 2, then 0 again; anyone else is refused."""
    t3.turn_of(0)
    assert refused(t3, "draw", 2, source="stock").rule == "CC-TURN-6"
    t3.turn_of(1)
    t3.turn_of(2)
    assert ENGINE.turn(t3.state) == 0


def test_cc_turn_7_the_turn_ends_with_the_next_draw(t3: Table) -> None:
    """CC-TURN-7: after the discard the turn is done; the next seat's draw begins its turn."""
    t3.turn_of(0, value=4)
    assert ENGINE.view(t3.state, None)["phase"] == "end"
    assert ENGINE.turn(t3.state) == 1
    assert refused(t3, "discard", 0, value=4).rule == "CC-TURN-1"


def test_cc_turn_7_the_view_offers_each_seat_its_moves(t3: Table) -> None:
    """CC-TURN-7: what each seat may log now: the draw, then the play, the power, the call."""
    assert ENGINE.view(t3.state, None)["moves"] == {"0": ["draw"], "1": [], "2": []}
    t3.play("draw", 0, source="stock")
    assert ENGINE.offered_moves(t3.state) == {0: ["discard", "replace"], 1: [], 2: []}
    t3.play("discard", 0, value=7)
    assert ENGINE.offered_moves(t3.state) == {
        0: ["power", "forgo_power", "citron_coco", "quick_play"],
        1: ["draw", "quick_play"],
        2: ["quick_play"],
    }
