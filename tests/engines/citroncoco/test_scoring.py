"""CitronCoco each for themself: the end of a round and its scores
(docs/rules/citroncoco.md, ids CC-…)."""

from __future__ import annotations

from referee.engines.citroncoco import ENGINE
from tests.engines.citroncoco.helpers import (
    ONLY_THREES,
    Table,
    end_round_by_call,
    refused,
)

# --------------------------------------------------------------------------- end of a round


def empty_seat_1(table: Table) -> None:
    """With a deck of 3s, seat 1 quick-plays its four cards on seat 0's 3."""
    table.turn_of(0, value=3)
    for _ in range(4):
        table.play("quick_play", 1, slot=1, value=3)


def test_cc_end_1_an_empty_hand_ends_the_round_at_once() -> None:
    """CC-END-1: no draw, no quick play: only the reveal."""
    table = Table(ENGINE, 3, deck=ONLY_THREES, quick_play_on_quick_play=True)
    empty_seat_1(table)
    assert ENGINE.view(table.state, None)["phase"] == "reveal"
    assert ENGINE.turn(table.state) is None
    assert refused(table, "draw", 1, source="stock").rule == "CC-END-1"
    assert refused(table, "quick_play", 2, slot=1, value=3).rule == "CC-END-1"


def test_cc_end_1_the_last_cards_power_is_used_first() -> None:
    """CC-END-1: seat 1's last card is a 7: its power is still used, then the reveal."""
    table = Table(ENGINE, 3, deck=ONLY_THREES, quick_play_on_quick_play=True)
    table.turn_of(0, value=3)
    for _ in range(3):
        table.play("quick_play", 1, slot=1, value=3)
    table.play("draw", 1, source="stock")
    table.play("replace", 1, slot=1, value=3)  # seat 1 now holds the unknown drawn card
    table.turn_of(2, value=7)
    table.play("quick_play", 1, slot=1, value=7)
    assert table.state.phase == "reveal" and table.state.pending[1] == [7]
    assert table.play("power", 1, target_seat=0, slot=1).rule == "CC-SEADOG-1"


def test_cc_end_1_a_drawn_card_not_played_goes_back_on_the_stock() -> None:
    """CC-END-1 ruling: the turn's seat holds a drawn card when seat 1 empties its hand."""
    table = Table(ENGINE, 3, deck=ONLY_THREES, quick_play_on_quick_play=True)
    table.turn_of(0, value=3)
    for _ in range(3):
        table.play("quick_play", 1, slot=1, value=3)
    table.turn_of(1, value=3)
    table.play("draw", 2, source="stock")
    stock = table.state.stock
    table.play("quick_play", 1, slot=1, value=3)
    assert table.state.held is None and table.state.stock == stock + 1
    assert ENGINE.cards_in_play(table.state) == 52


def test_cc_end_2_every_seat_scores_its_hand() -> None:
    """CC-END-2: after an emptied hand each seat adds its hand to its total."""
    table = Table(ENGINE, 3, deck=ONLY_THREES, quick_play_on_quick_play=True)
    empty_seat_1(table)
    verdict = table.play("reveal", hands=[[3, 3, 3, 3], [], [7, 11, 13, 3]])
    assert verdict.rule == "CC-END-2"
    assert table.state.totals == [12, 0, 34]


def test_cc_call_1_at_the_end_of_the_callers_own_turn(t3: Table) -> None:
    """CC-CALL-1: not before the turn is played, not by another seat, once per round."""
    t3.play("draw", 0, source="stock")
    assert refused(t3, "citron_coco", 0).rule == "CC-CALL-1"
    t3.play("discard", 0, value=4)
    assert refused(t3, "citron_coco", 1).rule == "CC-CALL-1"
    assert t3.play("citron_coco", 0).rule == "CC-CALL-1"
    t3.turn_of(1)
    assert refused(t3, "citron_coco", 1).rule == "CC-CALL-1"


