"""The event recorder: the one adapter that reads and appends a match's log.

The service never writes SQL for the log: it asks the recorder for a match's head under its
lock, appends an event, reads a range of events, and the records about the log (its voids,
corrections, challenges and rulings). A fake with the same methods (tests/service/fakes.py)
runs the same service code without a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, bindparam, func, select, text
from sqlalchemy.orm import joinedload
from sqlalchemy.sql.elements import BindParameter

from referee.store import models
from referee.store.prepared import Prepared, Transactional

VOID, CHALLENGE, RULING, CORRECT = "void", "challenge", "ruling", "correct"


@dataclass(frozen=True)
class Head:
    """A match's head read under its row lock (unless ``locked`` says otherwise), and who
    holds the bearer token."""

    last_seq: int
    game: str
    mode: str  # "moves" or "rounds": which engine judges the match
    identity: str  # the host token's hash
    host: bool
    seat: int | None  # the seat whose token it is, if any
    locked: bool = True  # False: read as last committed, the log already past If-Match's seq


#: Built once, as plain SQL: the statements of every append are run on the driver's cursor of
#: the session's connection (``Prepared``), with nothing to build, compile or look up per move.
_SEAT_OF = "(SELECT seat FROM seats WHERE match_id = :match_id AND token_hash = :digest)"
_HEAD_SQL = (f"SELECT s.last_seq, m.game, m.mode, m.host_token_hash, {_SEAT_OF} "
             "FROM match_summaries AS s JOIN matches AS m ON m.id = s.match_id "
             "WHERE s.match_id = :match_id")
_LOCK_HEAD = {dialect: Prepared(text(_HEAD_SQL + lock))
              for dialect, lock in (("postgresql", " FOR UPDATE OF s"), ("sqlite", ""))}
#: PostgreSQL: the head locked only while the log is at the seq expected, else no row. A
#: writer waiting for the lock sees the row again once its holder commits (READ COMMITTED):
#: if the seq has moved, it gets no row and no lock.
_LOCK_HEAD_AT = Prepared(text(_HEAD_SQL + " AND s.last_seq = :expected FOR UPDATE OF s"))
#: The head as last committed, without its lock.
_READ_HEAD = Prepared(text(_HEAD_SQL))
#: The event row's columns and their parameters, for ``_INSERT_EVENT`` and the statement that
#: inserts it with more (``ReadModelProjector.appended``).
INSERT_EVENT_SQL = (
    "INSERT INTO events (match_id, seq, type, seat, payload, schema_version, actor, "
    "idempotency_key, key_token_hash, key_request_hash, recorded_at, verdict) VALUES "
    "(:match_id, :seq, :type, :seat, :payload, :schema_version, :actor, :idempotency_key, "
    ":key_token_hash, :key_request_hash, :recorded_at, :verdict)")


def event_types() -> tuple[BindParameter[Any], ...]:
    """The types of the event row's parameters that need converting (JSON, time)."""
    return (bindparam("payload", type_=JSON), bindparam("verdict", type_=JSON),
            bindparam("recorded_at", type_=DateTime(timezone=True)))


_INSERT_EVENT = Prepared(text(INSERT_EVENT_SQL).bindparams(*event_types()))

Event = models.Event


#: Every column of the log, read as plain values (``EventRecorder.events``).
_EVENT_COLUMNS = tuple(models.Event.__table__.columns)
_EVENT_NAMES = tuple(column.key for column in _EVENT_COLUMNS)

#: A match is read with its seats and their players in one statement (pages read one match
#: at a time; the relationship's own select-in load would be a second round trip).
_WITH_SEATS = (joinedload(models.Match.seats),)


def _head(row: Any, digest: str | None, *, locked: bool = True) -> Head:
    last_seq, game, mode, host_hash, seat = row
    return Head(last_seq, game, mode or "moves", host_hash,
                digest is not None and digest == host_hash, seat, locked)


