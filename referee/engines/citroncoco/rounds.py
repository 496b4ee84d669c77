"""CitronCoco, rounds only: each round logged as who called Citron Coco and the hands revealed
(or each seat's total), Nano and Nano Alpha in teams; scored by the game's own ``score_round``
and ``result`` (CC-CALL-4/5, CC-END-2, CC-GOAL-1/2; CCT-CALL-3, CCT-NANO-1/2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate, validates_schema

from referee.engines.base import Engine, Impossible, Standings, Verdict, Viewer
from referee.engines.citroncoco.engine import CitronCocoEngine
from referee.engines.citroncoco.sides import next_opponent, partner
from referee.engines.citroncoco.state import CitronCocoState, RoundSummary
from referee.engines.citroncoco.teams import CitronCocoTeamsEngine
from referee.engines.citroncoco.variant import variant_of
from referee.engines.messages import invalid, msg
from referee.engines.rounds import RoundsEngine, public_view, seat_list

SEAT = fields.Integer(allow_none=True, load_default=None, validate=validate.Range(min=0, max=5))


class CitronCocoRoundSchema(Schema):
    """One round: the caller (or none: a hand was emptied) and the hands, or each seat's total."""

    caller = fields.Integer(allow_none=True, load_default=None,
                            validate=validate.Range(min=0, max=5),
                            metadata={"description": "The seat that called Citron Coco; null "
                                      "when the round ended on an emptied hand (CC-END-1)"})
    hands = fields.List(fields.List(fields.Integer(validate=validate.Range(min=-99, max=99)),
                                    validate=validate.Length(max=52)),
                        validate=validate.Length(min=2, max=6), metadata={
                            "description": "Each seat's revealed hand, card values, seat 0 first"})
    totals = fields.List(fields.Integer(validate=validate.Range(min=-999, max=999)),
                         validate=validate.Length(min=2, max=6), metadata={
                             "description": "Or each seat's coconuts in hand, seat 0 first"})

    @validates_schema
    def _one_of(self, data: dict[str, Any], **_: object) -> None:
        if ("hands" in data) == ("totals" in data):
            raise invalid(msg("citroncoco.rounds.hands_or_totals"))


class CitronCocoTeamsRoundSchema(CitronCocoRoundSchema):
    nano = fields.Integer(allow_none=True, load_default=None,
                          validate=validate.Range(min=0, max=3),
                          metadata={"description": "The seat that answered Nano!, or null"})
    nano_alpha = fields.Integer(allow_none=True, load_default=None,
                                validate=validate.Range(min=0, max=3), metadata={
                                    "description": "The seat that answered Nano Alpha!, or null"})


