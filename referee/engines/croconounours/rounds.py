"""CrocoNounours, rounds only: the game logged at its end, the winning side and the warriors
left standing on each side (CN-END-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict
from referee.engines.croconounours.engine import CrocoNounoursEngine
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


class CrocoNounoursRounds(RoundsEngine):
    unit_rule = "CN-RND-1"
    game = CrocoNounoursEngine
    rounds_state = 2  # 2: ``FinalScore`` moved from rounds.common to referee.engines.rounds
    round_schema = CrocoNounoursRoundSchema

    def setup(self, options: Mapping[str, Any], seats: int) -> FinalScore:
        game = self.base.setup(options, seats)
        sides = sorted(set(game.side_of_seat))
        return FinalScore([tuple(s for s in range(seats) if game.side_of_seat[s] == side)
                           for side in sides])

    def standings(self, state: FinalScore) -> Standings:
        return state.standings("warriors standing", False)

    def apply_round(self, state: FinalScore, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible.of("CN-RND-1", "croconounours.rounds.logged", "type")
        warriors = seat_list(payload, "warriors", len(state.sides), "CN-RND-1")
        winner = payload["winner"]
        check_end(warriors, winner, state.sides)
        state.sources = [{"warriors": n} for n in warriors]
        state.winners, state.over = state.sides[winner], True
        state.result = Outcome(state.sides[winner], "croconounours.outcome.last_side",
                               {"count": warriors[winner]})
        state.outcome = state.result.message
        return Verdict.ok("CN-END-1", state.outcome)


def check_end(warriors: list[int], winner: int, sides: list[tuple[int, ...]]) -> None:
    """The counts make sense (CN-RND-2): no side has more warriors than it deployed
    (CN-SETUP-2); the game is over, so every side but the winner has none left and the winner
    has some (CN-END-1, the last side with warriors wins at 3 or 4 without teams)."""
    if winner >= len(sides):
        raise Impossible.of("CN-RND-1", "croconounours.rounds.no_side", "payload.winner",
                            side=winner)
    for side, (count, seats) in enumerate(zip(warriors, sides, strict=True)):
        if count > WARRIORS * len(seats):
            raise Impossible.of("CN-SETUP-2", "croconounours.rounds.too_many",
                                f"payload.warriors.{side}", side_seats=list(seats),
                                deployed=WARRIORS * len(seats), count=count)
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
