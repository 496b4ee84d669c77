"""Folding a match's log through its engine: the current state, a past state, the timeline.

The fold skips voided events, judges a corrected event's replacement in its place, and re-judges
everything after them; a move that a correction has made impossible is skipped and shown as
such. Loading = latest snapshot + the events after it, which gives exactly the state a full
replay gives (the tests say so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from marshmallow import EXCLUDE
from sqlalchemy.orm import Session

from referee.engines.base import Engine, Event, Impossible, Standings, Verdict
from referee.service.modes import engine_of
from referee.store import models
from referee.store.as_data import verdict_data
from referee.store.recorder import EventRecorder
from referee.store.snapshots import SnapshotStore
from referee.store.upcast import upcast

#: Moves every game shares; the service judges these itself. A game whose rules settle
#: challenges themselves (Plouc's David le fou) defines its own ``challenge``/``ruling``.
VOID, CHALLENGE, RULING, CORRECT = "void", "challenge", "ruling", "correct"
#: The host gives the match up: it takes no more moves until the abandon is voided.
ABANDON = "abandon"
PLATFORM_TYPES = frozenset({VOID, CHALLENGE, RULING, CORRECT, ABANDON})
#: Records about the log itself (not moves at the table): never judged by an engine.
CORRECTIONS = frozenset({VOID, CORRECT})


def platform_types(engine: Engine[Any]) -> frozenset[str]:
    """The shared moves this game leaves to the service."""
    return CORRECTIONS | (PLATFORM_TYPES - engine.event_types.keys())


@dataclass(frozen=True)
class Replacement:
    """The move a ``correct`` event says should have been logged, in the replaced event's
    place: it has that event's seq, and the host logged it."""

    seq: int
    type: str
    seat: int | None
    payload: dict[str, Any]
    schema_version: int
    by: int  # the seq of the correct event
    reason: str = ""
    actor: str = "host"


Logged = models.Event | Replacement


@dataclass
class Folded:
    """An engine state plus what the service tallies beside it (snapshotted together)."""

    state: Any
    missplays: Counter[int] = field(default_factory=Counter)
    abandoned: int | None = None  # the seq of the abandon standing in the log


def standings_of(engine: Engine[Any], folded: Folded) -> Standings:
    """The engine's standings of ``folded``; an abandoned match's are neither finished nor
    won by anyone, and say so (its status is "abandoned")."""
    standings = engine.standings(folded.state)
    if getattr(folded, "abandoned", None) is None:  # a snapshot made before abandons
        return standings
    return replace(standings, abandoned=True, finished=False, winners=(), outcome=None,
                   result=None)


@dataclass(frozen=True)
class Judged:
    """One event of the timeline with its judgement as the log stands now."""

    row: models.Event
    verdict: dict[str, Any] | None  # None: voided, or a platform record with no judgement
    voided_by: int | None = None
    void_reason: str | None = None
    impossible: dict[str, Any] | None = None  # a correction made this move impossible
    corrected_by: int | None = None  # the correct event that replaced this one
    correction: dict[str, Any] | None = None  # the replacement: type, seat, payload


def engine_event(row: Logged, game: str) -> Event:
    """The engine's view of a stored row, its payload upcast to the current schema."""
    payload = upcast(game, row.type, row.schema_version, row.payload)
    return Event(row.type, row.seat, payload, row.seq, row.actor == "host")


def ruling_as_missplay(row: Logged, offender: int | None) -> Event:
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


Source = Any  # a Session, or a unit of work (its ``events`` and ``snapshots``)


def adapters(source: Source) -> tuple[Any, Any]:
    """The log and the snapshots a Session or a unit of work reads through."""
    if isinstance(source, Session):
        return EventRecorder(source), SnapshotStore(source)
    return source.events, source.snapshots


def log_of(source: Source) -> Any:
    """The log a Session, a unit of work or a recorder itself reads through."""
    if isinstance(source, Session):
        return EventRecorder(source)
    return source.events if hasattr(source, "read_models") else source


