"""A move judged at a seq, hypothetically: the one way the service asks "what would this move
be here?". The append, its dry run, a stale move's table (``seen``), a correction's replacement
and a costly move's warning all judge through ``judge_at``, which changes nothing: the engine's
``judge`` works on its own copy, and the state the move leads to is a new one (the append keeps
it once its transaction commits).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.engines.base import Impossible, Verdict
from referee.engines.messages import msg
from referee.service import corrections
from referee.service.cache import MatchState
from referee.service.errors import Conflict, Invalid
from referee.service.replay import (
    ABANDON,
    CHALLENGE,
    CORRECT,
    RULING,
    VOID,
    Folded,
    Loader,
    Source,
    accused_seat,
    judge_on,
    log_of,
    platform_types,
)
from referee.service.repository import MatchRepository
from referee.service.sentences import EngineSaid, Sentence, sentence
from referee.store import models


@dataclass(frozen=True)
class Trial:
    """A move judged on a state: its verdict and the state it leads to (a new one)."""

    verdict: Verdict
    after: MatchState


def judge_at(source: Source, state: MatchState, row: models.Event,
             loader: Loader | None = None) -> Trial:
    """``row`` judged on ``state`` (the match at the seq before it, as the repository reads
    it), which stays as it was; Invalid (422) when the move cannot have happened there.
    ``loader``: the log as ``state`` reads it, for a correction (read when not given)."""
    shared = platform_types(state.engine)
    abandoned = getattr(state.folded, "abandoned", None)
    if abandoned is not None and row.type != VOID:
        raise Conflict(sentence("Match {match} was abandoned by its host (event {seq}): it "
                                "takes no more moves until the abandon is voided.",
                                match=state.match_id, seq=abandoned), where="type",
                       rule="PLATFORM-ABANDON")
    if row.type == ABANDON and ABANDON in shared:
        return Trial(_judge_abandon(state), _leads_to(state, folded=Folded(
            state.folded.state, state.folded.missplays, row.seq)))
    if row.type == VOID:
        return Trial(_judge_void(source, state, row), _leads_to(state))
    if row.type == CORRECT:
        loader = loader or _slow_log(source, state)
        return Trial(corrections.judge_correct(source, loader, row), _leads_to(state))
    if row.type == CHALLENGE and CHALLENGE in shared:
        return _judge_challenge(source, state, row)
    if row.type == RULING and RULING in shared and (said := _judge_ruling(state, row)):
        return Trial(said, _leads_to(state, ruled={*state.ruled, row.payload["challenge"]}))
    try:
        verdict, folded = judge_on(state.engine, state.folded, row, state.game, state.offenders)
    except Impossible as err:
        raise Invalid(EngineSaid(err.said, state.names or None), rule=err.rule, where=err.where,
                      kind="impossible", message_id=err.message and err.message.id,
                      params=err.message and dict(err.message.params)) from err
    assert verdict is not None
    ruled = ({*state.ruled, row.payload["challenge"]} if row.type == RULING
             and RULING in shared else state.ruled)
    return Trial(verdict, _leads_to(state, folded=folded, ruled=ruled))


def _leads_to(state: MatchState, **changed: object) -> MatchState:
    """A new state: ``state`` with ``changed`` (what it shares with it is read only)."""
    return replace(state, **changed, cold=False, memo={})  # type: ignore[arg-type]


def _slow_log(source: Source, state: MatchState) -> Loader:
    """The log read the slow way with ``state``'s marks, for a correction's replacement."""
    match = log_of(source).match(state.match_id)
    assert match is not None
    return MatchRepository.log(source, match, state)


def _named_event(source: Source, state: MatchState, row: models.Event,
                 missing: Sentence) -> models.Event:
    """The earlier event a void or a challenge names by its seq; ``missing`` (422 at
    ``payload.seq``) when the log has none before it."""
    target = row.payload["seq"]
    found = log_of(source).event_at(state.match_id, target) if target < row.seq else None
    if found is None:
        raise Invalid(missing, where="payload.seq")
    return found


def _judge_challenge(source: Source, state: MatchState, row: models.Event) -> Trial:
    target = row.payload["seq"]
    challenged = _named_event(source, state, row, sentence(
        "There is no event {seq} to challenge.", seq=target))
    offenders = {**state.offenders, row.seq: accused_seat(row.payload, challenged.seat)}
    return Trial(Verdict.ok("PLATFORM-CHALLENGE", msg("platform.challenge.recorded",
                                                      challenged=target)),
                 _leads_to(state, offenders=offenders))


def _judge_ruling(state: MatchState, row: models.Event) -> Verdict | None:
    """A dismissed challenge's verdict; None for an upheld one (the engine judges its fault)."""
    challenge = row.payload["challenge"]
    if challenge not in state.offenders:
        raise Invalid(sentence("Event {seq} is not a challenge.", seq=challenge),
                      where="payload.challenge")
    if challenge in state.ruled:
        raise Invalid(sentence("Challenge {seq} has already been ruled on.", seq=challenge),
                      where="payload.challenge")
    if not row.payload["upheld"]:
        return Verdict.ok("PLATFORM-RULING", msg("platform.ruling.dismissed",
                                                 challenge=challenge))
    if not row.payload.get("rule"):
        raise Invalid(sentence("An upheld ruling names the fault's rule."), where="payload.rule")
    return None


def _judge_abandon(state: MatchState) -> Verdict:
    """The host gives the match up; one already over has nothing left to give up (409)."""
    if state.standings.finished:
        raise Conflict(sentence("Match {match} is over: there is nothing left to abandon.",
                                match=state.match_id), where="type", rule="PLATFORM-ABANDON")
    return Verdict.ok("PLATFORM-ABANDON", msg("platform.abandon.abandoned"))


def _judge_void(source: Source, state: MatchState, row: models.Event) -> Verdict:
    target = row.payload["seq"]
    found = _named_event(source, state, row, sentence("There is no event {seq} to void.",
                                                      seq=target))
    if found.type == VOID:
        raise Invalid(sentence("A void cannot be voided; log the move again instead."),
                      where="payload.seq")
    if target in state.voided:
        raise Invalid(sentence("Event {seq} is already voided (by event {by}).", seq=target,
                               by=state.voided[target][0]),
                      where="payload.seq")
    reason = row.payload.get("reason") or ""
    if reason:
        return Verdict.ok("PLATFORM-VOID", msg("platform.void.voided", voided=target,
                                               type=found.type, why=reason))
    if row.seat is None or row.seat != found.seat:
        raise Invalid(sentence("Say why event {seq} is voided: the timeline shows it.",
                               seq=target), where="payload.reason")
    # a seat's take-back: the log keeps who took it back, the reader's words say so
    return Verdict.ok("PLATFORM-VOID", msg("platform.void.taken_back", seat=row.seat,
                                           voided=target, type=found.type))
