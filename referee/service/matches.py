"""Commands on matches: create one, record a move, correct the log, import one. The queries
live in ``queries`` (and each page's in ``pages``), who may read or write in ``access``, how a
move is judged in ``judging``.

Each command is one unit of work: load, decide, append, refresh the read models, commit — or
nothing at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from referee.engines import REGISTRY, get_engine
from referee.engines.base import (
    Engine,
    InvalidOptions,
    MissplayReportSchema,
    Standings,
)
from referee.service import (
    authority,
    corrections,
    idempotency,
    identity,
    ledger,
    links,
    nights,
    ratings,
    staleness,
    stats,
    work,
)
from referee.service.access import Access, authenticate, get_match
from referee.service.cache import Known, MatchState, build
from referee.service.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    ServiceError,
    Unauthenticated,
)
from referee.service.imported import ImportEventSchema
from referee.service.judging import Trial, judge_at
from referee.service.live import announced
from referee.service.modes import MODES, MOVES, engine_in, engine_of
from referee.service.places import with_ranks
from referee.service.players import PlayerName, players_named
from referee.service.queries import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    event_dict,
    log_rows,
    readers_digests,
)
from referee.service.readings import with_earlier_readings
from referee.service.replay import (
    ABANDON,
    CHALLENGE,
    CORRECT,
    CORRECTIONS,
    RULING,
    VOID,
    Folded,
    Source,
    adapters,
    engine_move,
    log_of,
    platform_types,
    standings_of,
)
from referee.service.repository import MatchRepository
from referee.service.sentences import (
    EngineSaid,
    MoveName,
    Sentence,
    counted,
    either,
    moves_of,
    sentence,
    title_of,
)
from referee.service.tokens import hash_token, new_token
from referee.service.work import SqlUnitOfWork, UnitOfWork
from referee.store import models, notices
from referee.store.as_data import verdict_data
from referee.store.bounds import INT32_MAX
from referee.store.db import Database
from referee.store.upcast import current_version, upcast


class VoidSchema(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1, max=INT32_MAX),
                         metadata={"description": "The event that was logged by mistake"})
    reason = fields.String(load_default="", validate=validate.Length(max=500), metadata={
        "description": "Why it is voided, shown in the timeline; a seat taking back its own "
        "move may leave it out (the timeline then says it was taken back)"})


class ChallengeSchema(Schema):
    seq = fields.Integer(required=True, validate=validate.Range(min=1, max=INT32_MAX),
                         metadata={"description": "The event challenged"})
    claim = fields.String(required=True, validate=validate.Length(min=1, max=500),
                          metadata={"description": "What the challenger says happened"})
    offender = fields.Integer(validate=validate.Range(min=0, max=100), metadata={
        "description": "The seat accused (default: the seat of the challenged event)"})


class RulingSchema(Schema):
    challenge = fields.Integer(required=True, validate=validate.Range(min=1, max=INT32_MAX),
                               metadata={"description": "The challenge ruled on"})
    upheld = fields.Boolean(required=True,
                            metadata={"description": "True: the accused seat committed a fault"})
    rule = fields.String(metadata={
        "description": "The fault, one of the game's reportable missplays (when upheld)"})
    note = fields.String(load_default="", validate=validate.Length(max=500))


class AbandonSchema(Schema):
    """The host gives the match up: nothing to say but that (the timeline words it)."""


class ImportSeatSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    seat = fields.Integer()
    name = PlayerName(required=True)


class ImportSchema(Schema):
    """A match export (``export``), as ``import_match`` takes it."""

    class Meta:
        unknown = EXCLUDE

    format = fields.String(required=True, validate=validate.Equal(EXPORT_FORMAT))
    version = fields.Integer(required=True,
                             validate=validate.OneOf(list(range(1, EXPORT_VERSION + 1))))
    game = fields.String(required=True, validate=validate.OneOf(sorted(REGISTRY)))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(ImportSeatSchema), required=True,
                        validate=validate.Length(min=1, max=12))
    events = fields.List(fields.Nested(ImportEventSchema), required=True)
    night_id = fields.Integer(allow_none=True, load_default=None,
                              validate=validate.Range(min=1, max=INT32_MAX))
    uuid = fields.String(allow_none=True, load_default=None, validate=validate.Regexp(
        r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
        error="Not a match identity (a lowercase uuid)."), metadata={
        "description": "The match's identity; absent in exports made before it existed"})
    digest = fields.String(allow_none=True, load_default=None, metadata={
        "description": "Fingerprint of the exported log (tells two exports of a match apart)"})
    mode = fields.String(load_default=MOVES, validate=validate.OneOf(MODES))


PLATFORM_SCHEMAS: dict[str, type[Schema]] = {
    VOID: VoidSchema, CHALLENGE: ChallengeSchema, RULING: RulingSchema,
    CORRECT: corrections.CorrectSchema, ABANDON: AbandonSchema,
}
PLATFORM_HOST_ONLY = frozenset({VOID, RULING, CORRECT, ABANDON})


def move_schemas(engine: Engine[Any]) -> dict[str, type[Schema]]:
    """Every move type a match of this game accepts, with its payload schema."""
    shared = {t: PLATFORM_SCHEMAS[t] for t in platform_types(engine)}
    return {"missplay": MissplayReportSchema, **engine.event_types, **shared}


def host_only_types(engine: Engine[Any]) -> frozenset[str]:
    shared = PLATFORM_HOST_ONLY & platform_types(engine)
    return engine.host_only | {"missplay"} | shared | authority.stating_others(engine)


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
    preview: dict[str, Any] | None = None  # a dry run: what a void or correction would change


@dataclass(frozen=True)
class SeatSpec:
    name: str | None = None
    player_id: int | None = None


# --- players ---------------------------------------------------------------------------------


def player_for(session: Session, spec: SeatSpec, index: int) -> models.Player:
    """The existing player a seat names by id."""
    player = session.get(models.Player, spec.player_id)
    if player is None:
        raise Invalid(sentence("There is no player {player}.", player=spec.player_id),
                      where=f"seats.{index}.player_id")
    return player


def seated_players(session: Session, seats: list[SeatSpec]) -> list[models.Player]:
    """Each seat's player: by id, or found or created by name (``players_named``)."""
    for index, spec in enumerate(seats):
        if spec.player_id is None and not (spec.name or "").strip():
            raise Invalid(sentence("A seat needs a player's name or id."), where=f"seats.{index}")
    by_name = [i for i, spec in enumerate(seats) if spec.player_id is None]
    named = iter(players_named(session, [seats[i].name or "" for i in by_name],
                               [f"seats.{i}.name" for i in by_name]))
    return [next(named) if spec.player_id is None else player_for(session, spec, index)
            for index, spec in enumerate(seats)]