def voided_seqs(source: Source, match_id: int, upto: int | None = None
                ) -> dict[int, tuple[int, str]]:
    """seq of each voided event -> (seq of the void, its reason); only the voids logged up to
    ``upto`` when given (the log as it stood then)."""
    return dict(log_of(source).voids(match_id, upto))


def replacements(source: Source, match_id: int, voided: dict[int, tuple[int, str]],
                 upto: int | None = None) -> dict[int, Replacement]:
    """seq of each corrected event -> its replacement; a later correction of the same event
    wins, and a voided correction corrects nothing."""
    out: dict[int, Replacement] = {}
    for seq, payload in log_of(source).corrections(match_id, upto):
        if seq not in voided:
            out[payload["seq"]] = replacement(seq, payload)
    return out


def replacement(seq: int, payload: dict[str, Any]) -> Replacement:
    """The replacement a correct event's payload carries."""
    move = payload["move"]
    return Replacement(payload["seq"], move["type"], move.get("seat"),
                       dict(move.get("payload") or {}), int(move.get("schema_version", 1)),
                       seq, payload.get("reason", ""))


def engine_move(engine: Engine[Any], row: Logged, game: str,
                offenders: dict[int, int | None]) -> Event | None:
    """What the engine judges of a stored event; None for records it does not judge."""
    shared = platform_types(engine)
    if row.type in shared and row.type in (VOID, CHALLENGE, CORRECT, ABANDON):
        return None
    if row.type in shared and row.type == RULING:
        if not row.payload.get("upheld"):
            return None
        return ruling_as_missplay(row, offenders.get(row.payload["challenge"]))
    return engine_event(row, game)


def judge_row(engine: Engine[Any], folded: Folded, row: Logged, game: str,
              offenders: dict[int, int | None]) -> Verdict | None:
    """Apply one stored event to ``folded`` (a fold moving on); None for records the engine
    does not judge.

    Raises Impossible when the move no longer fits the (corrected) log.
    """
    if row.type == ABANDON and ABANDON in platform_types(engine):
        folded.abandoned = row.seq
    event = engine_move(engine, row, game, offenders)
    if event is None:
        return None
    verdict = engine.apply(folded.state, event)
    count_missplay(folded.missplays, verdict)
    return verdict


def judge_on(engine: Engine[Any], folded: Folded, row: Logged, game: str,
             offenders: dict[int, int | None]) -> tuple[Verdict | None, Folded]:
    """One stored or new event judged on ``folded`` by the engine's ``judge``, which changes
    nothing: its verdict (None for records the engine does not judge) and the state it leads
    to (a new one; ``folded`` itself when nothing changes). Raises Impossible."""
    if row.type == ABANDON and ABANDON in platform_types(engine):
        return None, Folded(folded.state, folded.missplays, row.seq)
    event = engine_move(engine, row, game, offenders)
    if event is None:
        return None, folded
    judgement = engine.judge(folded.state, event)
    missplays = Counter(folded.missplays)
    count_missplay(missplays, judgement.verdict)
    return judgement.verdict, Folded(judgement.after, missplays,
                                     getattr(folded, "abandoned", None))


def count_missplay(missplays: Counter[int], verdict: Verdict) -> None:
    """A missplay counts against the seat it names as offender (a contre's forgetter, a wrong
    flag's flagger), never against whoever logged it; a fault of the table's counts for no
    seat."""
    if verdict.kind == "missplay" and verdict.offender is not None:
        missplays[verdict.offender] += 1


def challenge_offenders(source: Source, match_id: int) -> dict[int, int | None]:
    """seq of each challenge -> the seat it accuses (by default, the challenged move's seat)."""
    return {seq: accused_seat(payload, seat)
            for seq, payload, seat in log_of(source).challenges(match_id)}


