"""A backup of everything, and its restore: players, nights, matches with their whole logs.

The file keeps ids and the tokens' hashes (never a token: only hashes are stored), so that a
restore into an empty instance keeps every match at its id and every join link working, and
every night's host in control of it. On the way in every match is replayed and judged again,
as an import is; a log the engines refuse aborts the restore with the match and the event.
Restoring onto an instance that already holds matches skips the matches already there — known
by their uuid when matches carry one, otherwise by their host token's hash, which is unique to
a match — and gives the others fresh ids.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from marshmallow import INCLUDE, Schema, ValidationError, fields, validate
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from referee.engines import REGISTRY
from referee.engines.base import EngineError
from referee.service import ledger, night_tables, ratings, stats, work
from referee.service.cache import build
from referee.service.errors import Invalid
from referee.service.imported import ImportEventSchema
from referee.service.matches import _import_one, _parse_time, move_schemas, refresh_read_models
from referee.service.modes import MODES
from referee.service.players import PlayerName, name_key, player_named
from referee.service.replay import CORRECTIONS, Loader, fresh
from referee.service.sentences import EngineSaid, GameTitle, sentence
from referee.store import models
from referee.store.bounds import (
    HASH_LENGTH,
    IDEMPOTENCY_KEY_LENGTH,
    INT32_MAX,
    NIGHT_NAME_LENGTH,
    UUID_LENGTH,
)
from referee.store.db import Database

FORMAT = "referee-backup"
VERSION = 1


def _match_key(match: models.Match | dict[str, Any]) -> str:
    """What identifies a match across instances: its uuid if it has one, else its host hash."""
    if isinstance(match, dict):
        return str(match.get("uuid") or match["host_token_hash"])
    return str(getattr(match, "uuid", None) or match.host_token_hash)


def dump(db: Database) -> dict[str, Any]:
    """Everything, as one JSON-ready document, read from one snapshot of the database: a match
    created while the backup runs is in it with its players and its night, or not at all, and
    each match's log is as it stood at that one moment."""
    with _snapshot(db) as session:
        return _document(session)


@contextmanager
def _snapshot(db: Database) -> Iterator[Session]:
    """A session on one consistent snapshot of the whole database, however long it is read.

    PostgreSQL: a REPEATABLE READ, READ ONLY transaction (as pg_dump takes): every statement
    sees the database as the first one did; writers go on beside it.

    SQLite: the file is first copied into memory by SQLite's online backup, in one step, which
    reads it from one snapshot; the document is then read from the copy. The live file is held
    by a reader only while its pages are copied, not while the document is built: a reader
    holding its snapshot keeps the WAL from being checkpointed, and it grows with every write.
    """
    if not db.is_sqlite:
        with db.engine.connect() as connection:
            connection.execution_options(isolation_level="REPEATABLE READ",
                                         postgresql_readonly=True)
            with db.sessions(bind=connection) as session, session.begin():
                yield session
        return
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    try:
        source = db.engine.raw_connection()
        try:
            source.driver_connection.backup(copy)  # type: ignore[union-attr]
        finally:
            source.close()
        engine = create_engine("sqlite://", creator=lambda: copy, poolclass=StaticPool)
        try:
            with Session(engine) as session, session.begin():
                yield session
        finally:
            engine.dispose()
    finally:
        copy.close()


def _document(session: Session) -> dict[str, Any]:
    """The backup's document, read within ``session``'s transaction."""
    players = session.scalars(select(models.Player).order_by(models.Player.id)).all()
    nights = session.scalars(select(models.Night).order_by(models.Night.id)).all()
    matches = session.scalars(select(models.Match).order_by(models.Match.id)).all()
    out_matches = []
    for match in matches:
        events = session.scalars(select(models.Event).where(
            models.Event.match_id == match.id).order_by(models.Event.seq)).all()
        item: dict[str, Any] = {
            "id": match.id, "game": match.game, "options": match.options,
            "host_token_hash": match.host_token_hash, "night_id": match.night_id,
            "follows_id": match.follows_id, "created_at": models.iso(match.created_at),
            "mode": match.mode,
            "seats": [{"seat": s.seat, "player_id": s.player_id,
                       "token_hash": s.token_hash} for s in match.seats],
            "events": [{"seq": e.seq, "type": e.type, "seat": e.seat, "payload": e.payload,
                        "schema_version": e.schema_version, "actor": e.actor,
                        "idempotency_key": e.idempotency_key,
                        "recorded_at": models.iso(e.recorded_at)} for e in events],
        }
        if getattr(match, "uuid", None):
            item["uuid"] = str(match.uuid)
        if getattr(match, "is_copy", False):
            item["is_copy"], item["copy_of"] = True, match.copy_of
        out_matches.append(item)
    return {
        "format": FORMAT, "version": VERSION,
        "created_at": datetime.now(UTC).isoformat(),
        "players": [{"id": p.id, "name": p.name, "created_at": models.iso(p.created_at)}
                    for p in players],
        "nights": [{"id": n.id, "name": n.name, "created_at": models.iso(n.created_at),
                    "placement_points": n.placement_points,
                    "host_token_hash": n.host_token_hash} for n in nights],
        "matches": out_matches,
        "night_tables": night_tables.backed_up(session),  # the nights' rosters and rounds
    }


