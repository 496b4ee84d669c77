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

import copy
from collections.abc import Callable, Mapping, Sequence, Sized
from dataclasses import dataclass, field, is_dataclass
from dataclasses import fields as dataclass_fields
from typing import Any, ClassVar, Generic, Literal, TypeVar

from marshmallow import Schema, fields, validate

from referee.engines.messages import Message, Outcome, Said, plain, speak
from referee.engines.moves import (  # noqa: F401  (whose cards a move may state, re-exported)
    NO_CARDS,
    OTHERS_CARDS,
    OWN_CARDS,
    LegalMove,
    Moves,
    MoveType,
    Table,
)

Render = Callable[[Said | None], str]

VerdictKind = Literal["ok", "missplay"]


class EngineError(Exception):
    """Base of the errors an engine raises; each carries a rule id and what was wrong: a
    ``Message`` (``Impossible.of(rule, message_id, where, **params)``), or a sentence from the
    engines not yet speaking in messages."""

    def __init__(self, rule: str, reason: Said, where: str | None = None) -> None:
        super().__init__(f"{rule}: {plain(reason)}")
        self.rule = rule
        self.said = reason
        self.where = where  # e.g. "payload.slot" or "seat": which part of the move was wrong

    @classmethod
    def of(cls, rule: str, message_id: str, where: str | None = None, /,
           **params: Any) -> EngineError:
        return cls(rule, Message(message_id, params), where)

    @property
    def message(self) -> Message | None:
        return self.said if isinstance(self.said, Message) else None

    @property
    def reason(self) -> str:
        """The sentence, for engines that still write one; the id and parameters otherwise."""
        return plain(self.said)

    def as_dict(self, render: Render = speak) -> dict[str, Any]:
        data = self.message.as_dict() if self.message else {"message_id": None, "params": {}}
        return {"rule": self.rule, "reason": render(self.said), "where": self.where, **data}


class Impossible(EngineError):
    """The move cannot have happened given the state: it is refused and nothing is logged."""

    @classmethod
    def of(cls, rule: str, message_id: str, where: str | None = None, /,
           **params: Any) -> Impossible:
        return cls(rule, Message(message_id, params), where)


class InvalidOptions(EngineError):
    """The match's options or seat list do not make a game of this kind."""


@dataclass(frozen=True, slots=True)
class Event:
    """One logged move, as the engine sees it."""

    type: str
    seat: int | None
    payload: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0
    by_host: bool = False  # logged with the host's token (host-only types need it)


@dataclass(frozen=True, slots=True)
class Flag:
    """A finding about an earlier event that only later information could prove."""

    seq: int
    rule: str
    reason: Said
    penalty: Said | None = None

    def as_dict(self, render: Render = speak) -> dict[str, Any]:
        return {"seq": self.seq, "rule": self.rule, "reason": render(self.reason),
                **said_data(self.reason), "penalty": render(self.penalty) or None,
                "penalty_data": said_data(self.penalty)}


