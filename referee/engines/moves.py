"""The move registry: each move type declared once, and the checks every game shares.

A game declares its moves as ``MoveType`` values in one ``Moves`` registry, the one dispatch of
every engine: a move's type names its payload and its handler (``Moves.handled_by``).

- ``schema``: the marshmallow schema of the payload (the service validates with it, the API
  documents it); ``payload``: the frozen dataclass the engine reads it into (``read``);
  ``handler``: the rule that judges the move and changes the state (``handler(state, event,
  payload)``, raising ``Impossible`` before it changes anything);
- ``who``: who may log it — ``SEAT`` (the seat whose move it is), ``HOST`` (only the host's
  token), ``SEAT_OR_HOST`` (a seat, or the host on a seat's behalf), ``TABLE`` (the host, for the
  table as a whole: no seat), ``ANYONE`` (any seat or the host; a seat, when given, is checked),
  ``UNCHECKED`` (no shared check at all: a round's scores, checked by the round's own rule);
- ``on_turn``: only the seat whose turn it is; ``after_end``: still possible once the game is
  over; ``call``: said aloud at the table (a seat cannot take it back); ``states_cards``: whose
  hidden cards the payload may state (``NO_CARDS``, ``OWN_CARDS``, ``OTHERS_CARDS``);
  ``costly``: the table confirms it before it is logged.

``Moves.check`` does the seat, host, turn and game-over checks once for every game, with the
game's own rule ids (``Checks``), before the game's own judging sees the move.

``LegalMove`` is the one shape of "what may this seat log now", for every game: the type and
the complete payloads it allows (a pad filters them: choose a card, highlight where it fits).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal

from marshmallow import Schema
from marshmallow import fields as wire_fields
from marshmallow.utils import missing

from referee.engines.clone import clone
from referee.engines.events import Event, Impossible

if TYPE_CHECKING:
    from referee.engines.events import Verdict

Who = Literal["seat", "host", "seat_or_host", "table", "anyone", "unchecked"]
SEAT: Who = "seat"
HOST_ONLY: Who = "host"
SEAT_OR_HOST: Who = "seat_or_host"
TABLE: Who = "table"
ANYONE: Who = "anyone"
UNCHECKED: Who = "unchecked"

#: A move's rule: judges the move (raising ``Impossible`` before any change), then applies it.
Handler = Callable[[Any, "Event", Any], "Verdict"]

# Whose cards a move type may state.
NO_CARDS = "none"  # no hidden card: a choice, a count, or cards face up for all to see
OWN_CARDS = "own"  # the logging seat's own, or those the rules make it show (a power's card)
OTHERS_CARDS = "others"  # other seats' hidden cards: only the host logs it


def wire(field: wire_fields.Field) -> Any:
    """A payload dataclass's field, declared with the marshmallow field that reads and
    documents it; the dataclass's default is the field's ``load_default`` (when it has one; a
    callable one makes each default)."""
    default = field.load_default
    if default is missing:
        return dataclasses.field(metadata={"wire": field})
    if callable(default):
        return dataclasses.field(default_factory=default, metadata={"wire": field})
    return dataclasses.field(default=default, metadata={"wire": field})


_SCHEMAS: dict[type, type[Schema]] = {}


def schema_of(payload: type, name: str = "") -> type[Schema]:
    """The marshmallow schema of a payload dataclass declared with ``wire`` fields (made once
    per class: a schema shared by several moves stays one schema)."""
    if payload not in _SCHEMAS:
        declared = {f.name: f.metadata["wire"] for f in fields(payload)}
        _SCHEMAS[payload] = Schema.from_dict(declared, name=name or f"{payload.__name__}Schema")
    return _SCHEMAS[payload]


@dataclass(frozen=True, slots=True)
class NoPayload:
    """The payload of a move that carries nothing but its type and seat."""


@dataclass(frozen=True, slots=True)
class MoveType:
    """One move type of a game, declared once."""

    name: str
    schema: type[Schema]
    payload: type = NoPayload
    who: Who = SEAT
    on_turn: bool = False
    after_end: bool = False
    call: bool = False
    states_cards: str = NO_CARDS
    costly: bool = False
    handler: Handler | None = None

    def read(self, raw: Mapping[str, Any]) -> Any:
        """The validated payload as this move's frozen dataclass (fields the payload omits keep
        the dataclass's defaults)."""
        names = {f.name for f in fields(self.payload)}
        return self.payload(**{k: v for k, v in raw.items() if k in names})

    @property
    def host_only(self) -> bool:
        return self.who in (HOST_ONLY, TABLE)


def move(name: str, payload: type = NoPayload, **how: Any) -> MoveType:
    """A move type declared once: its payload dataclass (``wire`` fields) gives its schema."""
    return MoveType(name, schema_of(payload), payload, **how)


@dataclass(frozen=True, slots=True)
class Checks:
    """The game's rule ids for the shared checks."""

    log: str  # unknown type, host-only type
    turn: str  # not this seat's turn
    over: str  # the game is over
    seat: str = ""  # a seat the table does not have (default: ``log``)
    no_seat: str = ""  # no seat given for a seat's move (default: ``log``)
    host: str = ""  # a host-only move logged without the host's token (default: ``log``)
    unknown: str = "move.unknown"  # the message refusing a type the game does not know


@dataclass(frozen=True, slots=True)
class Table:
    """What the shared checks need to know of the state, read by the engine."""

    seats: int
    turn: int | None
    over: bool


