"""CitronCoco in teams: four seats, two teams face to face, over the individual engine.

Only what the team text adds or changes lives here (python-chess variant style): the sides, the
Fellow looking at the teammate's card, the addition quick play with the teammate, no quick play
on a card quick-played in the current turn, Nano / Nano Alpha, the team scoring and the match's
end. Everything else is ``CitronCocoEngine``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from marshmallow import Schema, fields, validate

from referee.engines.base import Impossible, InvalidOptions, Verdict
from referee.engines.citroncoco.moves import TEAM_MOVES
from referee.engines.citroncoco.options import CitronCocoOptions, Options
from referee.engines.citroncoco.rules import CitronCocoEngine, seated
from referee.engines.citroncoco.state import CitronCocoState
from referee.engines.messages import Message, Outcome, msg
from referee.engines.moves import Handler

TEAM_NAMES = ("A", "B")


class CitronCocoTeamsOptions(CitronCocoOptions):
    class Meta:
        # the addition is part of the team game; the 2 looks at the teammate's card
        exclude = ("sum_quick_play", "fellow_solo")

    quick_play_on_quick_play = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Allow a quick play on a card discarded by a quick play during "
            "the current turn (the team text forbids it)."
        },
    )
    teams = fields.List(
        fields.List(fields.Integer(validate=validate.Range(min=0, max=3))),
        load_default=lambda: [[0, 2], [1, 3]],
        metadata={
            "description": "The two teams of two seats, partners face to face (default "
            "seats 0 and 2 against 1 and 3)."
        },
    )
    nano = fields.Boolean(
        load_default=True,
        metadata={
            "description": "« Always more, for the gamblers »: after a CitronCoco call the "
            "next player may answer Nano! (x2) and then the caller's teammate Nano Alpha! "
            "(x4) on the losing team's points."
        },
    )


class CitronCocoTeamsEngine(CitronCocoEngine):
    """©CitronCoco for 4 players in 2 teams of 2."""

    id: ClassVar[str] = "citroncoco-teams"
    title: ClassVar[str] = "CitronCoco in teams"
    rules_file: ClassVar[str] = "citroncoco-teams.en.txt"
    catalogue: ClassVar[str] = "docs/rules/citroncoco-teams.md"
    min_seats: ClassVar[int] = 4
    max_seats: ClassVar[int] = 4
    options_schema: ClassVar[type[Schema]] = CitronCocoTeamsOptions
    registry = TEAM_MOVES
    reportable_missplays: ClassVar[Mapping[str, Message]] = {
        **CitronCocoEngine.reportable_missplays,
        "CCT-MISS-1": msg("citroncoco.teams.fault.told_teammate"),
    }
    fault_messages: ClassVar[Mapping[str, str]] = {
        **CitronCocoEngine.fault_messages,
        "CCT-MISS-1": "citroncoco.teams.fault.told_teammate",
    }
    final_quick_play: ClassVar[bool] = True

    def rules(self) -> dict[str, Handler]:
        return {**super().rules(), "nano": seated(self.play_nano),
                "nano_alpha": seated(self.play_nano_alpha)}
    swap_memory_per_turn: ClassVar[bool] = True

    # ---------------------------------------------------------------- sides

    def seats_rule(self) -> str:
        return "CCT-SEATS-1"

    def make_sides(self, options: Options, seats: int) -> list[list[int]]:
        teams = [list(t) for t in options.teams]
        if (
            len(teams) != 2
            or sorted(s for t in teams for s in t) != [0, 1, 2, 3]
            or any(len(t) != 2 for t in teams)
        ):
            raise InvalidOptions.of("CCT-SEATS-1", "citroncoco.teams.setup.teams",
                                    "options.teams")
        return [sorted(t) for t in teams]

    def side_name(self, st: CitronCocoState, side: int) -> str:
        return TEAM_NAMES[side]

    def partner(self, st: CitronCocoState, seat: int) -> int | None:
        return next(s for s in st.sides[self.side_of(st, seat)] if s != seat)

    # ---------------------------------------------------------------- changed rules

    def fellow_targets(self, st: CitronCocoState, seat: int) -> tuple[set[int], str]:
        mate = self.partner(st, seat)
        return ({mate} if mate is not None else set()), "CCT-FELLOW-1"

    def sum_rules(self) -> tuple[str, str]:
        return "CCT-QP-1", "CCT-QP-2"

    def sum_allowed(self, st: CitronCocoState) -> bool:
        return True

    def sum_partner_fault(self, st: CitronCocoState, seat: int,
                          other_seat: int) -> Message | None:
        if other_seat == seat:
            return msg("citroncoco.teams.quick.two_own")
        if other_seat != self.partner(st, seat):
            return msg("citroncoco.teams.quick.opponent_card", other_seat=other_seat)
        return None

    def quick_on_quick_rule(self) -> str:
        return "CCT-QP-3"

    def score_round(self, st: CitronCocoState, hands: list[int]) -> tuple[list[int], str, Message]:
        team = [sum(hands[s] for s in side) for side in st.sides]
        if st.caller is None:
            return team, "CCT-END-2", msg("citroncoco.teams.score.hands")
        mine = self.side_of(st, st.caller)
        theirs = 1 - mine
        wins = team[mine] < team[theirs] or (
            st.options.caller_wins_ties and team[mine] <= team[theirs]
        )
        loser = theirs if wins else mine
        scores = [0, 0]
        scores[loser] = team[loser] * st.multiplier
        if st.multiplier > 1:
            return scores, "CCT-CALL-3", msg(
                "citroncoco.teams.score.call_times", team=TEAM_NAMES[1 - loser],
                loser_team=TEAM_NAMES[loser], coconuts=team[loser], times=st.multiplier)
        return scores, "CCT-CALL-3", msg(
            "citroncoco.teams.score.call", team=TEAM_NAMES[1 - loser],
            loser_team=TEAM_NAMES[loser], coconuts=team[loser])

    def result(self, st: CitronCocoState) -> Outcome | None:
        over = [i for i in (0, 1) if st.totals[i] >= st.options.target]
        if not over:
            return None
        a, b = st.totals
        if len(over) == 2 and a == b:
            return Outcome((), "citroncoco.teams.outcome.tie", {"coconuts": a})
        loser = over[0] if len(over) == 1 else (0 if a > b else 1)
        winner = 1 - loser
        return Outcome(tuple(st.sides[winner]), "citroncoco.teams.outcome.won",
                       {"team": TEAM_NAMES[winner], "loser_team": TEAM_NAMES[loser],
                        "coconuts": st.totals[loser]})

    # ---------------------------------------------------------------- Nano / Nano Alpha

    def offer_answers(self, st: CitronCocoState, moves: dict[int, list[str]]) -> None:
        if not st.options.nano or st.caller is None:
            return
        if st.phase != "end" or st.turn_seat != st.caller:
            return
        if st.multiplier == 1:
            moves[self.next_opponent(st, st.caller)].append("nano")
        elif st.multiplier == 2:
            mate = self.partner(st, st.caller)
            assert mate is not None
            moves[mate].append("nano_alpha")

    def check_answer(self, st: CitronCocoState, rule: str) -> int:
        """The caller, once Nano and Nano Alpha may answer its call."""
        if not st.options.nano:
            raise Impossible.of(rule, "citroncoco.teams.nano.off", "type")
        if st.caller is None or st.phase != "end" or st.turn_seat != st.caller:
            raise Impossible.of(rule, "citroncoco.teams.nano.not_now", "type")
        return st.caller

    def play_nano(self, st: CitronCocoState, seat: int, move: object) -> Verdict:
        nxt = self.next_opponent(st, self.check_answer(st, "CCT-NANO-1"))
        if st.multiplier != 1:
            raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.already", "type")
        if seat != nxt:
            raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.next_only", "seat",
                                next_seat=nxt)
        st.multiplier = 2
        return Verdict.ok("CCT-NANO-1", msg("citroncoco.teams.nano.called", seat=seat))

    def play_nano_alpha(self, st: CitronCocoState, seat: int, move: object) -> Verdict:
        mate = self.partner(st, self.check_answer(st, "CCT-NANO-2"))
        if st.multiplier != 2:
            raise Impossible.of("CCT-NANO-2", "citroncoco.teams.nano_alpha.once", "type")
        if seat != mate:
            raise Impossible.of("CCT-NANO-2", "citroncoco.teams.nano_alpha.mate_only", "seat",
                                mate_seat=mate)
        st.multiplier = 4
        return Verdict.ok("CCT-NANO-2", msg("citroncoco.teams.nano_alpha.called", seat=seat))
