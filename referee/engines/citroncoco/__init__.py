"""CitronCoco: the individual game and its team variant, one engine each."""

from referee.engines.citroncoco.core import CitronCocoEngine, CitronCocoState
from referee.engines.citroncoco.teams import CitronCocoTeamsEngine

ENGINE = CitronCocoEngine()
TEAMS_ENGINE = CitronCocoTeamsEngine()

__all__ = ["ENGINE", "TEAMS_ENGINE", "CitronCocoEngine", "CitronCocoState", "CitronCocoTeamsEngine"]
