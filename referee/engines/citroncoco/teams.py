"""CitronCoco in teams: four seats, two teams face to face, as the variant the rules consult.

Only what the team text adds or changes lives here (python-chess variant style): the sides, the
Fellow looking at the teammate's card, the addition quick play with the teammate, no quick play
on a card quick-played in the current turn, Nano / Nano Alpha, the team scoring and the match's
end. Everything else is the rules every CitronCoco game shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from marshmallow import Schema, fields, validate

from referee.engines.citroncoco.engine import CitronCocoEngine, reportable
from referee.engines.citroncoco.moves import TEAM_MOVES
from referee.engines.citroncoco.options import CitronCocoOptions, Options
from referee.engines.citroncoco.rules import RULES, seated
from referee.engines.citroncoco.sides import next_opponent, partner, side_of
from referee.engines.citroncoco.state import CitronCocoState
from referee.engines.citroncoco.variant import FAULTS, Scored, Variant
from referee.engines.events import Impossible, InvalidOptions, Verdict
from referee.engines.messages import Message, Outcome, msg
from referee.engines.moves import Moves

TEAM_NAMES = ("A", "B")


class CitronCocoTeamsOptions(CitronCocoOptions):
    class Meta:
        # the addition is part of the team game; the 2 looks at the teammate's card; a quick
        # play on a quick-played card breaks CCT-QP-3, whatever its value
        exclude = ("sum_quick_play", "fellow_solo", "value_fault_first")

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



def two_teams(options: Options, seats: int) -> list[list[int]]:
    """CCT-SEATS-1: the two teams of two seats the host named."""
    teams = [list(t) for t in options.teams]
    if (
        len(teams) != 2
        or sorted(s for t in teams for s in t) != [0, 1, 2, 3]
        or any(len(t) != 2 for t in teams)
    ):
        raise InvalidOptions.of("CCT-SEATS-1", "citroncoco.teams.setup.teams", "options.teams")
    return [sorted(t) for t in teams]


def team_name(st: CitronCocoState, side: int) -> str:
    return TEAM_NAMES[side]


def fellow_teammate(st: CitronCocoState, seat: int) -> tuple[set[int], str]:
    """CCT-FELLOW-1: the 2 looks at the teammate's card."""
    mate = partner(st, seat)
    return ({mate} if mate is not None else set()), "CCT-FELLOW-1"


def always(st: CitronCocoState) -> bool:
    return True


def with_teammate(st: CitronCocoState, seat: int, other_seat: int) -> Message | None:
    """CCT-QP-2: a sum adds one's own card to the teammate's."""
    if other_seat == seat:
        return msg("citroncoco.teams.quick.two_own")
    if other_seat != partner(st, seat):
        return msg("citroncoco.teams.quick.opponent_card", other_seat=other_seat)
    return None


def score_round(st: CitronCocoState, hands: list[int]) -> Scored:
    """CCT-END-2, CCT-CALL-3: the teams' hands added up; a call scores the losing team's."""
    team = [sum(hands[s] for s in side) for side in st.sides]
    if st.caller is None:
        return team, "CCT-END-2", msg("citroncoco.teams.score.hands")
    mine = side_of(st, st.caller)
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


def result(st: CitronCocoState) -> Outcome | None:
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

def offer_answers(st: CitronCocoState, moves: dict[int, list[str]]) -> None:
    """Nano to the caller's next opponent, then Nano Alpha to the caller's teammate."""
    if not st.options.nano or st.caller is None:
        return
    if st.phase != "end" or st.turn_seat != st.caller:
        return
    if st.multiplier == 1:
        moves[next_opponent(st, st.caller)].append("nano")
    elif st.multiplier == 2:
        mate = partner(st, st.caller)
        assert mate is not None
        moves[mate].append("nano_alpha")


def check_answer(st: CitronCocoState, rule: str) -> int:
    """The caller, once Nano and Nano Alpha may answer its call."""
    if not st.options.nano:
        raise Impossible.of(rule, "citroncoco.teams.nano.off", "type")
    if st.caller is None or st.phase != "end" or st.turn_seat != st.caller:
        raise Impossible.of(rule, "citroncoco.teams.nano.not_now", "type")
    return st.caller


def nano(st: CitronCocoState, seat: int, move: object) -> Verdict:
    """CCT-NANO-1: the caller's next opponent doubles the round."""
    nxt = next_opponent(st, check_answer(st, "CCT-NANO-1"))
    if st.multiplier != 1:
        raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.already", "type")
    if seat != nxt:
        raise Impossible.of("CCT-NANO-1", "citroncoco.teams.nano.next_only", "seat",
                            next_seat=nxt)
    st.multiplier = 2
    return Verdict.ok("CCT-NANO-1", msg("citroncoco.teams.nano.called", seat=seat))


def nano_alpha(st: CitronCocoState, seat: int, move: object) -> Verdict:
    """CCT-NANO-2: the caller's teammate doubles it again."""
    mate = partner(st, check_answer(st, "CCT-NANO-2"))
    if st.multiplier != 2:
        raise Impossible.of("CCT-NANO-2", "citroncoco.teams.nano_alpha.once", "type")
    if seat != mate:
        raise Impossible.of("CCT-NANO-2", "citroncoco.teams.nano_alpha.mate_only", "seat",
                            mate_seat=mate)
    st.multiplier = 4
    return Verdict.ok("CCT-NANO-2", msg("citroncoco.teams.nano_alpha.called", seat=seat))


TEAMS = Variant(
    id="citroncoco-teams", title="CitronCoco in teams", seats=(4, 4),
    seats_rule="CCT-SEATS-1", make_sides=two_teams, side_name=team_name,
    fellow_targets=fellow_teammate, sum_rules=("CCT-QP-1", "CCT-QP-2"), sum_allowed=always,
    sum_partner_fault=with_teammate, quick_on_quick_rule="CCT-QP-3", score_round=score_round,
    result=result, offer_answers=offer_answers, final_quick_play=True,
    swap_memory_per_turn=True,
    faults={**FAULTS, "CCT-MISS-1": "citroncoco.teams.fault.told_teammate"},
)
TEAM_REGISTRY: Moves = TEAM_MOVES.handled_by(
    {**RULES, "nano": seated(nano), "nano_alpha": seated(nano_alpha)})


class CitronCocoTeamsEngine(CitronCocoEngine):
    """©CitronCoco for 4 players in 2 teams of 2: the same face, played as ``TEAMS``."""

    variant: ClassVar[Variant] = TEAMS
    id: ClassVar[str] = TEAMS.id
    title: ClassVar[str] = TEAMS.title
    rules_file: ClassVar[str] = "citroncoco-teams.en.txt"
    catalogue: ClassVar[str] = "docs/rules/citroncoco-teams.md"
    min_seats: ClassVar[int] = TEAMS.seats[0]
    max_seats: ClassVar[int] = TEAMS.seats[1]
    options_schema: ClassVar[type[Schema]] = CitronCocoTeamsOptions
    registry = TEAM_REGISTRY
    reportable_missplays: ClassVar[Mapping[str, Message]] = reportable(TEAMS)