# --- commands --------------------------------------------------------------------------------


def load_options(engine: Engine[Any], options: dict[str, Any]) -> dict[str, Any]:
    try:
        return engine.options_schema().load(options)
    except ValidationError as err:
        raise Invalid(sentence("The options do not fit this game."),
                      errors={"options": err.messages},
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
                 night_id: int | None = None, follows: int | None = None,
                 mode: str = MOVES, night_token: str | None = None) -> Created:
    """A new match; filed into a night (``night_id``) only with the night's host token."""
    with work.writing(db) as session:
        return _create(session, game, options, seats, night_id, follows, mode, night_token)


def create_in(session: Session, game: str, seats: list[SeatSpec], night_id: int,
              night_token: str | None) -> Created:
    """A new match with the default options, filed into a night, in a write already open
    (a night's round starts all its tables in one transaction)."""
    return _create(session, game, {}, seats, night_id, None, MOVES, night_token)


def engine_for(game: str) -> Engine[Any]:
    try:
        return get_engine(game)
    except KeyError:
        raise Invalid(sentence("There is no game {game}; GET /api/games lists them.",
                               game=repr(game)),
                      where="game") from None


def _create(session: Session, game: str, options: dict[str, Any], seats: list[SeatSpec],
            night_id: int | None, follows: int | None, mode: str = MOVES,
            night_token: str | None = None) -> Created:
    engine = engine_for(game)
    if mode not in MODES:
        raise Invalid(sentence("A match is played in mode {modes}, not {mode}.",
                               modes=either(MODES), mode=repr(mode)),
                      where="mode")
    engine = engine_in(game, mode)
    if not engine.min_seats <= len(seats) <= engine.max_seats:
        raise Invalid(sentence("{game} is played by {low} to {high} seats, not {count}.",
                               game=title_of(engine), low=engine.min_seats,
                               high=engine.max_seats, count=len(seats)),
                      where="seats")
    players = seated_players(session, seats)
    if len({p.id for p in players}) != len(players):
        raise Invalid(sentence("A player can hold only one seat in a match."), where="seats")
    if night_id is not None:
        nights.check_filing(session, night_id, night_token)
    options = dict(options)
    if follows is not None:
        previous = session.get(models.Match, follows)
        if previous is None:
            raise Invalid(sentence("There is no match {match} to follow.", match=follows),
                          where="follows")
        if ("first_seat" in engine.options_schema().fields and "first_seat" not in options
                and (loser := loser_seat(previous, players)) is not None):
            options["first_seat"] = loser
    loaded = load_options(engine, options)
    try:
        state = engine.setup(loaded, len(seats))
    except InvalidOptions as err:
        raise Invalid(EngineSaid(err.said, [p.name for p in players]), rule=err.rule,
                      where=err.where or "options") from err
    host_token = new_token()
    seat_tokens = [new_token() for _ in seats]
    match = models.Match(game=game, options=loaded, host_token_hash=hash_token(host_token),
                         night_id=night_id, follows_id=follows, mode=mode)
    session.add(match)
    session.flush()
    standings = engine.standings(state)
    records = ledger.seat_records(standings, {}, len(seats))
    for index, (player, token) in enumerate(zip(players, seat_tokens, strict=True)):
        total, won, _ = records[index]
        session.add(models.Seat(match_id=match.id, seat=index, player_id=player.id,
                                token_hash=hash_token(token), total=total, won=won,
                                missplays=0))
    ledger.tally(session, game, ledger.status_of(standings), models.utc_day(match.created_at),
                 +1)
    stats.projector_of(session).opened(match, [p.name for p in players], standings,
                                       updated_at=match.created_at)
    session.flush()
    session.refresh(match)
    return Created(match, host_token, seat_tokens)


