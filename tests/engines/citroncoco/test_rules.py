"""CitronCoco each for themself: one test per clause of docs/rules/citroncoco.md (ids CC-…)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from marshmallow import ValidationError

from referee.engines import REGISTRY
from referee.engines.base import Event, Impossible, InvalidOptions
from referee.engines.citroncoco import ENGINE
from referee.engines.citroncoco.core import DEFAULT_DECK
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines import rounds_helpers as rounds
from tests.engines.citroncoco.helpers import Table, effects_said, end_round_by_call
from tests.engines.contract import assert_impossible_changes_nothing

ROOT = Path(__file__).resolve().parents[3]
ONLY_THREES = {"3": 40, "7": 4, "11": 4, "13": 4}


@pytest.fixture
def t3() -> Table:
    return Table(ENGINE, 3)


@pytest.fixture
def t2() -> Table:
    return Table(ENGINE, 2)


def refused(table: Table, type_: str, seat: int | None = None, **payload: object) -> Impossible:
    """The move is impossible and changes nothing."""
    return assert_impossible_changes_nothing(
        ENGINE, table.state, table.event(type_, seat, **payload)
    )


# --------------------------------------------------------------------------- goal, seats, deck


def test_cc_goal_1_match_ends_when_a_ship_reaches_the_target() -> None:
    """CC-GOAL-1: a total at or over `target` after a round ends the match; nothing more."""
    table = Table(ENGINE, 2, target=20)
    end_round_by_call(table, 0)
    verdict = table.play("reveal", hands=[[10, 10, 1, 2], [1, 2, 3, 4]])
    assert verdict.rule == "CC-GOAL-1"
    assert ENGINE.standings(table.state).finished
    err = refused(table, "draw", 0, source="stock")
    assert err.rule == "CC-GOAL-1"


def test_cc_goal_1_below_the_target_a_new_round_is_dealt() -> None:
    """CC-GOAL-1: under the target the match goes on with round 2."""
    table = Table(ENGINE, 2)
    end_round_by_call(table, 0)
    table.play("reveal", hands=[[10, 10, 1, 2], [1, 2, 3, 4]])
    assert not ENGINE.standings(table.state).finished
    assert table.state.round == 2


def test_cc_goal_2_fewest_coconuts_wins_and_ties_share() -> None:
    """CC-GOAL-2: the winners are the seats with the fewest coconuts; a tie shares the win."""
    table = Table(ENGINE, 3, target=20)
    end_round_by_call(table, 0)  # seat 0 calls, fails: only seat 0 scores
    table.play("reveal", hands=[[10, 10, 4, 1], [1, 2, 3, 4], [1, 2, 3, 4]])
    standings = ENGINE.standings(table.state)
    assert standings.finished
    assert standings.winners == (1, 2)
    assert [ln.total for ln in standings.lines] == [25, 0, 0]


@pytest.mark.parametrize("seats", [1, 7])
def test_cc_seats_1_two_to_six_seats(seats: int) -> None:
    """CC-SEATS-1: fewer than 2 or more than 6 seats is not a game."""
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({}), seats)
    assert caught.value.rule == "CC-SEATS-1"


def test_cc_deck_1_default_composition_is_the_design_ruling() -> None:
    """CC-DECK-1: four of each 1..12, two -1s, two 13s: 52 cards."""
    assert {**{v: 4 for v in range(1, 13)}, -1: 2, 13: 2} == DEFAULT_DECK
    table = Table(ENGINE, 4)
    assert ENGINE.cards_in_play(table.state) == 52


def test_cc_deck_1_a_fifth_seven_is_impossible() -> None:
    """CC-DECK-1: once four 7s are known, a fifth cannot be shown."""
    table = Table(ENGINE, 2)
    table.turn_of(0, value=7)
    table.play("quick_play", 1, slot=1, value=7)
    table.play("quick_play", 0, slot=1, value=7)
    table.play("quick_play", 1, slot=1, value=7)
    table.play("draw", 1, source="stock")
    err = refused(table, "discard", 1, value=7)
    assert err.rule == "CC-DECK-1" and err.where == "payload.value"


def test_cc_deck_1_a_value_the_deck_lacks_is_impossible(t3: Table) -> None:
    """CC-DECK-1: there is no 14 in the deck."""
    t3.play("draw", 0, source="stock")
    assert refused(t3, "discard", 0, value=14).rule == "CC-DECK-1"


def test_cc_deck_1_option_gives_another_composition() -> None:
    """CC-DECK-1: option `deck` (value -> count); too small a deck is refused."""
    table = Table(ENGINE, 2, deck={"5": 20})
    assert table.state.stock == 12
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({"deck": {"5": 9}}), 2)
    assert caught.value.rule == "CC-DECK-1"


def test_cc_deck_2_empty_stock_is_remade_from_the_discard_but_its_top() -> None:
    """CC-DECK-2: the discard except its top card becomes the new stock."""
    table = Table(ENGINE, 2, deck={"5": 12})
    for i in range(4):
        table.turn_of(i % 2, value=5)
    assert table.state.stock == 0 and len(table.state.discard) == 4
    verdict = table.play("draw", 0, source="stock")
    assert any("new stock" in e for e in effects_said(verdict))
    assert table.state.stock == 2 and len(table.state.discard) == 1
    assert ENGINE.cards_in_play(table.state) == 12


def test_cc_deck_2_no_card_anywhere_makes_a_stock_draw_impossible() -> None:
    """CC-DECK-2: empty stock and a one-card discard: nothing to draw from the stock."""
    table = Table(ENGINE, 2, deck={"5": 8, "1": 2})
    table.turn_of(0, value=1)
    table.play("power", 0, target_seat=1)  # seat 1 takes the stock's last card
    assert table.state.stock == 0 and len(table.state.discard) == 1
    assert refused(table, "draw", 1, source="stock").rule == "CC-DECK-2"


# --------------------------------------------------------------------------- set-up


def test_cc_set_1_four_unknown_face_down_cards_each(t3: Table) -> None:
    """CC-SET-1: four face-down cards per seat, none known."""
    view = ENGINE.view(t3.state, "host")
    assert [s["cards"] for s in view["seats"]] == [4, 4, 4]
    assert all(c["value"] is None and not c["face_up"] for s in view["seats"] for c in s["hand"])


def test_cc_set_2_rest_is_the_stock_and_the_discard_is_empty(t3: Table) -> None:
    """CC-SET-2: stock = deck - dealt cards; empty discard."""
    assert t3.state.stock == 52 - 12
    assert ENGINE.view(t3.state, None)["discard"] == {
        "top": None,
        "by": None,
        "quick": False,
        "size": 0,
    }


def test_cc_set_3_the_coin_starts_in_the_centre(t3: Table) -> None:
    """CC-SET-3: nobody holds the coin at the start."""
    assert ENGINE.view(t3.state, None)["coin"] is None


def test_cc_set_4_first_seat_starts() -> None:
    """CC-SET-4: option first_seat names who draws first."""
    table = Table(ENGINE, 3, first_seat=2)
    assert ENGINE.turn(table.state) == 2
    assert refused(table, "draw", 0, source="stock").rule == "CC-TURN-6"
    with pytest.raises(InvalidOptions):
        ENGINE.setup(ENGINE.options_schema().load({"first_seat": 3}), 3)


def test_cc_set_4_the_round_loser_starts_the_next_round(t3: Table) -> None:
    """CC-SET-4: the seat that scored most in a round starts the next one."""
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[1, 1, 2, -1], [9, 9, 4, 4], [2, 2, 3, 3]])  # seat 1 scores 26
    assert t3.state.starter == 1 and ENGINE.turn(t3.state) == 1


def test_cc_set_4_round_starter_left_rotates() -> None:
    """CC-SET-4: option round_starter='left': the next seat after the previous starter."""
    table = Table(ENGINE, 3, round_starter="left")
    end_round_by_call(table, 0)
    table.play("reveal", hands=[[1, 1, 2, -1], [9, 9, 4, 4], [2, 2, 3, 3]])
    assert ENGINE.turn(table.state) == 1
    assert table.state.starter == 1


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


# --------------------------------------------------------------------------- powers


def test_cc_pow_1_a_replaced_special_card_activates_its_power(t3: Table) -> None:
    """CC-POW-1: discarding a 7 through a replace gives its player the Seadog."""
    t3.play("draw", 0, source="stock")
    verdict = t3.play("replace", 0, slot=1, value=7)
    assert any("Seadog" in e for e in effects_said(verdict))
    assert t3.state.pending == {0: [7]}
    assert ENGINE.turn(t3.state) == 0  # the power is still to be used


def test_cc_pow_2_the_next_draw_forfeits_an_unused_power(t3: Table) -> None:
    """CC-POW-2: after seat 1 draws, seat 0's 7 can no longer be used."""
    t3.turn_of(0, value=7)
    verdict = t3.play("draw", 1, source="stock")
    assert any("did not use" in e for e in effects_said(verdict))
    assert refused(t3, "power", 0, target_seat=1, slot=1).rule == "CC-POW-2"


