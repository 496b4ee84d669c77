"""The read-model projector: the one adapter that writes what pages read instead of the log.

Read models are the match summary (status, totals, winners, last seq), the seats' records,
the tallies per game, status and day, and the results (a row per seat and one per match) the
statistics aggregate. They hold data only, as the log does: the totals keep the outcome as its
message id and parameters (``outcome_data``, ``result``), never a sentence in a reader's
language (each reader's is said at the edge). An append projects its judgement here in its own
transaction; ``rebuild`` writes the very same rows from a fold of the log, and moves no time
the appends wrote (a rebuild equals what the appends produced).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import JSON, DateTime, Table, bindparam, case, delete, select, text, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from referee.store import models, notices
from referee.store.as_data import standings_data
from referee.store.prepared import Prepared, Transaction, Transactional
from referee.store.recorder import (
    GUARDED_APPEND_SQL,
    HEAD_AND_EVENTS_SQL,
    HEAD_EVENTS,
    EventRecorder,
    Head,
    event_types,
    head_read,
)

if TYPE_CHECKING:  # the store keeps what the engines said as data: it names their types only
    from referee.engines.base import Standings

SeatRecord = tuple[int, bool, int]  # total, won, missplays

_summaries = cast(Table, models.MatchSummary.__table__)
_seats = cast(Table, models.Seat.__table__)
_results = cast(Table, models.MatchResult.__table__)
_UPDATE_HEAD = Prepared(text(
    "UPDATE match_summaries SET last_seq = :last_seq, updated_at = :updated_at "
    "WHERE match_id = :the_match").bindparams(
    bindparam("updated_at", type_=DateTime(timezone=True))))
_UPDATE_SUMMARY = update(_summaries).where(
    _summaries.c.match_id == bindparam("the_match")).values(
    last_seq=bindparam("last_seq"), updated_at=bindparam("updated_at"),
    status=bindparam("status"), totals=bindparam("totals", type_=JSON),
    winners=bindparam("winners", type_=JSON))

_UPDATE_RESULT_SQL = ("UPDATE match_results SET events = :seq, ended_at = :recorded_at, "
                      "seconds = :seconds WHERE match_id = :match_id")
_UPDATE_RESULT = Prepared(text(_UPDATE_RESULT_SQL).bindparams(
    bindparam("recorded_at", type_=DateTime(timezone=True))))
_QUIET_HEAD = Prepared(text(
    "UPDATE match_summaries SET last_seq = :seq, updated_at = :recorded_at "
    "WHERE match_id = :match_id").bindparams(
    bindparam("recorded_at", type_=DateTime(timezone=True))))
#: PostgreSQL: a quiet move's event row, its summary's head, its result's count and times in
#: one statement (one round trip instead of three); the data modifying parts of a WITH all
#: run, whatever the final SELECT reads. The event row goes first and the rest only if it was
#: inserted: a move whose seq another append took is no row here, and has written and locked
#: nothing. Its NOTIFY is sent once it has committed (``referee.store.notices``), or, when it
#: is a transaction of its own and no other statement of notices of this process is on its
#: way, in it (``_QUIET_APPEND_NOTIFIED``): the notify lock is then held for that one round
#: trip, as it would be by the notice's own statement after it.
_QUIET_WITH = (f"WITH logged AS ({GUARDED_APPEND_SQL}), "
               "head AS (UPDATE match_summaries SET last_seq = :seq, updated_at = :recorded_at "
               "WHERE match_id = :match_id AND EXISTS (SELECT 1 FROM logged)), "
               f"result AS ({_UPDATE_RESULT_SQL} AND EXISTS (SELECT 1 FROM logged)) ")
#: It ends by reading what a move refused there is answered with (``EventRecorder.head``'s
#: read): the head as the statement saw it and, if the move was not logged, the events after
#: the seq it was judged at. ``logged``, the first column: the move's seq, or NULL.
_QUIET_THEN_HEAD = _QUIET_WITH + HEAD_AND_EVENTS_SQL.format(
    first="(SELECT seq FROM logged) AS logged, ", join="{join}",
    events=" AND NOT EXISTS (SELECT 1 FROM logged)")
_QUIET_APPEND = Prepared(text(_QUIET_THEN_HEAD.format(join="")).bindparams(*event_types()))
_QUIET_APPEND_NOTIFIED = Prepared(text(_QUIET_THEN_HEAD.format(
    join=" LEFT JOIN LATERAL (SELECT pg_notify(CAST(:channel AS text), "
         "concat(current_schema(), CAST(:notice AS text))) FROM logged) AS notified ON true"))
    .bindparams(*event_types()))


def status_of(standings: Standings) -> str:
    """The summary's status: "in progress", "finished", or "abandoned" by the host."""
    if standings.abandoned:
        return "abandoned"
    return "finished" if standings.finished else "in progress"