ID = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=INT32_MAX))
HASH = fields.String(required=True, validate=validate.Length(min=1, max=HASH_LENGTH))


class _PlayerItem(Schema):
    id = ID
    name = PlayerName(required=True)


class _NightItem(Schema):
    id = ID
    name = fields.String(required=True, validate=validate.Length(min=1, max=NIGHT_NAME_LENGTH))
    placement_points = fields.List(fields.Integer(strict=True), allow_none=True)
    host_token_hash = fields.String(allow_none=True, validate=validate.Length(equal=HASH_LENGTH))


class _SeatItem(Schema):
    seat = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=100))
    player_id = ID
    token_hash = HASH


class _EventItem(ImportEventSchema):
    idempotency_key = fields.String(allow_none=True, validate=validate.Length(
        min=1, max=IDEMPOTENCY_KEY_LENGTH))


class _MatchItem(Schema):
    """A match as the restore reads it: every value that reaches a column within its bounds."""

    id = ID
    game = fields.String(required=True, validate=validate.OneOf(sorted(REGISTRY)))
    options = fields.Dict(required=True)
    host_token_hash = HASH
    night_id = fields.Integer(strict=True, allow_none=True)
    follows_id = fields.Integer(strict=True, allow_none=True)
    mode = fields.String(allow_none=True, validate=validate.OneOf(MODES))
    uuid = fields.String(allow_none=True, validate=validate.Length(max=UUID_LENGTH))
    copy_of = fields.String(allow_none=True, validate=validate.Length(max=UUID_LENGTH))
    seats = fields.List(fields.Nested(_SeatItem, unknown=INCLUDE), required=True)
    events = fields.List(fields.Nested(_EventItem), required=True)


def _shape(data: dict[str, Any]) -> None:
    """Every item has the fields a restore reads, of the right kind, and every seat's player is
    in the backup: a file that is not a backup is refused in words, never half read."""
    for key, schema in (("players", _PlayerItem), ("nights", _NightItem),
                        ("matches", _MatchItem)):
        for index, item in enumerate(data[key]):
            try:
                schema(unknown=INCLUDE).load(item if isinstance(item, dict) else {"": item})
            except ValidationError as err:
                field, problems = next(iter(err.normalized_messages().items()))
                raise Invalid(sentence("Item {index} of the backup's list “{key}” lacks "
                                       "what a restore reads: {field}: {problems}",
                                       index=index, key=key, field=field, problems=problems),
                              where=f"{key}.{index}.{field}") from None
    players = {p["id"] for p in data["players"]}
    for index, match in enumerate(data["matches"]):
        for seat in match["seats"]:
            if seat["player_id"] not in players:
                raise Invalid(sentence("The backup's match {match} seats player {player}, "
                                       "who is not in the backup.", match=match["id"],
                                       player=seat["player_id"]), where=f"matches.{index}.seats")