def test_cc_pow_2_what_the_next_draw_gives_up_is_said_as_data(t3: Table) -> None:
    """CC-POW-2: before seat 1 draws, the engine says seat 0 would give up the 7's power, as a
    message with seat 0's name left to the reader (nothing is changed by asking)."""
    t3.turn_of(0, value=7)
    draw = Event("draw", 1, {"source": "stock"}, 99)
    forfeits = ENGINE.forfeits(t3.state, draw)
    assert forfeits == (Message("citroncoco.forfeit.power",
                                {"seat": 0, "value": 7, "power": "Seadog"}),)
    assert render(forfeits[0], ["Ana", "Ben", "Cid"], "fr") == (
        "Ana renonce au pouvoir du 7 (Seadog)")
    assert t3.state.pending == {0: [7]}
    assert ENGINE.forfeits(t3.state, Event("discard", 1, {"value": 3}, 99)) == ()


def test_cc_pow_2_a_discard_and_a_quick_play_give_two_powers(t3: Table) -> None:
    """CC-POW-1/CC-POW-2: seat 0 discards a 7 then quick-plays its own 7 on it: two Seadog
    looks, oldest first; `card` names one, a card with no power owed is impossible."""
    t3.turn_of(0, value=7)
    t3.play("quick_play", 0, slot=1, value=7)
    assert t3.state.pending == {0: [7, 7]}
    assert ENGINE.view(t3.state, None)["seats"][0]["powers"] == [7, 7]
    assert refused(t3, "power", 0, target_seat=1, slot=1, card=10).rule == "CC-POW-2"
    assert t3.play("power", 0, target_seat=1, slot=1).rule == "CC-SEADOG-1"
    assert t3.play("power", 0, target_seat=2, slot=2, card=7).rule == "CC-SEADOG-1"
    assert t3.state.pending == {}


