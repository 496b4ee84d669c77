"""Carte et Plouc: a recorded match with its expected verdicts (a golden log), the engine's
contract with the service (registry, described schemas, view shape), and the rulings' corners.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from marshmallow import Schema

from referee.engines import REGISTRY
from referee.engines.base import Event, InvalidOptions
from referee.engines.plouc import ENGINE, legal_plays
from tests.engines.contract import (
    assert_deterministic,
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
)
from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, effects_said, new_table

# A short match of three cards each: (type, seat, payload, rule of the verdict).
GOLDEN: list[tuple[str, int | None, dict[str, Any], str]] = [
    ("play", ZOUHAIRE, {"cards": ["5S"]}, "PL-PLAY-1"),
    ("play", CHARLOTTE, {"cards": ["10S"]}, "PL-10-1"),
    ("play", CHARLOTTE, {"cards": ["8S"]}, "PL-PLAY-1"),
    ("announce", CHARLOTTE, {"word": "carte"}, "PL-ANN-1"),
    ("play", ZOUHAIRE, {"cards": ["7S"]}, "PL-7-1"),
    ("announce", ZOUHAIRE, {"word": "carte"}, "PL-ANN-1"),
    ("play", DAVID, {"cards": ["7D"]}, "PL-7-2"),
    ("draw", CHARLOTTE, {"count": 4}, "PL-7-2"),
    ("play", CHARLOTTE, {"cards": ["QD"]}, "PL-Q-1"),
    ("play", CHARLOTTE, {"cards": ["9D"]}, "PL-PLAY-1"),
    ("play", ZOUHAIRE, {"cards": ["9C"]}, "PL-PLAY-1"),
    ("announce", ZOUHAIRE, {"word": "plouc"}, "PL-END-1"),
]


def test_pl_end_1_golden_match_verdicts_and_standings() -> None:
    """PL-END-1: the recorded match gives the same verdicts, cards left and winner."""
    t = new_table(hand_size=3)
    rules = [t.log(type_, seat, payload).rule for type_, seat, payload, _ in GOLDEN]
    assert rules == [rule for *_, rule in GOLDEN]
    standings = ENGINE.standings(t.state)
    assert [ln.total for ln in standings.lines] == [0, 3, 2]
    assert standings.winners == (ZOUHAIRE,)
    assert standings.rounds == ({"0": 0, "1": 3, "2": 2},)
    assert t.state.stock == 52 - 9 - 1 - 4
    assert_snapshot_round_trip(ENGINE, t.state)
    assert_deterministic(ENGINE, t.options, t.seats, t.events)


def test_pl_end_1_nothing_is_played_after_the_plouc() -> None:
    """PL-END-1: the game is over once the winner said "plouc"."""
    t = new_table(hand_size=1)
    t.play(ZOUHAIRE, "5S")
    t.say(ZOUHAIRE, "plouc")
    assert t.refuse("play", CHARLOTTE, {"cards": ["8S"]}).rule == "PL-END-1"


# ---- the contract with the service -------------------------------------------------------


def test_pl_log_1_the_engine_is_registered() -> None:
    """PL-LOG-1: the service finds the engine by its id."""
    assert REGISTRY["plouc"] is ENGINE
    assert (ENGINE.min_seats, ENGINE.max_seats) == (2, 9)
    assert ENGINE.host_only == {"missplay", "ruling"}


def _undocumented(schema: Schema) -> list[str]:
    return [name for name, f in schema.fields.items() if not f.metadata.get("description")]


def test_pl_log_1_every_option_and_payload_field_is_described() -> None:
    """PL-LOG-1: the web page shows each option and field with its description."""
    options = ENGINE.options_schema()
    assert _undocumented(options) == []
    assert all(f.load_default is not None or f.allow_none for f in options.fields.values())
    for type_, schema in ENGINE.event_types.items():
        if type_ != "missplay":  # the shared schema of base.py
            assert _undocumented(schema()) == [], type_


def test_pl_log_1_an_unknown_move_is_refused() -> None:
    """PL-LOG-1: only the game's vocabulary is accepted."""
    t = new_table()
    error = assert_impossible_changes_nothing(ENGINE, t.state, Event("bid", ZOUHAIRE, {}, seq=2))
    assert error.rule == "PL-LOG-1"


def test_pl_deal_2_a_dealer_that_does_not_exist_is_refused() -> None:
    """PL-DEAL-2: the dealer is one of the seats."""
    opts = ENGINE.options_schema().load({"dealer": 5})
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(opts, 3)
    assert caught.value.where == "dealer"


def test_pl_hid_1_every_viewer_sees_the_same_public_table() -> None:
    """PL-HID-1: the engine holds no private card: the public, a seat and the host see alike."""
    t = new_table()
    t.play(ZOUHAIRE, "7H")
    public = ENGINE.view(t.state, None)
    for viewer in (CHARLOTTE, "host"):
        seen = ENGINE.view(t.state, viewer)
        assert {k: v for k, v in seen.items() if k != "viewer"} == {
            k: v for k, v in public.items() if k != "viewer"
        }
    assert {"turn", "phase", "seats", "discard", "stock"} <= public.keys()
    assert public["owed"] == {"seat": CHARLOTTE, "cards": 2, "answer": "7"}
    assert public["discard"]["top"] == "7H"
    json.dumps(public)


# ---- corners of the rulings --------------------------------------------------------------


def test_pl_stock_1_when_everything_is_spent_the_draw_stops_short() -> None:
    """PL-STOCK-1 (ruling): no stock and only the top card on the discard: nothing to draw."""
    t = new_table(seats=2, hand_size=25, dealer=1, turn_up="5H")
    t.draw(ZOUHAIRE)
    verdict = t.draw(1, 0)
    assert any("no card left" in e for e in effects_said(verdict))
    assert t.hands() == [26, 25]
    assert t.turn == ZOUHAIRE


