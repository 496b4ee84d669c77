"""CrocoNounours: the set-up, first player and deployment (docs/rules/croconounours.md,
ids CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE
from tests.engines.croconounours.helpers import (
    ev,
    new_state,
    refused,
    setup_events,
    started,
)

# --------------------------------------------------------------------------------------------
# Set-up


def test_cn_setup_1_highest_card_plays_first() -> None:
    """CN-SETUP-1: the highest card drawn (ace above king) makes the first player."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, draws={"0": "KS", "1": "AD"}))
    assert state.first_seat == 1 and state.phase == "deploy" and ENGINE.turn(state) == 1


def test_cn_setup_1_tie_redraws_between_the_tied() -> None:
    """CN-SETUP-1: a tie for the highest card: the tied seats draw again, only they."""
    state = new_state(3)
    ENGINE.apply(state, ev("first_player", None, draws={"0": "QS", "1": "2D", "2": "QH"}))
    assert state.contenders == [0, 2] and state.phase == "first_player"
    refused(state, ev("first_player", None, draws={"0": "3S", "1": "4D", "2": "5H"}), "CN-SETUP-1")
    ENGINE.apply(state, ev("first_player", None, draws={"0": "3S", "2": "5H"}))
    assert state.first_seat == 2


def test_cn_setup_1_draws_must_exist_in_the_pack() -> None:
    """CN-SETUP-1: two players cannot both draw the ace of spades."""
    state = new_state()
    refused(state, ev("first_player", None, draws={"0": "AS", "1": "AS"}), "CN-DECK-1")


def test_cn_setup_2_first_warrior_in_a_corner() -> None:
    """CN-SETUP-2: the first warrior stands in a corner."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, seat=0))
    bad = ev("deploy", 0, corner="b1", warriors={"b1": "red", "b2": "green", "c1": "yellow"})
    refused(state, bad, "CN-SETUP-2")


def test_cn_setup_2_others_straight_next_to_the_corner() -> None:
    """CN-SETUP-2: the two others stand straight next to the corner warrior, not diagonally."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, seat=0))
    bad = ev("deploy", 0, corner="a1", warriors={"a1": "red", "b2": "green", "b1": "yellow"})
    refused(state, bad, "CN-SETUP-2")


def test_cn_setup_2_deploy_in_turn_order() -> None:
    """CN-SETUP-2: the first player deploys first."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, seat=1))
    bad = ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "green", "b1": "yellow"})
    refused(state, bad, "CN-SETUP-2")


def test_cn_setup_3_opponent_in_the_opposite_corner() -> None:
    """CN-SETUP-3: at 2 players the opponent deploys in the opposite corner."""
    state = new_state()
    for e in setup_events()[:2]:
        ENGINE.apply(state, e)
    bad = ev("deploy", 1, corner="g1", warriors={"g1": "red", "g2": "green", "f1": "yellow"})
    refused(state, bad, "CN-SETUP-3")


def test_cn_setup_3_any_free_corner_at_three() -> None:
    """CN-SETUP-3: at 3 players each takes a free corner; a taken one is refused."""
    state = new_state(3)
    for e in setup_events(3)[:2]:
        ENGINE.apply(state, e)
    taken = ev("deploy", 1, corner="a1", warriors={"a1": "red", "a2": "green", "b1": "yellow"})
    refused(state, taken, "CN-SETUP-3")
    ENGINE.apply(
        state, ev("deploy", 1, corner="g1", warriors={"g1": "red", "g2": "green", "f1": "yellow"})
    )
    assert state.corners[1] == (6, 0)


def test_cn_setup_4_hands_of_seven_then_play() -> None:
    """CN-SETUP-4: after deployment each player holds 7 cards and the first player plays."""
    state = started()
    assert state.hands == [7, 7] and state.stock == 40
    assert state.phase == "discard" and ENGINE.turn(state) == 0
