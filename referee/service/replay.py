"""Folding a match's log through its engine: the current state, a past state, the timeline.

The fold skips voided events and re-judges everything after them; a move that a correction has
made impossible is skipped and shown as such. Loading = latest snapshot + the events after it,
which gives exactly the state a full replay gives (the tests say so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from marshmallow import EXCLUDE
from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.engines.base import Engine, Event, Impossible, Verdict, Viewer
from referee.service.modes import engine_of
from referee.store import models, snapshots
from referee.store.upcast import upcast

#: Moves every game shares; the service judges these itself. A game whose rules settle
#: challenges themselves (Plouc's David le fou) defines its own ``challenge``/``ruling``.
VOID, CHALLENGE, RULING = "void", "challenge", "ruling"
PLATFORM_TYPES = frozenset({VOID, CHALLENGE, RULING})


def platform_types(engine: Engine[Any]) -> frozenset[str]:
    """The shared moves this game leaves to the service."""
    return frozenset({VOID}) | (PLATFORM_TYPES - engine.event_types.keys())


@dataclass
class Folded:
    """An engine state plus what the service tallies beside it (snapshotted together)."""

    state: Any
    missplays: Counter[int] = field(default_factory=Counter)


@dataclass(frozen=True)
class Judged:
    """One event of the timeline with its judgement as the log stands now."""

    row: models.Event
    verdict: dict[str, Any] | None  # None: voided, or a platform record with no judgement
    voided_by: int | None = None
    void_reason: str | None = None
    impossible: dict[str, Any] | None = None  # a correction made this move impossible


def engine_event(row: models.Event, game: str) -> Event:
    """The engine's view of a stored row, its payload upcast to the current schema."""
    payload = upcast(game, row.type, row.schema_version, row.payload)
    return Event(row.type, row.seat, payload, row.seq, row.actor == "host")


def ruling_as_missplay(row: models.Event, offender: int | None) -> Event:
    """An upheld ruling is the host logging the missplay the challenge named."""
    return Event("missplay", offender, {"rule": row.payload["rule"],
                                        "note": row.payload.get("note", "")}, row.seq, True)


def fresh(engine: Engine[Any], match: models.Match) -> Folded:
    """The state before the first move. Options are stored as JSON and loaded again here,
    so that the engine gets them typed as at creation (JSON turns integer keys to strings). An
    option this engine does not know (written by a migration ahead of it) cannot change a
    verdict and is left out."""
    options = engine.options_schema().load(match.options, unknown=EXCLUDE)
    return Folded(engine.setup(options, len(match.seats)))


def voided_seqs(session: Session, match_id: int) -> dict[int, tuple[int, str]]:
    """seq of each voided event -> (seq of the void, its reason)."""
    rows = session.execute(
        select(models.Event.seq, models.Event.payload)
        .where(models.Event.match_id == match_id, models.Event.type == VOID)
    )
    return {payload["seq"]: (seq, payload.get("reason", "")) for seq, payload in rows}


def judge_row(engine: Engine[Any], folded: Folded, row: models.Event, game: str,
              offenders: dict[int, int | None]) -> Verdict | None:
    """Apply one stored event to ``folded``; None for records the engine does not judge.

    Raises Impossible when the move no longer fits the (corrected) log.
    """
    shared = platform_types(engine)
    if row.type in shared and row.type in (VOID, CHALLENGE):
        return None
    if row.type in shared and row.type == RULING:
        if not row.payload.get("upheld"):
            return None
        event = ruling_as_missplay(row, offenders.get(row.payload["challenge"]))
    else:
        event = engine_event(row, game)
    verdict = engine.apply(folded.state, event)
    if verdict.kind == "missplay" and event.seat is not None:
        folded.missplays[event.seat] += 1
    return verdict


def challenge_offenders(session: Session, match_id: int) -> dict[int, int | None]:
    """seq of each challenge -> the seat it accuses (by default, the challenged move's seat)."""
    rows = session.execute(
        select(models.Event.seq, models.Event.payload)
        .where(models.Event.match_id == match_id, models.Event.type == CHALLENGE)
    ).all()
    if not rows:
        return {}
    seats = dict(session.execute(
        select(models.Event.seq, models.Event.seat).where(
            models.Event.match_id == match_id,
            models.Event.seq.in_([p["seq"] for _, p in rows]))
    ).all())
    return {seq: accused_seat(p, seats.get(p["seq"])) for seq, p in rows}


def accused_seat(challenge: dict[str, Any], challenged_seat: int | None) -> int | None:
    """The seat a challenge accuses: the one it names, else the challenged move's seat."""
    return challenge.get("offender", challenged_seat)


class Loader:
    """Reads a match's log and folds it; one per unit of work."""

    def __init__(self, session: Session, match: models.Match) -> None:
        self.session = session
        self.match = match
        self.engine: Engine[Any] = engine_of(match)
        self.voided = voided_seqs(session, match.id)
        self.offenders = challenge_offenders(session, match.id)

    def rows(self, after: int, upto: int | None) -> Sequence[models.Event]:
        query = select(models.Event).where(
            models.Event.match_id == self.match.id, models.Event.seq > after
        )
        if upto is not None:
            query = query.where(models.Event.seq <= upto)
        return self.session.scalars(query.order_by(models.Event.seq)).all()

    def latest_snapshot(self, upto: int | None) -> tuple[int, Folded] | None:
        return snapshots.latest(self.session, self.match.id, self.engine.state_version, upto)

    def fold(self, upto: int | None = None, *, use_snapshots: bool = True) -> Folded:
        """The state after event ``upto`` (default: the latest), corrections applied."""
        start, folded = 0, None
        if use_snapshots and (found := self.latest_snapshot(upto)):
            start, folded = found
        if folded is None:
            folded = fresh(self.engine, self.match)
        self.fold_rows(folded, self.rows(start, upto))
        return folded

    def fold_rows(self, folded: Folded, rows: Iterable[models.Event]) -> None:
        for row in rows:
            if row.seq in self.voided:
                continue
            try:
                judge_row(self.engine, folded, row, self.match.game, self.offenders)
            except Impossible:
                continue  # a correction made it impossible: the timeline says so

    def timeline(self) -> tuple[Folded, list[Judged]]:
        """Every event re-judged from the start, as the log stands now."""
        folded = fresh(self.engine, self.match)
        entries: list[Judged] = []
        for row in self.rows(0, None):
            if row.seq in self.voided:
                by, reason = self.voided[row.seq]
                entries.append(Judged(row, None, voided_by=by, void_reason=reason))
                continue
            try:
                verdict = judge_row(self.engine, folded, row, self.match.game, self.offenders)
            except Impossible as err:
                entries.append(Judged(row, None, impossible=err.as_dict()))
                continue
            entries.append(Judged(row, verdict.as_dict() if verdict else None))
        return folded, entries

    def save_snapshot(self, seq: int, folded: Folded) -> None:
        snapshots.save(self.session, self.match.id, seq, self.engine.state_version, folded)

    def payload_for(self, row: models.Event, viewer: Viewer, now: Folded) -> dict[str, Any]:
        """The payload as ``viewer`` may read it, the match being at ``now``."""
        if row.type in platform_types(self.engine):
            return dict(row.payload)
        event = engine_event(row, self.match.game)
        return dict(self.engine.public_payload(now.state, event, viewer))
