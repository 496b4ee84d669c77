"""Commands on matches: create one, record a move, correct the log, import and export.

Each command is one unit of work: load, decide, append, refresh the read models, commit — or
nothing at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from referee.engines.base import (
    HOST,
    Engine,
    Impossible,
    InvalidOptions,
    MissplayReportSchema,
    Standings,
    Verdict,
    Viewer,
    get_engine,
)
from referee.service import identity, links
from referee.service.errors import Conflict, Forbidden, Invalid, NotFound, Unauthenticated
from referee.service.live import notify_appended
from referee.service.messages import for_match, render, renderer
from referee.service.replay import (
    CHALLENGE,
    RULING,
    VOID,
    Folded,
    Judged,
    Loader,
    accused_seat,
    judge_row,
    platform_types,
)
from referee.service.tokens import hash_token, new_token
from referee.store import models
from referee.store.db import Database
from referee.store.upcast import current_version, upcast

EXPORT_FORMAT = "referee-match"
EXPORT_VERSION = 1


class VoidSchema(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1, max=2**31 - 1),
                         metadata={"description": "The event that was logged by mistake"})
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500),
                           metadata={"description": "Why it is voided, shown in the timeline"})


class ChallengeSchema(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1, max=2**31 - 1),
                         metadata={"description": "The event challenged"})
    claim = fields.String(required=True, validate=validate.Length(min=1, max=500),
                          metadata={"description": "What the challenger says happened"})
    offender = fields.Integer(validate=validate.Range(min=0, max=100), metadata={
        "description": "The seat accused (default: the seat of the challenged event)"})


class RulingSchema(Schema):
    challenge = fields.Integer(required=True, validate=validate.Range(min=1, max=2**31 - 1),
                               metadata={"description": "The challenge ruled on"})
    upheld = fields.Boolean(required=True,
                            metadata={"description": "True: the accused seat committed a fault"})
    rule = fields.String(metadata={
        "description": "The fault, one of the game's reportable missplays (when upheld)"})
    note = fields.String(load_default="", validate=validate.Length(max=500))


class ImportSeatSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    seat = fields.Integer()
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))


class ImportSchema(Schema):
    """A match export (``export``), as ``import_match`` takes it."""

    class Meta:
        unknown = EXCLUDE

    format = fields.String(required=True, validate=validate.Equal(EXPORT_FORMAT))
    version = fields.Integer(required=True, validate=validate.Equal(EXPORT_VERSION))
    game = fields.String(required=True)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(ImportSeatSchema), required=True,
                        validate=validate.Length(min=1, max=12))
    events = fields.List(fields.Dict(keys=fields.String()), required=True)
    night_id = fields.Integer(allow_none=True, load_default=None,
                              validate=validate.Range(min=1, max=2**31 - 1))
    uuid = fields.String(allow_none=True, load_default=None, validate=validate.Regexp(
        r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
        error="Not a match identity (a lowercase uuid)."), metadata={
        "description": "The match's identity; absent in exports made before it existed"})
    digest = fields.String(allow_none=True, load_default=None, metadata={
        "description": "Fingerprint of the exported log (tells two exports of a match apart)"})


PLATFORM_SCHEMAS: dict[str, type[Schema]] = {
    VOID: VoidSchema, CHALLENGE: ChallengeSchema, RULING: RulingSchema,
}
PLATFORM_HOST_ONLY = frozenset({VOID, RULING})


def move_schemas(engine: Engine[Any]) -> dict[str, type[Schema]]:
    """Every move type a match of this game accepts, with its payload schema."""
    shared = {t: PLATFORM_SCHEMAS[t] for t in platform_types(engine)}
    return {"missplay": MissplayReportSchema, **engine.event_types, **shared}


def host_only_types(engine: Engine[Any]) -> frozenset[str]:
    shared = PLATFORM_HOST_ONLY & platform_types(engine)
    return engine.host_only | {"missplay"} | shared


@dataclass(frozen=True)
class Access:
    """Who holds the bearer token: the host, one seat, or nobody known."""

    host: bool = False
    seat: int | None = None

    @property
    def viewer(self) -> Viewer:
        return HOST if self.host else self.seat

    @property
    def actor(self) -> str:
        return "host" if self.host else f"seat:{self.seat}"


@dataclass(frozen=True)
class Created:
    match: models.Match
    host_token: str
    seat_tokens: list[str]


@dataclass(frozen=True)
class Recorded:
    seq: int
    verdict: dict[str, Any]
    standings: dict[str, Any]
    replayed: bool = False  # answered from an earlier request with the same Idempotency-Key


@dataclass(frozen=True)
class SeatSpec:
    name: str | None = None
    player_id: int | None = None


# --- reading helpers ------------------------------------------------------------------------


def get_match(session: Session, match_id: int, *, lock: bool = False) -> models.Match:
    query = select(models.Match).where(models.Match.id == match_id)
    match = session.scalars(query).first()
    if match is None:
        raise NotFound(f"There is no match {match_id}.", where="match_id")
    if lock:  # serialise appends to one match; SQLite's BEGIN IMMEDIATE already does
        session.execute(
            select(models.MatchSummary.last_seq)
            .where(models.MatchSummary.match_id == match_id)
            .with_for_update()
        )
        session.refresh(match.summary)
    return match


def authenticate(match: models.Match, token: str | None) -> Access:
    if not token:
        raise Unauthenticated("This needs a token: send 'Authorization: Bearer <token>'.",
                              where="header.Authorization")
    digest = hash_token(token)
    if digest == match.host_token_hash:
        return Access(host=True)
    for seat in match.seats:
        if seat.token_hash == digest:
            return Access(seat=seat.seat)
    raise Unauthenticated("That token belongs to no seat of this match, nor to its host.",
                          where="header.Authorization")


def viewer_for(match: models.Match, token: str | None, as_seat: int | None) -> Viewer:
    """The viewer a state request may see as: the public, or a seat with its or the host's token."""
    if as_seat is None and not token:
        return None
    access = authenticate(match, token)
    if as_seat is None:
        return access.viewer
    if not 0 <= as_seat < len(match.seats):
        raise NotFound(f"Match {match.id} has no seat {as_seat}.", where="query.as")
    if not access.host and access.seat != as_seat:
        raise Forbidden(f"Seat {access.seat}'s token cannot see seat {as_seat}'s hand.",
                        where="query.as")
    return as_seat