def seat_records(standings: Standings, missplays: Mapping[int, int], seats: int
                 ) -> tuple[SeatRecord, ...]:
    """Each seat's (total, won, missplays), as the seats' read model holds them."""
    totals = {s: line.total for line in standings.lines for s in line.seats}
    return tuple((totals.get(s, 0), standings.finished and s in standings.winners,
                  missplays.get(s, 0)) for s in range(seats))


@dataclass(frozen=True)
class Projection:
    """What one match's log says, as the read models hold it."""

    last_seq: int
    standings: Standings
    missplays: Mapping[int, int]
    calls: Sequence[tuple[int, bool, int]]  # (caller, succeeded, coconuts) of each call
    ranks: Mapping[int, int]  # seat -> placement


class ReadModelProjector(Transactional):
    """The read models in the database, written within one unit of work."""

    def __init__(self, session: Session | Transaction, events: EventRecorder) -> None:
        super().__init__(session)
        self.events = events

    # --- a new match --------------------------------------------------------------------------

    def opened(self, match: models.Match, seat_names: list[str], standings: Standings, *,
               status: str | None = None, winners: list[int] | None = None,
               updated_at: datetime | None = None) -> None:
        """The summary of a match just made (created, imported or restored), at seq 0 with
        ``standings``; its time of last update is ``updated_at``, else the column's default."""
        times = {} if updated_at is None else {"updated_at": updated_at}
        self.session.add(models.MatchSummary(
            match_id=match.id, game=match.game, seat_names=seat_names,
            status=status_of(standings) if status is None else status,
            totals=standings_data(standings),
            winners=list(standings.winners) if winners is None else winners,
            last_seq=0, night_id=match.night_id, created_at=match.created_at, **times))

    def touched(self, match: models.Match, at: datetime) -> None:
        """The match's summary last updated ``at`` (a restore keeps its log's own time)."""
        match.summary.updated_at = at

    # --- one append -------------------------------------------------------------------------

    def judged(self, match_id: int, game: str, day: date, seq: int, standings: Standings,
               records: tuple[SeatRecord, ...],
               before: tuple[Standings, tuple[SeatRecord, ...]] | None,
               at: datetime | None = None) -> None:
        """The summary in one UPDATE (its seq and time alone when the standings did not
        change); the seats in one more when their records changed; the tallies when the match
        started or finished."""
        now = at or datetime.now(UTC)
        if before is not None and before[0] == standings:
            _UPDATE_HEAD.run(self.transaction, {"the_match": match_id, "last_seq": seq,
                                                "updated_at": now})
        else:
            self.session.connection().execute(_UPDATE_SUMMARY, {
                "the_match": match_id, "last_seq": seq, "updated_at": now,
                "status": status_of(standings), "totals": standings_data(standings),
                "winners": list(standings.winners)})
        if before is None or before[1] != records:
            self._seats(match_id, records)
        if before is not None and status_of(before[0]) != status_of(standings):
            self.tally(game, status_of(before[0]), day, -1)
            self.tally(game, status_of(standings), day, +1)

    def _seats(self, match_id: int, records: tuple[SeatRecord, ...]) -> None:
        self.session.connection().execute(update(_seats).where(
            _seats.c.match_id == match_id).values(
            total=case({s: r[0] for s, r in enumerate(records)}, value=_seats.c.seat,
                       else_=0),
            won=case({s: r[1] for s, r in enumerate(records)}, value=_seats.c.seat,
                     else_=False),
            missplays=case({s: r[2] for s, r in enumerate(records)}, value=_seats.c.seat,
                           else_=0)))

    def tally(self, game: str, status: str, day: date, delta: int) -> None:
        """Count a match created on ``day`` in (or out of) its game's tally for ``status``."""
        dialect = self.session.get_bind().dialect.name
        make = postgresql.insert if dialect == "postgresql" else sqlite.insert
        statement = make(models.MatchTally).values(game=game, status=status, day=day,
                                                   count=delta)
        self.session.execute(statement.on_conflict_do_update(
            index_elements=["game", "status", "day"],
            set_={"count": models.MatchTally.count + delta}))

    def moved(self, match_id: int, seq: int, at: datetime, started: datetime) -> None:
        """One more move that changed no total, record, placement or call: only the result's
        event count and times move, in one UPDATE and no read (what ``results`` would write)."""
        _UPDATE_RESULT.run(self.transaction, {
            "match_id": match_id, "seq": seq, "recorded_at": at,
            "seconds": _seconds(started, at)})

    def appended(self, event: dict[str, Any], head: Head, started: datetime,
                 notice: tuple[str, str] | None = None, *, last: bool = False
                 ) -> tuple[bool, Head | None]:
        """A quiet move (one that changed no total, record, placement, call or status): its
        event row, the summary's seq and time, the result's event count and times — what
        ``EventRecorder.append``, ``judged`` and ``moved`` write — in one statement on
        PostgreSQL; three on SQLite, where a statement costs no round trip. Whether it was
        logged: not, with nothing written, when another append took the event's seq or
        ``head``, which the move was judged at, is no longer the match's
        (``EventRecorder.append``) — and then, on PostgreSQL, the head as that statement read
        it, with the events after ``head`` (``EventRecorder.head``): what the move is answered
        with, no other round trip.

        ``last``: nothing else is written in this unit of work; if nothing was before either,
        the statement is a transaction of its own there (``Prepared.alone``): committed as it
        runs, with no BEGIN and no COMMIT round trip. ``notice``: the NOTIFY that announces
        it (``referee.store.notices``), sent within that statement when no other statement of
        notices of this process is on its way, else once it has committed."""
        values = {**event, "seconds": _seconds(started, event["recorded_at"])}
        if not self.events.guarded:  # SQLite
            if notice is not None:
                notices.after_commit(self.transaction, notice)
            if not self.events.append(event, head):
                return False, None
            _QUIET_HEAD.run(self.transaction, values)
            _UPDATE_RESULT.run(self.transaction, values)
            return True, None
        values.update(head.guard, after=head.last_seq, upto=head.last_seq + HEAD_EVENTS)
        rows = self._quiet_append(values, notice, last)
        if rows and rows[0][0] is not None:
            return True, None
        return False, head_read([row[1:] for row in rows], head.digest, head.last_seq)

    def _quiet_append(self, values: dict[str, Any], notice: tuple[str, str] | None,
                      last: bool) -> Sequence[Sequence[Any]]:
        """PostgreSQL's one statement, with its NOTIFY when it may carry it."""
        if last and notice is not None and self.transaction.may_run_alone():
            sender = notices.sender_for(self.transaction.engine)
            if sender.claim():
                try:
                    values["channel"], values["notice"] = notice
                    return _QUIET_APPEND_NOTIFIED.alone(self.transaction, values, writes=True)
                finally:
                    sender.release()
        if notice is not None:
            notices.after_commit(self.transaction, notice)
        if last:
            return _QUIET_APPEND.alone(self.transaction, values, writes=True)
        return _QUIET_APPEND.run(self.transaction, values).fetchall()

    def started_at(self, match_id: int) -> datetime | None:
        """When the match's first move was logged, as its result says (None: no result)."""
        result = self.session.get(models.MatchResult, match_id)
        return None if result is None else result.started_at

    # --- the results --------------------------------------------------------------------------

    def results(self, match: models.Match, said: Projection) -> None:
        """Write the match's seat results and match result as its log now stands."""
        first, last, count = self.events.times(match.id)
        if said.standings.abandoned:  # given up: out of every statistic until it is voided
            self._forget_results(match.id)
            return
        if not count or getattr(match, "is_copy", False):
            return  # no move yet, or a copy imported on purpose: no result (counted once)
        standings = said.standings
        totals = {s: ln.total for ln in standings.lines for s in ln.seats}
        existing = {r.seat: r for r in self.session.scalars(
            select(models.SeatResult).where(models.SeatResult.match_id == match.id))}
        for seat in match.seats:
            row = existing.get(seat.seat)
            if row is None:
                row = models.SeatResult(match_id=match.id, seat=seat.seat)
                self.session.add(row)
            _seat_result(row, match, seat, said, totals.get(seat.seat, 0),
                         last if standings.finished else None)
        result = self.session.get(models.MatchResult, match.id)
        if result is None:
            result = models.MatchResult(match_id=match.id)
            self.session.add(result)
        _match_result(result, match, said, first, last, count)

    def _forget_results(self, match_id: int) -> None:
        """No result rows for the match (an abandoned one)."""
        for table in (models.SeatResult, models.MatchResult):
            self.session.execute(delete(table).where(table.match_id == match_id))

    # --- a whole match again ------------------------------------------------------------------

    def rebuild(self, match: models.Match, said: Projection) -> None:
        """Rewrite every read model of ``match`` from ``said`` (a fold of its log), its tallies
        too. The time of the last append (``updated_at``) is the appends' to keep: a rebuild
        moves none."""
        status = status_of(said.standings)
        if match.summary.status != status:
            day = models.utc_day(match.created_at)
            self.tally(match.game, match.summary.status, day, -1)
            self.tally(match.game, status, day, +1)
        self.project(match, said)

    def project(self, match: models.Match, said: Projection) -> None:
        """Write the summary, the seats' records and the results of ``match`` as ``said``
        (the tallies are the caller's)."""
        summary = match.summary
        standings = said.standings
        summary.last_seq = said.last_seq
        summary.status = status_of(standings)
        summary.totals = standings_data(standings)
        summary.winners = list(standings.winners)
        records = seat_records(standings, said.missplays, len(match.seats))
        for seat in match.seats:
            seat.total, seat.won, seat.missplays = records[seat.seat]
        self.session.flush()
        self.results(match, said)