def test_cc_assault_1_gives_the_stock_top_card_unseen(t3: Table) -> None:
    """CC-ASSAULT-1: the 1 makes seat 2 take a card from the stock."""
    t3.turn_of(0, value=1)
    verdict = t3.play("power", 0, target_seat=2)
    assert verdict.rule == "CC-ASSAULT-1"
    assert t3.hands == [4, 4, 5] and t3.state.stock == 52 - 12 - 2


def test_cc_fellow_1_the_2_has_no_power_each_for_themself(t3: Table) -> None:
    """CC-FELLOW-1: no teammate: discarding a 2 gives no power to use."""
    t3.turn_of(0, value=2)
    assert t3.state.pending == {}
    assert refused(t3, "power", 0, target_seat=0, slot=1).rule == "CC-POW-2"


def test_cc_fellow_2_option_looks_at_one_of_your_own_cards() -> None:
    """CC-FELLOW-2: with fellow_solo the 2 looks at one of your own cards; another's is a wrong
    power (missplay, penalty card)."""
    table = Table(ENGINE, 3, fellow_solo=True)
    table.turn_of(0, value=2)
    assert table.play("power", 0, target_seat=0, slot=3).rule == "CC-FELLOW-2"
    table.turn_of(1, value=2)
    verdict = table.play("power", 1, target_seat=2, slot=1)
    assert verdict.kind == "missplay" and verdict.rule == "CC-FELLOW-2"
    assert table.hands == [4, 5, 4]


def test_cc_seadog_1_look_at_any_players_card(t3: Table) -> None:
    """CC-SEADOG-1: the 7 looks at a chosen card; it needs a seat and a position."""
    t3.turn_of(0, value=7)
    assert refused(t3, "power", 0, target_seat=2).rule == "CC-LOG-1"
    assert t3.play("power", 0, target_seat=2, slot=4).rule == "CC-SEADOG-1"
    assert t3.state.pending == {}


def test_cc_witch_1_gives_the_coin_even_when_held(t3: Table) -> None:
    """CC-WITCH-1: the 9 gives the coin; a later 9 moves it from its holder."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=2)
    assert t3.state.coin == 2
    t3.turn_of(1, value=9)
    assert t3.play("power", 1, target_seat=0).rule == "CC-WITCH-1"
    assert ENGINE.view(t3.state, None)["coin"] == 0


def test_cc_coin_1_the_holder_gets_no_power_and_the_coin_returns(t3: Table) -> None:
    """CC-COIN-1: seat 1 holds the coin and discards a 7: no power, coin to the centre."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    verdict = t3.turn_of(1, value=7)
    assert any("coin returns" in e for e in effects_said(verdict))
    assert t3.state.coin is None and t3.state.pending == {}


def test_cc_coin_1_a_quick_play_is_blocked_too(t3: Table) -> None:
    """CC-COIN-1: the holder quick-playing a 13 skips nobody."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=2)
    t3.turn_of(1, value=13)  # seat 2 is skipped
    t3.play("quick_play", 2, slot=1, value=13)
    assert t3.state.coin is None
    assert t3.state.skips == [0, 0, 1]


def test_cc_coin_2_the_nine_cannot_be_blocked(t3: Table) -> None:
    """CC-COIN-2: the holder's 9 keeps its power."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=9)
    assert t3.state.coin == 1 and t3.state.pending == {1: [9]}
    t3.play("power", 1, target_seat=2)
    assert t3.state.coin == 2


def test_cc_coin_3_using_a_blocked_power_is_a_missplay_and_keeps_the_coin(t3: Table) -> None:
    """CC-COIN-3: penalty card AND the coin stays with the offender; the look happened."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=7)
    verdict = t3.play("power", 1, target_seat=0, slot=1)
    assert verdict.kind == "missplay" and verdict.rule == "CC-COIN-3"
    assert t3.state.coin == 1 and t3.hands == [4, 5, 4]


def test_cc_coin_3_host_logged_for_an_automatic_power(t3: Table) -> None:
    """CC-COIN-3: the host logs it (an 11 or 13 needs no move): penalty and the coin back."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=13)
    verdict = t3.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert verdict.kind == "missplay" and t3.state.coin == 1 and t3.hands == [4, 5, 4]


def test_cc_coin_3_host_logged_eleven_played_again_stands(t3: Table) -> None:
    """CC-COIN-3: the holder's blocked 11 was used anyway at the table (it drew again): the
    host's report gives the penalty and the coin back, and the play again stands."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=11)
    assert refused(t3, "draw", 1, source="stock").rule == "CC-TURN-6"  # blocked: no play again
    verdict = t3.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert "seat 1 will play again (11 Supply)" in effects_said(verdict)
    assert t3.state.coin == 1 and t3.hands == [4, 5, 4]
    assert t3.play("draw", 1, source="stock").kind == "ok"


def test_cc_coin_3_host_logged_thirteen_skip_stands(t3: Table) -> None:
    """CC-COIN-3: the holder's blocked 13 skipped seat 2 anyway: reported, the skip stands."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=13)
    t3.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert ENGINE.turn(t3.state) == 0
    assert "seat 2 skips its turn (13 Captain)" in effects_said(t3.play("draw", 0, source="stock"))


def test_cc_spy_1_turns_a_card_face_up_for_everyone(t3: Table) -> None:
    """CC-SPY-1: the 10 turns seat 2's third card face up: its value is public."""
    t3.turn_of(0, value=10)
    assert refused(t3, "power", 0, target_seat=2, slot=3).rule == "CC-SPY-1"
    t3.play("power", 0, target_seat=2, slot=3, value=12)
    card = ENGINE.view(t3.state, 1)["seats"][2]["hand"][2]
    assert card == {"slot": 3, "face_up": True, "value": 12}