# --- players ---------------------------------------------------------------------------------


def player_for(session: Session, spec: SeatSpec, index: int) -> models.Player:
    """A seat names an existing player, by id or by name, or creates one by name."""
    if spec.player_id is not None:
        player = session.get(models.Player, spec.player_id)
        if player is None:
            raise Invalid(f"There is no player {spec.player_id}.",
                          where=f"seats.{index}.player_id")
        return player
    name = (spec.name or "").strip()
    if not name:
        raise Invalid("A seat needs a player's name or id.", where=f"seats.{index}")
    key = name.casefold()
    player = session.scalars(select(models.Player).where(models.Player.name_key == key)).first()
    if player is None:
        player = models.Player(name=name, name_key=key)
        session.add(player)
        session.flush()
    return player


# --- commands --------------------------------------------------------------------------------


def load_options(engine: Engine[Any], options: dict[str, Any]) -> dict[str, Any]:
    try:
        return engine.options_schema().load(options)
    except ValidationError as err:
        raise Invalid("The options do not fit this game.", errors={"options": err.messages},
                      where="options") from err


def loser_seat(previous: models.Match, players: list[models.Player]) -> int | None:
    """The seat, in the new match, of the previous match's loser (the text: the loser starts)."""
    summary = previous.summary
    if summary.status != "finished":
        return None
    lines = summary.totals.get("lines", [])
    if not lines:
        return None
    pick = max if summary.totals.get("lower_is_better") else min
    worst = pick(lines, key=lambda ln: ln["total"])
    losing_players = {s.player_id for s in previous.seats if s.seat in worst["seats"]}
    for index, player in enumerate(players):
        if player.id in losing_players:
            return index
    return None


def create_match(db: Database, game: str, options: dict[str, Any], seats: list[SeatSpec],
                 night_id: int | None = None, follows: int | None = None) -> Created:
    with db.unit_of_work() as session:
        return _create(session, game, options, seats, night_id, follows)


def engine_for(game: str) -> Engine[Any]:
    try:
        return get_engine(game)
    except KeyError:
        raise Invalid(f"There is no game {game!r}; GET /api/games lists them.",
                      where="game") from None


