"""The engine contract: what every game's rule engine offers the service layer.

An engine is pure: the same events give the same states and the same verdicts, always. It never
deals, shuffles or reads a clock; the cards are dealt at the table and the engine only learns what
the table makes public.

Shape (after python-chess: small values, one board, legality separate from pushing):

- ``Event``      a logged move: type, seat, payload (already validated by the type's schema).
- ``Verdict``    what the engine decided about a move that happened: ``ok`` or ``missplay``.
- ``Impossible`` raised when a move cannot have happened; nothing is appended.
- ``Standings``  the running totals toward the finish, and the outcome once there is one.
- ``Judgement``  a verdict together with the state the move leads to.
- ``Engine``     setup / judge / push / apply / legal_moves / standings / view, plus the game's
                 move registry (``referee.engines.moves``).

``judge(state, event) -> Judgement`` changes nothing; ``push(state, judgement)`` applies it;
``apply`` is the two. ``apply`` changes the state only once the move is known to be possible:
when it raises ``Impossible`` the state it was given is exactly as before (the contract tests
check this). What engines say is data (``referee.engines.messages.Message``): the service
renders it for the reader. See docs/engines.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Sized
from dataclasses import dataclass, field, is_dataclass
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar, Generic, Literal, TypeVar

from marshmallow import Schema, fields, validate

from referee.engines.clone import clone
from referee.engines.events import (  # noqa: F401  (the contract's values, re-exported)
    EngineError,
    Event,
    Flag,
    Impossible,
    InvalidOptions,
    Render,
    Verdict,
    VerdictKind,
    said_data,
)
from referee.engines.messages import Message, Outcome, Said, plain
from referee.engines.moves import (  # noqa: F401  (whose cards a move may state, re-exported)
    NO_CARDS,
    OTHERS_CARDS,
    OWN_CARDS,
    LegalMove,
    Moves,
    MoveType,
    Table,
    schema_of,
    wire,
)


@dataclass(frozen=True, slots=True)
class Line:
    """One side's place in the standings: a seat, or a team of seats."""

    side: str  # "0", "1", … for seats; a team's name for teams
    seats: tuple[int, ...]
    total: int
    detail: Mapping[str, Any] = field(default_factory=dict)  # where the total comes from


@dataclass(frozen=True, slots=True)
class Standings:
    """The running totals toward the finish; the outcome is data, not a flag in the code."""

    unit: str  # "coconuts", "victory points", "warriors standing", "cards in hand"
    lower_is_better: bool
    lines: tuple[Line, ...]
    finished: bool = False
    winners: tuple[int, ...] = ()  # seats
    outcome: Said | None = None  # the result's message; None while nothing is to be said
    target: int | None = None  # e.g. 200 coconuts
    rounds: tuple[Mapping[str, int], ...] = ()  # running totals per side after each round
    result: Outcome | None = None  # the outcome as data, once the game is over
    abandoned: bool = False  # the host gave the match up (the service says so, never a rule)

    def as_dict(self, render: Render = plain) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "lower_is_better": self.lower_is_better,
            "lines": [
                {"side": ln.side, "seats": list(ln.seats), "total": ln.total,
                 "detail": dict(ln.detail)}
                for ln in self.lines
            ],
            "finished": self.finished,
            "winners": list(self.winners),
            "outcome": render(self.outcome),
            "outcome_data": said_data(self.outcome),
            "result": self.result.as_dict() if self.result else None,
            "target": self.target,
            "rounds": [dict(r) for r in self.rounds],
        }


PUBLIC: None = None
HOST: Literal["host"] = "host"

Viewer = int | Literal["host"] | None  # a seat, the host, or the public (None)


@dataclass(frozen=True, slots=True)
class MissplayReport:
    """Payload of the host-logged ``missplay`` every engine accepts (a fault the table saw)."""

    rule: str = wire(fields.String(
        required=True, metadata={"description": "Rule id of the fault, from the catalogue"}))
    note: str = wire(fields.String(load_default="", validate=validate.Length(max=500),
                                   metadata={"description": "What the table saw, in words"}))


