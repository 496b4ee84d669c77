"""What the rounds-only engines share: the engine shell around a game's own engine, and a plain
per-seat score state for the games scored once, at their end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engines.base import Engine, Event, Impossible, Line, Standings, Verdict
from referee.engines.messages import Outcome, Said

ROUND = "round"


class RoundsEngine(Engine[Any]):
    """A game's engine in rounds-only mode: same id, title, options and seats as the game's."""

    unit_rule = ""  # the clause a move other than ``round`` is refused under

    def __init__(self, base: Engine[Any]) -> None:
        self.base = base
        self.id = base.id  # type: ignore[misc]
        self.title = base.title  # type: ignore[misc]
        self.rules_file = base.rules_file  # type: ignore[misc]
        self.catalogue = base.catalogue  # type: ignore[misc]
        self.min_seats = base.min_seats  # type: ignore[misc]
        self.max_seats = base.max_seats  # type: ignore[misc]
        self.options_schema = base.options_schema  # type: ignore[misc]
        self.state_version = 1000 + base.state_version  # type: ignore[misc]
        self.host_only = frozenset({"missplay"})  # type: ignore[misc]
        self.reportable_missplays = {}  # type: ignore[misc]

    def apply(self, state: Any, event: Event) -> Verdict:
        if event.type != ROUND:
            raise Impossible.of(self.unit_rule, "rounds.round_only", "type", type=event.type)
        return self.apply_round(state, event.payload)

    def apply_round(self, state: Any, payload: Mapping[str, Any]) -> Verdict:
        raise NotImplementedError

    def turn(self, state: Any) -> int | None:
        return None


@dataclass
class FinalScore:
    """A game scored once at its end: each side's points by source, once the end is logged."""

    sides: list[tuple[int, ...]]
    sources: list[dict[str, int]] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    outcome: Said = ""  # the result's message (a sentence, in games not speaking in messages)
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