def reissue_seat_token(db: Database, match_id: int, token: str | None, seat: int) -> str:
    """A new join token for ``seat`` (host only); the old one stops working.

    Tokens are stored hashed, so a lost join link cannot be shown again: it is replaced.
    """
    with work.writing(db) as session:
        match = get_match(session, match_id, lock=True)
        if not authenticate(match, token).host:
            raise Forbidden(sentence("Only the host may issue a seat's join link again."),
                            where="header.Authorization")
        found = next((s for s in match.seats if s.seat == seat), None)
        if found is None:
            raise NotFound(sentence("Match {match} has no seat {seat}.", match=match_id,
                                    seat=seat), where="seat")
        links.retire(session, found)
        fresh_token = new_token()
        found.token_hash = hash_token(fresh_token)
        return fresh_token


_SCHEMA_INSTANCES: dict[type[Schema], Schema] = {}


def load_payload(schema: type[Schema], payload: dict[str, Any]) -> dict[str, Any]:
    """The payload through its type's schema (one instance per schema, made once)."""
    instance = _SCHEMA_INSTANCES.get(schema)
    if instance is None:
        instance = _SCHEMA_INSTANCES.setdefault(schema, schema())
    try:
        return instance.load(payload)
    except ValidationError as err:
        raise Invalid(sentence("The move's payload does not fit its type."),
                      errors={"payload": err.messages}, where="payload") from err


#: How many times at most a move without If-Match is judged again, other appends taking the
#: seq it was judged for each time.
OVERTAKEN_TRIES = 100


def record(db: Database, match_id: int, token: str | None, move_type: str, seat: int | None,
           payload: dict[str, Any], *, expected_seq: int | None = None,
           idempotency_key: str | None = None, seen: int | None = None,
           dry_run: bool = False, wait_for_key: bool = False) -> Recorded:
    """Judge a move and append it; the heart of the referee.

    ``idempotency_key``: a request sent again with its key while the first is being judged is
    refused 409, or with ``wait_for_key`` waits for it (``idempotency.processing``).
    ``seen``: the seq the player was looking at (see ``staleness``). ``dry_run``: judge it all
    the same and append nothing (``preview`` says what a void or a correction would change).
    A move another append overtook (``staleness.Overtaken``) is answered as the request
    asked: again for its Idempotency-Key, stale for its If-Match, else judged again against
    the log as it now stands (each time, another move was logged).
    """
    move = Move(move_type, seat, payload, expected_seq, idempotency_key, seen, dry_run)
    with idempotency.processing(db, match_id, None if dry_run else idempotency_key,
                                wait=wait_for_key):
        return _record(db, MatchRepository.of(db), match_id, token, move)


def _record(db: Database, repo: MatchRepository, match_id: int, token: str | None, move: Move
            ) -> Recorded:
    """``record``, its key held."""
    idempotency_key, expected_seq = move.idempotency_key, move.expected_seq
    refused: int | None = None
    for _ in range(OVERTAKEN_TRIES):
        try:
            return _record_once(db, repo, match_id, token, move)
        except staleness.Overtaken as overtaken:
            if idempotency_key is not None:
                with work.appending(db) as uow:
                    earlier = uow.events.by_key(match_id, idempotency_key)
                    if earlier is not None:
                        return _answer_again(uow, repo, match_id, earlier, token, move)
            if expected_seq is not None:
                raise _overtaken(db, repo, match_id, token, expected_seq) from None
            if overtaken.seq == refused:  # taken, yet no move was logged: the log is past
                break  # its summary's head (written behind its back)
            refused = overtaken.seq
    raise _same_time()


def _same_time() -> Conflict:
    """The 409 of a move whose seq the database refused (unique seq or key)."""
    return Conflict(sentence("Another move was logged at the same time; fetch the log and "
                             "retry."), where="header.If-Match")


