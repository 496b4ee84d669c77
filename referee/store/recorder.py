"""The event recorder: the one adapter that reads and appends a match's log.

The service never writes SQL for the log: it asks the recorder for a match's head under its
lock, appends an event, reads a range of events, and the records about the log (its voids,
corrections, challenges and rulings). A fake with the same methods (tests/service/fakes.py)
runs the same service code without a database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, String, bindparam, func, select, text
from sqlalchemy.dialects import postgresql
from sqlalchemy.orm import joinedload
from sqlalchemy.sql.elements import BindParameter

from referee.store import models
from referee.store.prepared import Prepared, Transactional

VOID, CHALLENGE, RULING, CORRECT = "void", "challenge", "ruling", "correct"


@dataclass(frozen=True)
class Head:
    """A match's head, and who holds the bearer token."""

    last_seq: int
    game: str
    mode: str  # "moves" or "rounds": which engine judges the match
    identity: str  # the host token's hash
    host: bool
    seat: int | None  # the seat whose token it is, if any
    #: True: the transaction holds the lock every writer to the match takes (SQLite's write
    #: lock), the head cannot move before it ends. False (PostgreSQL): read as last
    #: committed, nothing locked; of racing appends, the unique (match_id, seq) keeps one.
    locked: bool = True
    after: int | None = None  # the events after this seq were read with the head...
    events: tuple[models.Event, ...] = ()  # ... these, in seq order (at most HEAD_EVENTS)
    digest: str = ""  # the bearer token's hash, as the head was read for it

    @property
    def guard(self) -> dict[str, Any]:
        """What an append on PostgreSQL checks again as it inserts the event row (``_GUARD``):
        the head it was judged at, and whom the token belongs to."""
        return {"digest": self.digest, "host": self.host, "holder": self.seat}

    def events_between(self, after: int, upto: int) -> list[models.Event] | None:
        """The events after seq ``after`` up to ``upto`` when they were read with the head;
        None when they were not (all of them)."""
        if self.after is None or not self.after <= after <= upto:
            return None
        found = list(self.events[after - self.after:upto - self.after])
        if len(found) != upto - after or (found and found[-1].seq != upto):
            return None
        return found


#: Every column of the log, read as plain values (``EventRecorder.events``).
_EVENT_COLUMNS = tuple(models.Event.__table__.columns)
_EVENT_NAMES = tuple(column.key for column in _EVENT_COLUMNS)

#: Built once, as plain SQL: the statements of every append are run on the driver's cursor of
#: the session's connection (``Prepared``), with nothing to build, compile or look up per move.
_SEAT_OF = "(SELECT seat FROM seats WHERE match_id = :match_id AND token_hash = :digest)"
_HEAD_SQL = (f"SELECT s.last_seq, m.game, m.mode, m.host_token_hash, {_SEAT_OF} "
             "FROM match_summaries AS s JOIN matches AS m ON m.id = s.match_id "
             "WHERE s.match_id = :match_id")
#: The head as last committed (on SQLite, under the write lock the transaction began with).
_READ_HEAD = Prepared(text(_HEAD_SQL))
#: PostgreSQL: the head and, in the same statement, the events after ``after`` up to it (at
#: most up to ``upto``): what a cached state lacks, or a stale move's events since. The
#: statement that writes a quiet move ends with the same read (``ReadModelProjector
#: .appended``): ``{first}`` is its column before the head's, ``{join}`` joins what it sends
#: with it, ``{events}`` says when the events are read.
HEAD_AND_EVENTS_SQL = (
    f"SELECT {{first}}s.last_seq, m.game, m.mode, m.host_token_hash, {_SEAT_OF}, "
    + ", ".join(f"e.{column.name}" for column in _EVENT_COLUMNS)
    + " FROM match_summaries AS s JOIN matches AS m ON m.id = s.match_id{join} "
    "LEFT JOIN events AS e ON e.match_id = s.match_id AND e.seq > :after "
    "AND e.seq <= s.last_seq AND e.seq <= :upto{events} "
    "WHERE s.match_id = :match_id ORDER BY e.seq")
_HEAD_AND_EVENTS = Prepared(text(HEAD_AND_EVENTS_SQL.format(first="", join="", events="")))
#: How many events at most are read with the head.
HEAD_EVENTS = 32
#: The event row's columns an append writes (all but its id), for the statements that
#: insert it, each from the parameter of its name.
_EVENT_INSERTED = tuple(column for column in _EVENT_COLUMNS if not column.primary_key)
_INSERT_INTO = f"INSERT INTO events ({', '.join(c.name for c in _EVENT_INSERTED)}) "
INSERT_EVENT_SQL = _INSERT_INTO + f"VALUES ({', '.join(f':{c.name}' for c in _EVENT_INSERTED)})"


def _typed(column: Any) -> str:
    """``column``'s parameter cast to the column's type (PostgreSQL types a SELECT's
    parameters by nothing else); a text's length is left to the column, so an over-long value
    is refused by the insert, as by VALUES, never cut by the cast."""
    kind = column.type
    name = "varchar" if isinstance(kind, String) else kind.compile(dialect=postgresql.dialect())
    return f"CAST(:{column.name} AS {name})"


def event_types() -> tuple[BindParameter[Any], ...]:
    """The types of the event row's parameters that need converting (JSON, time)."""
    return (bindparam("payload", type_=JSON), bindparam("verdict", type_=JSON),
            bindparam("recorded_at", type_=DateTime(timezone=True)))


