"""CitronCoco each for themself: the cards' powers (docs/rules/citroncoco.md, ids CC-…)."""

from __future__ import annotations

from referee.engines.base import Event
from referee.engines.citroncoco import ENGINE
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines.citroncoco.helpers import (
    Table,
    effects_said,
    refused,
)

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
    assert "seat 2 will play again (11 Supply)" in effects_said(verdict)
    assert t3.state.coin == 1 and t3.hands == [4, 5, 4]
    assert t3.play("draw", 1, source="stock").kind == "ok"


def test_cc_coin_3_host_logged_thirteen_skip_stands(t3: Table) -> None:
    """CC-COIN-3: the holder's blocked 13 skipped seat 2 anyway: reported, the skip stands."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=13)
    t3.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert ENGINE.turn(t3.state) == 0
    assert "seat 3 skips its turn (13 Captain)" in effects_said(t3.play("draw", 0, source="stock"))


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
    assert "seat 2 skips its turn (13 Captain)" in effects_said(verdict)
