"""CrocoNounours: what the view shows a seat, the board and a pending attack
(docs/rules/croconounours.md, CN-BOARD-1, CN-DEF-1)."""

from __future__ import annotations

import pickle

from referee.engines.croconounours.engine import ENGINE
from tests.engines.croconounours.helpers import ev, new_state, setup_events


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
