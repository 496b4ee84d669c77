"""Corrections a table can live with: replace a move, take one's own slip back, see before doing.

- ``correct`` (host): the move that should have been logged at seq N. Replay judges it in N's
  place, so the moves after N are judged after it, not against a gap. Nothing is edited: the log
  keeps both events, and the timeline shows them as one correction.
- A seat may take back (``void``) its own last move while nobody has logged anything after it,
  when that move was judged ok and is not one of the game's calls (``Engine.calls``).
- A dry run of a void or a correction lists each later event whose verdict it would change or
  that it would make impossible, and the totals before and after.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from referee.engines.base import Engine, Impossible, MissplayReportSchema, Verdict
from referee.engines.messages import Message, msg
from referee.service.errors import Invalid
from referee.service.replay import (
    CORRECT,
    CORRECTIONS,
    PLATFORM_TYPES,
    VOID,
    Folded,
    Judged,
    Loader,
    Marks,
    Source,
    fold_as,
    judge_on,
    log_of,
    replacement,
    replacements,
)
from referee.service.sentences import (
    EngineSaid,
    Kind,
    MoveName,
    Sentence,
    counted,
    moves_of,
    sentence,
    title_of,
)
from referee.store import models
from referee.store.as_data import data_of
from referee.store.bounds import INT32_MAX, TYPE_LENGTH
from referee.store.upcast import current_version, upcast

TAKE_BACK = "PLATFORM-TAKE-BACK"


class ReplacementMoveSchema(Schema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=TYPE_LENGTH),
                         metadata={"description": "The move type that should have been logged"})
    seat = fields.Integer(allow_none=True, load_default=None,
                          validate=validate.Range(min=0, max=100),
                          metadata={"description": "Its seat (null: the table)"})
    payload = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "Its payload, as that move type's schema"})
    schema_version = fields.Integer(load_default=None, allow_none=True,
                                    validate=validate.Range(min=1, max=1000), metadata={
        "description": "Set by the referee: the payload's schema version"})


class CorrectSchema(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1, max=INT32_MAX),
                         metadata={"description": "The event logged wrongly"})
    move = fields.Nested(ReplacementMoveSchema, required=True, metadata={
        "description": "The move that should have been logged in its place"})
    reason = fields.String(load_default="", validate=validate.Length(max=500),
                           metadata={"description": "Why, shown in the timeline"})


def replaceable_moves(engine: Engine[Any]) -> dict[str, type[Schema]]:
    """The move types a correction may put in a move's place: the game's own moves."""
    return {"missplay": MissplayReportSchema, **engine.event_types}


def event_at(session: Source, match: models.Match, seq: int) -> models.Event | None:
    """Event ``seq`` of ``match`` (``session``: a Session or a unit of work)."""
    return log_of(session).event_at(match.id, seq)


def judge_correct(session: Source, loader: Loader, row: models.Event) -> Verdict:
    """The verdict on a correction: its replacement's verdict in the replaced event's place.

    Fills in the replacement's payload as its schema loads it; Invalid (422) when the target is
    not a move that can be corrected or the replacement cannot have happened there.
    """
    engine, match = loader.engine, loader.match
    target = row.payload["seq"]
    found = event_at(session, match, target) if target < row.seq else None
    if found is None:
        raise Invalid(sentence("There is no event {seq} to correct.", seq=target),
                      where="payload.seq")
    if found.type in PLATFORM_TYPES - engine.event_types.keys():
        raise Invalid(sentence("Event {seq} is a {type}, not a move: void it instead.",
                               seq=target, type=MoveName(found.type, quoted=False)),
                      where="payload.seq")
    if target in loader.voided:
        raise Invalid(sentence("Event {seq} is voided (by event {by}); log the move again "
                               "instead.", seq=target, by=loader.voided[target][0]),
                      where="payload.seq")
    move = dict(row.payload["move"])
    schemas = replaceable_moves(engine)
    if move["type"] not in schemas:
        raise Invalid(sentence("{game} has no move {move} to put in event {seq}'s place; "
                               "it knows {moves}.", game=title_of(engine),
                               move=repr(move["type"]), seq=target, moves=moves_of(schemas)),
                      where="payload.move.type")
    seat = move.get("seat")
    if seat is not None and not 0 <= seat < len(match.seats):
        raise Invalid(sentence("Match {match} has seats 0 to {last}, not {seat}.",
                               match=match.id, last=len(match.seats) - 1, seat=seat),
                      where="payload.move.seat")
    version = move.get("schema_version") or current_version(match.game, move["type"])
    try:
        move["payload"] = schemas[move["type"]]().load(
            upcast(match.game, move["type"], version, move.get("payload") or {}))
    except ValidationError as err:
        raise Invalid(sentence("The replacement's payload does not fit its type."),
                      errors={"payload": {"move": {"payload": err.messages}}},
                      where="payload.move.payload") from err
    move["schema_version"] = current_version(match.game, move["type"])
    row.payload = {**row.payload, "move": move}
    fix = replacement(row.seq, row.payload)
    try:
        verdict, _ = judge_on(engine, loader.fold(target - 1), fix, match.game, loader.offenders)
    except Impossible as err:
        raise Invalid(sentence("The replacement cannot have happened at event {seq}: "
                               "{why}", seq=target, why=EngineSaid(err.said)),
                      rule=err.rule, where="payload.move",
                      kind="impossible") from err
    assert verdict is not None
    instead = verdict.reason.as_dict() if isinstance(verdict.reason, Message) else verdict.reason
    said = msg("platform.correct.corrected_why" if fix.reason else "platform.correct.corrected",
               corrected=target, type=found.type, to_type=fix.type, instead=instead,
               **({"why": fix.reason} if fix.reason else {}))
    return Verdict(verdict.kind, verdict.rule, said, verdict.penalty, verdict.effects,
                   verdict.flags, verdict.offender)


def first_affected(session: Source, match_id: int, row: models.Event) -> int:
    """The first seq whose judgement a void or correction changes: its target, or for the
    void of a correction, the event that correction had replaced."""
    target = row.payload["seq"]
    if row.type == VOID:
        voided = log_of(session).event_at(match_id, target)
        if voided is not None and voided.type == CORRECT:  # undoing a correction
            return min(target, voided.payload["seq"])
    return target


# --- a seat takes its own slip back -------------------------------------------------------------


def take_back_refusal(session: Source, match: models.Match, engine: Engine[Any],
                      seat: int | None, payload: dict[str, Any], last_seq: int
                      ) -> Sentence | None:
    """Why this seat may not void that event (None: it may, as a take-back). ``payload`` is
    the void's, loaded by its schema."""
    target = payload["seq"]  # as VoidSchema loaded it
    if target != last_seq:
        return sentence("Only the host may void event {seq}: a seat may take back only the "
                        "last move logged, while nobody has logged anything after it.",
                        seq=target)
    found = event_at(session, match, target)
    if found is None:
        return None  # the void's own check says there is no such event
    if found.seat != seat or found.type in PLATFORM_TYPES - engine.event_types.keys():
        return sentence("Only the host may void event {seq}: it is not seat {seat}'s own "
                        "move.", seq=target, seat=counted(seat))
    if found.type in engine.calls:
        return sentence("Only the host may void event {seq}: {call} is a call, and once "
                        "said at the table it stands.", seq=target,
                        call=MoveName(found.type, quoted=False, spaced=True))
    if (found.verdict or {}).get("kind") != "ok":
        return sentence("Only the host may void event {seq}: it was judged a {kind}, and "
                        "a missplay cannot be taken back to dodge its penalty.", seq=target,
                        kind=Kind(found.verdict.get("kind")))
    return None


