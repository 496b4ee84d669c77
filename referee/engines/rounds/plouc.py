"""Carte et Plouc, rounds only: the game logged at its end, the winner (the first « plouc »)
and the cards left in each other hand, for the night's placements (PL-GOAL-1, PL-END-1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, Standings, Verdict, Viewer
from referee.engines.plouc import DECK_SIZE
from referee.engines.rounds.common import FinalScore, RoundsEngine, public_view, seat_list


class PloucRoundSchema(Schema):
    winner = fields.Integer(required=True, validate=validate.Range(min=0, max=8), metadata={
        "description": "The seat that laid its last card first (« plouc »)"})
    cards = fields.List(fields.Integer(validate=validate.Range(min=0, max=DECK_SIZE)),
                        required=True, validate=validate.Length(min=2, max=9), metadata={
                            "description": "Cards left in each hand, seat 0 first (the "
                            "winner's is 0)"})


class PloucRounds(RoundsEngine):
    unit_rule = "PL-GOAL-1"
    event_types = {"round": PloucRoundSchema}

    def setup(self, options: Mapping[str, Any], seats: int) -> FinalScore:
        self.base.setup(options, seats)  # the game's own checks of the options and seats
        return FinalScore([(s,) for s in range(seats)])

    def standings(self, state: FinalScore) -> Standings:
        return state.standings("cards in hand", True)

    def view(self, state: FinalScore, viewer: Viewer) -> dict[str, Any]:
        return public_view(state.over, [ln.total for ln in self.standings(state).lines])

    def apply_round(self, state: FinalScore, payload: Mapping[str, Any]) -> Verdict:
        if state.over:
            raise Impossible("PL-END-1", "This game is over: its end is already logged.", "type")
        seats = len(state.sides)
        cards = seat_list(payload, "cards", seats, "PL-GOAL-1")
        winner = payload["winner"]
        if winner >= seats:
            raise Impossible("PL-GOAL-1", f"There is no seat {winner}.", "payload.winner")
        if cards[winner] != 0:
            raise Impossible("PL-GOAL-1", f"Seat {winner} wins by laying its last card: its "
                             f"hand is empty, not {cards[winner]} card(s).", "payload.cards")
        others = [s for s in range(seats) if s != winner and cards[s] == 0]
        if others:
            raise Impossible("PL-END-1", f"Only the first to lay their last card wins: seat "
                             f"{others[0]} still held cards when seat {winner} said plouc.",
                             "payload.cards")
        if sum(cards) > DECK_SIZE - 1:
            raise Impossible("PL-GOAL-1", f"The hands hold {sum(cards)} cards; with the "
                             f"discard's top card the deck has only {DECK_SIZE}.",
                             "payload.cards")
        state.sources = [{"cards": n} for n in cards]
        state.winners, state.over = (winner,), True
        state.outcome = f"Seat {winner} wins: plouc!"
        return Verdict.ok("PL-GOAL-1", f"Seat {winner} laid their last card first and wins; "
                          f"cards left: {', '.join(map(str, cards))}.")