def _record_once(db: Database, repo: MatchRepository, match_id: int, token: str | None,
                 move: Move) -> Recorded:
    """One unit of work judging and appending ``move``."""
    try:  # a connection lost before COMMIT: judged and appended again, on a fresh one
        try:
            recorded, after = work.appending_retried(
                db, lambda uow: append(uow, repo, match_id, token, move))
        except staleness.Unconfirmed:  # judged on a cached state the database did not confirm
            recorded, after = work.appending_retried(
                db, lambda uow: append(uow, repo, match_id, token, move, guess=False))
    except staleness.Stale as stale:
        if stale.pending is not None:  # only now: the lock is released
            with work.reading(db, primary=True) as session:
                stale.list_since(_since(session, repo, stale.pending))
        raise
    except IntegrityError:
        # Another request appended the same seq or key first: the database said no.
        if move.idempotency_key is not None:
            with work.appending(db) as uow:
                earlier = uow.events.by_key(match_id, move.idempotency_key)
                if earlier is not None:
                    return _answer_again(uow, repo, match_id, earlier, token, move)
        raise _same_time() from None
    if after is not None:
        repo.cache.put(after)  # only now: the commit succeeded
        if after.standings.finished or move.type in CORRECTIONS:
            ratings.changed(db, match_id)  # after the commit, never inside it
    return recorded


def _overtaken(db: Database, repo: MatchRepository, match_id: int, token: str | None,
               expected: int) -> staleness.Stale:
    """The 409 of a move whose If-Match named the seq the log was at when another append took
    the next one: stale as if it had come after that one (which has committed)."""
    with work.appending(db) as uow:
        head = uow.events.head(match_id, hash_token(token) if token else None,
                               _read_after(repo, match_id, expected))
        if head is None or head.last_seq <= expected:  # no move logged after it, yet its
            raise _same_time()  # seq was taken: the log is past its summary's head
        since = staleness.Since(match_id, head.identity, expected, head.last_seq,
                                _access(head, token).viewer)
        stale = staleness.stale_if_match(match_id, since.identity, expected, since.last_seq,
                                         since.viewer)
        stale.list_since(_since(uow, repo, since, head.events_between))
    return stale


def _read_after(repo: MatchRepository, match_id: int, expected: int | None) -> int | None:
    """The seq after which the events are worth reading with the head (``EventRecorder.head``):
    the cached state's, to catch it up, or If-Match's, for a stale move's events since,
    whichever is lower; None when neither is known."""
    kept = repo.cache.get(match_id)
    seqs = [seq for seq in (expected, kept.last_seq if kept else None) if seq is not None]
    return min(seqs) if seqs else None


def _since(source: Source, repo: MatchRepository, stale: staleness.Since, known: Known | None = None
           ) -> list[dict[str, Any]]:
    """The events a stale move's 409 lists, as ``GET /events?after=`` gave them when the log
    was at ``stale.last_seq``, whatever was logged since; read on a transaction that holds no
    lock (unless ``known`` has them: read with the head)."""
    state = repo.head(source, stale.match_id, stale.last_seq, stale.identity, known=known)
    rows = known(stale.after, stale.last_seq) if known is not None else None
    if rows is None:
        rows = log_rows(source, stale.match_id, stale.after + 1, stale.last_seq)
    return [event_dict(state, r, stale.viewer) for r in rows]


@dataclass(frozen=True)
class Move:
    """A move as its request sent it, and how to log it."""

    type: str
    seat: int | None
    payload: dict[str, Any]
    expected_seq: int | None = None  # If-Match: the seq the client says the log is at
    idempotency_key: str | None = None
    seen: int | None = None  # the seq the player was looking at
    dry_run: bool = False


def _answer_again(uow: UnitOfWork, repo: MatchRepository, match_id: int, row: models.Event,
                  token: str | None, move: Move) -> Recorded:
    """The answer to an earlier request with the same Idempotency-Key."""
    idempotency.check_same_request(row, token, move.type, move.seat, move.payload)
    match = uow.events.match(match_id)
    assert match is not None
    now = repo.latest(uow, match)
    folded = repo.at(uow, match, row.seq, now)
    standings = standings_of(engine_of(match), folded)
    return Recorded(row.seq, row.verdict, with_ranks(standings.as_dict(now.render)), replayed=True,
                    preview={} if move.dry_run else None)


def _access(head: ledger.Head, token: str | None) -> Access:
    if not token:
        raise Unauthenticated(sentence("This needs a token: send 'Authorization: Bearer <token>'."),
                              where="header.Authorization")
    if head.host:
        return Access(host=True)
    if head.seat is not None:
        return Access(seat=head.seat)
    raise Unauthenticated(sentence("That token belongs to no seat of this match, nor to its host."),
                          where="header.Authorization")