def _create(session: Session, game: str, options: dict[str, Any], seats: list[SeatSpec],
            night_id: int | None, follows: int | None) -> Created:
    engine = engine_for(game)
    if not engine.min_seats <= len(seats) <= engine.max_seats:
        raise Invalid(f"{engine.title} is played by {engine.min_seats} to {engine.max_seats} "
                      f"seats, not {len(seats)}.", where="seats")
    players = [player_for(session, spec, i) for i, spec in enumerate(seats)]
    if len({p.id for p in players}) != len(players):
        raise Invalid("A player can hold only one seat in a match.", where="seats")
    if night_id is not None and session.get(models.Night, night_id) is None:
        raise Invalid(f"There is no night {night_id}.", where="night_id")
    options = dict(options)
    if follows is not None:
        previous = session.get(models.Match, follows)
        if previous is None:
            raise Invalid(f"There is no match {follows} to follow.", where="follows")
        if ("first_seat" in engine.options_schema().fields and "first_seat" not in options
                and (loser := loser_seat(previous, players)) is not None):
            options["first_seat"] = loser
    loaded = load_options(engine, options)
    try:
        state = engine.setup(loaded, len(seats))
    except InvalidOptions as err:
        raise Invalid(render(err.said, [p.name for p in players]), rule=err.rule,
                      where=err.where or "options") from err
    host_token = new_token()
    seat_tokens = [new_token() for _ in seats]
    match = models.Match(game=game, options=loaded, host_token_hash=hash_token(host_token),
                         night_id=night_id, follows_id=follows)
    session.add(match)
    session.flush()
    for index, (player, token) in enumerate(zip(players, seat_tokens, strict=True)):
        session.add(models.Seat(match_id=match.id, seat=index, player_id=player.id,
                                token_hash=hash_token(token)))
    standings = engine.standings(state)
    say = renderer([p.name for p in players])
    session.add(models.MatchSummary(
        match_id=match.id, game=game, seat_names=[p.name for p in players],
        status="finished" if standings.finished else "in progress",
        totals=standings.as_dict(say), winners=list(standings.winners),
        outcome=say(standings.outcome), last_seq=0, night_id=night_id,
    ))
    session.flush()
    session.refresh(match)
    return Created(match, host_token, seat_tokens)


def reissue_seat_token(db: Database, match_id: int, token: str | None, seat: int) -> str:
    """A new join token for ``seat`` (host only); the old one stops working.

    Tokens are stored hashed, so a lost join link cannot be shown again: it is replaced.
    """
    with db.unit_of_work() as session:
        match = get_match(session, match_id, lock=True)
        if not authenticate(match, token).host:
            raise Forbidden("Only the host may issue a seat's join link again.",
                            where="header.Authorization")
        found = next((s for s in match.seats if s.seat == seat), None)
        if found is None:
            raise NotFound(f"Match {match_id} has no seat {seat}.", where="seat")
        links.retire(session, found)
        fresh_token = new_token()
        found.token_hash = hash_token(fresh_token)
        return fresh_token


def load_payload(schema: type[Schema], payload: dict[str, Any]) -> dict[str, Any]:
    try:
        return schema().load(payload)
    except ValidationError as err:
        raise Invalid("The move's payload does not fit its type.",
                      errors={"payload": err.messages}, where="payload") from err


def record(db: Database, match_id: int, token: str | None, move_type: str, seat: int | None,
           payload: dict[str, Any], *, expected_seq: int | None = None,
           idempotency_key: str | None = None) -> Recorded:
    """Judge a move and append it; the heart of the referee."""
    try:
        with db.unit_of_work() as session:
            return _record(session, db, match_id, token, move_type, seat, payload,
                           expected_seq, idempotency_key)
    except IntegrityError:
        # Another request appended the same seq or key first: the database said no.
        if idempotency_key is not None:
            with db.reading() as session:
                match = get_match(session, match_id)
                earlier = _by_key(session, match, idempotency_key)
                if earlier is not None:
                    return _answer_again(session, match, earlier, move_type, seat, payload)
        raise Conflict("Another move was logged at the same time; fetch the log and retry.",
                       where="header.If-Match") from None


def _by_key(session: Session, match: models.Match, key: str) -> models.Event | None:
    return session.scalars(select(models.Event).where(
        models.Event.match_id == match.id, models.Event.idempotency_key == key)).first()


def _answer_again(session: Session, match: models.Match, row: models.Event, move_type: str,
                  seat: int | None, payload: dict[str, Any]) -> Recorded:
    if row.type != move_type or (seat is not None and row.seat != seat):
        raise Conflict("That Idempotency-Key was used for a different move.",
                       where="header.Idempotency-Key")
    loader = Loader(session, match)
    standings = loader.engine.standings(loader.fold(row.seq).state)
    return Recorded(row.seq, row.verdict, standings.as_dict(loader.say), replayed=True)


