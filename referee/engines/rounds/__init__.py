"""Quick scoring ("rounds only" mode): one ``round`` event per round (CitronCoco) or per game
(the others), judged for consistency and scored by the games' own scoring rules.

Each module wraps its game's engine (setup, scoring functions, outcome) rather than copying it;
the move-by-move engines are left as they are. ``rounds_engine(game)`` gives a game's
rounds-only engine, under the same contract as the others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.engines.base import Engine, get_engine

_CACHE: dict[str, Engine[Any]] = {}


def rounds_engine(game: str) -> Engine[Any]:
    """The rounds-only engine of ``game`` (KeyError: no such game)."""
    if game not in _CACHE:
        from referee.engines.rounds import citroncoco, croconounours, neurotrio, plouc

        makers: dict[str, Callable[[Any], Engine[Any]]] = {
            "citroncoco": citroncoco.CitronCocoRounds,
            "citroncoco-teams": citroncoco.CitronCocoRounds,
            "neurotrio": neurotrio.NeurotrioRounds,
            "croconounours": croconounours.CrocoNounoursRounds,
            "plouc": plouc.PloucRounds}
        _CACHE[game] = makers[game](get_engine(game))
    return _CACHE[game]
