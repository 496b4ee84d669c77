"""CrocoNounours' standings: each side's warriors standing, eaten and what it ate; the last side
standing wins (CN-END-1), and what a campaign carries to its next match (CN-CAMP-1)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.engines.base import Line, Standings
from referee.engines.croconounours.state import WARRIOR_COLOURS, CrocoState
from referee.engines.croconounours.table import (
    seats_of_side,
    side_key,
    side_standing,
    sides,
    team_colours,
)
from referee.engines.messages import Outcome


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
        outcome=result.message if result else None,
        target=None,
        rounds=tuple(dict(r) for r in state.rounds),
        result=result,
    )
