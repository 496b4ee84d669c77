"""Neurotrio, rounds only: the game logged at its end, each player's victory points by source,
checked for sense: the finish bonuses (NT-FIN-1), the last player's loss (NT-END-2), penalties
that only take points away; the deal's starting points come from the game's own set-up."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict
from referee.engines.messages import Outcome
from referee.engines.neurotrio.engine import NeurotrioEngine
from referee.engines.rounds import FinalScore, RoundsEngine, seat_list

FINISH = (5, 3, 1)  # NT-FIN-1
LAST = (1, 2, 5, 20)  # NT-END-2: what the last player loses for 1, 2, 3, 4+ cards


class SourcesSchema(Schema):
    placements = fields.Integer(required=True, validate=validate.Range(min=0, max=999))
    finish = fields.Integer(load_default=0, validate=validate.OneOf((0,) + FINISH))
    bids = fields.Integer(load_default=0, validate=validate.Range(min=-999, max=999))
    penalties = fields.Integer(load_default=0, validate=validate.Range(min=-999, max=0),
                               metadata={"description": "Passes, faults and the last player's "
                                         "loss, as a negative number"})


class NeurotrioRoundSchema(Schema):
    points = fields.List(fields.Nested(SourcesSchema), required=True,
                         validate=validate.Length(min=3, max=8), metadata={
                             "description": "Each player's victory points by source, seat 0 "
                             "first"})
    last = fields.Integer(required=True, validate=validate.Range(min=0, max=7), metadata={
        "description": "The last player still holding cards"})


class NeurotrioRounds(RoundsEngine):
    unit_rule = "NT-RND-1"
    game = NeurotrioEngine
    rounds_state = 2  # 2: ``FinalScore`` moved from rounds.common to referee.engines.rounds
    round_schema = NeurotrioRoundSchema

    def setup(self, options: Mapping[str, Any], seats: int) -> FinalScore:
        game = self.base.setup(options, seats)
        state = FinalScore([(s,) for s in range(seats)])
        state.sources = [{"start": seat.start} for seat in game.seats]
        return state

    def standings(self, state: FinalScore) -> Standings:
        return state.standings("victory points", False)

    def apply_round(self, state: FinalScore, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible.of("NT-RND-1", "neurotrio.rounds.logged", "type")
        seats = len(state.sides)
        points = seat_list(payload, "points", seats, "NT-RND-1")
        last = payload["last"]
        check_end(points, last, seats)
        state.sources = [{**src, "placements": p["placements"], "finish": p["finish"],
                          "bids": p["bids"], "penalties": p["penalties"]}
                         for src, p in zip(state.sources, points, strict=True)]
        totals = [sum(src.values()) for src in state.sources]
        best = max(totals)
        state.winners = tuple(s for s in range(seats) if totals[s] == best)
        state.over = True
        termination = ("neurotrio.outcome.wins" if len(state.winners) == 1
                       else "neurotrio.outcome.shared")
        state.result = Outcome(state.winners, termination, {"points": best})
        state.outcome = state.result.message
        return Verdict.ok("NT-END-1", state.outcome)


def check_end(points: list[Any], last: int, seats: int) -> None:
    """The sources make sense: the finish bonuses given once each to the first out (NT-FIN-1),
    and the last player's loss for the cards still held (NT-END-2)."""
    if last >= seats:
        raise Impossible.of("NT-RND-1", "neurotrio.rounds.no_seat", "payload.last",
                            seat_number=last)
    expected = Counter(FINISH[: seats - 1])
    given = Counter(p["finish"] for p in points if p["finish"])
    if given != expected:
        raise Impossible.of("NT-FIN-1", "neurotrio.rounds.finish_bonuses", "payload.points",
                            bonuses=list(FINISH[: seats - 1]))
    if points[last]["finish"]:
        raise Impossible.of("NT-FIN-1", "neurotrio.rounds.no_bonus_for_last",
                            f"payload.points.{last}.finish", seat=last)
    if -points[last]["penalties"] < LAST[0]:
        raise Impossible.of("NT-END-2", "neurotrio.rounds.last_loses",
                            f"payload.points.{last}.penalties", seat=last, points=LAST[0])
