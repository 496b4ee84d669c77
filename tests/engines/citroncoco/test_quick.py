"""CitronCoco each for themself: quick play out of turn (docs/rules/citroncoco.md, ids
CC-…)."""

from __future__ import annotations

from referee.engines.citroncoco import ENGINE
from referee.engines.clone import clone
from tests.engines.citroncoco.helpers import (
    Table,
    refused,
)

# --------------------------------------------------------------------------- quick play


def test_cc_qp_1_same_value_by_any_seat_at_any_time(t3: Table) -> None:
    """CC-QP-1: seat 2 quick-plays a 6 on seat 0's 6 while seat 1 holds its drawn card."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="stock")
    verdict = t3.play("quick_play", 2, slot=2, value=6)
    assert verdict.kind == "ok" and verdict.rule == "CC-QP-1"
    assert t3.hands == [4, 4, 3] and t3.state.discard[-1].seat == 2


def test_cc_qp_1_no_quick_play_on_an_empty_discard(t3: Table) -> None:
    """CC-QP-1: there must be a top card."""
    assert refused(t3, "quick_play", 1, slot=1, value=3).rule == "CC-QP-1"


def test_cc_qp_2_the_quick_played_cards_power_is_the_quick_players(t3: Table) -> None:
    """CC-QP-2: seat 2 quick-plays a 7: seat 2 may look at a card."""
    t3.turn_of(0, value=7)
    t3.play("power", 0, target_seat=1, slot=1)
    t3.play("quick_play", 2, slot=1, value=7)
    assert t3.state.pending == {2: [7]}
    assert t3.play("power", 2, target_seat=0, slot=2).rule == "CC-SEADOG-1"


def test_cc_qp_3_a_quick_played_eleven_plays_again_at_its_turn(t3: Table) -> None:
    """CC-QP-3: seat 2 quick-plays an 11 during seat 0's turn: it plays twice at its turn."""
    t3.turn_of(0, value=11)
    t3.play("quick_play", 2, slot=1, value=11)
    t3.turn_of(0, value=4)  # seat 0's own 11
    t3.turn_of(1, value=4)
    t3.turn_of(2, value=4)
    assert ENGINE.turn(t3.state) == 2
    t3.turn_of(2, value=5)
    assert ENGINE.turn(t3.state) == 0


def test_cc_qp_4_only_the_first_quick_play_is_logged_no_fault_for_the_slower(t3: Table) -> None:
    """CC-QP-4: the winning quick play covers the card; the slower seat keeps its cards."""
    t3.turn_of(0, value=6)
    verdict = t3.play("quick_play", 1, slot=1, value=6)
    assert verdict.kind == "ok"
    assert t3.hands == [4, 3, 4] and t3.state.discard[-1].seat == 1


def test_cc_qp_5_sum_of_two_is_an_option(t3: Table) -> None:
    """CC-QP-5: without the option a sum cannot be logged; with it both cards go."""
    t3.turn_of(0, value=8)
    assert (
        refused(
            t3, "quick_play", 1, slot=1, value=5, other_seat=1, other_slot=2, other_value=3
        ).rule
        == "CC-QP-5"
    )
    table = Table(ENGINE, 3, sum_quick_play=True)
    table.turn_of(0, value=8)
    verdict = table.play(
        "quick_play", 1, slot=1, value=5, other_seat=1, other_slot=2, other_value=3
    )
    assert verdict.kind == "ok" and verdict.rule == "CC-QP-5"
    assert table.hands == [4, 2, 4] and [d.value for d in table.state.discard] == [8, 5, 3]


def test_cc_qp_6_a_sum_with_an_opponents_card_is_a_missplay() -> None:
    """CC-QP-6: seat 1 adds seat 2's card: penalty; the cards go back."""
    table = Table(ENGINE, 3, sum_quick_play=True)
    table.turn_of(0, value=8)
    verdict = table.play(
        "quick_play", 1, slot=1, value=5, other_seat=2, other_slot=2, other_value=3
    )
    assert verdict.kind == "missplay" and verdict.rule == "CC-QP-6"
    assert table.hands == [4, 5, 4]
    assert table.state.hands[2][1].value == 3


