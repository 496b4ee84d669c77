"""The rule engines: pure, deterministic judges of each game's moves.

This package builds the registry of engines from the games, move by move (``REGISTRY``) and
rounds only (``ROUNDS``: each game's ``rounds.py``, a variant of its engine on the shared
``rounds`` module); nothing below it imports it back.
"""

from __future__ import annotations

from typing import Any

from referee.engines.base import Engine, Event, Impossible, Verdict
from referee.engines.citroncoco import ENGINE as CITRONCOCO
from referee.engines.citroncoco import TEAMS_ENGINE as CITRONCOCO_TEAMS
from referee.engines.citroncoco.rounds import CitronCocoRounds, CitronCocoTeamsRounds
from referee.engines.croconounours import ENGINE as CROCONOUNOURS
from referee.engines.croconounours.rounds import CrocoNounoursRounds
from referee.engines.neurotrio import ENGINE as NEUROTRIO
from referee.engines.neurotrio.rounds import NeurotrioRounds
from referee.engines.plouc import ENGINE as PLOUC
from referee.engines.plouc.rounds import PloucRounds
from referee.engines.rounds import RoundsEngine

#: Every game's engine, by its id.
REGISTRY: dict[str, Engine[Any]] = {
    engine.id: engine
    for engine in (CITRONCOCO, CITRONCOCO_TEAMS, CROCONOUNOURS, NEUROTRIO, PLOUC)}

#: Every game's rounds-only engine (quick scoring), by the game's id.
ROUNDS_OF: dict[str, type[RoundsEngine]] = {
    "citroncoco": CitronCocoRounds,
    "citroncoco-teams": CitronCocoTeamsRounds,
    "croconounours": CrocoNounoursRounds,
    "neurotrio": NeurotrioRounds,
    "plouc": PloucRounds,
}
ROUNDS: dict[str, Engine[Any]] = {game: ROUNDS_OF[game](engine)
                                  for game, engine in REGISTRY.items()}


def get_engine(game_id: str) -> Engine[Any]:
    """The engine of ``game_id`` (KeyError: no such game)."""
    return REGISTRY[game_id]


def rounds_engine(game_id: str) -> Engine[Any]:
    """The rounds-only engine of ``game_id`` (KeyError: no such game)."""
    return ROUNDS[game_id]


__all__ = ["REGISTRY", "ROUNDS", "Engine", "Event", "Impossible", "Verdict", "get_engine",
           "rounds_engine"]
