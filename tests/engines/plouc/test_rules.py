"""Carte et Plouc, the base game: one test per clause of docs/rules/plouc.md (ids PL-…).

Zouhaire (seat 0), Charlotte (1) and David (2) are the rule text's own players; David deals, so
Zouhaire plays first. The text's examples are tests here, each citing its clause.
"""

from __future__ import annotations

import pytest

from referee.engines.base import InvalidOptions
from referee.engines.plouc import ENGINE
from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, Table, new_table

# ---- material, seats, deal ---------------------------------------------------------------


def test_pl_goal_1_first_to_empty_their_hand_wins() -> None:
    """PL-GOAL-1: the first player to get rid of all their cards wins."""
    t = new_table(hand_size=1)
    t.play(ZOUHAIRE, "5S")
    t.say(ZOUHAIRE, "plouc")
    assert ENGINE.standings(t.state).winners == (ZOUHAIRE,)


def test_pl_deck_1_jokers_are_refused(table: Table) -> None:
    """PL-DECK-1: the game is played without jokers."""
    assert table.refuse("play", ZOUHAIRE, {"cards": ["JK"]}).rule == "PL-DECK-1"


def test_pl_deck_1_the_same_card_twice_in_one_play_is_refused(table: Table) -> None:
    """PL-DECK-1: every card exists once, so one play cannot hold it twice."""
    assert table.refuse("play", ZOUHAIRE, {"cards": ["5S", "5S"]}).rule == "PL-DECK-1"


def test_pl_deck_2_a_card_already_on_the_discard_cannot_be_played_again(table: Table) -> None:
    """PL-DECK-2: a card played twice in one deck is refused."""
    table.play(ZOUHAIRE, "5S")
    error = table.refuse("play", CHARLOTTE, {"cards": ["5H"]})
    assert error.rule == "PL-DECK-2"
    assert error.where == "payload.cards"


def test_pl_seat_1_two_to_nine_players() -> None:
    """PL-SEAT-1: a table of 1 or 10 players is not a Carte et Plouc table."""
    opts = ENGINE.options_schema().load({})
    for seats in (1, 10):
        with pytest.raises(InvalidOptions) as caught:
            ENGINE.setup(opts, seats)
        assert caught.value.rule == "PL-SEAT-1"
    assert len(ENGINE.setup(opts, 9).seats) == 9


def test_pl_seat_1_a_seat_that_does_not_exist_is_refused(table: Table) -> None:
    """PL-SEAT-1: seats are numbered 0…n-1."""
    assert table.refuse("announce", 7, {"word": "carte"}).rule == "PL-SEAT-1"


def test_pl_order_1_play_starts_clockwise(table: Table) -> None:
    """PL-ORDER-1: play goes from seat s to seat s+1, round the table."""
    seen = [table.turn]
    for seat, card in ((ZOUHAIRE, "5S"), (CHARLOTTE, "8S"), (DAVID, "8C")):
        table.play(seat, card)
        seen.append(table.turn)
    assert seen == [ZOUHAIRE, CHARLOTTE, DAVID, ZOUHAIRE]
    assert ENGINE.view(table.state, None)["direction"] == "clockwise"


def test_pl_deal_1_seven_cards_up_to_six_players() -> None:
    """PL-DEAL-1: up to 6 players, 7 cards each."""
    t = new_table(seats=6, turn_up=None)
    assert t.hands() == [7] * 6
    assert t.state.stock == 52 - 42


def test_pl_deal_1_five_cards_from_seven_players() -> None:
    """PL-DEAL-1: from 7 to 9 players, 5 cards each."""
    t = new_table(seats=7, turn_up=None)
    assert t.hands() == [5] * 7


def test_pl_deal_1_a_deal_too_big_for_the_deck_is_refused() -> None:
    """PL-DEAL-1: the hand_size option must leave a card to turn up."""
    opts = ENGINE.options_schema().load({"hand_size": 6})
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(opts, 9)
    assert caught.value.rule == "PL-DEAL-1"


def test_pl_deal_2_the_dealers_left_plays_first(table: Table) -> None:
    """PL-DEAL-2: the dealer (David, seat 2) turns up a card; the next seat, Zouhaire, starts."""
    assert table.state.discard == ["5H"]
    assert table.state.stock == 52 - 21 - 1
    assert table.turn == ZOUHAIRE


