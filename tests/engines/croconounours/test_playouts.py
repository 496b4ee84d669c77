"""CrocoNounours: random legal playouts (hypothesis) and the engine contract on them."""

from __future__ import annotations

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
from tests.engines.croconounours.helpers import ev, legal_event, new_state

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