def test_cc_spy_2_a_face_up_card_keeps_its_value(t3: Table) -> None:
    """CC-SPY-2: the face-up 12 cannot be discarded as a 5, nor turned again."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=2, value=12)
    t3.play("draw", 1, source="stock")
    assert refused(t3, "replace", 1, slot=2, value=5).rule == "CC-SPY-2"
    t3.play("discard", 1, value=10)
    assert refused(t3, "power", 1, target_seat=1, slot=2, value=12).rule == "CC-SPY-2"


def test_cc_spy_2_the_reveal_must_show_the_face_up_value(t2: Table) -> None:
    """CC-SPY-2: seat 1's card turned face up as a 5 cannot be revealed as a 6."""
    t2.turn_of(0, value=10)
    t2.play("power", 0, target_seat=1, slot=2, value=5)
    t2.play("citron_coco", 0)
    t2.turn_of(1, value=6)
    err = refused(t2, "reveal", hands=[[1, 2, 3, 4], [1, 6, 3, 4]])
    assert err.rule == "CC-SPY-2" and err.where == "payload.hands.1"
    assert t2.play("reveal", hands=[[1, 2, 3, 4], [1, 5, 3, 4]]).kind == "ok"


def test_cc_spy_2_the_card_goes_face_down_once_discarded(t3: Table) -> None:
    """CC-SPY-2: discarded, the face-up card leaves the row; the new card is face down."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=2, value=12)
    t3.play("draw", 1, source="stock")
    t3.play("replace", 1, slot=2, value=12)
    assert ENGINE.view(t3.state, None)["seats"][1]["hand"][1] == {
        "slot": 2,
        "face_up": False,
        "value": None,
    }


def test_cc_supply_1_the_eleven_plays_again(t3: Table) -> None:
    """CC-SUPPLY-1: after an 11 the same seat draws again; the next seat waits."""
    verdict = t3.turn_of(0, value=11)
    assert any("play again" in e for e in effects_said(verdict))
    assert ENGINE.turn(t3.state) == 0
    assert "plays again" in render(refused(t3, "draw", 1, source="stock").said)
    t3.turn_of(0, value=4)
    assert ENGINE.turn(t3.state) == 1


def test_cc_queen_1_swaps_two_cards_and_known_values_follow(t3: Table) -> None:
    """CC-QUEEN-1: the face-up card of seat 1 moves to seat 2's position 4."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=1, value=8)
    t3.turn_of(1, value=12)
    verdict = t3.play("power", 1, target_seat=1, slot=1, other_seat=2, other_slot=4)
    assert verdict.rule == "CC-QUEEN-1"
    seats = ENGINE.view(t3.state, None)["seats"]
    assert seats[2]["hand"][3] == {"slot": 4, "face_up": True, "value": 8}
    assert seats[1]["hand"][0]["face_up"] is False


def test_cc_queen_1_needs_two_different_cards(t3: Table) -> None:
    """CC-QUEEN-1: a card cannot swap with itself; the second card must be named."""
    t3.turn_of(0, value=12)
    assert (
        refused(t3, "power", 0, target_seat=1, slot=1, other_seat=1, other_slot=1).rule
        == "CC-QUEEN-1"
    )
    assert refused(t3, "power", 0, target_seat=1, slot=1).rule == "CC-QUEEN-1"


def test_cc_queen_2_swapping_your_own_card_shows_nothing_to_the_table(t3: Table) -> None:
    """CC-QUEEN-2: the swapper may look at its new card: nothing becomes public."""
    t3.turn_of(0, value=12)
    t3.play("power", 0, target_seat=0, slot=1, other_seat=2, other_slot=2)
    assert all(c["value"] is None for s in ENGINE.view(t3.state, 0)["seats"] for c in s["hand"])


def test_cc_queen_3_not_the_same_swap_twice_in_a_row(t3: Table) -> None:
    """CC-QUEEN-3: repeating the last swap is a wrong power: penalty, cards go back."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=1, value=8)
    t3.turn_of(1, value=12)
    t3.play("power", 1, target_seat=1, slot=1, other_seat=2, other_slot=4)
    t3.turn_of(2, value=12)
    verdict = t3.play("power", 2, target_seat=2, slot=4, other_seat=1, other_slot=1)
    assert verdict.kind == "missplay" and verdict.rule == "CC-QUEEN-3"
    assert t3.state.hands[2][3].value == 8  # not swapped back
    assert t3.hands == [4, 4, 5]


def test_cc_queen_3_the_last_swap_follows_its_cards_as_rows_close_up(t3: Table) -> None:
    """CC-QUEEN-3 with CC-LOG-1: seat 1 quick-plays its first card and its row closes up: the
    card swapped at position 3 is now at 2 (swapping it back is the same swap), and position
    3 holds another card (swapping it is not)."""
    t3.turn_of(0, value=12)
    t3.play("power", 0, target_seat=1, slot=3, other_seat=2, other_slot=1)
    t3.turn_of(1, value=5)
    t3.play("quick_play", 1, slot=1, value=5)
    t3.turn_of(2, value=12)
    verdict = t3.play("power", 2, target_seat=2, slot=1, other_seat=1, other_slot=2)
    assert verdict.kind == "missplay" and verdict.rule == "CC-QUEEN-3"
    t3.turn_of(0, value=12)
    assert t3.play("power", 0, target_seat=1, slot=3, other_seat=2, other_slot=1).kind == "ok"


def test_cc_queen_3_a_swapped_card_gone_or_replaced_ends_the_repeat(t3: Table) -> None:
    """CC-QUEEN-3: once a swapped card has left (quick play) or been replaced, the same two
    positions hold other cards: swapping them is not the same swap."""
    t3.turn_of(0, value=12)
    t3.play("power", 0, target_seat=1, slot=1, other_seat=2, other_slot=1)
    t3.play("quick_play", 1, slot=1, value=12)
    t3.turn_of(1, value=12)
    assert t3.play("power", 1, target_seat=1, slot=1, other_seat=2, other_slot=1).kind == "ok"
    t3.play("draw", 2, source="stock")
    t3.play("replace", 2, slot=1, value=12)
    assert t3.play("power", 2, target_seat=1, slot=1, other_seat=2, other_slot=1).kind == "ok"


def test_cc_capt_1_the_minus_one_looks_at_the_stock(t3: Table) -> None:
    """CC-CAPT-1: the -1's power needs no target and changes nothing public."""
    t3.turn_of(0, value=-1)
    stock = t3.state.stock
    assert t3.play("power", 0).rule == "CC-CAPT-1"
    assert t3.state.stock == stock and t3.state.pending == {}


