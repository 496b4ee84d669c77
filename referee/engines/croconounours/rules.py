"""CrocoNounours' rules bound to its moves: ``REGISTRY`` gives each move type its rule (the set-up's
in ``setup``, a turn's in ``turn``, ``attacks`` and ``defence``); ``deal`` makes the table before
the first move and ``table`` is what the shared checks read of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engines.croconounours import attacks, defence, setup, turn
from referee.engines.croconounours.moves import MOVES
from referee.engines.croconounours.options import settle
from referee.engines.croconounours.pack import deck_composition
from referee.engines.croconounours.state import CrocoState
from referee.engines.croconounours.table import PLAYING
from referee.engines.messages import Message, msg
from referee.engines.moves import Table

#: The faults the host reports (CN-MISS-1), and what each is.
REPORTABLE_MISSPLAYS: Mapping[str, Message] = {
    "CN-DRAW-1": msg("croconounours.fault.overdrawn"),
    "CN-ACT-1": msg("croconounours.fault.no_action"),
    "CN-TURN-2": msg("croconounours.fault.out_of_order"),
}

#: Each move type with its payload and its rule: judges, then changes the table.
REGISTRY = MOVES.handled_by({
    "first_player": setup.first_player,
    "choose_team": setup.choose_team,
    "deploy": setup.deploy,
    "obstacles": setup.obstacles,
    "discard": turn.discard,
    "draw": turn.draw,
    "move": turn.step,
    "attack": attacks.attack,
    "defend": defence.defend,
    "no_defence": defence.no_defence,
    "end_turn": turn.end_turn,
    "missplay": turn.missplay,
})


def deal(options: Mapping[str, Any], seats: int) -> CrocoState:
    """The table before the first move (the options read, CN-SETUP-1); raises InvalidOptions."""
    opts = settle(options, seats)
    return CrocoState(
        seats=seats,
        side_of_seat=opts.side_of_seat,
        deck_size=opts.deck,
        deck_counts=deck_composition(opts.deck),
        layout=opts.layout,
        obstacles_per_side=opts.obstacles_per_side,
        free_choice=opts.free_choice,
        free_draw=opts.free_draw,
        roster=dict(opts.roster),
        shot_past_one_obstacle_blocked=opts.shot_past_one_obstacle_blocked,
        diagonal_obstacles_stop_pushes=opts.diagonal_obstacles_stop_pushes,
        campaign_reserve=opts.campaign_reserve,
        packets=dict(opts.packets),
        check_reports=opts.check_reports,
        contenders=list(range(seats)),
        hands=[0] * seats,
        stock=opts.deck,
    )


def table(state: CrocoState) -> Table:
    """Turn moves are checked against the seat to play while a turn is under way (set-up and
    defence refuse moves by their own clauses)."""
    playing = state.phase in PLAYING
    return Table(seats=state.seats, turn=state.turn_seat if playing else None,
                 over=state.phase == "over")
