"""CrocoNounours: a turn, its draws, discards and end (docs/rules/croconounours.md, ids
CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE, CrocoState
from referee.engines.messages import msg
from tests.engines.croconounours.helpers import (
    ev,
    in_action,
    place,
    refused,
    sq,
    started,
)

# --------------------------------------------------------------------------------------------
# The turn


def test_cn_turn_1_not_your_turn() -> None:
    """CN-TURN-1: seat 1 cannot act during seat 0's turn."""
    state = in_action()
    err = refused(state, ev("move", 1, warrior="1-red", card="9S", to="f6"), "CN-TURN-1")
    assert err.where == "seat"


def test_cn_turn_1_clockwise_and_rounds() -> None:
    """CN-TURN-1: turns pass clockwise; a round ends when everyone has played."""
    state = in_action()
    ENGINE.apply(state, ev("end_turn", 0))
    assert ENGINE.turn(state) == 1 and state.round == 1
    ENGINE.apply(state, ev("end_turn", 1))
    assert ENGINE.turn(state) == 0 and state.round == 2
    assert ENGINE.standings(state).rounds == ({"0": 3, "1": 3},)


def test_cn_turn_1_seat_without_warriors_is_skipped() -> None:
    """CN-TURN-1: at 3 players a seat with no warrior left does not play."""
    state = in_action(3)
    place(state, {"1-red": None, "1-green": None, "1-yellow": None})
    ENGINE.apply(state, ev("end_turn", 0))
    assert ENGINE.turn(state) == 2


def test_cn_turn_2_no_discard_after_the_draw() -> None:
    """CN-TURN-2: the discard phase comes before the draw."""
    state = started()
    state.hands[0] = 4
    ENGINE.apply(state, ev("draw", 0, count=3))
    refused(state, ev("discard", 0, cards=["2C"]), "CN-TURN-2")


def test_cn_turn_2_no_action_before_the_draw() -> None:
    """CN-TURN-2: a player who must draw cannot act yet (option ``free_draw`` off)."""
    state = place(started(free_draw=False), {"0-red": "d4"})
    ENGINE.apply(state, ev("discard", 0, cards=["2C"]))
    refused(state, ev("move", 0, warrior="0-red", card="9C", to="d5"), "CN-TURN-2")


def test_cn_turn_2_full_hand_acts_without_drawing() -> None:
    """CN-TURN-2: with 7 cards there is nothing to draw: the player may act at once."""
    state = place(started(), {"0-red": "d4"})
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="9C", to="d5"))
    assert state.phase == "action" and state.hands[0] == 6


def test_cn_disc_1_discard_part_of_the_hand() -> None:
    """CN-DISC-1: the player discards some cards face up."""
    state = started()
    ENGINE.apply(state, ev("discard", 0, cards=["2C", "5H"]))
    assert state.hands[0] == 5 and state.discard == ["2C", "5H"] and state.phase == "draw"


def test_cn_draw_1_draws_three() -> None:
    """CN-DRAW-1, option ``free_draw`` off: with 4 in hand the player draws 3, not 2."""
    state = started(free_draw=False)
    ENGINE.apply(state, ev("discard", 0, cards=["2C", "5H", "6H"]))
    refused(state, ev("draw", 0, count=2), "CN-DRAW-1")
    ENGINE.apply(state, ev("draw", 0, count=3))
    assert state.hands[0] == 7 and state.stock == 37


def test_cn_draw_1_never_over_seven() -> None:
    """CN-DRAW-1: the hand never goes over 7."""
    state = started()
    ENGINE.apply(state, ev("discard", 0, cards=["2C"]))
    refused(state, ev("draw", 0, count=3), "CN-DRAW-1")
    ENGINE.apply(state, ev("draw", 0, count=1))
    assert state.hands[0] == 7


def test_cn_draw_1_free_draw_option_allows_fewer() -> None:
    """CN-DRAW-1: with the free_draw option a player may draw fewer, or none."""
    state = started(free_draw=True)
    ENGINE.apply(state, ev("discard", 0, cards=["2C", "3C", "4C"]))
    ENGINE.apply(state, ev("draw", 0, count=1))
    assert state.hands[0] == 5


def test_cn_draw_2_discard_reshuffled_when_stock_runs_out() -> None:
    """CN-DRAW-2: when the stock runs out the discard pile becomes the new stock."""
    state = started()
    state.stock, state.hands[1] = 1, 7 + 39
    ENGINE.apply(state, ev("discard", 0, cards=["2C", "3C", "4C"]))
    verdict = ENGINE.apply(state, ev("draw", 0, count=3))
    assert state.stock == 1 and state.discard == [] and state.hands[0] == 7
    assert msg("croconounours.draw.reshuffled", count=3) in verdict.effects
    assert state.stock + len(state.discard) + sum(state.hands) == 54


def test_cn_act_1_own_warriors_only() -> None:
    """CN-ACT-1: a player plays cards on their own warriors."""
    state = in_action()
    refused(state, ev("move", 0, warrior="1-red", card="9S", to="f6"), "CN-ACT-1")


def test_cn_act_1_one_warrior_acts_as_often_as_cards_allow() -> None:
    """CN-ACT-1: each card is one action; a warrior may take several."""
    state = place(in_action(), {"0-red": "d4"})
    for card, to in (("9C", "d5"), ("8C", "d6"), ("7S", "e5")):
        ENGINE.apply(state, ev("move", 0, warrior="0-red", card=card, to=to))
    assert state.warriors["0-red"].square == sq("e5") and state.hands[0] == 4


def test_cn_act_2_moves_take_black_cards() -> None:
    """CN-ACT-2: a red card does not move a warrior."""
    state = place(in_action(), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="9D", to="d5"), "CN-ACT-2")


def test_cn_act_2_attacks_take_red_cards(duel: CrocoState) -> None:
    """CN-ACT-2: a black card does not attack."""
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9C", target="1-green"), "CN-ACT-2")
