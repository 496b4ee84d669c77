"""Costly moves: what a move would do, told before it is logged, so that no slip costs a round.

A move asks the table for confirmation when it ends a round or the match, costs points, gives
up something owed, or is the host's report of a fault. A seat's own missplay is logged at once,
as it happened: a warning would let the player take it back to dodge its penalty.

The engine says which move types always ask (``costly_moves``: a call, a reveal, a pass that
costs a point) and what a move would forfeit (``forfeits``: an unused power); the rest comes
from judging the move where it would be logged (``judging.judge_at`` changes nothing): its verdict,
the round or match it ends, the totals it changes. Nothing is logged here, and a move that
cannot be judged (bad payload, wrong seat, impossible) is left to ``matches.record`` to refuse
in its usual words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marshmallow import ValidationError

from referee.engines.base import Engine, Event, Impossible, Render, Standings, Verdict
from referee.engines.messages import Said, plain
from referee.service import work
from referee.service.access import authenticate, get_match
from referee.service.errors import ServiceError
from referee.service.judging import judge_at
from referee.service.modes import engine_of
from referee.service.replay import engine_event
from referee.service.repository import MatchRepository
from referee.store import models
from referee.store.db import Database
from referee.store.upcast import current_version


@dataclass(frozen=True)
class TotalChange:
    side: str
    seats: tuple[int, ...]
    before: int
    after: int


@dataclass(frozen=True)
class Cost:
    """What a costly move would do: its verdict, what it gives up, what it ends, the totals
    it changes. ``said`` keeps what the engine said of its forfeits and of the outcome, for an
    edge to word them for its reader (``forfeits`` and ``outcome`` are the English)."""

    type: str
    seat: int | None
    verdict: dict[str, Any]
    forfeits: tuple[str, ...] = ()
    round_ends: bool = False
    match_ends: bool = False
    outcome: str = ""
    totals: tuple[TotalChange, ...] = field(default_factory=tuple)
    unit: str = ""
    said: tuple[tuple[Said, ...], Said | None] = ((), None)


def consequence(db: Database, match_id: int, token: str | None, move_type: str,
                seat: int | None, payload: dict[str, Any]) -> Cost | None:
    """The cost of logging this move now, or None when it costs nothing worth confirming
    (or cannot be judged: logging it will say why)."""
    try:
        with work.reading(db) as session:
            match = get_match(session, match_id)
            access = authenticate(match, token)
            engine = engine_of(match)  # a rounds-only match: its rounds engine
            schema = engine.event_types.get(move_type)
            if schema is None or (move_type in engine.host_only and not access.host):
                return None
            if seat is None and not access.host:
                seat = access.seat
            if not access.host and seat != access.seat:
                return None
            if seat is not None and not 0 <= seat < len(match.seats):
                return None
            row = models.Event.held(
                match_id=match.id, seq=match.summary.last_seq + 1, type=move_type, seat=seat,
                payload=schema().load(payload), actor=access.actor,
                schema_version=current_version(match.game, move_type))
            now = MatchRepository.of(db).latest(session, match)
            trial = judge_at(session, now, row)
            event = engine_event(row, match.game)
            return cost_of(engine, now.folded.state, event, trial.verdict,
                           trial.after.folded.state)
    except (ServiceError, ValidationError):
        return None


def judge_cost(engine: Engine[Any], state: Any, event: Event, say: Render = plain
               ) -> Cost | None:
    """What ``event`` costs, judged on ``state`` by the engine's ``judge`` (``state`` stays
    as it is); None when it is impossible or costs nothing worth confirming."""
    try:
        judgement = engine.judge(state, event)
    except Impossible:
        return None
    return cost_of(engine, state, event, judgement.verdict, judgement.after, say)


def cost_of(engine: Engine[Any], state: Any, event: Event, verdict: Verdict, moved: Any,
            say: Render = plain) -> Cost | None:
    """What ``event``, judged ``verdict`` on ``state`` and leading to ``moved``, costs."""
    forfeits = engine.forfeits(state, event)
    before = engine.standings(state)
    after = engine.standings(moved)
    match_ends = after.finished and not before.finished
    round_ends = engine.rounds_over(moved) > engine.rounds_over(state)
    # A seat's own missplay is logged at once, as it happened at the table: asking first would
    # tell the player the move is wrong and let them take it back to dodge its penalty. The
    # host's report of a fault costs the offender, so the host is asked.
    reported_fault = verdict.kind == "missplay" and event.by_host
    costly = (event.type in engine.costly_moves or reported_fault or forfeits
              or match_ends or round_ends)
    if not costly:
        return None
    return Cost(event.type, event.seat, verdict.as_dict(say), tuple(say(f) for f in forfeits),
                round_ends, match_ends, say(after.outcome) if match_ends else "",
                changed_totals(before, after), after.unit,
                (tuple(forfeits), after.outcome if match_ends else None))


def changed_totals(before: Standings, after: Standings) -> tuple[TotalChange, ...]:
    was = {line.side: line.total for line in before.lines}
    return tuple(TotalChange(line.side, line.seats, was.get(line.side, 0), line.total)
                 for line in after.lines if was.get(line.side, 0) != line.total)