MissplayReportSchema = schema_of(MissplayReport, "MissplayReportSchema")


S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Judgement(Generic[S]):
    """What ``judge`` decided: the verdict, and the state the move leads to (a new value: the
    judged state is untouched until ``push``)."""

    event: Event
    verdict: Verdict
    after: S


def restore(state: Any, source: Any) -> None:
    """Make ``state`` hold what ``source`` holds, in place (the service keeps its reference)."""
    if is_dataclass(state):
        for f in dataclass_fields(state):
            setattr(state, f.name, getattr(source, f.name))
    else:
        state.__dict__.clear()
        state.__dict__.update(source.__dict__)


class Engine(Generic[S]):
    """Base class of the rule engines. Subclasses fill in the class attributes and methods.

    An engine declares ``registry`` (a ``Moves`` registry): each move type with its payload and
    its rule, which judges a move that passed the shared checks and changes the state in place,
    raising Impossible before it changes anything. ``event_types``, ``host_only``, ``calls``,
    ``states_cards`` and ``costly_moves`` are derived from the registry.

    ``event_types`` maps each move type to the marshmallow schema of its payload; the service
    validates payloads with it before ``apply`` sees them, so ``apply`` may trust their shape
    (not their sense: that is what it judges). ``host_only`` lists the types only the host may log.
    Every engine accepts ``missplay`` (host only): a fault the table reports, one of
    ``reportable_missplays`` (rule id -> a message describing the fault); the engine applies
    the rules' penalty.
    ``calls`` lists the move types that are calls or announcements.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    rules_file: ClassVar[str]  # the rule text in the shared rules folder
    catalogue: ClassVar[str]  # docs/rules/<game>.md
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_schema: ClassVar[type[Schema]]
    #: Every move type with its payload and its rule (instances may bind the rules: see
    #: ``Moves.handled_by``); ``apply`` dispatches through it.
    registry: Moves
    event_types: ClassVar[Mapping[str, type[Schema]]]
    host_only: ClassVar[frozenset[str]] = frozenset({"missplay"})
    #: The calls and announcements of the game (« Citron Coco », « carte »…): said aloud at the
    #: table, so a seat cannot take one back; only the host may void it.
    calls: ClassVar[frozenset[str]] = frozenset()
    # Move type -> whose cards it may state (NO_CARDS, OWN_CARDS, OTHERS_CARDS).
    states_cards: ClassVar[Mapping[str, str]] = {}
    reportable_missplays: ClassVar[Mapping[str, Message]] = {}  # rule -> what the fault is
    #: Moves the table confirms before they are logged, whatever the state: they end a round,
    #: cost points or give something up (a call, a reveal, a pass that costs a point).
    costly_moves: ClassVar[frozenset[str]] = frozenset()
    state_version: ClassVar[int] = 1  # bump when the state's shape changes: old snapshots drop

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        moves = cls.__dict__.get("registry")  # the types are known at class level
        if isinstance(moves, Moves):
            cls.event_types = moves.schemas()
            cls.host_only = moves.host_only()
            cls.calls = moves.names(call=True)
            cls.states_cards = {t.name: t.states_cards for t in moves}
            cls.costly_moves = moves.names(costly=True)

    def setup(self, options: Mapping[str, Any], seats: int) -> S:
        """The state before the first move; raises InvalidOptions."""
        raise NotImplementedError

    # ---- judging and applying: judge / push / apply ----------------------------------------

    def judge(self, state: S, event: Event) -> Judgement[S]:
        """Judge ``event`` on ``state`` without changing it; raises Impossible."""
        after = clone(state)
        return Judgement(event, self.apply(after, event), after)

    def push(self, state: S, judgement: Judgement[S]) -> None:
        """Make ``state`` the state ``judgement`` leads to."""
        restore(state, judgement.after)

    def apply(self, state: S, event: Event) -> Verdict:
        """``judge`` then ``push``, in one step: the shared checks, then the rule the registry
        holds for the move's type.

        Raises Impossible (leaving ``state`` untouched) when the move cannot have happened.
        """
        return self.registry.play(state, event, self.table(state))

    def table(self, state: S) -> Table:
        """What the shared checks read of the state."""
        return Table(seats=self.seat_count(state), turn=self.turn(state),
                     over=self.is_finished(state))

    def seat_count(self, state: S) -> int:
        """How many seats the table has (states hold it as ``seats``: a count or a list)."""
        seats = getattr(state, "seats", None)
        if isinstance(seats, int):
            return seats
        if isinstance(seats, Sized):
            return len(seats)
        raise NotImplementedError

    # ---- what may be logged now ------------------------------------------------------------

    def legal_moves(self, state: S, seat: int | Literal["host"]) -> tuple[LegalMove, ...]:
        """What ``seat`` (or the host, for the table and on any seat's behalf) may log now, in
        the one shape every game shares. Engines override ``offers``; the host sees every
        seat's moves, its own, and ``missplay`` reports."""
        if seat == HOST:
            own = tuple(m for m in self.offers(state, None) if m.seat is None)
            seats = tuple(m for s in range(self.seat_count(state)) for m in self.offers(state, s))
            return own + seats
        return tuple(m for m in self.offers(state, seat) if not self._host_only(m.type))

    def possible(self, state: S, event: Event) -> bool:
        """Whether ``event`` could be logged now (judged on a copy: nothing changes)."""
        try:
            self.judge(state, event)
        except Impossible:
            return False
        return True

    def trying(self, state: S, move_type: str, seat: int | None,
               payloads: Sequence[Mapping[str, Any]], free: Sequence[str] = ()
               ) -> tuple[LegalMove, ...]:
        """The move with the candidate ``payloads`` the engine would accept now (none: no
        move). The host logs ``seat``'s host-only moves and the table's (``seat`` None)."""
        return self.registry.trying(state, self.table(state), move_type, seat, payloads, free)

    def lost_race(self, seen: S | None, now: S, event: Event) -> int | None:
        """Whether ``event`` lost a race: the seq of another seat's standing move that took
        what it aimed at first (CC-QP-4: the slower quick play is taken back, no fault), so it
        is refused as too slow and nothing is logged. ``seen`` is the table its player saw
        (None: not said); ``now`` the table it would be logged on. None: no race lost."""
        return None

    def _host_only(self, move_type: str) -> bool:
        return move_type in self.host_only

    def offers(self, state: S, seat: int | None) -> tuple[LegalMove, ...]:
        """The moves open to ``seat`` now (``None``: the host's own, for the table).

        Until an engine lists its moves, it answers with every type it knows, payloads left
        free (``LegalMove.free`` names every field), unless the game is over."""
        if self.is_finished(state):
            return ()
        own = seat is None
        return tuple(
            LegalMove(name, ({},), tuple(schema().fields), seat)
            for name, schema in self.event_types.items()
            if (name in self.host_only) == own
        )

    # ---- reading the table -----------------------------------------------------------------

    def standings(self, state: S) -> Standings:
        raise NotImplementedError

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What ``viewer`` may see of the table: JSON-ready, hidden cards shown as unknown."""
        raise NotImplementedError

    def turn(self, state: S) -> int | None:
        """The seat whose turn it is (None when the game is over or nobody is to play)."""
        raise NotImplementedError

    def forfeits(self, state: S, event: Event) -> tuple[Message, ...]:
        """What ``event`` would make a seat give up that it was owed (an unused power), as
        messages; empty when nothing. Judged on the state before the move; changes nothing."""
        return ()

    def is_finished(self, state: S) -> bool:
        return self.standings(state).finished

    def rounds_over(self, state: S) -> int:
        """How many rounds (« manches ») of the match are over. A game played as one round
        counts none: its end is the match's (the standings' ``rounds`` may count laps, for
        charts, which end nothing)."""
        return 0

    def public_payload(self, state: S, event: Event, viewer: Viewer) -> Mapping[str, Any]:
        """The payload as ``viewer`` may read it in the log, ``state`` being the match now:
        secrets a seat sealed are hidden from everyone but that seat and the host until the
        rules reveal them."""
        return event.payload
