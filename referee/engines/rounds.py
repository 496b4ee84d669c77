"""Quick scoring ("rounds only" mode): one ``round`` event per round (CitronCoco) or per game
(the others), judged for consistency and scored by the games' own scoring rules.

Each game's ``rounds.py`` is a variant of its engine (setup, scoring functions, outcome) rather
than a copy. This module holds what they share: the engine shell around a game's own engine, and
a plain per-seat score state for the games scored once, at their end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import Engine, Event, Impossible, Line, Standings, Verdict, Viewer
from referee.engines.messages import Message, Outcome, Said
from referee.engines.moves import UNCHECKED, Checks, Moves, MoveType, Table

ROUND = "round"


class RoundsEngine(Engine[Any]):
    """A game's engine in rounds-only mode: same id, title, options and seats as the game's
    (``game``, copied when the subclass is made); one move, ``round``, judged by
    ``apply_round`` with the game's own engine (``base``) at hand."""

    game: ClassVar[type[Engine[Any]]]
    unit_rule: ClassVar[str] = ""  # the clause a move other than ``round`` is refused under
    round_schema: ClassVar[type[Schema]]
    #: The generation of this mode's own state: its ``state_version`` is this in thousands
    #: plus the game's (bump it when the rounds-only state changes shape or moves).
    rounds_state: ClassVar[int] = 1
    host_only = frozenset({"missplay"})
    reportable_missplays: ClassVar[Mapping[str, Message]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("game")
        if game is not None:
            cls.id, cls.title, cls.rules_file = game.id, game.title, game.rules_file
            cls.catalogue, cls.options_schema = game.catalogue, game.options_schema
            cls.min_seats, cls.max_seats = game.min_seats, game.max_seats
        if game is not None or "rounds_state" in cls.__dict__:
            cls.state_version = 1000 * cls.rounds_state + cls.game.state_version
        if "round_schema" in cls.__dict__:
            cls.event_types = {ROUND: cls.round_schema}
            cls.registry = Moves(Checks(log=cls.unit_rule, turn=cls.unit_rule,
                                        over=cls.unit_rule, unknown="rounds.round_only"),
                                 MoveType(ROUND, cls.round_schema, who=UNCHECKED))

    def __init__(self, base: Engine[Any]) -> None:
        self.base = base
        self.registry = type(self).registry.handled_by({ROUND: self.round_rule})

    def round_rule(self, state: Any, event: Event, payload: Any) -> Verdict:
        return self.apply_round(state, event.payload)

    def apply_round(self, state: Any, payload: Mapping[str, Any]) -> Verdict:
        raise NotImplementedError

    def table(self, state: Any) -> Table:
        """Nothing for the shared checks: the round's own rule checks the whole round."""
        return Table(seats=0, turn=None, over=False)

    def turn(self, state: Any) -> int | None:
        return None

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]:
        """Every viewer alike: whether the round is scored, and each seat's total (a
        ``FinalScore``; a game keeping another state says its own)."""
        return public_view(state.over, [ln.total for ln in self.standings(state).lines])


@dataclass
class FinalScore:
    """A game scored once at its end: each side's points by source, once the end is logged."""

    sides: list[tuple[int, ...]]
    sources: list[dict[str, int]] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    outcome: Said | None = None  # the result's message, once the end is logged
    over: bool = False
    result: Outcome | None = None  # the outcome as data, once the end is logged

    @property
    def seats(self) -> int:
        """How many seats the table has: every side's together."""
        return sum(len(side) for side in self.sides)

    def standings(self, unit: str, lower_is_better: bool) -> Standings:
        lines = tuple(Line(str(i), seats, sum(self.sources[i].values()) if self.sources else 0,
                           dict(self.sources[i]) if self.sources else {})
                      for i, seats in enumerate(self.sides))
        rounds = ({ln.side: ln.total for ln in lines},) if self.over else ()
        return Standings(unit, lower_is_better, lines, self.over, self.winners, self.outcome,
                         None, rounds, self.result)


def seat_list(payload: Mapping[str, Any], key: str, seats: int, rule: str) -> list[Any]:
    values = list(payload[key])
    if len(values) != seats:
        raise Impossible.of(rule, "rounds.one_per_seat", f"payload.{key}", key=key, count=seats,
                            given=len(values))
    return values


def public_view(over: bool, totals: list[int]) -> dict[str, Any]:
    """The table in rounds-only mode: nothing hidden, only totals (every viewer alike)."""
    return {"mode": "rounds", "phase": "over" if over else "scoring", "turn": None,
            "seats": [{"total": t} for t in totals]}

