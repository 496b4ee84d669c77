"""An in-memory unit of work: the store's adapters (recorder, snapshots, projector) over plain
dicts, so that service code runs with no database at all.

Everything lives in ``FakeStore.data`` as plain values; a unit of work works on a deep copy and
puts it back on commit, so a refused move (an exception) leaves the store as it was. Matches and
events are handed to the service as fresh, unattached ORM objects, as a session would.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace, TracebackType
from typing import Any

from referee.engines import get_engine
from referee.engines.base import Standings
from referee.service.tokens import hash_token, new_token
from referee.store import codec, models
from referee.store.as_data import standings_data
from referee.store.projector import (
    Projection,
    SeatRecord,
    _match_result,
    _seat_result,
    seat_records,
    status_of,
)
from referee.store.recorder import CHALLENGE, CORRECT, RULING, VOID, Head
from referee.store.uow import UnitOfWork

T0 = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


@dataclass
class Data:
    matches: dict[int, dict[str, Any]] = field(default_factory=dict)
    events: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    snapshots: dict[int, dict[int, tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    summaries: dict[int, dict[str, Any]] = field(default_factory=dict)
    records: dict[int, list[SeatRecord]] = field(default_factory=dict)
    tallies: Counter[tuple[str, str, date]] = field(default_factory=Counter)
    seat_results: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    match_results: dict[int, dict[str, Any]] = field(default_factory=dict)


class FakeStore:
    """The fake database: what committed units of work left."""

    def __init__(self, snapshot_every: int = 4) -> None:
        self.data = Data()
        self.snapshot_every = snapshot_every
        self.ids = itertools.count(1)
        self.clock = (T0 + timedelta(seconds=n) for n in itertools.count())

    def unit_of_work(self) -> FakeUnitOfWork:
        uow: UnitOfWork = FakeUnitOfWork(self)  # mypy checks the fake keeps to the protocol
        assert isinstance(uow, FakeUnitOfWork)
        return uow

    def create_match(self, game: str, names: list[str], options: dict[str, Any] | None = None
                     ) -> tuple[int, str, list[str]]:
        """A new match, as ``matches.create_match`` makes one: (id, host token, seat tokens)."""
        engine = get_engine(game)
        loaded = engine.options_schema().load(options or {})
        standings = engine.standings(engine.setup(loaded, len(names)))
        match_id, host = next(self.ids), new_token()
        tokens = [new_token() for _ in names]
        created = next(self.clock)
        self.data.matches[match_id] = {
            "game": game, "options": loaded, "mode": "moves", "host": hash_token(host),
            "created_at": created, "night_id": None,
            "seats": [{"seat": i, "player_id": 100 + i, "token": hash_token(t)}
                      for i, t in enumerate(tokens)]}
        self.data.events[match_id] = []
        self.data.summaries[match_id] = {
            "seat_names": list(names), "status": status_of(standings),
            "totals": standings_data(standings), "winners": list(standings.winners),
            "last_seq": 0, "created_at": created,
            "updated_at": created}
        self.data.records[match_id] = list(seat_records(standings, {}, len(names)))
        self.data.tallies[(game, status_of(standings), created.date())] += 1
        return match_id, host, tokens


class FakeRecorder:
    """``EventRecorder``'s methods over ``Data``."""

    def __init__(self, data: Data) -> None:
        self.data = data

    def match(self, match_id: int, *, lock: bool = False) -> models.Match | None:
        spec = self.data.matches.get(match_id)
        if spec is None:
            return None
        summary = self.data.summaries[match_id]
        return models.Match(
            id=match_id, game=spec["game"], options=copy.deepcopy(spec["options"]),
            mode=spec["mode"], host_token_hash=spec["host"], created_at=spec["created_at"],
            night_id=spec["night_id"], is_copy=False,
            seats=[models.Seat(match_id=match_id, seat=s["seat"], player_id=s["player_id"],
                               token_hash=s["token"]) for s in spec["seats"]],
            summary=models.MatchSummary(match_id=match_id, game=spec["game"],
                                        **copy.deepcopy(summary)))

    def match_ids(self) -> list[int]:
        return sorted(self.data.matches)

    def head(self, match_id: int, digest: str | None, after: int | None = None
             ) -> Head | None:
        spec = self.data.matches.get(match_id)
        if spec is None:
            return None
        seat = next((s["seat"] for s in spec["seats"] if s["token"] == digest), None)
        return Head(self.data.summaries[match_id]["last_seq"], spec["game"], spec["mode"],
                    spec["host"], digest is not None and digest == spec["host"], seat)

    def last_seq(self, match_id: int) -> int:
        return len(self.data.events[match_id])

    @property
    def guarded(self) -> bool:
        """The head is read under the unit of work's lock, as on SQLite: an append never
        judges a move without reading it first."""
        return False

    def append(self, values: dict[str, Any], head: Head | None = None) -> bool:
        """False, as the database's, when the seq or the key is taken."""
        log = self.data.events[values["match_id"]]
        key = values.get("idempotency_key")
        if values["seq"] != len(log) + 1 or (key and any(e["idempotency_key"] == key
                                                         for e in log)):
            return False
        log.append(copy.deepcopy(values))
        return True

    def add(self, row: models.Event) -> None:
        if not self.append({c: getattr(row, c) for c in COLUMNS}):
            raise AssertionError("the unique (match_id, seq) or key refuses it")

    def _rows(self, match_id: int) -> list[models.Event]:
        return [models.Event(**copy.deepcopy(e)) for e in self.data.events[match_id]]

    def events(self, match_id: int, after: int = 0, upto: int | None = None
               ) -> list[models.Event]:
        return [r for r in self._rows(match_id)
                if r.seq > after and (upto is None or r.seq <= upto)]

    def event_at(self, match_id: int, seq: int) -> models.Event | None:
        return next((r for r in self._rows(match_id) if r.seq == seq), None)

    def by_key(self, match_id: int, key: str) -> models.Event | None:
        return next((r for r in self._rows(match_id) if r.idempotency_key == key), None)

    def _of_type(self, match_id: int, kind: str, upto: int | None
                 ) -> list[tuple[int, dict[str, Any]]]:
        return [(r.seq, r.payload) for r in self._rows(match_id)
                if r.type == kind and (upto is None or r.seq <= upto)]

    def voids(self, match_id: int, upto: int | None = None) -> dict[int, tuple[int, str]]:
        return {p["seq"]: (seq, p.get("reason", ""))
                for seq, p in self._of_type(match_id, VOID, upto)}

    def corrections(self, match_id: int, upto: int | None = None
                    ) -> list[tuple[int, dict[str, Any]]]:
        return self._of_type(match_id, CORRECT, upto)

    def challenges(self, match_id: int) -> list[tuple[int, dict[str, Any], int | None]]:
        seats = {r.seq: r.seat for r in self._rows(match_id)}
        return [(seq, p, seats.get(p["seq"]))
                for seq, p in self._of_type(match_id, CHALLENGE, None)]

    def rulings(self, match_id: int, upto: int) -> list[dict[str, Any]]:
        return [p for _, p in self._of_type(match_id, RULING, upto)]

    def times(self, match_id: int) -> tuple[datetime | None, datetime | None, int]:
        times = [e["recorded_at"] for e in self.data.events[match_id]]
        return (min(times), max(times), len(times)) if times else (None, None, 0)