def test_pl_deal_2_the_turned_up_card_has_no_power() -> None:
    """PL-DEAL-2 (ruling): a turned-up 7 makes nobody draw."""
    t = new_table(turn_up="7D")
    assert t.state.owed == 0
    t.play(ZOUHAIRE, "9D")
    assert t.turn == CHARLOTTE


def test_pl_deal_2_only_the_dealer_turns_up(table: Table) -> None:
    """PL-DEAL-2: the dealer turns up the first card of the stock."""
    t = new_table(turn_up=None)
    assert t.refuse("turn_up", ZOUHAIRE, {"card": "5H"}).rule == "PL-DEAL-2"


def test_pl_deal_2_nobody_plays_before_the_turn_up() -> None:
    """PL-DEAL-2: the game starts once the first card is face up."""
    t = new_table(turn_up=None)
    assert t.refuse("play", ZOUHAIRE, {"cards": ["5S"]}).rule == "PL-DEAL-2"


def test_pl_deal_2_first_seat_option() -> None:
    """PL-DEAL-2: option first_seat names another first player."""
    t = new_table(first_seat=DAVID)
    assert t.turn == DAVID


def test_pl_log_1_only_the_host_rules(table: Table) -> None:
    """PL-LOG-1: a seat cannot log the host's ruling."""
    assert table.refuse("ruling", ZOUHAIRE, {"upheld": True}).rule == "PL-LOG-1"


# ---- a turn ------------------------------------------------------------------------------


def test_pl_turn_1_a_move_out_of_turn_is_refused(table: Table) -> None:
    """PL-TURN-1: it is Zouhaire's turn, Charlotte cannot play."""
    error = table.refuse("play", CHARLOTTE, {"cards": ["5S"]})
    assert error.rule == "PL-TURN-1"
    assert error.where == "seat"


def test_pl_turn_2_unable_to_play_draw_one_and_pass(table: Table) -> None:
    """PL-TURN-2: the drawn card is not played; the turn passes."""
    verdict = table.draw(ZOUHAIRE)
    assert verdict.rule == "PL-TURN-2"
    assert table.hand(ZOUHAIRE) == 8
    assert table.turn == CHARLOTTE


def test_pl_turn_2_the_count_checked_must_be_one(table: Table) -> None:
    """PL-TURN-2: a draw without a penalty is one card, not two."""
    assert table.refuse("draw", ZOUHAIRE, {"count": 2}).where == "payload.count"


def test_pl_turn_3_drawing_more_than_one_card_plays_again(table: Table) -> None:
    """PL-TURN-3: a player who draws more than one card plays at once."""
    table.play(ZOUHAIRE, "7H")
    table.draw(CHARLOTTE, 2)
    assert table.turn == CHARLOTTE
    table.play(CHARLOTTE, "7C")
    assert table.turn == DAVID


def test_pl_turn_3_drawing_one_card_passes(table: Table) -> None:
    """PL-TURN-3: only a draw of more than one card gives a play."""
    table.draw(ZOUHAIRE, 1)
    assert table.turn != ZOUHAIRE


# ---- playing -----------------------------------------------------------------------------


def test_pl_play_1_same_suit_is_legal(table: Table) -> None:
    """PL-PLAY-1: a heart on the 5♥."""
    assert table.play(ZOUHAIRE, "9H").kind == "ok"


def test_pl_play_1_same_value_is_legal(table: Table) -> None:
    """PL-PLAY-1: a 5 on the 5♥."""
    assert table.play(ZOUHAIRE, "5C").kind == "ok"


def test_pl_play_1_neither_suit_nor_value_is_refused(table: Table) -> None:
    """PL-PLAY-1: the 9♣ follows neither hearts nor the 5."""
    assert table.refuse("play", ZOUHAIRE, {"cards": ["9C"]}).rule == "PL-PLAY-1"


def test_pl_play_2_charlotte_lays_two_nines_at_once() -> None:
    """PL-PLAY-2: the text's example: Charlotte plays the 9♥ and the 9♣ at once."""
    t = new_table(turn_up="9S", first_seat=CHARLOTTE)
    t.play(CHARLOTTE, "9H", "9C")
    assert t.hand(CHARLOTTE) == 5
    assert t.state.discard[-1] == "9C"
    assert t.state.suit == "C"


def test_pl_play_2_cards_of_different_values_are_refused(table: Table) -> None:
    """PL-PLAY-2: only cards of the same value go down together."""
    assert table.refuse("play", ZOUHAIRE, {"cards": ["5S", "6S"]}).rule == "PL-PLAY-2"