# --- what a void or a correction would change --------------------------------------------------


def judgement(entry: Judged) -> dict[str, Any] | None:
    """An event's judgement for comparison: its verdict, or ``impossible`` with why."""
    if entry.voided_by is not None:
        return {"kind": "voided", "by": entry.voided_by, "reason": entry.void_reason}
    if entry.impossible is not None:
        return {"kind": "impossible", **entry.impossible}
    return entry.verdict


def same_judgement(a: dict[str, Any] | None, b: dict[str, Any] | None) -> bool:
    """Same kind, rule, penalty and effects, as data (the sentences may differ in wording)."""
    if a is None or b is None:
        return a is b
    return all(data_of(a, k) == data_of(b, k) for k in ("kind", "rule", "penalty", "effects"))


def marks_with(loader: Loader, row: models.Event) -> Marks:
    """The log's marks as they would stand with this void or correction logged."""
    voided, replaced = dict(loader.voided), dict(loader.replaced)
    target = row.payload["seq"]
    if row.type == VOID:
        voided[target] = (row.seq, row.payload["reason"])
        # voiding a correction restores the move it replaced
        replaced = replacements(loader.log, loader.match.id, voided)
    else:
        replaced[target] = replacement(row.seq, row.payload)
    return Marks(voided, replaced, loader.offenders)


def preview_changes(loader: Loader, row: models.Event
                    ) -> tuple[dict[str, Any], Folded]:
    """The log re-judged with and without this void or correction: each later event whose
    judgement changes, with the old and new one, and the totals before and after; and the
    state it would leave."""
    before_folded, before = fold_as(loader)
    after_folded, after = fold_as(loader, marks=marks_with(loader, row))
    target = row.payload["seq"]
    was = {e.row.seq: e for e in before}
    changes = []
    for entry in after:
        old = was[entry.row.seq]
        if entry.row.seq <= target or entry.row.type in CORRECTIONS:
            continue
        if not same_judgement(judgement(old), judgement(entry)):
            changes.append({"seq": entry.row.seq, "type": entry.row.type,
                            "seat": entry.row.seat, "old": judgement(old),
                            "new": judgement(entry)})
    standings = loader.engine.standings
    return {"changes": changes, "totals": {
        "before": totals(standings(before_folded.state).as_dict()),
        "after": totals(standings(after_folded.state).as_dict())}}, after_folded


def totals(standings: dict[str, Any]) -> dict[str, int]:
    """Each side's total, by side."""
    return {line["side"]: line["total"] for line in standings["lines"]}