def said_data(said: Said | None) -> dict[str, Any]:
    """``message_id`` and ``params`` of what an engine said (None and {} for a sentence)."""
    if isinstance(said, Message):
        return said.as_dict()
    return {"message_id": None, "params": {}}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a move that happened at the table: data, rendered by the service."""

    kind: VerdictKind
    rule: str
    reason: Said
    penalty: Said | None = None  # what the rules make the offender do
    effects: tuple[Said, ...] = ()  # what else the move did ("seat 2 skips a turn")
    flags: tuple[Flag, ...] = ()  # findings on earlier events, proven by this one

    @classmethod
    def ok(cls, rule: str, reason: Said, *effects: Said, flags: tuple[Flag, ...] = ()) -> Verdict:
        return cls("ok", rule, reason, None, tuple(effects), flags)

    @classmethod
    def missplay(cls, rule: str, reason: Said, penalty: Said, *effects: Said) -> Verdict:
        return cls("missplay", rule, reason, penalty, tuple(effects))

    @property
    def message(self) -> Message | None:
        return self.reason if isinstance(self.reason, Message) else None

    def as_dict(self, render: Render = speak) -> dict[str, Any]:
        """JSON-ready: the rendered sentences (``reason``, ``penalty``, ``effects``) beside the
        data they come from (``message_id``, ``params``, ``penalty_data``, ``effects_data``)."""
        return {
            "kind": self.kind,
            "rule": self.rule,
            "reason": render(self.reason),
            **said_data(self.reason),
            "penalty": render(self.penalty) or None,
            "penalty_data": said_data(self.penalty),
            "effects": [render(e) for e in self.effects],
            "effects_data": [said_data(e) for e in self.effects],
            "flags": [f.as_dict(render) for f in self.flags],
        }


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
    outcome: Said = ""  # the result's message (or, in engines not converted yet, a sentence)
    target: int | None = None  # e.g. 200 coconuts
    rounds: tuple[Mapping[str, int], ...] = ()  # running totals per side after each round
    result: Outcome | None = None  # the outcome as data, once the game is over

    def as_dict(self, render: Render = speak) -> dict[str, Any]:
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


class MissplayReportSchema(Schema):
    """Payload of the host-logged ``missplay`` every engine accepts (a fault the table saw)."""

    rule = fields.String(
        required=True, metadata={"description": "Rule id of the fault, from the catalogue"}
    )
    note = fields.String(load_default="", validate=validate.Length(max=500),
                         metadata={"description": "What the table saw, in words"})


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

    A converted engine declares ``registry`` (a ``Moves`` registry) and implements ``play``: judge
    one move that passed the shared checks and change the state in place, raising Impossible
    before it changes anything. ``event_types``, ``host_only``, ``calls``, ``states_cards`` and
    ``costly_moves`` are then derived from the registry. Engines not converted yet declare those
    attributes by hand and override ``apply``.

    ``event_types`` maps each move type to the marshmallow schema of its payload; the service
    validates payloads with it before ``apply`` sees them, so ``apply`` may trust their shape
    (not their sense: that is what it judges). ``host_only`` lists the types only the host may log.
    Every engine accepts ``missplay`` (host only): a fault the table reports, one of
    ``reportable_missplays`` (rule id -> description); the engine applies the rules' penalty.
    ``calls`` lists the move types that are calls or announcements.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    rules_file: ClassVar[str]  # the rule text in the shared rules folder
    catalogue: ClassVar[str]  # docs/rules/<game>.md
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_schema: ClassVar[type[Schema]]
    registry: ClassVar[Moves | None] = None
    event_types: ClassVar[Mapping[str, type[Schema]]]
    host_only: ClassVar[frozenset[str]] = frozenset({"missplay"})
    #: The calls and announcements of the game (« Citron Coco », « carte »…): said aloud at the
    #: table, so a seat cannot take one back; only the host may void it.
    calls: ClassVar[frozenset[str]] = frozenset()
    # Move type -> whose cards it may state (NO_CARDS, OWN_CARDS, OTHERS_CARDS).
    states_cards: ClassVar[Mapping[str, str]] = {}
    reportable_missplays: ClassVar[Mapping[str, str]] = {}
    #: Moves the table confirms before they are logged, whatever the state: they end a round,
    #: cost points or give something up (a call, a reveal, a pass that costs a point).
    costly_moves: ClassVar[frozenset[str]] = frozenset()
    state_version: ClassVar[int] = 1  # bump when the state's shape changes: old snapshots drop

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        moves = cls.__dict__.get("registry")
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
        after = copy.deepcopy(state)
        return Judgement(event, self.apply(after, event), after)

    def push(self, state: S, judgement: Judgement[S]) -> None:
        """Make ``state`` the state ``judgement`` leads to."""
        restore(state, judgement.after)

    def apply(self, state: S, event: Event) -> Verdict:
        """``judge`` then ``push``, in one step: the shared checks, then the game's ``play``.

        Raises Impossible (leaving ``state`` untouched) when the move cannot have happened.
        """
        if self.registry is None:
            raise NotImplementedError
        move = self.registry.check(self.table(state), event)
        return self.play(state, event, move)

    def play(self, state: S, event: Event, move: MoveType) -> Verdict:
        """Judge one move that passed the shared checks and change ``state`` in place; raise
        Impossible before changing anything."""
        raise NotImplementedError

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
        by_host = seat is None or move_type in self.host_only
        kept = tuple(p for p in payloads
                     if self.possible(state, Event(move_type, seat, p, by_host=by_host)))
        return (LegalMove(move_type, kept, tuple(free), seat),) if kept else ()

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

    def forfeits(self, state: S, event: Event) -> tuple[str, ...]:
        """What ``event`` would make a seat give up that it was owed (an unused power), in
        words; empty when nothing. Judged on the state before the move; changes nothing."""
        return ()

    def is_finished(self, state: S) -> bool:
        return self.standings(state).finished

    def public_payload(self, state: S, event: Event, viewer: Viewer) -> Mapping[str, Any]:
        """The payload as ``viewer`` may read it in the log, ``state`` being the match now:
        secrets a seat sealed are hidden from everyone but that seat and the host until the
        rules reveal them."""
        return event.payload


REGISTRY: dict[str, Engine[Any]] = {}


def register(engine: Engine[Any]) -> Engine[Any]:
    REGISTRY[engine.id] = engine
    return engine


def get_engine(game_id: str) -> Engine[Any]:
    from referee import engines  # noqa: F401  (imports every engine module, filling REGISTRY)

    return REGISTRY[game_id]
