"""The writes of one append, each one set-based statement: the lock on the match's head, the
event row, the read models, and the hooks that run in the same transaction.

An append reads and writes only its own match's rows: the summary row it locks, its event, its
seats (and, when a match starts or finishes, one tally row).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, bindparam, case, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from referee.engines.base import Standings
from referee.engines.messages import speak
from referee.store import models

#: Called as ``hook(session, match_id, seq)`` right after an event row is inserted, inside the
#: append's transaction: what a hook writes (a NOTIFY, say) commits or rolls back with the move.
AppendHook = Callable[[Session, int, int], None]
after_append: list[AppendHook] = []


@dataclass(frozen=True)
class Head:
    """A match's head read under its row lock, and who holds the bearer token."""

    last_seq: int
    game: str
    mode: str  # "moves" or "rounds": which engine judges the match
    identity: str  # the host token's hash
    host: bool
    seat: int | None  # the seat whose token it is, if any


_summaries = models.MatchSummary.__table__
_seats = models.Seat.__table__

#: Built once, as plain SQL: the statements of every append are executed on the session's
#: connection with nothing to build, compile or look up per move.
_SEAT_OF = "(SELECT seat FROM seats WHERE match_id = :match_id AND token_hash = :digest)"
_LOCK_HEAD = {
    dialect: text(
        f"SELECT s.last_seq, m.game, m.mode, m.host_token_hash, {_SEAT_OF} "
        "FROM match_summaries AS s JOIN matches AS m ON m.id = s.match_id "
        f"WHERE s.match_id = :match_id{lock}")
    for dialect, lock in (("postgresql", " FOR UPDATE OF s"), ("sqlite", ""))
}
_INSERT_EVENT = text(
    "INSERT INTO events (match_id, seq, type, seat, payload, schema_version, actor, "
    "idempotency_key, key_token_hash, key_request_hash, recorded_at, verdict) VALUES "
    "(:match_id, :seq, :type, :seat, :payload, :schema_version, :actor, :idempotency_key, "
    ":key_token_hash, :key_request_hash, :recorded_at, :verdict)"
).bindparams(bindparam("payload", type_=JSON), bindparam("verdict", type_=JSON),
             bindparam("recorded_at", type_=DateTime(timezone=True)))
_UPDATE_HEAD = text(
    "UPDATE match_summaries SET last_seq = :last_seq, updated_at = :updated_at "
    "WHERE match_id = :the_match").bindparams(
    bindparam("updated_at", type_=DateTime(timezone=True)))
_UPDATE_SUMMARY = update(_summaries).where(
    _summaries.c.match_id == bindparam("the_match")).values(
    last_seq=bindparam("last_seq"), updated_at=bindparam("updated_at"),
    status=bindparam("status"), totals=bindparam("totals", type_=JSON),
    winners=bindparam("winners", type_=JSON), outcome=bindparam("outcome"))


def lock_head(session: Session, match_id: int, digest: str | None) -> Head | None:
    """Lock the match's summary row (appends to one match queue up on it; SQLite's BEGIN
    IMMEDIATE already serialises writers) and read its last seq and the token's holder, in one
    statement. None when there is no such match."""
    connection = session.connection()
    statement = _LOCK_HEAD.get(connection.dialect.name, _LOCK_HEAD["postgresql"])
    row = connection.execute(statement, {"match_id": match_id, "digest": digest or ""}).first()
    if row is None:
        return None
    last_seq, game, mode, host_hash, seat = row
    return Head(last_seq, game, mode or "moves", host_hash,
                digest is not None and digest == host_hash, seat)


def insert_event(session: Session, **values: Any) -> None:
    session.connection().execute(_INSERT_EVENT, values)


def appended(session: Session, match_id: int, seq: int) -> None:
    """Run the append hooks: the one place where an append announces itself."""
    for hook in after_append:
        hook(session, match_id, seq)


def status_of(standings: Standings) -> str:
    return "finished" if standings.finished else "in progress"


SeatRecord = tuple[int, bool, int]  # total, won, missplays


def seat_records(standings: Standings, missplays: dict[int, int], seats: int
                 ) -> tuple[SeatRecord, ...]:
    totals = {s: line.total for line in standings.lines for s in line.seats}
    return tuple((totals.get(s, 0), standings.finished and s in standings.winners,
                  missplays.get(s, 0)) for s in range(seats))


def write_read_models(session: Session, match_id: int, game: str, day: date, seq: int,
                      standings: Standings, records: tuple[SeatRecord, ...],
                      before: tuple[Standings, tuple[SeatRecord, ...]] | None) -> None:
    """The summary in one UPDATE (its seq and time alone when the standings did not change);
    the seats in one more when their records changed; the tallies when the match started or
    finished."""
    connection = session.connection()
    now = datetime.now(UTC)
    if before is not None and before[0] == standings:
        connection.execute(_UPDATE_HEAD, {"the_match": match_id, "last_seq": seq,
                                          "updated_at": now})
    else:
        connection.execute(_UPDATE_SUMMARY, {
            "the_match": match_id, "last_seq": seq, "updated_at": now,
            "status": status_of(standings), "totals": standings.as_dict(),
            "winners": list(standings.winners), "outcome": speak(standings.outcome)})
    if before is None or before[1] != records:
        connection.execute(update(_seats).where(_seats.c.match_id == match_id).values(
            total=case({s: r[0] for s, r in enumerate(records)}, value=_seats.c.seat,
                       else_=0),
            won=case({s: r[1] for s, r in enumerate(records)}, value=_seats.c.seat,
                     else_=False),
            missplays=case({s: r[2] for s, r in enumerate(records)}, value=_seats.c.seat,
                           else_=0)))
    if before is not None and status_of(before[0]) != status_of(standings):
        tally(session, game, status_of(before[0]), day, -1)
        tally(session, game, status_of(standings), day, +1)


def tally(session: Session, game: str, status: str, day: date, delta: int) -> None:
    """Count a match created on ``day`` in (or out of) its game's tally for ``status``."""
    dialect = session.get_bind().dialect.name
    make = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = make(models.MatchTally).values(game=game, status=status, day=day, count=delta)
    session.execute(statement.on_conflict_do_update(
        index_elements=["game", "status", "day"],
        set_={"count": models.MatchTally.count + delta}))