class CitronCocoRounds(RoundsEngine):
    unit_rule = "CC-RND-1"
    game = CitronCocoEngine
    round_schema = CitronCocoRoundSchema

    def __init__(self, base: Engine[Any]) -> None:
        super().__init__(base)
        assert isinstance(base, CitronCocoEngine)
        self.game_engine: CitronCocoEngine = base

    def setup(self, options: Mapping[str, Any], seats: int) -> CitronCocoState:
        return self.game_engine.setup(options, seats)

    def standings(self, state: CitronCocoState) -> Standings:
        return self.game_engine.standings(state)

    def rounds_over(self, state: CitronCocoState) -> int:
        return self.game_engine.rounds_over(state)

    def view(self, state: CitronCocoState, viewer: Viewer) -> dict[str, Any]:
        out = public_view(state.phase == "over", list(state.totals))
        out["round"] = state.round
        return out

    def apply_round(self, st: CitronCocoState, payload: Mapping[str, Any]) -> Verdict:
        if st.phase == "over":
            raise Impossible.of("CC-GOAL-1", "citroncoco.rounds.over", "type")
        caller = payload.get("caller")
        if caller is not None and caller >= st.seats:
            raise Impossible.of(self.unit_rule, "citroncoco.rounds.no_seat", "payload.caller",
                                seat_number=caller)
        if "hands" in payload and payload["hands"] is not None:
            hands = seat_list(payload, "hands", st.seats, self.unit_rule)
            self._check_deck(st, hands)
            sums = [sum(h) for h in hands]
            if caller is None and all(hands):
                raise Impossible.of("CC-END-1", "citroncoco.rounds.no_empty_hand", "payload.hands")
        else:
            sums = seat_list(payload, "totals", st.seats, self.unit_rule)
            self._check_totals(st, sums)
            if st.options.check_rounds:
                check_totals_fit(st, sums, caller)
        multiplier = self._multiplier(st, payload, caller)
        st.caller, st.multiplier = caller, multiplier
        scores, rule, said = variant_of(st).score_round(st, sums)
        for side, score in enumerate(scores):
            st.totals[side] += score
        ending = "citron coco" if caller is not None else "empty hand"
        st.summaries.append(RoundSummary(st.round, scores, list(st.totals), sums, ending,
                                         caller, multiplier))
        result = variant_of(st).result(st)
        number = st.round
        st.caller, st.multiplier = None, 1
        if result is not None:
            st.phase = "over"
            return Verdict.ok("CC-GOAL-1", msg("citroncoco.round.last", round=number,
                                               scored=said.as_dict(),
                                               outcome=result.message.as_dict()))
        st.round += 1
        return Verdict.ok(rule, msg("citroncoco.round.scored", round=number,
                                    scored=said.as_dict()))

    def _check_deck(self, st: CitronCocoState, hands: list[list[int]]) -> None:
        """CC-DECK-1: no more cards of a value than the deck holds."""
        seen = Counter(v for hand in hands for v in hand)
        for value, count in sorted(seen.items()):
            if count > st.deck.get(value, 0):
                raise Impossible.of("CC-DECK-1", "citroncoco.rounds.too_many_of_value",
                                    "payload.hands", count=count, value=value,
                                    held=st.deck.get(value, 0))

    def _check_totals(self, st: CitronCocoState, totals: list[int]) -> None:
        """CC-DECK-1: together, the hands cannot hold less than every negative card."""
        lowest = sum(v * n for v, n in st.deck.items() if v < 0)
        if sum(totals) < lowest:
            raise Impossible.of("CC-DECK-1", "citroncoco.rounds.too_few", "payload.totals",
                                lowest=lowest)

    def _multiplier(self, st: CitronCocoState, payload: Mapping[str, Any],
                    caller: int | None) -> int:
        nano, alpha = payload.get("nano"), payload.get("nano_alpha")
        if nano is None and alpha is None:
            return 1
        if nano is None:
            raise Impossible.of("CCT-NANO-2", "citroncoco.teams.rounds.alpha_needs_nano",
                                "payload.nano_alpha")
        if not st.options.nano:
            raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.off", "payload.nano")
        if caller is None:
            raise Impossible.of("CCT-NANO-1", "citroncoco.teams.rounds.nano_no_call",
                                "payload.nano")
        next_seat = next_opponent(st, caller)
        if nano != next_seat:
            raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.next_only", "payload.nano",
                                next_seat=next_seat)
        if alpha is None:
            return 2
        mate = partner(st, caller)
        if alpha != mate:
            raise Impossible.of("CCT-NANO-2", "citroncoco.teams.nano_alpha.mate_only",
                                "payload.nano_alpha", mate_seat=mate)
        return 4


def check_totals_fit(st: CitronCocoState, totals: list[int], caller: int | None) -> None:
    """CC-RND-2 with ``check_rounds``: the totals fit the deck as a reveal's hands would
    (CC-DECK-1: a hand counts at least every negative card and at most every positive one;
    together no more than the positive ones), and a round without a call ended on an emptied
    hand, worth 0 (CC-END-1)."""
    lowest = sum(v * n for v, n in st.deck.items() if v < 0)
    highest = sum(v * n for v, n in st.deck.items() if v > 0)
    for seat, total in enumerate(totals):
        if not lowest <= total <= highest:
            raise Impossible.of("CC-DECK-1", "citroncoco.rounds.seat_beyond_deck",
                                f"payload.totals.{seat}", seat=seat, total=total,
                                lowest=lowest, highest=highest)
    if sum(totals) > highest:
        raise Impossible.of("CC-DECK-1", "citroncoco.rounds.too_many", "payload.totals",
                            highest=highest, total=sum(totals))
    if caller is None and 0 not in totals:
        raise Impossible.of("CC-END-1", "citroncoco.rounds.no_empty_total", "payload.totals")


class CitronCocoTeamsRounds(CitronCocoRounds):
    """The team game's rounds: Nano and Nano Alpha beside the call (CCT-CALL-3, CCT-NANO-1/2)."""

    unit_rule = "CCT-RND-1"
    game = CitronCocoTeamsEngine
    round_schema = CitronCocoTeamsRoundSchema
