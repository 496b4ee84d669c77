"""CrocoNounours: the pack (docs/rules/croconounours.md, ids CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE, CrocoState
from tests.engines.croconounours.helpers import (
    attack,
    ev,
    in_action,
    place,
    refused,
    sq,
    started,
)

# --------------------------------------------------------------------------------------------
# The pack


def test_cn_deck_1_joker_is_not_in_a_52_card_pack() -> None:
    """CN-DECK-1: a 52-card pack holds no joker."""
    state = place(in_action(deck=52), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="JK", to="d5"), "CN-DECK-1")


def test_cn_deck_1_a_32_card_pack_starts_at_seven() -> None:
    """CN-DECK-1: the 32-card pack has 7 to ace; a 2 of clubs cannot be played."""
    state = place(in_action(deck=32), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="2C", to="d5"), "CN-DECK-1")
    assert state.stock == 32 - 14


def test_cn_deck_1_54_cards_by_default() -> None:
    """CN-DECK-1: 54 cards, two of them jokers, by default."""
    state = started()
    assert state.deck_size == 54 and state.deck_counts["JK"] == 2
    assert state.stock + sum(state.hands) == 54


def test_cn_deck_2_ace_above_king(duel: CrocoState) -> None:
    """CN-DECK-2: an ace parries a king attack (a single card must be higher)."""
    attack(duel, "0-yellow", "KD", "1-green")
    verdict = ENGINE.apply(duel, ev("defend", 1, kind="parry", cards=["AD"]))
    assert verdict.rule == "CN-PARRY-1" and duel.pending is None


def test_cn_deck_2_king_below_ace(duel: CrocoState) -> None:
    """CN-DECK-2: a king cannot parry an ace on its own."""
    attack(duel, "0-yellow", "AD", "1-green")
    refused(duel, ev("defend", 1, kind="parry", cards=["KD"]), "CN-PARRY-1")


def test_cn_deck_3_defending_joker_beats_attacking_joker(duel: CrocoState) -> None:
    """CN-DECK-3: the joker is above another joker when defending."""
    attack(duel, "0-yellow", "JK", "1-green")
    ENGINE.apply(duel, ev("defend", 1, kind="parry", cards=["JK"]))
    assert duel.warriors["1-green"].colour == "green" and duel.phase == "action"


def test_cn_deck_3_joker_attack_beats_a_single_ace(duel: CrocoState) -> None:
    """CN-DECK-3: the joker is above every other card."""
    attack(duel, "0-yellow", "JK", "1-green")
    refused(duel, ev("defend", 1, kind="parry", cards=["AD"]), "CN-PARRY-1")


def test_cn_deck_4_joker_counts_as_the_suit_its_use_needs() -> None:
    """CN-DECK-4: a joker moves straight (as a club) and diagonally (as a spade)."""
    state = place(in_action(), {"0-red": "d4"})
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="JK", to="d5"))
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="JK", to="e6"))
    assert state.warriors["0-red"].square == sq("e6")