def ruled_challenges(source: Source, match_id: int, upto: int) -> set[int]:
    """The challenges ruled on by ``upto``."""
    return {p["challenge"] for p in log_of(source).rulings(match_id, upto) if "challenge" in p}


def accused_seat(challenge: dict[str, Any], challenged_seat: int | None) -> int | None:
    """The seat a challenge accuses: the one it names, else the challenged move's seat."""
    return challenge.get("offender", challenged_seat)


class Marks(NamedTuple):
    """What later events say of earlier ones: which are voided, which corrected, whom each
    challenge accuses. A fold needs them before its first move."""

    voided: dict[int, tuple[int, str]]
    replaced: dict[int, Replacement]
    offenders: dict[int, int | None]


class Loader:
    """Reads a match's log and folds it; one per unit of work."""

    def __init__(self, session: Source, match: models.Match, *,
                 as_of: int | None = None, marks: Marks | None = None) -> None:
        """``session``: a Session or a unit of work. ``as_of``: read the log as it stood at
        that seq (the corrections logged since are not known yet), for judging a move against
        the table its player saw. ``marks``: the log's marks already known (a cached state's),
        so they are not read again."""
        self.log, self.snapshots = adapters(session)
        self.session = session
        self.match = match
        self.engine: Engine[Any] = engine_of(match)
        if marks is None:
            voided = voided_seqs(self.log, match.id, as_of)
            marks = Marks(voided, replacements(self.log, match.id, voided, as_of),
                          challenge_offenders(self.log, match.id))
        self.voided, self.replaced, self.offenders = marks

    def in_place(self, row: models.Event) -> Logged:
        """What replay judges at ``row``'s place: its replacement when it was corrected."""
        return self.replaced.get(row.seq, row)

    def rows(self, after: int, upto: int | None) -> Sequence[models.Event]:
        return self.log.events(self.match.id, after, upto)

    def latest_snapshot(self, upto: int | None) -> tuple[int, Folded] | None:
        found = self.snapshots.latest(self.match.id, self.engine.state_version, upto)
        if found is not None and not isinstance(found[1], Folded):
            return None  # not a state this code folds: fold from the log instead
        return found

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
                judge_row(self.engine, folded, self.in_place(row), self.match.game,
                          self.offenders)
            except Impossible:
                continue  # a correction made it impossible: the timeline says so

    def save_snapshot(self, seq: int, folded: Folded) -> None:
        self.snapshots.save(self.match.id, seq, self.engine.state_version, folded)


def fold_as(loader: Loader, *, options: dict[str, Any] | None = None,
            marks: Marks | None = None) -> tuple[Folded, list[Judged]]:
    """Every event of ``loader``'s log judged again from the first, as the log would stand
    under ``options`` (default: the match's own) and ``marks`` (default: the log's own voids,
    corrections and challenges): the one hypothetical fold, for a what-if, a void's or a
    correction's preview, and a check of the stored judgements. Nothing is changed."""
    voided, replaced, offenders = marks or (loader.voided, loader.replaced, loader.offenders)
    engine, game = loader.engine, loader.match.game
    folded = (fresh(engine, loader.match) if options is None
              else Folded(engine.setup(options, len(loader.match.seats))))
    entries: list[Judged] = []
    for row in loader.rows(0, None):
        if row.seq in voided:
            by, reason = voided[row.seq]
            entries.append(Judged(row, None, voided_by=by, void_reason=reason))
            continue
        fix = replaced.get(row.seq)
        mark: dict[str, Any] = {} if fix is None else {
            "corrected_by": fix.by,
            "correction": {"type": fix.type, "seat": fix.seat, "payload": fix.payload,
                           "reason": fix.reason}}
        try:
            verdict = judge_row(engine, folded, fix or row, game, offenders)
        except Impossible as err:
            entries.append(Judged(row, None, impossible=err.as_dict(), **mark))
            continue
        entries.append(Judged(row, verdict_data(verdict) if verdict else None, **mark))
    return folded, entries
