"""CrocoNounours, rounds only: the game logged at its end, the winning side and the warriors
left standing on each side (CN-END-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict
from referee.engines.croconounours.engine import CrocoNounoursEngine
from referee.engines.croconounours.state import WARRIOR_COLOURS
from referee.engines.messages import Outcome
from referee.engines.rounds import FinalScore, RoundsEngine, seat_list

WARRIORS = 3  # each player's warriors (CN-SETUP-2)


class CrocoNounoursRoundSchema(Schema):
    winner = fields.Integer(required=True, validate=validate.Range(min=0, max=3), metadata={
        "description": "The winning side: the seat, or the team (0: seats 0 and 2, 1: seats 1 "
        "and 3) at four in teams"})
    warriors = fields.List(fields.Integer(validate=validate.Range(min=0, max=6)),
                           required=True, validate=validate.Length(min=2, max=4), metadata={
                               "description": "Warriors left standing on each side, side 0 "
                               "first"})


@dataclass
class CrocoFinal(FinalScore):
    """The result once logged, and what the options say each side brought: its warriors (the
    campaign's ``roster``, else three a player) and each seat's candies (``packets``). Both
    empty when the match reads its results as matches created before ``check_rounds`` did:
    three warriors a player, packets left out."""

    brought: list[int] = field(default_factory=list)
    packets: dict[int, int] = field(default_factory=dict)


class CrocoNounoursRounds(RoundsEngine):
    unit_rule = "CN-RND-1"
    game = CrocoNounoursEngine
    rounds_state = 3  # 3: ``CrocoFinal``, the warriors and packets the options bring
    round_schema = CrocoNounoursRoundSchema

    def setup(self, options: Mapping[str, Any], seats: int) -> CrocoFinal:
        game = self.base.setup(options, seats)
        sides = [tuple(s for s in range(seats) if game.side_of_seat[s] == side)
                 for side in sorted(set(game.side_of_seat))]
        if not options.get("check_rounds", True):
            return CrocoFinal(sides)
        brought = [sum(len(game.roster.get(s, WARRIOR_COLOURS)) for s in side) for side in sides]
        return CrocoFinal(sides, brought=brought, packets=dict(game.packets))

    def standings(self, state: CrocoFinal) -> Standings:
        standings = state.standings("warriors standing", False)
        if not state.packets:
            return standings
        lines = tuple(replace(line, detail={**line.detail, "reserve": reserve(state, side)})
                      for side, line in enumerate(standings.lines))
        return replace(standings, lines=lines)

    def apply_round(self, state: CrocoFinal, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible.of("CN-RND-1", "croconounours.rounds.logged", "type")
        warriors = seat_list(payload, "warriors", len(state.sides), "CN-RND-1")
        winner = payload["winner"]
        brought = state.brought or [WARRIORS * len(seats) for seats in state.sides]
        check_end(warriors, winner, state.sides, brought)
        state.sources = [{"warriors": n} for n in warriors]
        state.winners, state.over = state.sides[winner], True
        state.result = Outcome(state.sides[winner], "croconounours.outcome.last_side",
                               {"count": warriors[winner]})
        state.outcome = state.result.message
        return Verdict.ok("CN-END-1", state.outcome)


def reserve(state: CrocoFinal, side: int) -> dict[str, int | None]:
    """CN-CAMP-1: each seat's candies left, its packet less its warriors eaten, once the result
    is logged; a seat without a count, or sharing its side's count with a teammate, None."""
    seats = state.sides[side]
    eaten = state.brought[side] - state.sources[side]["warriors"] if state.sources else 0
    return {str(s): state.packets[s] - eaten if s in state.packets and len(seats) == 1 else None
            for s in seats}


def check_end(warriors: list[int], winner: int, sides: list[tuple[int, ...]],
              brought: list[int]) -> None:
    """The counts make sense (CN-RND-2): no side has more warriors than it deployed
    (CN-SETUP-2, or its campaign roster, CN-CAMP-1); the game is over, so every side but the
    winner has none left and the winner has some (CN-END-1, the last side with warriors wins
    at 3 or 4 without teams)."""
    if winner >= len(sides):
        raise Impossible.of("CN-RND-1", "croconounours.rounds.no_side", "payload.winner",
                            side=winner)
    for side, (count, seats) in enumerate(zip(warriors, sides, strict=True)):
        if count > brought[side]:
            rule = "CN-SETUP-2" if brought[side] == WARRIORS * len(seats) else "CN-CAMP-1"
            raise Impossible.of(rule, "croconounours.rounds.too_many",
                                f"payload.warriors.{side}", side_seats=list(seats),
                                deployed=brought[side], count=count)
    if 0 not in warriors:
        raise Impossible.of("CN-END-1", "croconounours.rounds.none_out", "payload.warriors")
    if warriors[winner] == 0 or warriors[winner] < max(warriors):
        raise Impossible.of("CN-END-1", "croconounours.rounds.cannot_have_won", "payload.winner",
                            side_seats=list(sides[winner]), count=warriors[winner])
    standing = [side for side, count in enumerate(warriors) if count and side != winner]
    if standing:
        raise Impossible.of("CN-END-1", "croconounours.rounds.still_standing",
                            f"payload.warriors.{standing[0]}",
                            side_seats=list(sides[standing[0]]), count=warriors[standing[0]])
