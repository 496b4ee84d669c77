"""Quick scoring ("rounds only" mode): one ``round`` event per round (CitronCoco) or per game
(the others), judged for consistency and scored by the games' own scoring rules.

Each module wraps its game's engine (setup, scoring functions, outcome) rather than copying it;
the move-by-move engines are left as they are. ``ROUNDS_OF`` gives, by game id, the class of a
game's rounds-only engine, made from the game's own engine (``referee.engines`` builds them).
"""

from __future__ import annotations

from referee.engines.rounds.citroncoco import CitronCocoRounds, CitronCocoTeamsRounds
from referee.engines.rounds.common import RoundsEngine
from referee.engines.rounds.croconounours import CrocoNounoursRounds
from referee.engines.rounds.neurotrio import NeurotrioRounds
from referee.engines.rounds.plouc import PloucRounds

ROUNDS_OF: dict[str, type[RoundsEngine]] = {
    "citroncoco": CitronCocoRounds,
    "citroncoco-teams": CitronCocoTeamsRounds,
    "neurotrio": NeurotrioRounds,
    "croconounours": CrocoNounoursRounds,
    "plouc": PloucRounds,
}

__all__ = ["ROUNDS_OF", "RoundsEngine"]
