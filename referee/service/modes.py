"""How a match is scored: move by move (``moves``, the default) or round by round
(``rounds``: quick scoring, one ``round`` event per round, the rules still applied)."""

from __future__ import annotations

from typing import Any

from referee.engines import get_engine, rounds_engine
from referee.engines.base import Engine

MOVES, ROUNDS = "moves", "rounds"
MODES = (MOVES, ROUNDS)


def engine_in(game: str, mode: str) -> Engine[Any]:
    """The engine judging a match of ``game`` played in ``mode`` (KeyError: no such game)."""
    return rounds_engine(game) if mode == ROUNDS else get_engine(game)


def engine_of(match: Any) -> Engine[Any]:
    return engine_in(match.game, getattr(match, "mode", None) or MOVES)
