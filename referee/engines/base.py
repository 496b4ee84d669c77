"""The engine contract: what every game's rule engine offers the service layer.

An engine is pure: the same events give the same states and the same verdicts, always. It never
deals, shuffles or reads a clock; the cards are dealt at the table and the engine only learns what
the table makes public.

Shape (after python-chess: small values, one board, legality separate from pushing):

- ``Event``      a logged move: type, seat, payload (already validated by the type's schema).
- ``Verdict``    what the engine decided about a move that happened: ``ok`` or ``missplay``.
- ``Impossible`` raised when a move cannot have happened; nothing is appended.
- ``Standings``  the running totals toward the finish, and the outcome once there is one.
- ``Engine``     setup / apply / standings / view, plus the game's move vocabulary.

``apply`` judges first and changes the state only once the move is known to be possible: when it
raises ``Impossible`` the state it was given is exactly as before (the contract tests check this).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from marshmallow import Schema, fields, validate

VerdictKind = Literal["ok", "missplay"]


class EngineError(Exception):
    """Base of the errors an engine raises; each carries a rule id and a sentence."""

    def __init__(self, rule: str, reason: str, where: str | None = None) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.where = where  # e.g. "payload.slot" or "seat": which part of the move was wrong

    def as_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "reason": self.reason, "where": self.where}


class Impossible(EngineError):
    """The move cannot have happened given the state: it is refused and nothing is logged."""


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
    reason: str
    penalty: str | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a move that happened at the table."""

    kind: VerdictKind
    rule: str
    reason: str
    penalty: str | None = None  # what the rules make the offender do, in words
    effects: tuple[str, ...] = ()  # what else the move did, in words ("seat 2 skips a turn")
    flags: tuple[Flag, ...] = ()  # findings on earlier events, proven by this one

    @classmethod
    def ok(cls, rule: str, reason: str, *effects: str, flags: tuple[Flag, ...] = ()) -> Verdict:
        return cls("ok", rule, reason, None, tuple(effects), flags)

    @classmethod
    def missplay(cls, rule: str, reason: str, penalty: str, *effects: str) -> Verdict:
        return cls("missplay", rule, reason, penalty, tuple(effects))

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "reason": self.reason,
            "penalty": self.penalty,
            "effects": list(self.effects),
            "flags": [
                {"seq": f.seq, "rule": f.rule, "reason": f.reason, "penalty": f.penalty}
                for f in self.flags
            ],
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
    outcome: str = ""  # a sentence: "Seat 2 wins with 87 coconuts"
    target: int | None = None  # e.g. 200 coconuts
    rounds: tuple[Mapping[str, int], ...] = ()  # running totals per side after each round

    def as_dict(self) -> dict[str, Any]:
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
            "outcome": self.outcome,
            "target": self.target,
            "rounds": [dict(r) for r in self.rounds],
        }


PUBLIC: None = None
HOST: Literal["host"] = "host"

# Whose cards a move type may state (``Engine.states_cards``).
NO_CARDS = "none"  # no hidden card: a choice, a count, or cards face up for all to see
OWN_CARDS = "own"  # the logging seat's own, or those the rules make it show (a power's card)
OTHERS_CARDS = "others"  # other seats' hidden cards: only the host logs it
Viewer = int | Literal["host"] | None  # a seat, the host, or the public (None)


class MissplayReportSchema(Schema):
    """Payload of the host-logged ``missplay`` every engine accepts (a fault the table saw)."""

    rule = fields.String(
        required=True, metadata={"description": "Rule id of the fault, from the catalogue"}
    )
    note = fields.String(load_default="", validate=validate.Length(max=500),
                         metadata={"description": "What the table saw, in words"})


S = TypeVar("S")


class Engine(Generic[S]):
    """Base class of the rule engines. Subclasses fill in the class attributes and methods.

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
    event_types: ClassVar[Mapping[str, type[Schema]]]
    host_only: ClassVar[frozenset[str]] = frozenset({"missplay"})
    # Move type -> whose cards it may state (NO_CARDS, OWN_CARDS, OTHERS_CARDS); every type is
    # declared. A move stating other seats' hidden cards is the host's to log.
    states_cards: ClassVar[Mapping[str, str]] = {}
    #: The calls and announcements of the game (« Citron Coco », « carte »…): said aloud at the
    #: table, so a seat cannot take one back; only the host may void it.
    calls: ClassVar[frozenset[str]] = frozenset()
    reportable_missplays: ClassVar[Mapping[str, str]] = {}
    #: Moves the table confirms before they are logged, whatever the state: they end a round,
    #: cost points or give something up (a call, a reveal, a pass that costs a point).
    costly_moves: ClassVar[frozenset[str]] = frozenset()
    state_version: ClassVar[int] = 1  # bump when the state's shape changes: old snapshots drop

    def setup(self, options: Mapping[str, Any], seats: int) -> S:
        """The state before the first move; raises InvalidOptions."""
        raise NotImplementedError

    def apply(self, state: S, event: Event) -> Verdict:
        """Judge ``event`` and, when it is possible, change ``state`` in place.

        Raises Impossible (leaving ``state`` untouched) when the move cannot have happened.
        """
        raise NotImplementedError

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