def _record(session: Session, db: Database, match_id: int, token: str | None, move_type: str,
            seat: int | None, payload: dict[str, Any], expected_seq: int | None,
            idempotency_key: str | None) -> Recorded:
    match = get_match(session, match_id, lock=True)
    access = authenticate(match, token)
    engine = get_engine(match.game)
    if idempotency_key is not None and (earlier := _by_key(session, match, idempotency_key)):
        return _answer_again(session, match, earlier, move_type, seat, payload)
    last_seq = match.summary.last_seq
    if expected_seq is not None and expected_seq != last_seq:
        raise Conflict(f"The log is at seq {last_seq}, not {expected_seq}: someone logged a "
                       "move since; fetch it and decide again.", where="header.If-Match",
                       last_seq=last_seq)
    schemas = move_schemas(engine)
    if move_type not in schemas:
        raise Invalid(f"{engine.title} has no move {move_type!r}; it knows "
                      f"{', '.join(sorted(schemas))}.", where="type")
    if move_type in host_only_types(engine) and not access.host:
        raise Forbidden(f"Only the host may log {move_type!r}.", where="type")
    if seat is None and not access.host:
        seat = access.seat
    if seat is not None and not 0 <= seat < len(match.seats):
        raise Invalid(f"Match {match.id} has seats 0 to {len(match.seats) - 1}, not {seat}.",
                      where="seat")
    if not access.host and seat != access.seat:
        raise Forbidden(f"Seat {access.seat}'s token cannot log a move for seat {seat}.",
                        where="seat")
    loaded = load_payload(schemas[move_type], payload)
    seq = last_seq + 1
    loader = Loader(session, match)
    folded = loader.fold()
    row = models.Event(match_id=match.id, seq=seq, type=move_type, seat=seat, payload=loaded,
                       schema_version=current_version(match.game, move_type),
                       actor=access.actor, idempotency_key=idempotency_key,
                       recorded_at=datetime.now(UTC), verdict={})
    verdict = _judge_new(session, loader, folded, row)
    row.verdict = verdict.as_dict(loader.say)
    session.add(row)
    notify_appended(session, match.id, seq)
    if move_type == VOID:
        folded = _apply_void(session, loader, row)
    if seq % db.snapshot_every == 0:
        loader.save_snapshot(seq, folded)
    standings = engine.standings(folded.state)
    refresh_read_models(session, match, seq, standings, folded)
    return Recorded(seq, row.verdict, standings.as_dict(loader.say))


def _event_at(session: Session, match: models.Match, seq: int) -> models.Event | None:
    return session.scalars(select(models.Event).where(
        models.Event.match_id == match.id, models.Event.seq == seq)).first()


def _judge_new(session: Session, loader: Loader, folded: Folded, row: models.Event) -> Verdict:
    """The verdict on a new move, or Invalid (422) when it cannot have happened."""
    match = loader.match
    shared = platform_types(loader.engine)
    if row.type == VOID:
        return _judge_void(session, loader, row)
    if row.type == CHALLENGE and CHALLENGE in shared:
        target = row.payload["seq"]
        challenged = _event_at(session, match, target) if target < row.seq else None
        if challenged is None:
            raise Invalid(f"There is no event {target} to challenge.", where="payload.seq")
        loader.offenders[row.seq] = accused_seat(row.payload, challenged.seat)
        return Verdict.ok("PLATFORM-CHALLENGE", f"Challenge of event {target} recorded; "
                          "the host rules on it.")
    if row.type == RULING and RULING in shared:
        challenge = row.payload["challenge"]
        if challenge not in loader.offenders:
            raise Invalid(f"Event {challenge} is not a challenge.", where="payload.challenge")
        if _ruled(session, match, challenge):
            raise Invalid(f"Challenge {challenge} has already been ruled on.",
                          where="payload.challenge")
        if not row.payload["upheld"]:
            return Verdict.ok("PLATFORM-RULING", f"Challenge {challenge} dismissed.")
        if not row.payload.get("rule"):
            raise Invalid("An upheld ruling names the fault's rule.", where="payload.rule")
    try:
        verdict = judge_row(loader.engine, folded, row, match.game, loader.offenders)
    except Impossible as err:
        raise Invalid(loader.say(err.said), rule=err.rule, where=err.where,
                      kind="impossible", message_id=err.message and err.message.id,
                      params=err.message and dict(err.message.params)) from err
    assert verdict is not None
    return verdict