def test_cc_call_2_every_other_seat_plays_one_last_turn(t3: Table) -> None:
    """CC-CALL-2: after seats 1 and 2 the round is over: the caller does not play."""
    t3.turn_of(0)
    t3.play("citron_coco", 0)
    assert t3.state.last_to_play == [1, 2]
    t3.turn_of(1)
    t3.turn_of(2)
    assert ENGINE.view(t3.state, None)["phase"] == "reveal"
    assert refused(t3, "draw", 0, source="stock").rule == "CC-CALL-3"


def test_cc_call_2_the_callers_quick_eleven_gives_one_more_turn(t3: Table) -> None:
    """CC-CALL-2 ruling: the caller quick-plays an 11 in the last turns: it plays once more."""
    t3.turn_of(0)
    t3.play("citron_coco", 0)
    t3.turn_of(1, value=11)
    t3.play("quick_play", 0, slot=1, value=11)
    t3.turn_of(1)  # seat 1's own 11: plays again
    t3.turn_of(2)
    assert ENGINE.turn(t3.state) == 0
    t3.turn_of(0)
    assert ENGINE.view(t3.state, None)["phase"] == "reveal"


def test_cc_call_2_a_skipped_last_turn_is_lost(t3: Table) -> None:
    """CC-CALL-2: a 13 during the last turns skips the next seat's last turn."""
    t3.turn_of(0)
    t3.play("citron_coco", 0)
    t3.turn_of(1, value=13)
    assert ENGINE.view(t3.state, None)["phase"] == "reveal"


def test_cc_call_3_reveal_only_when_the_round_is_over(t3: Table) -> None:
    """CC-CALL-3: no reveal mid-round; every seat's row in full; known cards must match."""
    assert refused(t3, "reveal", hands=[[1] * 4] * 3).rule == "CC-CALL-3"
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=1, value=8)
    t3.play("citron_coco", 0)
    t3.turn_of(1)
    t3.turn_of(2)
    assert refused(t3, "reveal", hands=[[1] * 4] * 2).rule == "CC-CALL-3"
    assert refused(t3, "reveal", hands=[[1] * 4, [1] * 3, [1] * 4]).where == "payload.hands.1"
    assert refused(t3, "reveal", hands=[[1] * 4] * 3).rule == "CC-SPY-2"  # face up: an 8
    assert refused(t3, "reveal", hands=[[1] * 4, [8, 1, 1, 1], [1] * 4]).rule == "CC-DECK-1"


def test_cc_call_4_the_caller_with_fewest_takes_off_the_largest_hand(t3: Table) -> None:
    """CC-CALL-4: caller 3 vs 10 and 20: others score 10 and 20, the caller -20."""
    end_round_by_call(t3, 0)
    verdict = t3.play("reveal", hands=[[1, 1, -1, 2], [2, 2, 3, 3], [5, 5, 5, 5]])
    assert verdict.rule == "CC-CALL-4"
    assert t3.state.totals == [-20, 10, 20]


def test_cc_call_5_a_failed_call_scores_the_caller_alone(t3: Table) -> None:
    """CC-CALL-5: the caller is not lowest: it scores its hand, the others nothing."""
    end_round_by_call(t3, 0)
    verdict = t3.play("reveal", hands=[[4, 4, 4, 4], [2, 2, 3, 3], [5, 5, 5, 5]])
    assert verdict.rule == "CC-CALL-5"
    assert t3.state.totals == [16, 0, 0]


def test_cc_call_5_a_tie_is_a_failure_unless_the_option(t3: Table) -> None:
    """CC-CALL-5: tied for the fewest fails; caller_wins_ties reverses it."""
    hands = [[2, 2, 3, 3], [2, 2, 3, 3], [5, 5, 5, 5]]
    end_round_by_call(t3, 0)
    assert t3.play("reveal", hands=hands).rule == "CC-CALL-5"
    table = Table(ENGINE, 3, caller_wins_ties=True)
    end_round_by_call(table, 0)
    assert table.play("reveal", hands=hands).rule == "CC-CALL-4"
    assert table.state.totals == [-20, 10, 20]