def test_cc_capt_2_the_thirteen_skips_the_next_opponent(t3: Table) -> None:
    """CC-CAPT-2: after seat 0's 13, seat 1 is skipped: seat 2 draws."""
    t3.turn_of(0, value=13)
    assert ENGINE.turn(t3.state) == 2
    assert refused(t3, "draw", 1, source="stock").rule == "CC-TURN-6"
    verdict = t3.play("draw", 2, source="stock")
    assert "seat 1 skips its turn (13 Captain)" in effects_said(verdict)


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


def test_cc_qp_8_quick_play_on_a_quick_played_card_by_default() -> None:
    """CC-QP-8: allowed each for themself; forbidden (a missplay) with the option off."""
    table = Table(ENGINE, 3)
    table.turn_of(0, value=6)
    table.play("quick_play", 1, slot=1, value=6)
    assert table.play("quick_play", 2, slot=1, value=6).kind == "ok"
    strict = Table(ENGINE, 3, quick_play_on_quick_play=False)
    strict.turn_of(0, value=6)
    strict.play("quick_play", 1, slot=1, value=6)
    verdict = strict.play("quick_play", 2, slot=1, value=6)
    assert verdict.kind == "missplay" and verdict.rule == "CC-QP-8"


# --------------------------------------------------------------------------- end of a round


def empty_seat_1(table: Table) -> None:
    """With a deck of 3s, seat 1 quick-plays its four cards on seat 0's 3."""
    table.turn_of(0, value=3)
    for _ in range(4):
        table.play("quick_play", 1, slot=1, value=3)


def test_cc_end_1_an_empty_hand_ends_the_round_at_once() -> None:
    """CC-END-1: no draw, no quick play: only the reveal."""
    table = Table(ENGINE, 3, deck=ONLY_THREES)
    empty_seat_1(table)
    assert ENGINE.view(table.state, None)["phase"] == "reveal"
    assert ENGINE.turn(table.state) is None
    assert refused(table, "draw", 1, source="stock").rule == "CC-END-1"
    assert refused(table, "quick_play", 2, slot=1, value=3).rule == "CC-END-1"


def test_cc_end_1_the_last_cards_power_is_used_first() -> None:
    """CC-END-1: seat 1's last card is a 7: its power is still used, then the reveal."""
    table = Table(ENGINE, 3, deck=ONLY_THREES)
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
    table = Table(ENGINE, 3, deck=ONLY_THREES)
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
    table = Table(ENGINE, 3, deck=ONLY_THREES)
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


# --------------------------------------------------------------------------- missplays


def test_cc_miss_1_a_host_logged_fault_gives_a_penalty_card(t3: Table) -> None:
    """CC-MISS-1: the penalty card goes unseen at the end of the offender's row."""
    verdict = t3.play("missplay", 2, by_host=True, rule="CC-MISS-3", note="peeked")
    assert verdict.kind == "missplay" and verdict.penalty
    assert t3.hands == [4, 4, 5] and t3.state.stock == 52 - 13
    report = t3.event("missplay", 2, rule="CC-TURN-1")  # the host's report, as the service logs it
    report = Event(report.type, report.seat, report.payload, report.seq, by_host=True)
    assert assert_impossible_changes_nothing(ENGINE, t3.state, report).rule == "CC-MISS-1"


def test_cc_miss_1_penalty_cards_are_conserved_and_revealed(t2: Table) -> None:
    """CC-MISS-1: a wrong quick play's penalty card joins seat 1's row: the deck's 52 cards are
    all still somewhere, and the reveal must give seat 1's five cards."""
    t2.turn_of(0, value=6)
    assert t2.play("quick_play", 1, slot=1, value=4).kind == "missplay"
    assert ENGINE.cards_in_play(t2.state) == 52 and t2.hands == [4, 5]
    t2.play("citron_coco", 0)
    t2.turn_of(1, value=8)
    assert refused(t2, "reveal", hands=[[1, 2, 3, 5], [4, 1, 2, 3]]).rule == "CC-CALL-3"
    assert t2.play("reveal", hands=[[1, 2, 3, 5], [4, 1, 2, 3, 9]]).rule == "CC-CALL-4"