def _ruled(session: Session, match: models.Match, challenge: int) -> bool:
    rows = session.scalars(select(models.Event.payload).where(
        models.Event.match_id == match.id, models.Event.type == RULING)).all()
    return any(p["challenge"] == challenge for p in rows)


def _judge_void(session: Session, loader: Loader, row: models.Event) -> Verdict:
    target = row.payload["seq"]
    found = _event_at(session, loader.match, target)
    if found is None:
        raise Invalid(f"There is no event {target} to void.", where="payload.seq")
    if found.type == VOID:
        raise Invalid("A void cannot be voided; log the move again instead.",
                      where="payload.seq")
    if target in loader.voided:
        raise Invalid(f"Event {target} is already voided (by event "
                      f"{loader.voided[target][0]}).", where="payload.seq")
    return Verdict.ok("PLATFORM-VOID", f"Event {target} ({found.type}) voided: "
                      f"{row.payload['reason']}. Every later move is judged again.")


def _apply_void(session: Session, loader: Loader, row: models.Event) -> Folded:
    """Snapshots from the voided event on are stale: drop them and fold again."""
    target = row.payload["seq"]
    loader.voided[target] = (row.seq, row.payload["reason"])
    session.execute(delete(models.Snapshot).where(
        models.Snapshot.match_id == loader.match.id, models.Snapshot.seq >= target))
    session.flush()
    return loader.fold()


def refresh_read_models(session: Session, match: models.Match, seq: int, standings: Standings,
                        folded: Folded) -> None:
    summary = match.summary
    summary.last_seq = seq
    summary.status = "finished" if standings.finished else "in progress"
    say = for_match(match)
    summary.totals = standings.as_dict(say)
    summary.winners = list(standings.winners)
    summary.outcome = say(standings.outcome)
    summary.updated_at = datetime.now(UTC)
    totals = {s: line.total for line in standings.lines for s in line.seats}
    for seat in match.seats:
        seat.total = totals.get(seat.seat, 0)
        seat.won = standings.finished and seat.seat in standings.winners
        seat.missplays = folded.missplays.get(seat.seat, 0)


# --- reading the log -------------------------------------------------------------------------


def state_at(db: Database, match_id: int, at: int | None, token: str | None,
             as_seat: int | None) -> dict[str, Any]:
    with db.reading() as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, as_seat)
        last = match.summary.last_seq
        if at is not None and not 0 <= at <= last:
            raise NotFound(f"Match {match_id} has events 1 to {last}; there is no seq {at}.",
                           where="query.at")
        loader = Loader(session, match)
        folded = loader.fold(at)
        return {
            "match_id": match.id, "game": match.game, "at": last if at is None else at,
            "last_seq": last, "viewer": "public" if viewer is None else viewer,
            "table": loader.engine.view(folded.state, viewer),
            "standings": loader.engine.standings(folded.state).as_dict(loader.say),
        }


def event_dict(loader: Loader, row: models.Event, viewer: Viewer, now: Folded,
               judged: Judged | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seq": row.seq, "type": row.type, "seat": row.seat, "actor": row.actor,
        "payload": loader.payload_for(row, viewer, now), "schema_version": row.schema_version,
        "recorded_at": models.iso(row.recorded_at), "verdict": row.verdict,
    }
    if judged is not None:
        out["judged_now"] = judged.verdict
        out["voided_by"] = judged.voided_by
        out["void_reason"] = judged.void_reason
        out["impossible_now"] = judged.impossible
    return out


def events_after(db: Database, match_id: int, after: int, limit: int, token: str | None
                 ) -> tuple[list[dict[str, Any]], int]:
    with db.reading() as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, None)
        loader = Loader(session, match)
        rows = session.scalars(select(models.Event).where(
            models.Event.match_id == match_id, models.Event.seq > after
        ).order_by(models.Event.seq).limit(limit)).all()
        now = loader.fold()
        return [event_dict(loader, r, viewer, now) for r in rows], match.summary.last_seq