def append(uow: UnitOfWork, repo: MatchRepository, match_id: int, token: str | None, move: Move,
           *, guess: bool = True) -> tuple[Recorded, MatchState | None]:
    """One append: read the head and authorise (one statement), judge one move on a clone of
    the cached state, append it, project it on the read models; the new state goes to the
    cache after ``uow`` commits (the caller's part).

    On SQLite the transaction holds the write lock from its start. On PostgreSQL nothing is
    locked (``EventRecorder.head``): a move whose If-Match the log is already past is refused
    at once, its 409 listing the events since in the same transaction; of racing appends
    judged against the same head, the first inserted is logged and the others, having written
    nothing, are ``staleness.Overtaken``. There, a move whose If-Match is the seq of the
    process's cached state, by a token the process has seen, is judged on that state without
    reading the head (``guess``, ``_guessed_head``): its event row goes in only if the head
    and the token's holder are still those it was judged with (``EventRecorder.append``), one
    round trip in all. A quiet move's statement that logged nothing read the head as it stood
    (``ReadModelProjector.appended``): past the move's If-Match, the move is answered as by
    that head (409, the events since); anything else, a refusal included, is
    ``staleness.Unconfirmed``, and the move is judged again the ordinary way. The rare paths
    read the log the slow way: a move made against an older table (``seen``), a dry run, a
    seat's take-back, a correction."""
    digest = hash_token(token) if token else None
    guessed = _guessed_head(uow, repo, match_id, digest, move) if guess else None
    if guessed is not None:
        try:
            return _append_at(uow, repo, match_id, token, move, guessed)
        except staleness.Overtaken as overtaken:
            if overtaken.head is not None and overtaken.head.last_seq > guessed.last_seq:
                return _append_at(uow, repo, match_id, token, move, overtaken.head)
            raise staleness.Unconfirmed from overtaken
        except ServiceError as refused:
            raise staleness.Unconfirmed from refused
    head = uow.events.head(match_id, digest, _read_after(repo, match_id, move.expected_seq))
    if head is None:
        raise NotFound(sentence("There is no match {match}.", match=match_id), where="match_id")
    if digest is not None and not head.locked:
        repo.cache.hold(match_id, digest, head.seat)
    return _append_at(uow, repo, match_id, token, move, head)


def _guessed_head(uow: UnitOfWork, repo: MatchRepository, match_id: int, digest: str | None,
                  move: Move) -> ledger.Head | None:
    """The head a move may be judged at without reading it, where the database checks it as
    the move goes in (``EventRecorder.guarded``): the process's cached state, when the move's
    If-Match names its seq and its token is the host's or a seat's the process has seen. None
    (read the head) for anything else: no If-Match, an Idempotency-Key, a dry run, an older
    table seen, a void or a correction."""
    if (digest is None or move.expected_seq is None or move.idempotency_key is not None
            or move.dry_run or move.seen not in (None, move.expected_seq)
            or move.type in CORRECTIONS or not uow.events.guarded):
        return None
    kept = repo.cache.get(match_id)
    if kept is None or kept.last_seq != move.expected_seq:
        return None
    host = digest == kept.identity
    seat = None if host else repo.cache.holder(match_id, digest)
    if not host and seat is None:
        return None
    return ledger.Head(kept.last_seq, kept.game, kept.mode, kept.identity, host, seat,
                       locked=False, digest=digest)


def _append_at(uow: UnitOfWork, repo: MatchRepository, match_id: int, token: str | None,
               move: Move, head: ledger.Head) -> tuple[Recorded, MatchState | None]:
    """``append`` at ``head``, read or guessed."""
    access = _access(head, token)
    if move.idempotency_key is not None and (
            earlier := uow.events.by_key(match_id, move.idempotency_key)):
        return _answer_again(uow, repo, match_id, earlier, token, move), None
    try:
        schema = _authorise(uow, head, access, match_id, move)
    except staleness.Stale as stale:
        if not head.locked and stale.pending is not None:  # no lock held: read them here
            stale.list_since(_since(uow, repo, stale.pending, head.events_between))
        raise
    before = repo.head(uow, match_id, head.last_seq, head.identity, known=head.events_between)
    seat = _seat_of(before, access, move.seat)
    loaded = load_payload(schema, move.payload)
    engine = before.engine
    if before.cold and head.last_seq >= uow.snapshot_every:
        _replace_stale_snapshots(uow, before, engine.state_version)
    row = models.Event.held(
        match_id=match_id, seq=head.last_seq + 1, type=move.type, seat=seat, payload=loaded,
        schema_version=current_version(head.game, move.type), actor=access.actor,
        idempotency_key=move.idempotency_key, recorded_at=datetime.now(UTC), verdict={})
    then = _table_seen(uow, repo, match_id, move.seen, head.last_seq)
    if move.seen is None or then is not None:
        _check_race(match_id, head, access, before, then, move.seen, row)
    now = staleness.outcome(lambda: judge_at(uow, before, row))
    if move.seen is not None and move.seen != head.last_seq:  # the player saw an older table
        _check_seen(uow, repo, match_id, move.seen, head.last_seq, access, now, row, then)
    trial = now.result()
    row.verdict = verdict_data(trial.verdict)  # data: each reader gets its own words
    if move.dry_run:  # nothing appended, no key kept, nobody notified
        return _dry_run(uow, before, trial.after, row), None
    keyed = idempotency.stamp(move.idempotency_key, token, move.type, move.seat, move.payload)
    after = _write(uow, head, before, trial.after, row, keyed)
    return Recorded(row.seq, row.verdict, with_ranks(after.standings.as_dict(after.render))), after


