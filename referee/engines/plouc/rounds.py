"""Carte et Plouc, rounds only: the game logged at its end, the winner (the first « plouc »)
and the cards left in each other hand, for the night's placements (PL-GOAL-1, PL-END-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict
from referee.engines.messages import Outcome, msg
from referee.engines.plouc.engine import PloucEngine
from referee.engines.plouc.options import DECK_SIZE
from referee.engines.rounds import FinalScore, RoundsEngine, seat_list


class PloucRoundSchema(Schema):
    winner = fields.Integer(required=True, validate=validate.Range(min=0, max=8), metadata={
        "description": "The seat that laid its last card first (« plouc »)"})
    cards = fields.List(fields.Integer(validate=validate.Range(min=0, max=DECK_SIZE)),
                        required=True, validate=validate.Length(min=2, max=9), metadata={
                            "description": "Cards left in each hand, seat 0 first (the "
                            "winner's is 0)"})


class PloucRounds(RoundsEngine):
    unit_rule = "PL-RND-1"
    game = PloucEngine
    rounds_state = 2  # 2: ``FinalScore`` moved from rounds.common to referee.engines.rounds
    round_schema = PloucRoundSchema

    def setup(self, options: Mapping[str, Any], seats: int) -> FinalScore:
        self.base.setup(options, seats)  # the game's own checks of the options and seats
        return FinalScore([(s,) for s in range(seats)])

    def standings(self, state: FinalScore) -> Standings:
        return state.standings("cards in hand", True)

    def apply_round(self, state: FinalScore, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible.of("PL-RND-1", "plouc.rounds.logged", "type")
        seats = len(state.sides)
        cards = seat_list(payload, "cards", seats, "PL-RND-1")
        winner = payload["winner"]
        check_end(cards, winner, seats)
        state.sources = [{"cards": n} for n in cards]
        state.winners, state.over = (winner,), True
        state.result = Outcome((winner,), "plouc.outcome.plouc", {"seat": winner})
        state.outcome = state.result.message
        return Verdict.ok("PL-GOAL-1", msg("plouc.rounds.ends", seat=winner, left=list(cards)))


def check_end(cards: list[int], winner: int, seats: int) -> None:
    """The hands make sense (PL-RND-2): the winner laid every card (PL-GOAL-1), nobody else
    did (PL-END-1), and the hands fit the deck less the discard's top card (PL-DECK-1)."""
    if winner >= seats:
        raise Impossible.of("PL-RND-1", "plouc.rounds.no_seat", "payload.winner",
                            seat_number=winner)
    if cards[winner] != 0:
        raise Impossible.of("PL-GOAL-1", "plouc.rounds.winner_holds", "payload.cards",
                            seat=winner, count=cards[winner])
    others = [s for s in range(seats) if s != winner and cards[s] == 0]
    if others:
        raise Impossible.of("PL-END-1", "plouc.rounds.first_only", "payload.cards",
                            seat=others[0], winner_seat=winner)
    if sum(cards) > DECK_SIZE - 1:
        raise Impossible.of("PL-DECK-1", "plouc.rounds.too_many_cards", "payload.cards",
                            count=sum(cards), size=DECK_SIZE)
