"""Quick scoring (rounds only) in the engine tests: a rounds-only match started, a round logged."""

from __future__ import annotations

from typing import Any

from referee.engines import rounds_engine
from referee.engines.base import Event


def start(game: str, seats: int, **options: Any) -> tuple[Any, Any]:
    """A rounds-only engine and its state at the start, under the options given."""
    engine = rounds_engine(game)
    return engine, engine.setup(engine.options_schema().load(options), seats)


def log(engine: Any, state: Any, **payload: Any) -> Any:
    """A ``round`` event, its payload loaded by the round's schema, applied; its verdict."""
    loaded = engine.event_types["round"]().load(payload)
    return engine.apply(state, Event("round", None, loaded, 1, True))


def totals(engine: Any, state: Any) -> list[int]:
    return [ln.total for ln in engine.standings(state).lines]