class Moves:
    """A game's move types, by name, with the shared checks."""

    def __init__(self, checks: Checks, *types: MoveType) -> None:
        self.checks = checks
        self.types: dict[str, MoveType] = {t.name: t for t in types}

    def handled_by(self, handlers: Mapping[str, Handler]) -> Moves:
        """The same moves, each with its rule from ``handlers`` (every type needs one)."""
        missing = self.types.keys() - handlers.keys()
        if missing:
            raise TypeError(f"no rule for {sorted(missing)}")
        return Moves(self.checks, *(replace(t, handler=handlers[t.name]) for t in self))

    def play(self, state: Any, event: Event, table: Table) -> Verdict:
        """The move judged and applied by its type's rule, once the shared checks pass."""
        move = self.check(table, event)
        if move.handler is None:
            raise TypeError(f"no rule for {move.name!r}")
        return move.handler(state, event, move.read(event.payload))

    def accepts(self, state: Any, event: Event, table: Table) -> bool:
        """Whether ``event`` could be logged now (judged on a clone: nothing changes)."""
        try:
            self.play(clone(state), event, table)
        except Impossible:
            return False
        return True

    def trying(self, state: Any, table: Table, move_type: str, seat: int | None,
               payloads: Sequence[Mapping[str, Any]], free: Sequence[str] = ()
               ) -> tuple[LegalMove, ...]:
        """The move with the candidate ``payloads`` the rules would accept now (none: no
        move). The host logs ``seat``'s host-only moves and the table's (``seat`` None)."""
        by_host = seat is None or self.types[move_type].host_only
        kept = tuple(p for p in payloads
                     if self.accepts(state, Event(move_type, seat, p, by_host=by_host), table))
        return (LegalMove(move_type, kept, tuple(free), seat),) if kept else ()

    def __getitem__(self, name: str) -> MoveType:
        return self.types[name]

    def __contains__(self, name: object) -> bool:
        return name in self.types

    def __iter__(self) -> Iterator[MoveType]:
        return iter(self.types.values())

    def schemas(self) -> dict[str, type[Schema]]:
        return {t.name: t.schema for t in self}

    def names(self, **where: Any) -> frozenset[str]:
        """Names of the types whose attributes match ``where`` (``names(call=True)``)."""
        return frozenset(t.name for t in self if all(getattr(t, k) == v for k, v in where.items()))

    def host_only(self) -> frozenset[str]:
        return frozenset(t.name for t in self if t.host_only)

    def check(self, table: Table, event: Event) -> MoveType:
        """The move's type once the shared checks pass; raises Impossible otherwise."""
        move = self.types.get(event.type)
        rules = self.checks
        if move is None:
            raise Impossible.of(rules.log, rules.unknown, "type", type=event.type)
        if move.host_only and not event.by_host:
            raise Impossible.of(rules.host or rules.log, "move.host_only", "type",
                                type=event.type)
        if move.who == UNCHECKED:
            return move
        if move.who != TABLE and not (move.who == ANYONE and event.seat is None):
            self._check_seat(move, table, event)
        if table.over and not move.after_end:
            raise Impossible.of(rules.over, "move.game_over", type=event.type)
        if move.on_turn and table.turn is not None and event.seat != table.turn:
            raise Impossible.of(rules.turn, "move.not_your_turn", "seat",
                                turn_seat=table.turn, seat=event.seat, type=event.type)
        return move

    def _check_seat(self, move: MoveType, table: Table, event: Event) -> None:
        if event.seat is None:
            if move.who == SEAT_OR_HOST and event.by_host:
                return  # the host logs it for the table
            raise Impossible.of(self.checks.no_seat or self.checks.log, "move.needs_seat",
                                "seat", type=move.name)
        if not 0 <= event.seat < table.seats:
            raise Impossible.of(self.checks.seat or self.checks.log, "move.no_such_seat",
                                "seat", seat_number=event.seat)


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A move a seat (or the host) may log now, and every payload it may carry.

    ``payloads`` lists complete payloads (``[{}]`` for a move without one); ``free`` names the
    payload fields the engine cannot enumerate (a note, a rule id the host picks, a count only
    the table knows): any value the schema accepts will do for those."""

    type: str
    payloads: tuple[Mapping[str, Any], ...] = ({},)
    free: tuple[str, ...] = ()
    seat: int | None = None  # the seat it is logged for (None: the table, by the host)

    def choices(self) -> dict[str, list[Any]]:
        """Each payload field and the values it takes across ``payloads`` (first seen first)."""
        out: dict[str, list[Any]] = {}
        for payload in self.payloads:
            for key, value in payload.items():
                seen = out.setdefault(key, [])
                if value not in seen:
                    seen.append(value)
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat,
                "payloads": [dict(p) for p in self.payloads],
                "choices": self.choices(), "free": list(self.free)}


def legal(type_: str, payloads: Sequence[Mapping[str, Any]] = ({},), *, seat: int | None = None,
          free: Sequence[str] = ()) -> LegalMove:
    """Shorthand for engines: ``legal("play", [{"cards": ["7S"]}], seat=2)``."""
    return LegalMove(type_, tuple(payloads), tuple(free), seat)


__all__ = ["ANYONE", "HOST_ONLY", "NO_CARDS", "OTHERS_CARDS", "OWN_CARDS", "SEAT", "SEAT_OR_HOST",
           "TABLE", "UNCHECKED", "Checks", "Handler", "LegalMove", "MoveType", "Moves",
           "NoPayload", "Table", "Who", "legal", "move", "schema_of", "wire"]