#: The event row, or no row when another append took its seq (or its idempotency key) first:
#: the unique ``(match_id, seq)`` decides which of racing appends is logged. A writer whose
#: row is in the way, not yet committed, is waited for; nothing is locked meanwhile.
APPEND_EVENT_SQL = INSERT_EVENT_SQL + " ON CONFLICT DO NOTHING RETURNING seq"
#: PostgreSQL: the same, inserted only if the match's head is still the seq before it and the
#: token still belongs to whom it did when the move was judged (``Head.guard``): a move judged
#: on the process's cached state, its head not read first (the service's ``append``), is
#: logged only if that state was the match's; else nothing is written (and the move is judged
#: again the ordinary way). Every append checks it: the head it read may have moved, or the
#: token have been reissued, while its move was being judged.
_GUARD = ("SELECT 1 FROM match_summaries AS s JOIN matches AS m ON m.id = s.match_id "
          "WHERE s.match_id = :match_id AND s.last_seq = :seq - 1 "
          "AND (m.host_token_hash = :digest) = :host "
          f"AND {_SEAT_OF} IS NOT DISTINCT FROM CAST(:holder AS integer)")
GUARDED_APPEND_SQL = (_INSERT_INTO + f"SELECT {', '.join(map(_typed, _EVENT_INSERTED))} "
                      f"WHERE EXISTS ({_GUARD}) ON CONFLICT DO NOTHING RETURNING seq")
_APPEND_EVENT = Prepared(text(APPEND_EVENT_SQL).bindparams(*event_types()))
_GUARDED_APPEND = Prepared(text(GUARDED_APPEND_SQL).bindparams(*event_types()))

Event = models.Event

#: A match is read with its seats and their players in one statement (pages read one match
#: at a time; the relationship's own select-in load would be a second round trip).
_WITH_SEATS = (joinedload(models.Match.seats),)


def _head(row: Any, digest: str | None, *, locked: bool = True) -> Head:
    last_seq, game, mode, host_hash, seat = row
    return Head(last_seq, game, mode or "moves", host_hash,
                digest is not None and digest == host_hash, seat, locked, digest=digest or "")


def head_read(rows: Sequence[Sequence[Any]], digest: str | None, after: int) -> Head | None:
    """The head and the events after ``after`` from the rows of ``HEAD_AND_EVENTS_SQL``
    (PostgreSQL); None when there are none (no such match)."""
    if not rows:
        return None
    events = models.Event.held_all(_EVENT_NAMES, (row[5:] for row in rows
                                                  if row[5] is not None))
    return replace(_head(rows[0][:5], digest, locked=False), after=after,
                   events=tuple(events))


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

    def head(self, match_id: int, digest: str | None, after: int | None = None
             ) -> Head | None:
        """The match's last seq and the token's holder, in one statement; None when there is
        no such match. ``after``: on PostgreSQL, the events after that seq (up to
        ``HEAD_EVENTS`` of them) come with the head, in the same statement.

        On SQLite the transaction began with the write lock (BEGIN IMMEDIATE): writers queue
        up for it and the head is theirs until they commit. On PostgreSQL nothing is locked:
        the head is read as last committed (as a statement of its own, when it is the first:
        ``Prepared.alone``), the move is judged against it, and its event row is inserted at
        the seq after it only if no other append took that seq meanwhile (``append``). A
        writer never waits for another to decide it is stale, and never holds a lock the next
        one waits for: a row lock that several writers wait for is handed from each to the
        next, a round trip at a time, whether or not they can append."""
        values = {"match_id": match_id, "digest": digest or ""}
        if self.transaction.dialect.name != "postgresql":
            rows = _READ_HEAD.run(self.transaction, values).fetchall()
            return _head(rows[0], digest) if rows else None
        if after is None:
            rows = _READ_HEAD.alone(self.transaction, values)
            return _head(rows[0], digest, locked=False) if rows else None
        rows = _HEAD_AND_EVENTS.alone(self.transaction, {
            **values, "after": after, "upto": after + HEAD_EVENTS})
        return head_read(rows, digest, after)

    def last_seq(self, match_id: int) -> int:
        """The last seq logged (0: none), from the log itself."""
        return self.session.scalar(select(func.max(models.Event.seq))
                                   .where(models.Event.match_id == match_id)) or 0

    # --- appending --------------------------------------------------------------------------

    @property
    def guarded(self) -> bool:
        """Whether an append checks its head as it inserts (PostgreSQL: ``_GUARD``), so that a
        move may be judged on a cached state without reading the head first. On SQLite the
        head is read under the write lock, which a unit of work holds from its start."""
        return self.transaction.dialect.name == "postgresql"

    def append(self, event: dict[str, Any], head: Head) -> bool:
        """Insert one event row (the hot path: one prepared statement, no ORM object), judged
        at ``head``; False when another append took its seq or its idempotency key first (it
        waited for that one to commit) or, on PostgreSQL, ``head`` is no longer the match's
        (``_GUARD``), and nothing was written."""
        if self.guarded:
            return bool(_GUARDED_APPEND.run(self.transaction, {**event, **head.guard})
                        .fetchall())
        return bool(_APPEND_EVENT.run(self.transaction, event).fetchall())

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