def test_pl_sq_1_the_turned_up_card_counts_toward_a_square() -> None:
    """PL-SQ-1 (ruling): 2♠ turned up, then 2♦, 2♣, 2♥: David completes the square."""
    t = new_table(turn_up="2S")
    t.play(ZOUHAIRE, "2D")
    t.play(CHARLOTTE, "2C")
    assert t.play(DAVID, "2H").rule == "PL-SQ-1"
    assert t.turn == DAVID


def test_pl_ace_2_several_aces_change_from_the_suit_on_top_too() -> None:
    """PL-ACE-2 (the text, default): « on doit changer de couleur »: A♣ A♥ on clubs leave the
    A♥ on top, so they may name neither clubs nor hearts; spades is a change."""
    t = new_table(turn_up="3C")
    assert t.refuse("play", ZOUHAIRE, {"cards": ["AC", "AH"], "suit": "C"}).rule == "PL-ACE-2"
    error = t.refuse("play", ZOUHAIRE, {"cards": ["AC", "AH"], "suit": "H"})
    assert (error.rule, error.where) == ("PL-ACE-2", "payload.suit")
    t.play(ZOUHAIRE, "AC", "AH", suit="S")
    assert t.state.suit == "S"


def test_pl_ace_2_a_seats_device_suggests_aces_that_change_the_suit() -> None:
    """PL-ACE-2 (default): the plays suggested from a hand with A♣ A♥ on clubs name a suit that
    is neither clubs nor the hearts of the A♥ left on top."""
    t = new_table(turn_up="3C")
    plays = legal_plays(t.state, ["AC", "AH", "5H", "6H", "7H"])
    assert (["AC", "AH"], "S") in plays or (["AC", "AH"], "D") in plays
    assert all(suit not in ("C", "H") for cards, suit in plays if cards == ["AC", "AH"])


def test_pl_ace_2_several_aces_change_the_suit_the_first_followed() -> None:
    """PL-ACE-2, option aces suit_in_play: A♣ A♥ on clubs may name hearts, not clubs."""
    t = new_table(turn_up="3C", aces="suit_in_play")
    assert t.refuse("play", ZOUHAIRE, {"cards": ["AC", "AH"], "suit": "C"}).rule == "PL-ACE-2"
    t.play(ZOUHAIRE, "AC", "AH", suit="H")
    assert t.state.suit == "H"


def test_pl_zero_1_a_turned_up_two_may_be_slapped() -> None:
    """PL-ZERO-1 / PL-DEAL-2 (ruling): the turned-up 2 lies on the discard like any card."""
    t = new_table(turn_up="2C", zero=True)
    t.draw(ZOUHAIRE)
    assert t.slap(DAVID, ZOUHAIRE).rule == "PL-ZERO-1"
    assert (t.hand(DAVID), t.hand(ZOUHAIRE)) == (8, 7)


def test_pl_zero_1_no_slap_while_a_plouc_is_awaited() -> None:
    """PL-ZERO-1 (ruling): a last card 2 ends the hand; nobody slaps it."""
    t = new_table(hand_size=1, turn_up="5H", zero=True)
    t.play(ZOUHAIRE, "2H")
    assert t.refuse("slap", DAVID, {"with_seat": ZOUHAIRE}).rule == "PL-ANN-2"


def test_pl_zero_1_a_last_card_two_announces_no_slap() -> None:
    """PL-ZERO-1 (ruling): the verdict of a last-card 2 does not offer a slap it would refuse."""
    t = new_table(hand_size=1, turn_up="5H", zero=True)
    verdict = t.play(ZOUHAIRE, "2H")
    assert not any("first to slap" in e for e in effects_said(verdict))
    assert any("no slap" in e for e in effects_said(verdict))


def test_pl_df_2_a_flag_on_a_forgotten_plouc() -> None:
    """PL-DF-2: David le fou catches a forgotten plouc from the log; Zouhaire draws and plays on."""
    t = new_table(hand_size=1, david_le_fou=True)
    t.play(ZOUHAIRE, "5S")
    verdict = t.flag(CHARLOTTE, ZOUHAIRE, "PL-ANN-2", about_seq=2)
    assert verdict.rule == "PL-DF-2"
    assert t.hand(ZOUHAIRE) == 1
    assert t.state.phase == "play" and t.turn == CHARLOTTE


def test_pl_mo_1_a_forgotten_plouc_caught_under_mega_one() -> None:
    """PL-MO-1 / PL-ZZ-2: the caller gives the finisher a card; play goes on."""
    t = new_table(hand_size=2, mega_one=True)
    t.play(ZOUHAIRE, "5S")
    t.say(ZOUHAIRE, "carte")
    t.draw(CHARLOTTE)
    t.draw(DAVID)
    t.play(ZOUHAIRE, "5C")
    assert t.contre(CHARLOTTE, ZOUHAIRE).rule == "PL-MO-1"
    assert (t.hand(ZOUHAIRE), t.hand(CHARLOTTE)) == (1, 2)
    assert t.state.phase == "play"


def test_pl_md_1_a_swear_before_the_plouc_puts_the_player_back_in() -> None:
    """PL-MD-1 / PL-END-1 (ruling): cards given before the plouc: the player is not out."""
    t = new_table(hand_size=1, mot_doux=True)
    t.play(ZOUHAIRE, "5S")
    t.swear(ZOUHAIRE)
    assert t.hand(ZOUHAIRE) == 2
    assert t.refuse("announce", ZOUHAIRE, {"word": "plouc"}).rule == "PL-ANN-2"
    assert t.turn == CHARLOTTE
