"""What the table shows: whose turn it is, the standings (the outcome as data), and the board
as a viewer sees it (hands counted only; a secret free choice of colours hidden, CN-TEAM-2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.engines.base import HOST, Line, Standings, Viewer
from referee.engines.cards import Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.pack import DODGE_SUIT
from referee.engines.croconounours.schemas import WARRIOR_COLOURS
from referee.engines.croconounours.state import Attack, CrocoState
from referee.engines.croconounours.table import (
    draw_most,
    draw_needed,
    occupant,
    on_own_colour,
    reach,
    seat_standing,
    seats_of_side,
    side_key,
    side_standing,
    sides,
    steps,
    team_colours,
)
from referee.engines.messages import Outcome

PLAYING = ("discard", "draw", "action")


def whose_turn(state: CrocoState) -> int | None:
    if state.phase in ("over", "first_player"):
        return None
    if state.phase in ("deploy", "obstacles"):
        return state.queue[0]
    if state.phase == "defence" and state.pending is not None:
        return state.warriors[state.pending.target].seat
    return state.turn_seat


def team_size(state: CrocoState, side: int) -> int:
    """The warriors the side brought (a secret choice counts as a full team)."""
    return sum(len(team_colours(state, s) or WARRIOR_COLOURS) for s in seats_of_side(state, side))


def eaten_by_side(state: CrocoState, side: int) -> list[str]:
    """The warriors the side's warriors ate."""
    return [w.id for w in state.warriors.values() if w.eaten_by is not None
            and state.side_of_seat[state.warriors[w.eaten_by].seat] == side]


def survivors(state: CrocoState, side: int) -> dict[str, list[str]]:
    """CN-CAMP-1: the colours each seat has standing, for the next match of a campaign."""
    return {str(s): [w.colour for w in state.warriors.values() if w.seat == s and w.standing]
            for s in seats_of_side(state, side)}


def reserve(state: CrocoState, side: int) -> dict[str, Any]:
    """CN-CAMP-1: each seat's « Warriors en réserve »: by default the candies left in its
    packet (the count it brought, less its warriors eaten; None when no count was given);
    with ``campaign_reserve`` 'survivors', the colours of its warriors still standing."""
    if state.campaign_reserve == "survivors":
        return survivors(state, side)
    eaten = Counter(w.seat for w in state.warriors.values() if not w.standing)
    return {str(s): state.packets[s] - eaten[s] if s in state.packets else None
            for s in seats_of_side(state, side)}


def side_line(state: CrocoState, side: int) -> Line:
    """One side's warriors standing, eaten, and what it ate."""
    mine = [w for w in state.warriors.values() if state.side_of_seat[w.seat] == side]
    standing = [w for w in mine if w.standing]
    eaten = [w.id for w in mine if not w.standing]
    return Line(
        side=side_key(state, side),
        seats=seats_of_side(state, side),
        total=len(standing),
        detail={
            "standing": [w.id for w in standing],
            "eaten": eaten,
            "warriors_eaten": len(eaten),
            "ate": eaten_by_side(state, side),
            "wounded_green": [w.id for w in standing if w.colour == "orange"],
            "reserve": reserve(state, side),
            "survivors": survivors(state, side),
            "team_size": team_size(state, side),
        },
    )


def outcome(state: CrocoState) -> Outcome | None:
    """CN-END-1: the last side standing wins, with the warriors it has left."""
    if state.phase != "over":
        return None
    if state.winner_side is None:
        return Outcome((), "croconounours.outcome.nobody_left")
    return Outcome(seats_of_side(state, state.winner_side), "croconounours.outcome.last_side",
                   {"count": side_standing(state, state.winner_side)})


def standings(state: CrocoState) -> Standings:
    result = outcome(state)
    return Standings(
        unit="warriors standing",
        lower_is_better=False,
        lines=tuple(side_line(state, side) for side in sides(state)),
        finished=state.phase == "over",
        winners=result.winners if result else (),
        outcome=result.message if result else "",
        target=None,
        rounds=tuple(dict(r) for r in state.rounds),
        result=result,
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
