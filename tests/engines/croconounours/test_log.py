"""CrocoNounours: a recorded match replayed with its expected verdicts (a golden log)."""

from __future__ import annotations

from referee.engines.croconounours import board
from referee.engines.croconounours.engine import ENGINE
from tests.engines.contract import assert_impossible_changes_nothing, replay
from tests.engines.croconounours.helpers import ev


def test_cn_recorded_match_replays_with_its_verdicts() -> None:
    """CN-SETUP-1 … CN-END-1: a short match from the first draw to the last warrior."""
    log = [
        ev("first_player", None, draws={"0": "QS", "1": "QH"}),
        ev("first_player", None, draws={"0": "AC", "1": "10D"}),
        ev("deploy", 0, corner="a1", warriors={"a1": "yellow", "a2": "red", "b1": "green"}),
        ev("deploy", 1, corner="g7", warriors={"g7": "green", "g6": "red", "f7": "yellow"}),
        ev("move", 0, warrior="0-red", card="5C", to="a3"),
        ev("end_turn", 0),
        ev("discard", 1, cards=["2H"]),
        ev("draw", 1, count=1),
        ev("move", 1, warrior="1-red", card="6S", to="f5"),
        ev("end_turn", 1),
        ev("draw", 0, count=1),
        ev("move", 0, warrior="0-red", card="7S", to="b4"),
        ev("move", 0, warrior="0-red", card="8S", to="c5"),
        ev("move", 0, warrior="0-red", card="9S", to="d6"),
        ev("move", 0, warrior="0-red", card="10C", to="e6"),
        ev("attack", 0, warrior="0-red", card="JH", target="1-yellow"),
        ev("defend", 1, kind="dodge", cards=["QC"], to="e7"),
        ev("attack", 0, warrior="0-red", card="KH", target="e5"),  # nobody there
    ]
    state, verdicts = replay(ENGINE, {}, 2, log[:-1])
    rules = [v.rule for v in verdicts]
    assert rules == [
        "CN-SETUP-1", "CN-SETUP-1", "CN-SETUP-2", "CN-SETUP-2", "CN-MOVE-1", "CN-TURN-1",
        "CN-DISC-1", "CN-DRAW-1", "CN-MOVE-2", "CN-TURN-1", "CN-DRAW-1", "CN-MOVE-2",
        "CN-MOVE-2", "CN-MOVE-2", "CN-MOVE-1", "CN-ATK-2", "CN-DODGE-1",
    ]  # fmt: skip
    assert state.warriors["1-yellow"].square == board.parse_square("e7")
    assert state.hands == [2, 5] and state.stock == 54 - 14 - 2
    err = assert_impossible_changes_nothing(ENGINE, state, log[-1])
    assert err.rule == "CN-ATK-4"