def _seat_result(row: models.SeatResult, match: models.Match, seat: models.Seat,
                 said: Projection, score: int, ended: datetime | None) -> None:
    standings, calls = said.standings, said.calls
    row.player_id = seat.player_id
    row.game = match.game
    row.night_id = match.night_id
    row.finished = standings.finished
    row.rank = said.ranks.get(seat.seat, len(match.seats))
    row.sides = len(standings.lines)
    row.score = score
    row.lower_is_better = standings.lower_is_better
    row.won = standings.finished and seat.seat in standings.winners
    row.missplays = said.missplays.get(seat.seat, 0)
    row.calls = sum(1 for caller, _, _ in calls if caller == seat.seat)
    row.calls_won = sum(1 for caller, won, _ in calls if caller == seat.seat and won)
    row.ended_at = ended


def _match_result(result: models.MatchResult, match: models.Match, said: Projection,
                  first: datetime | None, last: datetime | None, count: int) -> None:
    standings = said.standings
    best = max(said.calls, key=lambda c: c[2], default=None)
    result.night_id = match.night_id
    result.game = match.game
    result.finished = standings.finished
    result.events = count
    result.rounds = len(standings.rounds)
    result.missplays = sum(said.missplays.values())
    result.started_at = first
    result.ended_at = last
    result.seconds = int((_utc(last) - _utc(first)).total_seconds()) if first and last else 0
    result.best_call = best[2] if best and best[2] > 0 else None
    result.best_call_seat = best[0] if best and best[2] > 0 else None


def _seconds(started: datetime, at: datetime) -> int:
    return int((_utc(at) - _utc(started)).total_seconds())


def _utc(moment: datetime) -> datetime:
    """SQLite hands datetimes back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
