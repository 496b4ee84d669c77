"""What the table shows: the board as a viewer sees it (hands counted only; a secret free choice
of colours hidden, CN-TEAM-2), and where an attacked warrior could dodge."""

from __future__ import annotations

from typing import Any

from referee.engines.base import HOST, Viewer
from referee.engines.cards import Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.pack import DODGE_SUIT
from referee.engines.croconounours.state import Attack, CrocoState
from referee.engines.croconounours.table import (
    PLAYING,
    draw_most,
    draw_needed,
    occupant,
    on_own_colour,
    reach,
    seat_standing,
    side_key,
    steps,
    team_colours,
    whose_turn,
)


def dodge_squares(state: CrocoState, attack: Attack) -> list[str]:
    """Where the attacked warrior could step if it dodges (a pad offers these)."""
    target = state.warriors[attack.target]
    squares: list[Square]
    if attack.shot:
        squares = steps(state, target, "straight") + steps(state, target, "diagonal")
    else:
        kind = "straight" if DODGE_SUIT[Suit(attack.suit)] == Suit.CLUBS else "diagonal"
        squares = steps(state, target, kind)
    return sorted(board.name(s) for s in squares)


def team_seen(state: CrocoState, seat: int, viewer: Viewer) -> list[str | None]:
    """A secret free choice shows to its seat and the host only, until deployment."""
    team = team_colours(state, seat)
    if team is None:
        return [None] * 3
    if seat in state.sealed and seat not in state.corners and viewer not in (seat, HOST):
        return [None] * len(team)
    return list(team)


def cell(state: CrocoState, sq: Square) -> dict[str, Any]:
    w = occupant(state, sq)
    return {
        "square": board.name(sq),
        "colour": board.square_colour(state.layout, sq) if state.layout else None,
        "warrior": None if w is None else {"id": w.id, "seat": w.seat, "colour": w.colour,
                                           "on_own_colour": on_own_colour(state, w)},
        "obstacle": sq in state.obstacles,
    }


def pending_attack(state: CrocoState) -> dict[str, Any] | None:
    a = state.pending
    if a is None:
        return None
    attacker = state.warriors[a.attacker]
    return {
        "attacker": a.attacker,
        "target": a.target,
        "card": a.card,
        "suit": a.suit,
        "intent": a.intent,
        "shot": a.shot,
        "defender_seat": state.warriors[a.target].seat,
        "dodge_suit": "black" if a.shot else DODGE_SUIT[Suit(a.suit)].value,
        "parry_suit": None if a.shot else a.suit,
        "parry_extra_card": attacker.colour == "red" and not a.shot,
        "dodge_to": dodge_squares(state, a),
    }


def seat_view(state: CrocoState, s: int, viewer: Viewer, to_play: int | None) -> dict[str, Any]:
    mine = [w for w in state.warriors.values() if w.seat == s]
    playing = to_play == s and state.phase in PLAYING
    return {
        "seat": s,
        "side": side_key(state, state.side_of_seat[s]),
        "hand_size": state.hands[s],
        "hand": [None] * state.hands[s],
        "corner": board.name(state.corners[s]) if s in state.corners else None,
        "team": team_seen(state, s, viewer),
        "team_chosen": team_colours(state, s) is not None,
        "warriors": [
            {"id": w.id, "colour": w.colour,
             "square": None if w.square is None else board.name(w.square),
             "eaten_by": w.eaten_by, "reach": reach(state, w) if playing else {}}
            for w in mine
        ],
        "out": bool(mine) and not seat_standing(state, s),
        "draw_needed": draw_needed(state, s)
        if to_play == s and state.phase in ("discard", "draw") else 0,
        "draw_most": draw_most(state, s)
        if to_play == s and state.phase in ("discard", "draw") else 0,
    }


def view(state: CrocoState, viewer: Viewer) -> dict[str, Any]:
    """The table as ``viewer`` sees it. The engine never knows a hand's cards, so hands are
    counted only; the one secret it holds is a free choice of colours (CN-TEAM-2)."""
    to_play = whose_turn(state)
    return {
        "phase": state.phase,
        "turn": to_play,
        "round": state.round,
        "first_player": state.first_seat,
        "contenders": list(state.contenders),
        "middle_seat": state.middle_seat,
        "seats": [seat_view(state, s, viewer, to_play) for s in range(state.seats)],
        "board": [[cell(state, (col, row)) for col in range(board.SIZE)]
                  for row in reversed(range(board.SIZE))],
        "layout": board.layout_rows(state.layout) if state.layout else None,
        "obstacles": [board.name(s) for s in state.obstacles],
        "obstacles_eaten": state.obstacles_eaten,
        "stock_size": state.stock,
        "discard_top": state.discard[-1] if state.discard else None,
        "discard_size": len(state.discard),
        "discard": list(state.discard),
        "deck_size": state.deck_size,
        "pending_attack": pending_attack(state),
    }
