"""CrocoNounours: random legal playouts (hypothesis), the engine contract, a recorded match."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.base import Event
from referee.engines.croconounours import board
from referee.engines.croconounours.engine import ENGINE, CrocoState
from tests.engines.contract import (
    assert_deterministic,
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
    replay,
)
from tests.engines.croconounours_helpers import ev, legal_event, new_state, setup_events

pytestmark = pytest.mark.playout

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"coloured_squares": True},
    {"obstacles": True},
    {"deck": 32, "obstacles": True, "coloured_squares": True},
    {"deck": 52, "free_choice": True, "free_draw": True},
    {"teams": False},
    {"roster": {"0": ["red", "orange"], "1": ["yellow"]}},
    # the readings matches created before the literal defaults kept (service/readings.py)
    {"obstacles": True, "teams": True, "free_draw": False, "shot_past_one_obstacle_blocked": True,
     "diagonal_obstacles_stop_pushes": True, "campaign_reserve": "survivors",
     "check_reports": False},
    {"packets": {"0": 9, "1": 3}},
]


def check_table(state: CrocoState) -> None:
    """The invariants of every state a legal match can reach."""
    squares = [w.square for w in state.warriors.values() if w.square is not None]
    assert len(squares) == len(set(squares)), "two warriors on one square"
    assert all(board.on_board(s) for s in squares + state.obstacles), "off the board"
    assert not set(squares) & set(state.obstacles), "a warrior on an obstacle"
    assert len(state.obstacles) == len(set(state.obstacles))
    assert state.stock + len(state.discard) + sum(state.hands) == state.deck_size
    assert min(state.hands, default=0) >= 0 and state.stock >= 0
    shown = Counter(state.discard)
    assert all(n <= state.deck_counts[c] for c, n in shown.items()), "a card seen too often"
    if state.phase not in ("first_player", "deploy", "obstacles"):
        assert all(h <= 8 for h in state.hands)
    standings = ENGINE.standings(state)
    for line in standings.lines:
        assert line.total == len(line.detail["standing"])
    assert standings.finished == (state.phase == "over")


def play(seed: int, seats: int, options: dict[str, Any], limit: int) -> list[Event]:
    """A random legal match (or its first ``limit`` moves), checking the table after each."""
    rng = random.Random(seed)
    state = new_state(seats, **options)
    events: list[Event] = []
    while len(events) < limit:
        event = legal_event(state, rng)
        if event is None:
            break
        ENGINE.apply(state, event)
        check_table(state)
        events.append(event)
    return events


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.sampled_from([2, 2, 3, 4]),
    options=st.sampled_from(OPTION_SETS),
)
def test_cn_playouts_keep_the_table_sound(seed: int, seats: int, options: dict) -> None:
    """CN-MOVE-3, CN-PUSH-1, CN-CARD-1: never two warriors on a square, nobody off the board,
    cards conserved, totals from their sources; replay deterministic; snapshots round trip."""
    if (options.get("roster") or options.get("packets")) and seats != 2:
        options = {}
    events = play(seed, seats, options, limit=250)
    assert_deterministic(ENGINE, options, seats, events)
    state, verdicts = replay(ENGINE, options, seats, events)
    assert all(v.kind == "ok" for v in verdicts)
    assert_snapshot_round_trip(ENGINE, state)


def impossible_moves(state: CrocoState, rng: random.Random) -> list[Event]:
    """Moves that cannot have happened in ``state`` (whatever its phase)."""
    turn = ENGINE.turn(state)
    other = 0 if turn != 0 else 1
    mine = sorted(w.id for w in state.warriors.values() if w.standing and w.seat == turn)
    warrior = rng.choice(mine) if mine else "0-red"
    return [
        ev("move", other, warrior=warrior, card="2C", to="d4"),  # not their turn
        ev("move", turn, warrior=warrior, card="2C", to="h9"),  # off the board
        ev("move", turn, warrior="9-blue", card="2C", to="d4"),  # no such warrior
        ev("draw", turn, count=3)
        if state.hands and max(state.hands) >= 5
        else ev("end_turn", other),
        ev("attack", turn, warrior=warrior, card="2S", target="d4"),  # black card
        ev("defend", other, kind="parry", cards=["2H"]),
        ev("discard", turn, cards=["JK", "JK", "JK"]),  # three jokers
        ev("deploy", turn, corner="d4", warriors={"d4": "red"}),
        ev("missplay", turn, rule="CN-DRAW-1"),  # not by the host
    ]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(0, 150),
    options=st.sampled_from(OPTION_SETS[:4]),
)
def test_cn_impossible_moves_change_nothing(seed: int, length: int, options: dict) -> None:
    """CN-TURN-1, CN-BOARD-2, CN-TEAM-1, CN-ACT-2, CN-CARD-1: refused moves leave the state as
    it was, at any point of a random match."""
    rng = random.Random(seed)
    state, _ = replay(ENGINE, options, 2, play(seed, 2, options, limit=length))
    for event in impossible_moves(state, rng):
        if event.type == "draw" and state.phase in ("discard", "draw"):
            continue  # the draw may happen to be legal
        err = assert_impossible_changes_nothing(ENGINE, state, event)
        assert err.rule.startswith("CN-") and err.reason


def test_cn_end_1_random_matches_reach_a_winner() -> None:
    """CN-END-1: played out long enough, random matches end with a winner and stop there."""
    finished = 0
    for seed in range(12):
        state, _ = replay(ENGINE, {}, 2, play(seed, 2, {}, limit=1500))
        result = ENGINE.standings(state)
        if result.finished:
            finished += 1
            loser = next(ln for ln in result.lines if ln.seats != result.winners)
            assert loser.total == 0 and len(result.winners) == 1
            assert ENGINE.turn(state) is None
    assert finished > 0


# --------------------------------------------------------------------------------------------
# The contract's shapes


def test_cn_setup_1_options_and_payloads_describe_themselves() -> None:
    """CN-SETUP-1: every option has a default and a description; every payload field a
    description (the web page shows them)."""
    for name, fld in ENGINE.options_schema().fields.items():
        assert fld.load_default is not None or fld.allow_none, name
        assert fld.metadata.get("description"), name
    for type_, schema in ENGINE.event_types.items():
        if type_ == "missplay":
            continue
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{type_}.{name}"


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
# A recorded match, replayed with its expected verdicts


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