class EventRecorder(Transactional):
    """A match log in the database, read and appended within one unit of work."""

    # --- the match and its head -------------------------------------------------------------

    def match(self, match_id: int, *, lock: bool = False) -> models.Match | None:
        """The match; ``lock``: with its summary row locked for the rest of the transaction
        (writers to one match queue up on it; SQLite's BEGIN IMMEDIATE already does)."""
        match = self.session.get(models.Match, match_id, options=_WITH_SEATS)
        if match is not None and lock:
            self.session.execute(select(models.MatchSummary.last_seq)
                                 .where(models.MatchSummary.match_id == match_id)
                                 .with_for_update())
            self.session.refresh(match.summary)
        return match

    def head_seq(self, match_id: int) -> int | None:
        """The last seq as the match's summary holds it (one indexed row); None: no match."""
        return self.session.scalar(select(models.MatchSummary.last_seq)
                                   .where(models.MatchSummary.match_id == match_id))

    def match_ids(self) -> list[int]:
        return list(self.session.scalars(select(models.Match.id).order_by(models.Match.id)))

    def lock_head(self, match_id: int, digest: str | None, expected: int | None = None
                  ) -> Head | None:
        """Lock the match's summary row (appends to one match queue up on it; SQLite's BEGIN
        IMMEDIATE already serialises writers) and read its last seq and the token's holder, in
        one statement. None when there is no such match.

        ``expected``: the seq the writer says the log is at (If-Match). On PostgreSQL, once the
        log is past that seq, the move is stale whatever happens next: the head is read as
        last committed and left unlocked (``locked`` False), and a writer that was waiting for
        the lock stops waiting when the seq moves. Racing writers, all but one of which are
        turned away each time, would otherwise each hold the lock in turn, for a round trip,
        ahead of the next one that can append."""
        name = self.transaction.dialect.name
        values = {"match_id": match_id, "digest": digest or ""}
        if expected is not None and name == "postgresql":
            rows = _LOCK_HEAD_AT.run(self.transaction, {**values, "expected": expected}
                                     ).fetchall()
            if rows:
                return _head(rows[0], digest)
            rows = _READ_HEAD.run(self.transaction, values).fetchall()
            if not rows:
                return None
            if rows[0][0] > expected:  # seqs only grow: stale now, stale under the lock
                return _head(rows[0], digest, locked=False)
        rows = _LOCK_HEAD.get(name, _LOCK_HEAD["postgresql"]).run(self.transaction,
                                                                   values).fetchall()
        return _head(rows[0], digest) if rows else None

    def last_seq(self, match_id: int) -> int:
        """The last seq logged (0: none), from the log itself."""
        return self.session.scalar(select(func.max(models.Event.seq))
                                   .where(models.Event.match_id == match_id)) or 0

    # --- appending --------------------------------------------------------------------------

    def append(self, **values: Any) -> None:
        """Insert one event row (the hot path: one prepared statement, no ORM object)."""
        _INSERT_EVENT.run(self.transaction, values)

    def add(self, row: models.Event) -> None:
        """Insert one event given as a row (imports and restores)."""
        self.session.add(row)
        self.session.flush()

    # --- reading ----------------------------------------------------------------------------

    def events(self, match_id: int, after: int = 0, upto: int | None = None
               ) -> Sequence[models.Event]:
        """The events after seq ``after`` up to ``upto`` (all when None), in seq order.

        Held in memory, not tracked by the session: an event is never changed once logged,
        and rows made without the ORM's bookkeeping cost a third of what loaded ones do."""
        query = select(*_EVENT_COLUMNS).where(models.Event.match_id == match_id,
                                              models.Event.seq > after)
        if upto is not None:
            query = query.where(models.Event.seq <= upto)
        return models.Event.held_all(_EVENT_NAMES,
                                     self.session.execute(query.order_by(models.Event.seq)))

    def event_at(self, match_id: int, seq: int) -> models.Event | None:
        return self.session.scalars(select(models.Event).where(
            models.Event.match_id == match_id, models.Event.seq == seq)).first()

    def by_key(self, match_id: int, key: str) -> models.Event | None:
        """The event appended with this idempotency key, if any."""
        return self.session.scalars(select(models.Event).where(
            models.Event.match_id == match_id, models.Event.idempotency_key == key)).first()

    def _of_type(self, match_id: int, kind: str, upto: int | None
                 ) -> list[tuple[int, dict[str, Any]]]:
        query = select(models.Event.seq, models.Event.payload).where(
            models.Event.match_id == match_id, models.Event.type == kind)
        if upto is not None:
            query = query.where(models.Event.seq <= upto)
        return [(seq, payload) for seq, payload in
                self.session.execute(query.order_by(models.Event.seq))]

    def voids(self, match_id: int, upto: int | None = None
              ) -> dict[int, tuple[int, str]]:
        """seq of each voided event -> (seq of the void, its reason); only the voids logged up
        to ``upto`` when given (the log as it stood then)."""
        return {payload["seq"]: (seq, payload.get("reason", ""))
                for seq, payload in self._of_type(match_id, VOID, upto)}

    def corrections(self, match_id: int, upto: int | None = None
                    ) -> list[tuple[int, dict[str, Any]]]:
        """(seq, payload) of each correct event, in seq order."""
        return self._of_type(match_id, CORRECT, upto)

    def challenges(self, match_id: int) -> list[tuple[int, dict[str, Any], int | None]]:
        """(seq, payload, seat of the challenged event) of each challenge."""
        rows = self._of_type(match_id, CHALLENGE, None)
        if not rows:
            return []
        seats = dict(self.session.execute(
            select(models.Event.seq, models.Event.seat).where(
                models.Event.match_id == match_id,
                models.Event.seq.in_([p["seq"] for _, p in rows]))).all())
        return [(seq, payload, seats.get(payload["seq"])) for seq, payload in rows]

    def rulings(self, match_id: int, upto: int) -> list[dict[str, Any]]:
        """The payloads of the rulings logged up to ``upto``."""
        return [payload for _, payload in self._of_type(match_id, RULING, upto)]

    def times(self, match_id: int) -> tuple[datetime | None, datetime | None, int]:
        """When the first and the last event were logged, and how many there are."""
        first, last, count = self.session.execute(
            select(func.min(models.Event.recorded_at), func.max(models.Event.recorded_at),
                   func.count(models.Event.seq)).where(models.Event.match_id == match_id)
        ).one()
        return first, last, int(count or 0)