def _authorise(uow: UnitOfWork, head: ledger.Head, access: Access, match_id: int,
               move: Move) -> type[Schema]:
    """Refuse a move the log moved past (If-Match), one the game does not know, or one the
    token may not log; the payload's schema otherwise."""
    if move.expected_seq is not None and move.expected_seq != head.last_seq:
        raise staleness.stale_if_match(match_id, head.identity, move.expected_seq,
                                       head.last_seq, access.viewer)
    engine = engine_in(head.game, head.mode)
    schemas = move_schemas(engine)
    if move.type not in schemas:
        raise Invalid(sentence("{game} has no move {move}; it knows {moves}.",
                               game=title_of(engine), move=repr(move.type),
                               moves=moves_of(schemas)),
                      where="type")
    authority.check_cards(engine, move.type, access.host)
    if move.type in host_only_types(engine) and not access.host:
        refusal: Sentence | None = sentence("Only the host may log {move}.",
                                            move=MoveName(move.type))
        if move.type == VOID:  # a seat taking back its own slip
            match = get_match(uow, match_id)
            refusal = corrections.take_back_refusal(
                uow, match, engine, access.seat, load_payload(VoidSchema, move.payload),
                head.last_seq)
        if refusal:
            raise Forbidden(refusal, where="type" if move.type != VOID else "payload.seq")
    return schemas[move.type]


def _seat_of(state: MatchState, access: Access, seat: int | None) -> int | None:
    """The seat the move is logged for: a seat's token speaks for its own seat only."""
    if seat is None and not access.host:
        seat = access.seat
    if seat is not None and not 0 <= seat < state.seats:
        raise Invalid(sentence("Match {match} has seats 0 to {last}, not {seat}.",
                               match=state.match_id, last=state.seats - 1, seat=seat),
                      where="seat")
    if not access.host and seat != access.seat:
        raise Forbidden(sentence("Seat {own}'s token cannot log a move for seat {seat}.",
                                 own=counted(access.seat), seat=counted(seat)),
                        where="seat")
    return seat


def _table_seen(uow: UnitOfWork, repo: MatchRepository, match_id: int, seen: int | None,
                last_seq: int) -> MatchState | None:
    """The match as the player saw it at ``seen``, read the slow way (None: the move says
    no older table)."""
    if seen is None or not 0 <= seen < last_seq:
        return None
    session = _session(uow)
    return repo.as_of(session, get_match(session, match_id), seen)


def _check_seen(uow: UnitOfWork, repo: MatchRepository, match_id: int, seen: int,
                last_seq: int, access: Access, now: staleness.Outcome, row: models.Event,
                then: MatchState | None) -> None:
    """Refuse a move judged otherwise at the table its player saw at ``seen`` (``then``)."""
    session = _session(uow)
    match = get_match(session, match_id)

    def judge_then() -> Trial:
        table = then if then is not None else repo.as_of(session, match, seen)
        return judge_at(uow, table, row, repo.log(session, match, table))

    staleness.check_seen(match, seen, last_seq, access.viewer, now, judge_then)


def _check_race(match_id: int, head: ledger.Head, access: Access, before: MatchState,
                then: MatchState | None, seen: int | None, row: models.Event) -> None:
    """Refuse as too slow a move another seat's move beat to what it aimed at (CC-QP-4), at
    the table its player saw at ``seen`` (``then``), else at the table now."""
    event = engine_move(before.engine, row, before.game, before.offenders)
    if event is None:
        return
    winner = before.engine.lost_race(None if then is None else then.folded.state,
                                     before.folded.state, event)
    if winner is None:
        return
    since = staleness.Since(match_id, head.identity,
                            seen if seen is not None else max(winner - 1, 0), head.last_seq,
                            access.viewer)
    raise staleness.lost_race(since, winner, seen)


def _session(uow: UnitOfWork) -> Session:
    """The transaction's session, for the rare paths that read the log the slow way."""
    session: Session = uow.session  # type: ignore[attr-defined]
    return session