COLUMNS = ("match_id", "seq", "type", "seat", "payload", "schema_version", "actor",
           "idempotency_key", "key_token_hash", "key_request_hash", "recorded_at", "verdict")


class FakeSnapshots:
    """``SnapshotStore``'s methods over ``Data``: JSON documents, as the database holds."""

    def __init__(self, data: Data) -> None:
        self.data = data

    def save(self, match_id: int, seq: int, state_version: int, value: Any) -> None:
        self.data.snapshots.setdefault(match_id, {})[seq] = (state_version, codec.dumps(value))

    def latest(self, match_id: int, state_version: int, upto: int | None = None
               ) -> tuple[int, Any] | None:
        kept = [(seq, doc) for seq, (version, doc) in
                self.data.snapshots.get(match_id, {}).items()
                if version == state_version and (upto is None or seq <= upto)]
        if not kept:
            return None
        seq, document = max(kept, key=lambda k: k[0])
        try:
            return seq, codec.loads(document)
        except codec.Stale:
            return None

    def drop_stale(self, match_id: int, state_version: int) -> int:
        return 0

    def drop_from(self, match_id: int, seq: int) -> None:
        kept = self.data.snapshots.get(match_id, {})
        for at in [s for s in kept if s >= seq]:
            del kept[at]


class FakeProjector:
    """``ReadModelProjector``'s methods over ``Data``."""

    def __init__(self, data: Data, events: FakeRecorder) -> None:
        self.data = data
        self.events = events

    def judged(self, match_id: int, game: str, day: date, seq: int, standings: Standings,
               records: tuple[SeatRecord, ...],
               before: tuple[Standings, tuple[SeatRecord, ...]] | None,
               at: datetime | None = None) -> None:
        summary = self.data.summaries[match_id]
        summary["last_seq"], summary["updated_at"] = seq, at or datetime.now(UTC)
        if before is None or before[0] != standings:
            summary.update(status=status_of(standings), totals=standings_data(standings),
                           winners=list(standings.winners))
        self.data.records[match_id] = list(records)
        if before is not None and status_of(before[0]) != status_of(standings):
            self.tally(game, status_of(before[0]), day, -1)
            self.tally(game, status_of(standings), day, +1)

    def tally(self, game: str, status: str, day: date, delta: int) -> None:
        self.data.tallies[(game, status, day)] += delta

    def moved(self, match_id: int, seq: int, at: datetime, started: datetime) -> None:
        result = self.data.match_results[match_id]
        result.update(events=seq, ended_at=at, seconds=int((at - started).total_seconds()))

    def appended(self, event: dict[str, Any], head: Head, started: datetime,
                 notice: tuple[str, str] | None = None, *, last: bool = False
                 ) -> tuple[bool, Head | None]:
        if not self.events.append(event, head):
            return False, None
        summary = self.data.summaries[event["match_id"]]
        summary["last_seq"], summary["updated_at"] = event["seq"], event["recorded_at"]
        self.moved(event["match_id"], event["seq"], event["recorded_at"], started)
        return True, None

    def started_at(self, match_id: int) -> datetime | None:
        result = self.data.match_results.get(match_id)
        return None if result is None else result["started_at"]

    def results(self, match: models.Match, said: Projection) -> None:
        first, last, count = self.events.times(match.id)
        if not count:
            return
        totals = {s: ln.total for ln in said.standings.lines for s in ln.seats}
        for seat in match.seats:
            row = SimpleNamespace()
            _seat_result(row, match, seat, said, totals.get(seat.seat, 0),  # type: ignore[arg-type]
                         last if said.standings.finished else None)
            self.data.seat_results[(match.id, seat.seat)] = vars(row)
        result = SimpleNamespace()
        _match_result(result, match, said, first, last, count)  # type: ignore[arg-type]
        self.data.match_results[match.id] = vars(result)

    def rebuild(self, match: models.Match, said: Projection) -> None:
        status = status_of(said.standings)
        if match.summary.status != status:
            day = models.utc_day(match.created_at)
            self.tally(match.game, match.summary.status, day, -1)
            self.tally(match.game, status, day, +1)
        self.project(match, said)

    def project(self, match: models.Match, said: Projection) -> None:
        standings = said.standings
        self.data.summaries[match.id].update(
            last_seq=said.last_seq, status=status_of(standings),
            totals=standings_data(standings), winners=list(standings.winners))
        self.data.records[match.id] = list(seat_records(standings, said.missplays,
                                                        len(match.seats)))
        self.results(match, said)


class FakeUnitOfWork:
    """A unit of work on a copy of the store's data: committed whole, or dropped."""

    def __init__(self, store: FakeStore) -> None:
        self.store = store
        self.snapshot_every = store.snapshot_every
        self.committed = False

    def __enter__(self) -> FakeUnitOfWork:
        self.data = copy.deepcopy(self.store.data)
        self.events = FakeRecorder(self.data)
        self.snapshots = FakeSnapshots(self.data)
        self.read_models = FakeProjector(self.data, self.events)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is None and not self.committed:
            self.commit()

    def commit(self) -> None:
        self.store.data = copy.deepcopy(self.data)
        self.committed = True

    def rollback(self) -> None:
        self.committed = False  # the copy is dropped: the store keeps what it had
