"""CitronCoco in teams: four seats, two teams face to face, over the individual engine.

Only what the team text adds or changes lives here (python-chess variant style): the sides, the
Fellow looking at the teammate's card, the addition quick play with the teammate, no quick play
on a card quick-played in the current turn, Nano / Nano Alpha, the team scoring and the match's
end. Everything else is ``CitronCocoEngine``'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from referee.engines.base import NO_CARDS, Event, Impossible, InvalidOptions, Verdict
from referee.engines.citroncoco.core import (
    CitronCocoEngine,
    CitronCocoOptions,
    CitronCocoState,
    EmptySchema,
)

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
    event_types: ClassVar[Mapping[str, type[Schema]]] = {
        **CitronCocoEngine.event_types,
        "nano": EmptySchema,
        "nano_alpha": EmptySchema,
    }
    # CCT-NANO-1, CCT-NANO-2: a Nano call doubles (or quadruples) the points of the round.
    costly_moves: ClassVar[frozenset[str]] = CitronCocoEngine.costly_moves | {"nano",
                                                                              "nano_alpha"}
    states_cards: ClassVar[Mapping[str, str]] = {
        **CitronCocoEngine.states_cards,
        "nano": NO_CARDS,
        "nano_alpha": NO_CARDS,
    }
    calls: ClassVar[frozenset[str]] = frozenset({"citron_coco", "nano", "nano_alpha"})
    reportable_missplays: ClassVar[Mapping[str, str]] = {
        **CitronCocoEngine.reportable_missplays,
        "CCT-MISS-1": "A player gave information to their teammate.",
    }
    final_quick_play: ClassVar[bool] = True
    swap_memory_per_turn: ClassVar[bool] = True

    # ---------------------------------------------------------------- sides

    def seats_rule(self) -> str:
        return "CCT-SEATS-1"

    def make_sides(self, options: Mapping[str, Any], seats: int) -> list[list[int]]:
        teams = [list(t) for t in options["teams"]]
        if (
            len(teams) != 2
            or sorted(s for t in teams for s in t) != [0, 1, 2, 3]
            or any(len(t) != 2 for t in teams)
        ):
            raise InvalidOptions(
                "CCT-SEATS-1",
                "Two teams of two seats are needed, each of seats 0 to 3 in exactly one.",
                "options.teams",
            )
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

    def sum_partner_fault(self, st: CitronCocoState, seat: int, other_seat: int) -> str | None:
        if other_seat == seat:
            return "an addition cannot use two of your own cards"
        if other_seat != self.partner(st, seat):
            return f"an addition cannot use an opponent's card (seat {other_seat})"
        return None

    def quick_on_quick_rule(self) -> str:
        return "CCT-QP-3"

    def score_round(self, st: CitronCocoState, hands: list[int]) -> tuple[list[int], str, str]:
        team = [sum(hands[s] for s in side) for side in st.sides]
        if st.caller is None:
            return team, "CCT-END-2", "each team scores the coconuts in its hands"
        mine = self.side_of(st, st.caller)
        theirs = 1 - mine
        wins = team[mine] < team[theirs] or (
            st.options["caller_wins_ties"] and team[mine] <= team[theirs]
        )
        loser = theirs if wins else mine
        scores = [0, 0]
        scores[loser] = team[loser] * st.multiplier
        times = f" x{st.multiplier}" if st.multiplier > 1 else ""
        return (
            scores,
            "CCT-CALL-3",
            (
                f"team {TEAM_NAMES[1 - loser]} has fewer coconuts and "
                f"scores 0; team {TEAM_NAMES[loser]} scores "
                f"{team[loser]}{times}"
            ),
        )

    def result(self, st: CitronCocoState) -> tuple[bool, tuple[int, ...], str]:
        target = st.options["target"]
        over = [i for i in (0, 1) if st.totals[i] >= target]
        if not over:
            return False, (), ""
        a, b = st.totals
        if len(over) == 2 and a == b:
            return True, (), f"Both teams reach {a} coconuts together: the match is a tie."
        loser = over[0] if len(over) == 1 else (0 if a > b else 1)
        winner = 1 - loser
        seats = " and ".join(map(str, st.sides[winner]))
        outcome = (
            f"Team {TEAM_NAMES[winner]} (seats {seats}) wins: "
            f"team {TEAM_NAMES[loser]} sinks with {st.totals[loser]} coconuts."
        )
        return True, tuple(st.sides[winner]), outcome

    # ---------------------------------------------------------------- Nano / Nano Alpha

    def offer_answers(self, st: CitronCocoState, moves: dict[int, list[str]]) -> None:
        if not st.options["nano"] or st.caller is None:
            return
        if st.phase != "end" or st.turn_seat != st.caller:
            return
        if st.multiplier == 1:
            moves[self.next_opponent(st, st.caller)].append("nano")
        elif st.multiplier == 2:
            mate = self.partner(st, st.caller)
            assert mate is not None
            moves[mate].append("nano_alpha")

    def _check_answer(self, st: CitronCocoState, rule: str) -> None:
        if not st.options["nano"]:
            raise Impossible(rule, "This match is played without Nano and Nano Alpha.", "type")
        if st.caller is None or st.phase != "end" or st.turn_seat != st.caller:
            raise Impossible(
                rule,
                "Nano and Nano Alpha answer a CitronCoco call, before the next player draws.",
                "type",
            )

    def _apply_nano(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        self._check_answer(st, "CCT-NANO-1")
        assert st.caller is not None
        nxt = self.next_opponent(st, st.caller)
        if st.multiplier != 1:
            raise Impossible("CCT-NANO-1", "Nano has already been answered.", "type")
        if seat != nxt:
            raise Impossible(
                "CCT-NANO-1", f"Only the next player (seat {nxt}) may answer Nano!", "seat"
            )
        st.multiplier = 2
        return Verdict.ok(
            "CCT-NANO-1", f"Seat {seat} answers Nano!: the losing team's points are doubled."
        )

    def _apply_nano_alpha(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        self._check_answer(st, "CCT-NANO-2")
        assert st.caller is not None
        mate = self.partner(st, st.caller)
        if st.multiplier != 2:
            raise Impossible("CCT-NANO-2", "Nano Alpha! answers a Nano!, once.", "type")
        if seat != mate:
            raise Impossible(
                "CCT-NANO-2",
                f"Only the caller's teammate (seat {mate}) may answer Nano Alpha!",
                "seat",
            )
        st.multiplier = 4
        return Verdict.ok(
            "CCT-NANO-2",
            f"Seat {seat} answers Nano Alpha!: the losing team's points are quadrupled.",
        )
