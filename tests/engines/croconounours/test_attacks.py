"""CrocoNounours: attacks (docs/rules/croconounours.md, ids CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE, CrocoState
from referee.engines.messages import msg
from tests.engines.croconounours.helpers import (
    attack,
    ev,
    in_action,
    place,
    refused,
    sq,
)

# --------------------------------------------------------------------------------------------
# Attacks


def test_cn_atk_1_diamond_attacks_straight(duel: CrocoState) -> None:
    """CN-ATK-1: a diamond attacks a straight neighbour; the defender is asked."""
    verdict = attack(duel, "0-yellow", "9D", "1-green")
    assert verdict.rule == "CN-ATK-1" and duel.phase == "defence" and ENGINE.turn(duel) == 1


def test_cn_atk_1_heart_does_not_attack_straight(duel: CrocoState) -> None:
    """CN-ATK-1: a straight neighbour is attacked with a diamond, not a heart."""
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9H", target="d4"), "CN-ATK-1")


def test_cn_atk_2_heart_attacks_diagonally(duel: CrocoState) -> None:
    """CN-ATK-2: a heart attacks a diagonal neighbour; a diamond does not."""
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"), "CN-ATK-2")
    assert attack(duel, "0-yellow", "9H", "1-red").rule == "CN-ATK-2"


def test_cn_atk_3_push_moves_the_target_away(duel: CrocoState) -> None:
    """CN-ATK-3: the attacker chose to push: the target goes back one square."""
    attack(duel, "0-yellow", "9D", "1-green", intent="push")
    verdict = ENGINE.apply(duel, ev("no_defence", 1))
    assert verdict.rule == "CN-PUSH-1" and duel.warriors["1-green"].square == sq("d5")


def test_cn_atk_4_no_attack_on_ones_own(duel: CrocoState) -> None:
    """CN-ATK-4: a warrior attacks adversaries, not its own side."""
    place(duel, {"0-red": "c3"})
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="0-red"), "CN-ATK-4")


def test_cn_atk_4_an_empty_square_is_no_target(duel: CrocoState) -> None:
    """CN-ATK-4: nothing to attack on an empty square."""
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="e3"), "CN-ATK-4")


def test_cn_wound_1_wounded_warrior_is_eaten(duel: CrocoState) -> None:
    """CN-WOUND-1: a wounded (non-green) warrior is eliminated and eaten."""
    attack(duel, "0-yellow", "9H", "1-red")
    ENGINE.apply(duel, ev("no_defence", 1))
    red = duel.warriors["1-red"]
    assert red.square is None and red.eaten_by == "0-yellow"
    line = ENGINE.standings(duel).lines[1]
    assert line.total == 2 and line.detail["eaten"] == ["1-red"]


def test_cn_push_1_pushed_off_the_board_is_wounded() -> None:
    """CN-PUSH-1: a push with no square behind (edge of the board) wounds instead."""
    state = place(in_action(), {"0-yellow": "d6", "1-red": "d7"})
    attack(state, "0-yellow", "9D", "1-red", intent="push")
    verdict = ENGINE.apply(state, ev("no_defence", 1))
    assert state.warriors["1-red"].square is None
    assert msg("croconounours.push.wounded_instead", warrior="1-red") in verdict.effects


def test_cn_push_1_pushed_into_a_warrior_is_wounded(duel: CrocoState) -> None:
    """CN-PUSH-1: a push onto an occupied square wounds instead."""
    place(duel, {"1-yellow": "d5"})
    attack(duel, "0-yellow", "9D", "1-green", intent="push")
    ENGINE.apply(duel, ev("no_defence", 1))
    assert duel.warriors["1-green"].colour == "orange"
    assert duel.warriors["1-green"].square == sq("d4")