def _write(uow: UnitOfWork, head: ledger.Head, before: MatchState, after: MatchState,
           row: models.Event, keyed: dict[str, Any]) -> MatchState:
    """Append the judged ``row`` (judged at ``head``), its hooks, a snapshot every K events,
    the read models."""
    match_id, seq = row.match_id, row.seq
    event = {"match_id": match_id, "seq": seq, "type": row.type, "seat": row.seat,
             "payload": row.payload, "schema_version": row.schema_version,
             "actor": row.actor, "idempotency_key": row.idempotency_key,
             "recorded_at": row.recorded_at, "verdict": row.verdict,
             "key_token_hash": keyed.get("key_token_hash"),
             "key_request_hash": keyed.get("key_request_hash")}
    transaction = getattr(uow, "transaction", None)  # None: a unit of work without a database
    notice = announced(transaction, match_id, seq) if transaction is not None else None
    if row.type not in CORRECTIONS:
        after.moved_to(seq)
        if _results_unchanged(before, after):  # the hot path: a move that changed no result
            assert before.started_at is not None
            logged, standing = uow.read_models.appended(event, head, before.started_at, notice,
                                                        last=_written_last(uow, after))
            if not logged:
                raise staleness.Overtaken(seq, standing)
            after.started_at = before.started_at
            _snapshot(uow, after)
            ledger.appended(transaction, match_id, seq)
            return after
    if transaction is not None and notice is not None:  # sent once committed: within the
        notices.after_commit(transaction, notice)  # transaction it queues every commit
    if not uow.events.append(event, head):
        raise staleness.Overtaken(seq)
    if row.type in CORRECTIONS:
        after = _apply_correction(uow, after, row)
        after.moved_to(seq)
    _snapshot(uow, after)
    uow.read_models.judged(match_id, after.game, before.day, seq, after.standings,
                           after.records, (before.standings, before.records))
    match = uow.events.match(match_id)
    assert match is not None
    uow.read_models.results(match, stats.projection(seq, after.standings, after.folded))
    after.started_at = uow.read_models.started_at(match_id)
    ledger.appended(transaction, match_id, seq)  # the append's hooks, in its transaction
    return after


def _written_last(uow: UnitOfWork, state: MatchState) -> bool:
    """Whether a quiet move's statement is the unit of work's last write (no snapshot due, no
    append hook): then it may commit as it runs (``ReadModelProjector.appended``)."""
    return state.last_seq % uow.snapshot_every != 0 and not ledger.after_append


def _snapshot(uow: UnitOfWork, state: MatchState) -> None:
    """A snapshot every K events."""
    if state.last_seq % uow.snapshot_every == 0:
        uow.snapshots.save(state.match_id, state.last_seq, state.engine.state_version,
                           state.folded)


def _results_unchanged(before: MatchState, after: MatchState) -> bool:
    """Whether a move left the results read models as they were but for the event count and
    times: same standings, records and calls, the match not over, its first move known."""
    return (before.started_at is not None and not after.standings.finished
            and before.standings == after.standings and before.records == after.records
            and _calls(before) == _calls(after))


def _calls(state: MatchState) -> list[tuple[int, bool, int]]:
    """The state's Citron Coco calls, kept with it (a cached state never changes; a clone's
    memo is cleared when it moves)."""
    if "calls" not in state.memo:
        state.memo["calls"] = stats.citron_coco_calls(state.folded.state)
    calls: list[tuple[int, bool, int]] = state.memo["calls"]
    return calls


def _replace_stale_snapshots(uow: UnitOfWork, state: MatchState, state_version: int) -> None:
    """After a cold load, snapshots the code can no longer read are rebuilt from the log: the
    state just folded is stored in their place."""
    if uow.snapshots.drop_stale(state.match_id, state_version):
        uow.snapshots.drop_from(state.match_id, state.last_seq)
        uow.snapshots.save(state.match_id, state.last_seq, state_version, state.folded)


def _dry_run(uow: Source, before: MatchState, after: MatchState, row: models.Event
             ) -> Recorded:
    """What the append would answer, and for a void or a correction what it would change."""
    if row.type in CORRECTIONS:
        match = log_of(uow).match(before.match_id)
        assert match is not None
        loader = MatchRepository.log(uow, match, before)  # folded as if appended, in memory
        preview, folded = corrections.preview_changes(loader, row)
        standings = standings_of(loader.engine, folded).as_dict(before.render)
    else:
        standings = after.standings.as_dict(after.render)
        preview = {"changes": [], "totals": {
            "before": corrections.totals(before.standings.as_dict(before.render)),
            "after": corrections.totals(standings)}}
    return Recorded(row.seq, row.verdict, standings, preview=preview)


def _apply_correction(uow: Source, state: MatchState, row: models.Event) -> MatchState:
    """After a void or a correction: snapshots from the first event it changes on are stale,
    so drop them and fold again from the log (which holds it now), re-judging the events it
    changed."""
    log, snaps = adapters(uow)
    snaps.drop_from(state.match_id, corrections.first_affected(log, state.match_id, row))
    match = log.match(state.match_id)
    assert match is not None
    return build(uow, match, row.seq)


def refresh_read_models(session: Session, match: models.Match, seq: int, standings: Standings,
                        folded: Folded) -> None:
    """Rewrite the match's read models (a restore): its summary, seats and results; the time
    of this write is its last update."""
    projector = stats.projector_of(session)
    projector.project(match, stats.projection(seq, standings, folded))
    projector.touched(match, datetime.now(UTC))