def test_cc_qp_7_only_the_top_cards_power_activates() -> None:
    """CC-QP-7: 7 + 2 on a 9: with the 7 on top, its owner gets the Seadog; the 2 nothing."""
    table = Table(ENGINE, 3, sum_quick_play=True)
    table.turn_of(0, value=9)
    table.play("power", 0, target_seat=0)
    table.turn_of(1, value=9)
    table.play(
        "quick_play", 2, slot=1, value=7, other_seat=2, other_slot=2, other_value=2, on_top="own"
    )
    assert table.state.discard[-1].value == 7 and table.state.pending == {1: [9], 2: [7]}


def test_cc_qp_8_no_quick_play_on_a_quick_played_card_by_default() -> None:
    """CC-QP-8 (default off, for CC-QP-4: « uniquement le premier « jeu rapide » est
    valable »): a seat covering a card quick-played this turn makes a missplay."""
    table = Table(ENGINE, 3)
    table.turn_of(0, value=6)
    table.play("quick_play", 1, slot=1, value=6)
    verdict = table.play("quick_play", 1, slot=1, value=6)
    assert (verdict.kind, verdict.rule, verdict.offender) == ("missplay", "CC-QP-8", 1)


def test_cc_qp_8_option_on_lets_a_quick_play_cover_a_quick_played_card() -> None:
    """CC-QP-8, option on (the reading of matches created before the default changed): the
    second 6 covers the first."""
    table = Table(ENGINE, 3, quick_play_on_quick_play=True)
    table.turn_of(0, value=6)
    table.play("quick_play", 1, slot=1, value=6)
    assert table.play("quick_play", 2, slot=1, value=6).kind == "ok"


def test_cc_qp_4_a_slower_ace_lost_the_race_without_seen(t3: Table) -> None:
    """CC-QP-4: seat 0 discards an ace; seat 1 quick-plays one first; seat 2's ace, sent
    without the table it saw, aims at the card seat 1 covered: the race is lost to seat 1's
    quick play (seq 3), not a fault."""
    t3.turn_of(0, value=1)
    t3.play("quick_play", 1, slot=1, value=1)
    assert ENGINE.lost_race(None, t3.state, t3.event("quick_play", 2, slot=1, value=1)) == 3


def test_cc_qp_4_a_different_value_is_no_race_but_a_wrong_quick_play(t3: Table) -> None:
    """CC-QP-4 / CC-MISS-2: a 5 on seat 1's quick-played ace aims at no ace: judged as
    usual (a wrong quick play)."""
    t3.turn_of(0, value=1)
    t3.play("quick_play", 1, slot=1, value=1)
    assert ENGINE.lost_race(None, t3.state, t3.event("quick_play", 2, slot=1, value=5)) is None
    assert t3.play("quick_play", 2, slot=1, value=5).rule == "CC-MISS-2"


def test_cc_qp_8_option_value_fault_first_off_keeps_the_earlier_rule() -> None:
    """CC-QP-8 / CC-MISS-2, option value_fault_first off (matches created before it): a 5 on
    a quick-played ace broke CC-QP-8, as it was judged then."""
    table = Table(ENGINE, 3, value_fault_first=False)
    table.turn_of(0, value=1)
    table.play("quick_play", 1, slot=1, value=1)
    assert table.play("quick_play", 2, slot=1, value=5).rule == "CC-QP-8"


def test_cc_qp_4_a_quick_play_made_against_an_older_table_lost_the_race() -> None:
    """CC-QP-4, whatever CC-QP-8 says: seat 2 saw seat 0's ace on top (seq 2); seat 1's
    standing quick play (seq 3) covered it since: seat 2 lost the race to seq 3."""
    table = Table(ENGINE, 3, quick_play_on_quick_play=True)
    table.turn_of(0, value=1)
    seen = clone(table.state)
    table.play("quick_play", 1, slot=1, value=1)
    race = table.event("quick_play", 2, slot=1, value=1)
    assert ENGINE.lost_race(seen, table.state, race) == 3
    assert ENGINE.lost_race(None, table.state, race) is None  # the option lets it cover


def test_cc_qp_4_a_seat_does_not_race_its_own_quick_play() -> None:
    """CC-QP-4: the card seat 1 saw on top is covered by its own quick play: no race lost."""
    table = Table(ENGINE, 3, quick_play_on_quick_play=True)
    table.turn_of(0, value=1)
    seen = clone(table.state)
    table.play("quick_play", 1, slot=1, value=1)
    assert ENGINE.lost_race(seen, table.state,
                            table.event("quick_play", 1, slot=2, value=1)) is None