def _check(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Invalid(sentence("This is not a Referee backup (format 'referee-backup')."),
                      where="format")
    if data.get("version") != VERSION:
        raise Invalid(sentence("This backup is version {version}; this Referee reads version "
                               "{readable}.", version=repr(data.get("version")),
                               readable=VERSION), where="version")
    for key in ("players", "nights", "matches"):
        if not isinstance(data.get(key), list):
            raise Invalid(sentence("The backup has no list of {key}.", key=key), where=key)
    _shape(data)


def restore(db: Database, data: Any) -> dict[str, int]:
    """Restore a backup; returns how many players, nights and matches were added or skipped.

    All or nothing: one transaction.
    """
    _check(data)
    with work.writing(db) as session:
        empty = not session.scalar(select(func.count(models.Match.id))) and not session.scalar(
            select(func.count(models.Player.id))) and not session.scalar(
            select(func.count(models.Night.id)))
        players = _players(session, data["players"], empty)
        nights = _nights(session, data["nights"], empty)
        known = {_match_key(m) for m in session.scalars(select(models.Match))}
        matches: dict[int, int] = {}
        added = skipped = 0
        for index, item in enumerate(sorted(data["matches"], key=lambda m: m["id"])):
            if _match_key(item) in known:
                skipped += 1
                continue
            try:
                matches[item["id"]] = _match(session, item, players, nights, matches, empty)
            except Invalid as err:
                raise Invalid(sentence("Match {match}: {why}", match=item.get("id"),
                                       why=err.sentence),
                              **{**err.details, "where": f"matches.{index}"}) from err
            added += 1
        night_tables.restore_backed_up(session, data.get("night_tables") or {}, players,
                                       nights, matches)
        if empty and session.get_bind().dialect.name == "postgresql":
            for table in ("players", "nights", "matches"):
                session.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"))
    if added:
        ratings.all_changed(db)  # after the commit: every rating again, from the first match
    return {"players": len(players), "nights": len(nights), "matches": added,
            "skipped": skipped}


def _players(session: Session, items: list[dict[str, Any]], keep_ids: bool) -> dict[int, int]:
    """Each backed-up player's id here: the player of that name (``player_named``), made with
    the backup's id when the instance was empty; in the order of their keys, as a match's
    creation makes its new players, so that the two never wait for each other in a circle."""
    out = {}
    for index, item in sorted(enumerate(items), key=lambda pair: name_key(pair[1]["name"])):
        found = player_named(session, item["name"], where=f"players.{index}.name",
                             created_at=_parse_time(item.get("created_at")),
                             player_id=item["id"] if keep_ids else None)
        out[item["id"]] = found.id
    return out


def _nights(session: Session, items: list[dict[str, Any]], keep_ids: bool) -> dict[int, int]:
    """The backup's nights, each with its host token's hash (its host keeps control); a night
    already here (the same host token, or the same name and time) is not added again."""
    out = {}
    for item in items:
        created = _parse_time(item.get("created_at"))
        host = item.get("host_token_hash")
        found = None
        if not keep_ids:
            found = session.scalars(select(models.Night).where(
                models.Night.host_token_hash == host)).first() if host else None
            found = found or next((n for n in session.scalars(select(models.Night).where(
                models.Night.name == item["name"])) if models.iso(n.created_at)
                == models.iso(created)), None)
        if found is None:
            found = models.Night(name=item["name"], created_at=created,
                                 placement_points=item.get("placement_points"),
                                 host_token_hash=host)
            if keep_ids:
                found.id = item["id"]
            session.add(found)
            session.flush()
        out[item["id"]] = found.id
    return out


def _match(session: Session, item: dict[str, Any], players: dict[int, int],
           nights: dict[int, int], matches: dict[int, int], keep_ids: bool) -> int:
    """One match: its rows, then every event judged again on the way in."""
    night_id = nights.get(item["night_id"]) if item.get("night_id") else None
    match = models.Match(game=item["game"], options=item["options"],
                         host_token_hash=item["host_token_hash"], night_id=night_id,
                         follows_id=matches.get(item.get("follows_id") or 0),
                         mode=item.get("mode") or "moves",
                         created_at=_parse_time(item.get("created_at")))
    if keep_ids:
        match.id = item["id"]
    if item.get("uuid") and hasattr(models.Match, "uuid"):
        match.uuid = item["uuid"]
    if item.get("is_copy") and hasattr(models.Match, "is_copy"):
        match.is_copy, match.copy_of = True, item.get("copy_of")
    session.add(match)
    session.flush()
    for seat in item["seats"]:
        session.add(models.Seat(match_id=match.id, seat=seat["seat"],
                                player_id=players[seat["player_id"]],
                                token_hash=seat["token_hash"]))
    session.flush()
    session.refresh(match)
    loader = Loader(session, match)
    try:
        folded = fresh(loader.engine, match)
    except Exception as err:  # options the engine refuses
        why = EngineSaid(err.said) if isinstance(err, EngineError) else str(err)
        raise Invalid(sentence("its options do not make a {game} match: {why}",
                               game=GameTitle(item["game"], item["game"]), why=why),
                      where="options") from err
    standings = loader.engine.standings(folded.state)
    stats.projector_of(session).opened(match, [s.player.name for s in match.seats], standings,
                                       status="in progress", winners=[])
    session.flush()
    session.refresh(match)
    schemas = move_schemas(loader.engine)
    state = build(session, match, 0)
    for seq, event in enumerate(item["events"], start=1):
        row, state = _import_one(session, state, schemas, seq, event)
        row.idempotency_key = event.get("idempotency_key")
        if row.type in CORRECTIONS:  # a void or a correction: fold again from the log
            session.flush()
            state = build(session, match, row.seq)
        state.moved_to(seq)
    refresh_read_models(session, match, len(item["events"]), state.standings, state.folded)
    ledger.tally(session, match.game, ledger.status_of(state.standings),
                 models.utc_day(match.created_at), +1)
    stats.projector_of(session).touched(match, max([_parse_time(item.get("created_at"))] + [
        _parse_time(e.get("recorded_at")) for e in item["events"]]))
    return match.id