def import_match(db: Database, data: dict[str, Any], night_id: int | None = None,
                 copy: bool = False, night_token: str | None = None) -> Created:
    """Create a match from an exported log, judging every event on the way in.

    All or nothing: an event the engine refuses aborts the import with its seq and reason. A
    match already here is refused (409) unless ``copy`` asks for a copy (see ``identity``).
    """
    try:
        data = ImportSchema().load(data)
    except ValidationError as err:
        raise Invalid(sentence("This is not a Referee match export."), errors=err.messages,
                      where=next(iter(err.messages), None)) from err
    try:
        with work.appending(db) as uow:
            created = _import(uow, data, night_id, copy, night_token)
    except IntegrityError:  # the same match imported at the same moment: the first one won
        with work.reading(db) as session:
            identity.refuse_duplicate(session, data, partial(readers_digests, db, session))
        raise
    ratings.changed(db, created.match.id)  # an end earlier than later matches': from there
    return created


def _import(uow: SqlUnitOfWork, data: dict[str, Any], night_id: int | None,
            copy: bool, night_token: str | None = None) -> Created:
    session = uow.session
    if not copy:
        identity.refuse_duplicate(session, data, partial(readers_digests, uow.db, session))
    options = data.get("options") or {}
    if data["version"] < EXPORT_VERSION:  # exported before a reading changed: keep the one
        options = with_earlier_readings(data["game"], options,  # it had then
                                        engine_for(data["game"]).options_schema().fields,
                                        data["version"])
    created = _create(session, data["game"], options,
                      [SeatSpec(name=s["name"]) for s in data["seats"]], night_id, None,
                      data.get("mode", MOVES), night_token)
    match = created.match
    identity.mark_imported(match, data, copy)
    state = build(uow, match, 0)
    start = (state.standings, state.records)
    schemas = move_schemas(state.engine)
    for seq, item in enumerate(data["events"], start=1):
        row, state = _import_one(uow, state, schemas, seq, item)
        if row.type in CORRECTIONS:
            state = _apply_correction(uow, state, row)
        state.moved_to(seq)
        if seq % uow.snapshot_every == 0:
            uow.snapshots.save(match.id, seq, state.engine.state_version, state.folded)
    uow.read_models.judged(match.id, match.game, state.day, len(data["events"]),
                           state.standings, state.records, None)
    uow.read_models.results(match, stats.projection(len(data["events"]), state.standings,
                                                    state.folded))
    if ledger.status_of(start[0]) != ledger.status_of(state.standings):
        uow.read_models.tally(match.game, ledger.status_of(start[0]), state.day, -1)
        uow.read_models.tally(match.game, ledger.status_of(state.standings), state.day, +1)
    session.refresh(match)
    return created


def _import_one(session: Source, state: MatchState, schemas: dict[str, type[Schema]],
                seq: int, item: dict[str, Any]) -> tuple[models.Event, MatchState]:
    where = f"events.{seq - 1}"
    if item.get("seq") != seq:
        raise Invalid(sentence("Events must be numbered 1, 2, 3…; expected seq {seq}.", seq=seq),
                      where=where)
    if item.get("type") not in schemas:
        raise Invalid(sentence("Unknown move type {move}.", move=repr(item.get("type"))),
                      where=f"{where}.type")
    if item["seat"] is not None and item["seat"] >= state.seats:
        raise Invalid(sentence("The match has seats 0 to {last}.", last=state.seats - 1),
                      where=f"{where}.seat")
    game = state.game
    version = int(item.get("schema_version", 1))
    if version > current_version(game, item["type"]):  # written by a newer Referee
        raise Invalid(sentence("Event {seq} ({move}) was written by a newer Referee "
                               "(version {version} of its move; this one reads up to version "
                               "{known}).", seq=seq, move=MoveName(item["type"]),
                               version=version, known=current_version(game, item["type"])),
                      where=f"{where}.schema_version")
    payload = load_payload(schemas[item["type"]],
                           upcast(game, item["type"], version, item.get("payload") or {}))
    actor = item.get("actor") or "host"
    row = models.Event(match_id=state.match_id, seq=seq, type=item["type"],
                       seat=item.get("seat"), payload=payload,
                       schema_version=current_version(game, item["type"]), actor=actor,
                       recorded_at=_parse_time(item.get("recorded_at")), verdict={})
    try:
        trial = judge_at(session, state, row)
    except Invalid as err:
        raise Invalid(sentence("Event {seq}: {why}", seq=seq, why=err.sentence),
                      **{**err.details, "where": where}) from err
    row.verdict = verdict_data(trial.verdict)
    log_of(session).add(row)
    return row, trial.after


def _parse_time(text: str | None) -> datetime:
    """A time from a file, in UTC as the log keeps it (SQLite would drop another offset; one
    pushed out of years 1–9999 by its offset cannot be stored): now when it cannot be read."""
    if text:
        try:
            when = datetime.fromisoformat(text)
            return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
        except (ValueError, OverflowError):
            pass
    return datetime.now(UTC)