def timeline(db: Database, match_id: int, token: str | None = None) -> dict[str, Any]:
    """The whole log re-judged as it stands now: verdicts, voids, what corrections changed."""
    with db.reading() as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, None)
        loader = Loader(session, match)
        folded, entries = loader.timeline()
        return {
            "match_id": match.id, "game": match.game,
            "events": [event_dict(loader, j.row, viewer, folded, j) for j in entries],
            "standings": loader.engine.standings(folded.state).as_dict(loader.say),
        }


def standings(db: Database, match_id: int) -> dict[str, Any]:
    with db.reading() as session:
        match = get_match(session, match_id)
        return dict(match.summary.totals)


def export(db: Database, match_id: int, token: str | None = None) -> dict[str, Any]:
    """The match's whole log, enough to replay it elsewhere (``import_match``)."""
    with db.reading() as session:
        match = get_match(session, match_id)
        viewer = viewer_for(match, token, None)
        loader = Loader(session, match)
        rows = loader.rows(0, None)
        now = loader.fold()
        return {
            "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": match.game,
            "uuid": match.uuid, "digest": identity.rows_digest(rows), "options": match.options,
            "seats": [{"seat": s.seat, "name": s.player.name} for s in match.seats],
            "created_at": models.iso(match.created_at),
            "events": [event_dict(loader, r, viewer, now) for r in rows],
            "standings": match.summary.totals,
            "complete": viewer == HOST or not _has_sealed(loader, rows, now),
        }


def _has_sealed(loader: Loader, rows: Sequence[models.Event], now: Folded) -> bool:
    return any(loader.payload_for(r, None, now) != r.payload for r in rows)


def import_match(db: Database, data: dict[str, Any], night_id: int | None = None,
                 copy: bool = False) -> Created:
    """Create a match from an exported log, judging every event on the way in.

    All or nothing: an event the engine refuses aborts the import with its seq and reason. A
    match already here is refused (409) unless ``copy`` asks for a copy (see ``identity``).
    """
    try:
        data = ImportSchema().load(data)
    except ValidationError as err:
        raise Invalid("This is not a Referee match export.", errors=err.messages,
                      where=next(iter(err.messages), None)) from err
    try:
        with db.unit_of_work() as session:
            return _import(session, data, night_id, copy)
    except IntegrityError:  # the same match imported at the same moment: the first one won
        with db.reading() as session:
            identity.refuse_duplicate(session, data)
        raise


def _import(session: Session, data: dict[str, Any], night_id: int | None,
            copy: bool) -> Created:
    if not copy:
        identity.refuse_duplicate(session, data)
    created = _create(session, data["game"], data.get("options") or {},
                      [SeatSpec(name=s["name"]) for s in data["seats"]], night_id, None)
    match = created.match
    identity.mark_imported(match, data, copy)
    loader = Loader(session, match)
    folded = loader.fold()
    schemas = move_schemas(loader.engine)
    for seq, item in enumerate(data["events"], start=1):
        row = _import_one(session, loader, folded, schemas, seq, item)
        if row.type == VOID:
            folded = _apply_void(session, loader, row)
    refresh_read_models(session, match, len(data["events"]),
                        loader.engine.standings(folded.state), folded)
    return created


def _import_one(session: Session, loader: Loader, folded: Folded,
                schemas: dict[str, type[Schema]], seq: int, item: dict[str, Any]
                ) -> models.Event:
    where = f"events.{seq - 1}"
    if item.get("seq") != seq:
        raise Invalid(f"Events must be numbered 1, 2, 3…; expected seq {seq}.", where=where)
    if item.get("type") not in schemas:
        raise Invalid(f"Unknown move type {item.get('type')!r}.", where=f"{where}.type")
    game = loader.match.game
    version = int(item.get("schema_version", 1))
    payload = load_payload(schemas[item["type"]],
                           upcast(game, item["type"], version, item.get("payload") or {}))
    actor = item.get("actor") or "host"
    row = models.Event(match_id=loader.match.id, seq=seq, type=item["type"],
                       seat=item.get("seat"), payload=payload,
                       schema_version=current_version(game, item["type"]), actor=actor,
                       recorded_at=_parse_time(item.get("recorded_at")), verdict={})
    try:
        verdict = _judge_new(session, loader, folded, row)
    except Invalid as err:
        raise Invalid(f"Event {seq}: {err.message}", **{**err.details, "where": where}) from err
    row.verdict = verdict.as_dict(loader.say)
    session.add(row)
    session.flush()
    return row


def _parse_time(text: str | None) -> datetime:
    if text:
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            pass
    return datetime.now(UTC)