def test_cc_miss_2_a_wrong_quick_play_is_seen_by_the_engine(t3: Table) -> None:
    """CC-MISS-2: a 4 on an 11: the 4 goes back (now known) and seat 2 takes a card."""
    t3.turn_of(0, value=11)
    verdict = t3.play("quick_play", 2, slot=3, value=4)
    assert verdict.kind == "missplay" and verdict.rule == "CC-MISS-2"
    assert t3.hands == [4, 4, 5]
    assert t3.state.hands[2][2].value == 4


@pytest.mark.parametrize("rule", ["CC-MISS-3", "CC-MISS-4", "CC-MISS-5"])
def test_cc_miss_3_4_5_reportable_faults(rule: str) -> None:
    """CC-MISS-3/4/5: looking without permission, a wrong power, looking at a penalty card
    (reports accepted as logged: option ``check_reports`` off, the reading before it)."""
    t3 = Table(ENGINE, 3, check_reports=False)
    verdict = t3.play("missplay", 1, by_host=True, rule=rule)
    assert verdict.rule == rule and verdict.kind == "missplay"
    assert t3.hands == [4, 5, 4]


# --------------------------------------------------------------------------- the log


def test_cc_log_1_positions_close_up_after_a_card_leaves(t3: Table) -> None:
    """CC-LOG-1: seat 1's face-up card at position 3 is at position 2 after a quick play."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=3, value=9)
    t3.play("quick_play", 1, slot=1, value=10)
    assert ENGINE.view(t3.state, None)["seats"][1]["hand"][1] == {
        "slot": 2,
        "face_up": True,
        "value": 9,
    }


def test_cc_log_2_a_card_the_table_saw_stays_known(t3: Table) -> None:
    """CC-LOG-2: the 6 taken from the discard is at position 1: it cannot be shown as a 2."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    t3.play("replace", 1, slot=1, value=9)
    err = refused(t3, "quick_play", 1, slot=1, value=2)
    assert err.rule == "CC-LOG-2"


def test_cc_log_2_face_down_known_values_only_for_the_host(t3: Table) -> None:
    """CC-LOG-2: the public view hides what the table must remember; the host sees it."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    t3.play("replace", 1, slot=1, value=9)
    assert ENGINE.view(t3.state, None)["seats"][1]["hand"][0]["value"] is None
    assert ENGINE.view(t3.state, "host")["seats"][1]["hand"][0]["value"] == 6


# --------------------------------------------------------------------------- contract


def test_registered_with_options_and_described_payloads() -> None:
    """The engine is registered; every option and payload field is described."""
    assert REGISTRY["citroncoco"] is ENGINE
    own = [s for t, s in ENGINE.event_types.items() if t != "missplay"]  # base.py's schema
    for schema in [ENGINE.options_schema, *own]:
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{schema.__name__}.{name}"


def test_view_is_json_ready_and_regular(t3: Table) -> None:
    """The view has turn, phase and seats, and only JSON values."""
    t3.turn_of(0, value=7)
    for viewer in (None, 0, "host"):
        view = ENGINE.view(t3.state, viewer)
        assert json.loads(json.dumps(view)) == view
        assert {"turn", "phase", "seats", "stock", "discard"} <= set(view)


def test_standings_rounds_are_running_totals(t3: Table) -> None:
    """Standings: coconuts per seat, lower is better, running totals after each round."""
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[4, 4, 4, 4], [2, 2, 3, 3], [5, 5, 5, 5]])
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[1, 1, 1, 1], [2, 2, 3, 3], [5, 5, 5, 5]])
    standings = ENGINE.standings(t3.state)
    assert standings.lower_is_better and standings.target == 200
    assert standings.rounds == ({"0": 16, "1": 0, "2": 0}, {"0": -4, "1": 10, "2": 20})
    assert [ln.total for ln in standings.lines] == [-4, 10, 20]


def test_every_rule_id_cited_is_in_the_catalogue_and_tested() -> None:
    """Every CC- id the engine cites is in the catalogue; every clause has a test."""
    catalogue = (ROOT / "docs/rules/citroncoco.md").read_text()
    clauses = set(re.findall(r"\*\*(CC-[A-Z]+-\d+)\*\*", catalogue))
    code = (ROOT / "referee/engines/citroncoco/core.py").read_text()
    assert set(re.findall(r"\"(CC-[A-Z]+-\d+)\"", code)) <= clauses
    tests = Path(__file__).read_text().upper().replace("_", "-")
    untested = {c for c in clauses if c not in tests}
    assert not untested, untested


# ------------------------------------------------------------------ the last power, reports

WITH_ONES = {"3": 36, "1": 4, "7": 4, "11": 4, "13": 4}


def empty_seat_1_with(table: Table, value: int) -> None:
    """Seat 1 keeps one card, then quick-plays it as ``value`` on seat 2's ``value``."""
    table.turn_of(0, value=3)
    for _ in range(3):
        table.play("quick_play", 1, slot=1, value=3)
    table.play("draw", 1, source="stock")
    table.play("replace", 1, slot=1, value=3)
    table.turn_of(2, value=value)
    table.play("quick_play", 1, slot=1, value=value)


