"""CrocoNounours, rounds only: the game logged at its end, the winning side and the warriors
left standing on each side (CN-END-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict, Viewer
from referee.engines.rounds.common import FinalScore, RoundsEngine, public_view, seat_list

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
    unit_rule = "CN-END-1"
    event_types = {"round": CrocoNounoursRoundSchema}

    def setup(self, options: Mapping[str, Any], seats: int) -> FinalScore:
        game = self.base.setup(options, seats)
        sides = sorted(set(game.side_of_seat))
        return FinalScore([tuple(s for s in range(seats) if game.side_of_seat[s] == side)
                           for side in sides])

    def standings(self, state: FinalScore) -> Standings:
        return state.standings("warriors standing", False)

    def view(self, state: FinalScore, viewer: Viewer) -> dict[str, Any]:
        return public_view(state.over, [ln.total for ln in self.standings(state).lines])

    def apply_round(self, state: FinalScore, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible("CN-END-1", "This game is over: its end is already logged.", "type")
        warriors = seat_list(payload, "warriors", len(state.sides), "CN-END-1")
        winner = payload["winner"]
        if winner >= len(state.sides):
            raise Impossible("CN-END-1", f"There is no side {winner}.", "payload.winner")
        for side, (count, seats) in enumerate(zip(warriors, state.sides, strict=True)):
            if count > WARRIORS * len(seats):
                raise Impossible("CN-SETUP-2", f"Side {side} deployed {WARRIORS * len(seats)} "
                                 f"warriors, not {count}.", f"payload.warriors.{side}")
        if 0 not in warriors:
            raise Impossible("CN-END-1", "The game ends when a side has no warrior left: "
                             "one side's count is 0.", "payload.warriors")
        if warriors[winner] == 0 or warriors[winner] < max(warriors):
            raise Impossible("CN-END-1", f"Side {winner} cannot have won with "
                             f"{warriors[winner]} warrior(s) standing.", "payload.winner")
        state.sources = [{"warriors": n} for n in warriors]
        state.winners, state.over = state.sides[winner], True
        state.outcome = f"Side {winner} wins with {warriors[winner]} warrior(s) standing."
        return Verdict.ok("CN-END-1", state.outcome)
