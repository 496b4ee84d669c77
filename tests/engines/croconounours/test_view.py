"""CrocoNounours: what the view shows a seat, the board and a pending attack
(docs/rules/croconounours.md, CN-BOARD-1, CN-DEF-1)."""

from __future__ import annotations

import pickle

from referee.engines.croconounours.engine import ENGINE
from tests.engines.croconounours.helpers import (
    ev,
    in_action,
    new_state,
    place,
    refused,
    setup_events,
    started,
)


def test_cn_board_1_view_draws_the_board() -> None:
    """CN-BOARD-1: the view is a 7×7 board of self-describing cells, rank 7 on top."""
    state = new_state()
    for e in setup_events():
        ENGINE.apply(state, e)
    view = ENGINE.view(state, None)
    assert {"turn", "phase", "seats", "board", "stock_size", "discard_top"} <= set(view)
    assert len(view["board"]) == 7 and all(len(r) == 7 for r in view["board"])
    assert view["board"][0][0]["square"] == "a7" and view["board"][6][0]["square"] == "a1"
    assert view["board"][6][0]["warrior"]["id"] == "0-red"
    assert view["seats"][0]["warriors"][0]["reach"]["club"] == []
    assert pickle.loads(pickle.dumps(view)) == view


def test_cn_def_1_view_shows_the_pending_attack() -> None:
    """CN-DEF-1: while a defence is awaited the view says what would answer it."""
    state = new_state()
    for e in setup_events():
        ENGINE.apply(state, e)
    state.phase = "action"
    state.warriors["0-red"].square = (3, 2)
    state.warriors["1-green"].square = (3, 3)
    ENGINE.apply(state, ev("attack", 0, warrior="0-red", card="9D", target="d4"))
    pending = ENGINE.view(state, 1)["pending_attack"]
    assert pending["defender_seat"] == 1 and pending["dodge_suit"] == "S"
    assert pending["parry_suit"] == "D" and pending["parry_extra_card"] is True
    assert pending["dodge_to"] == ["c3", "c5", "e3", "e5"]


# --------------------------------------------------------------------------------------------
# Hidden information


def test_cn_card_1_no_card_played_twice_before_a_reshuffle() -> None:
    """CN-CARD-1: a card already face up on the discard pile cannot be played again."""
    state = place(started(), {"0-red": "d4"})
    ENGINE.apply(state, ev("discard", 0, cards=["7C"]))
    ENGINE.apply(state, ev("draw", 0, count=1))
    err = refused(state, ev("move", 0, warrior="0-red", card="7C", to="d5"), "CN-CARD-1")
    assert err.message is not None and err.message.id == "croconounours.cards.all_seen"
    assert err.message.params["shown"] == 1  # the one 7C lies face up on the discard pile


def test_cn_card_1_two_jokers_at_most() -> None:
    """CN-CARD-1: the pack holds two jokers; a third is impossible."""
    state = started()
    refused(state, ev("discard", 0, cards=["JK", "JK", "JK"]), "CN-CARD-1")


def test_cn_card_1_played_cards_are_public() -> None:
    """CN-CARD-1: every card played lies face up: the view shows the discard pile."""
    state = place(in_action(), {"0-red": "d4"})
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="9C", to="d5"))
    public = ENGINE.view(state, None)
    assert public["discard_top"] == "9C" and public["discard"] == ["9C"]


def test_cn_card_2_cannot_play_more_cards_than_held() -> None:
    """CN-CARD-2: hand sizes are known; an empty hand plays nothing."""
    state = place(in_action(), {"0-red": "d4"})
    state.hands[0] = 0
    refused(state, ev("move", 0, warrior="0-red", card="9C", to="d5"), "CN-CARD-2")


def test_cn_card_2_hand_sizes_shown_cards_hidden() -> None:
    """CN-CARD-2: the view gives each hand's size, its cards as unknown."""
    seat = ENGINE.view(started(), 1)["seats"][0]
    assert seat["hand_size"] == 7 and seat["hand"] == [None] * 7