def test_cc_end_1_no_reveal_while_the_last_cards_power_is_owed() -> None:
    """CC-END-1: « la manche prend fin après que ce pouvoir ait été réalisé »: seat 1 emptied
    its hand with a 1 (Assault): the reveal waits, and the turn is seat 1's."""
    table = Table(ENGINE, 3, deck=WITH_ONES)
    empty_seat_1_with(table, 1)
    assert table.state.phase == "reveal" and ENGINE.turn(table.state) == 1
    err = refused(table, "reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]])
    assert err.rule == "CC-END-1" and "used or given up" in render(err.said)
    assert table.play("power", 1, target_seat=0).rule == "CC-ASSAULT-1"
    assert table.play("reveal", hands=[[3, 3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"


def test_cc_pow_3_the_last_power_given_up_lets_the_reveal_through() -> None:
    """CC-POW-3: seat 1 gives up its last 1's power with a logged move; the round is scored."""
    table = Table(ENGINE, 3, deck=WITH_ONES)
    empty_seat_1_with(table, 1)
    verdict = table.play("forgo_power", 1)
    assert verdict.kind == "ok" and verdict.rule == "CC-POW-3"
    assert "the hands may be revealed" in effects_said(verdict)
    assert table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"
    assert table.state.totals == [12, 0, 12]


def test_cc_pow_3_forgo_needs_a_power_owed(t3: Table) -> None:
    """CC-POW-3 (with CC-POW-2): a seat that owes no power has none to give up."""
    t3.turn_of(0, value=4)
    assert refused(t3, "forgo_power", 0).rule == "CC-POW-2"
    t3.play("draw", 1, source="stock")
    t3.play("discard", 1, value=7)
    assert refused(t3, "forgo_power", 1, card=10).rule == "CC-POW-2"
    assert t3.play("forgo_power", 1, card=7).rule == "CC-POW-3"
    assert t3.state.pending == {}


def test_cc_pow_3_forgo_is_offered_where_a_power_is_owed(t3: Table) -> None:
    """CC-POW-3: the view offers forgo_power beside power to the seat that owes one."""
    t3.play("draw", 0, source="stock")
    t3.play("discard", 0, value=7)
    moves = ENGINE.view(t3.state, None)["moves"]
    assert "forgo_power" in moves["0"] and "forgo_power" not in moves["1"]


def test_cc_end_1_option_off_the_reveal_forfeits_the_last_power() -> None:
    """CC-END-1, option ``power_before_reveal`` off (matches logged before it): the reveal is
    accepted at once and the 1's power is lost."""
    table = Table(ENGINE, 3, deck=WITH_ONES, power_before_reveal=False)
    empty_seat_1_with(table, 1)
    assert ENGINE.turn(table.state) is None
    assert table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"


def test_cc_call_3_the_last_turns_power_is_used_before_the_reveal(t3: Table) -> None:
    """CC-CALL-3 ruling: seat 2's last turn discards a 7: the reveal waits for its Seadog."""
    t3.turn_of(0, value=10)
    t3.play("citron_coco", 0)
    t3.turn_of(1, value=6)
    t3.turn_of(2, value=7)
    hands = [[1, 2, 3, 4], [5, 5, 5, 5], [8, 8, 8, 8]]
    assert refused(t3, "reveal", hands=hands).rule == "CC-CALL-3"
    t3.play("power", 2, target_seat=0, slot=1)
    assert t3.play("reveal", hands=hands).rule == "CC-CALL-4"


def test_cc_coin_3_report_against_a_seat_without_the_coin_is_impossible(t3: Table) -> None:
    """CC-COIN-3: « un joueur qui possède le jeton »: seat 0 holds the coin; seat 1 neither
    holds it nor had a power blocked: the report is refused, the coin stays with seat 0."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=0)
    t3.turn_of(1, value=4)
    err = refused(t3, "missplay", 1, by_host=True, rule="CC-COIN-3")
    assert err.rule == "CC-COIN-3" and "does not hold the coin" in render(err.said)
    assert t3.state.coin == 0 and t3.hands == [4, 4, 4]


def test_cc_coin_3_report_option_off_accepts_it_as_before(t3: Table) -> None:
    """CC-COIN-3, option ``check_reports`` off (matches logged before it): accepted as logged."""
    table = Table(ENGINE, 3, check_reports=False)
    verdict = table.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert verdict.kind == "missplay" and table.state.coin == 1


def test_cc_miss_4_a_wrong_power_needs_a_special_card_discarded(t3: Table) -> None:
    """CC-MISS-4: « après avoir défaussé une carte spéciale »: not before seat 1 discarded one."""
    assert refused(t3, "missplay", 1, by_host=True, rule="CC-MISS-4").rule == "CC-MISS-4"
    t3.turn_of(0, value=4)
    t3.play("draw", 1, source="stock")
    t3.play("discard", 1, value=7)
    t3.play("power", 1, target_seat=0, slot=2)
    verdict = t3.play("missplay", 1, by_host=True, rule="CC-MISS-4")
    assert verdict.kind == "missplay" and t3.hands == [4, 5, 4]


def test_cc_miss_5_looking_at_a_penalty_card_needs_one(t3: Table) -> None:
    """CC-MISS-5: a seat cannot have looked at its penalty card without one (this round)."""
    err = refused(t3, "missplay", 2, by_host=True, rule="CC-MISS-5")
    assert err.rule == "CC-MISS-5" and "no penalty card" in render(err.said)
    t3.turn_of(0, value=11)
    t3.play("quick_play", 2, slot=3, value=4)  # a wrong quick play: penalty card
    assert t3.play("missplay", 2, by_host=True, rule="CC-MISS-5").kind == "missplay"
    assert t3.hands == [4, 4, 6]


def test_cc_miss_3_a_look_without_permission_can_happen_any_time(t3: Table) -> None:
    """CC-MISS-3: nothing on the table rules it out: accepted from the first move."""
    assert t3.play("missplay", 2, by_host=True, rule="CC-MISS-3").kind == "missplay"


def test_cc_miss_4_a_power_the_coin_blocked_was_not_there_to_misuse(t3: Table) -> None:
    """CC-MISS-4 with CC-COIN-1: seat 1 holds the coin and discards a 7: no power was given,
    so no wrong power can be reported (using it anyway is CC-COIN-3)."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=7)
    assert refused(t3, "missplay", 1, by_host=True, rule="CC-MISS-4").rule == "CC-MISS-4"
    assert t3.play("missplay", 1, by_host=True, rule="CC-COIN-3").kind == "missplay"


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


# --- quick scoring (rounds only): what a ``round`` states, how it is judged and scored
# (docs/rules/citroncoco.md, « Quick scoring »: CC-RND-1..3) -----------------------------

def test_rounds_a_round_states_the_caller_and_each_hand() -> None:
    """CC-RND-1: the caller and each seat's revealed hand, seat 0 first; scored as stated."""
    engine, state = rounds.start("citroncoco", 3)
    rounds.log(engine, state, caller=1, hands=[[5, 6], [1, 2], [3, 4, 12]])
    assert rounds.totals(engine, state) == [11, -19, 19]


def test_rounds_a_round_may_state_totals_instead_of_hands() -> None:
    """CC-RND-1: each seat's coconuts instead of the cards."""
    engine, state = rounds.start("citroncoco", 3)
    rounds.log(engine, state, caller=1, totals=[11, 3, 19])
    assert rounds.totals(engine, state) == [11, -19, 19]


def test_rounds_a_round_states_hands_or_totals_never_both() -> None:
    """CC-RND-1: one of the two."""
    engine, _state = rounds.start("citroncoco", 2)
    with pytest.raises(ValidationError):
        engine.event_types["round"]().load({"caller": 0, "hands": [[1], [2]],
                                             "totals": [1, 2]})


def test_rounds_a_round_gives_one_entry_per_seat() -> None:
    """CC-RND-1: two totals at a table of three are refused, nothing scored."""
    engine, state = rounds.start("citroncoco", 3)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.totals")
    assert rounds.totals(engine, state) == [0, 0, 0]


def test_rounds_a_caller_must_be_a_seat_of_the_match() -> None:
    """CC-RND-1: seat 4 at a table of two."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=4, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.caller")


def test_rounds_only_rounds_are_logged() -> None:
    """CC-RND-1: a draw is refused in a rounds-only match."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        engine.apply(state, Event("draw", 0, {"source": "stock"}, 1))
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "type")


def test_rounds_hands_are_judged_against_a_deck_of_the_matchs_own() -> None:
    """CC-RND-2 with CC-DECK-1: a deck of two 7s has no third; the hands are checked against
    the match's own composition, not the default's four."""
    engine, state = rounds.start("citroncoco", 2, deck={"7": 2, "1": 4, "2": 4, "3": 4})
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, hands=[[7, 1], [7, 7]])
    assert err.value.rule == "CC-DECK-1"
    rounds.log(engine, state, caller=0, hands=[[7, 1], [7, 3]])
    assert rounds.totals(engine, state) == [-10, 10]


def test_rounds_totals_below_every_negative_card_are_refused() -> None:
    """CC-RND-2: the default deck's two red kings (-1) are the floor: -2 is possible, -3 not."""
    engine, state = rounds.start("citroncoco", 2)
    rounds.log(engine, state, caller=0, totals=[-2, 0])
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[-2, -1])
    assert err.value.rule == "CC-DECK-1"


def test_rounds_a_round_without_a_caller_shows_an_emptied_hand() -> None:
    """CC-RND-2 with CC-END-1: without a call, a hand is empty."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=None, hands=[[1], [2]])
    assert err.value.rule == "CC-END-1"


def test_rounds_a_successful_call_takes_off_the_largest_hand() -> None:
    """CC-RND-3 with CC-CALL-4: 3 against 7 and 9: the caller takes off 9, the others score."""
    engine, state = rounds.start("citroncoco", 3)
    assert rounds.log(engine, state, caller=0, totals=[3, 7, 9]).rule == "CC-CALL-4"
    assert rounds.totals(engine, state) == [-9, 7, 9]


def test_rounds_a_failed_call_scores_the_caller_alone() -> None:
    """CC-RND-3 with CC-CALL-5: 8 against 7 and 9: the caller scores 8, the others nothing."""
    engine, state = rounds.start("citroncoco", 3)
    assert rounds.log(engine, state, caller=0, totals=[8, 7, 9]).rule == "CC-CALL-5"
    assert rounds.totals(engine, state) == [8, 0, 0]


def test_rounds_a_tied_call_follows_the_matchs_option() -> None:
    """CC-RND-3: a tie fails by default (CC-CALL-5) and wins under caller_wins_ties."""
    engine, state = rounds.start("citroncoco", 2, caller_wins_ties=True)
    assert rounds.log(engine, state, caller=1, totals=[4, 4]).rule == "CC-CALL-4"
    assert rounds.totals(engine, state) == [4, -4]


def test_rounds_rounds_add_up_to_the_target_and_the_fewest_win() -> None:
    """CC-RND-3 with CC-GOAL-1/2: 12 + 20 passes a target of 30; then no round is taken."""
    engine, state = rounds.start("citroncoco", 2, target=30)
    assert rounds.log(engine, state, caller=1, totals=[12, 2]).rule == "CC-CALL-4"
    assert rounds.log(engine, state, caller=None, totals=[20, 0]).rule == "CC-GOAL-1"
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (1,)
    assert rounds.totals(engine, state) == [32, -12]
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 1])
    assert err.value.rule == "CC-GOAL-1"
