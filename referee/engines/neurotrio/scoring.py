"""Neurotrio's score: each seat's victory points by source (NT-WIN-1), the duty's penalty
(NT-DUTY-2), and the standings; the most victory points wins."""

from __future__ import annotations

from referee.engines.base import Line, Standings
from referee.engines.messages import Outcome, Said, msg
from referee.engines.neurotrio.cards import DUTY_PENALTY
from referee.engines.neurotrio.state import NeurotrioState, SeatState


def duty_charge(state: NeurotrioState, me: SeatState) -> int:
    """NT-DUTY-2: the points a seat loses for the duty, proven and reported faults counted
    once (ten times the larger count per pass; ten at most per player)."""
    faults = max(me.proven_violations, me.reported_violations)
    if state.duty_penalty == "per_player":
        faults = min(faults, 1)
    return DUTY_PENALTY * faults


def outcome_of(lines: tuple[Line, ...]) -> Outcome:
    """NT-WIN-1: the most victory points wins; tied players share the win."""
    best = max(ln.total for ln in lines)
    winners = tuple(ln.seats[0] for ln in lines if ln.total == best)
    termination = "neurotrio.outcome.wins" if len(winners) == 1 else "neurotrio.outcome.shared"
    return Outcome(winners, termination, {"points": best})


def score_sources(state: NeurotrioState, seat: int) -> dict[str, int]:
    """Where a seat's victory points come from; the total is their sum (a variant adds its
    own sources here)."""
    me = state.seats[seat]
    bids = sum(b.points or 0 for b in state.bids if b.seat == seat)
    return {
        "start": me.start,
        "passes": -me.passes,
        "placements": me.placement_points,
        "finish": me.finish_bonus,
        "last_player": me.last_penalty,
        "deux_cartes": -duty_charge(state, me),
        "bids": bids,
    }


def totals(state: NeurotrioState) -> dict[str, int]:
    return {str(i): sum(score_sources(state, i).values()) for i in range(len(state.seats))}


def standings(state: NeurotrioState) -> Standings:
    lines = tuple(
        Line(str(i), (i,), sum(src.values()), src)
        for i in range(len(state.seats))
        for src in [score_sources(state, i)]
    )
    finished = state.phase == "over"
    result = outcome_of(lines) if finished else None
    outcome: Said | None = result.message if result is not None else None
    if state.phase in ("reveal", "bids"):
        outcome = msg("neurotrio.outcome.waiting")
    rounds = tuple(state.laps) + ((totals(state),) if finished else ())
    return Standings(
        unit="victory points",
        lower_is_better=False,
        lines=lines,
        finished=finished,
        winners=result.winners if result is not None else (),
        outcome=outcome,
        target=None,
        rounds=rounds,
        result=result,
    )
