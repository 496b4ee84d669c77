"""CitronCoco: the individual game and its team variant, registered at import."""

from referee.engines.base import register
from referee.engines.citroncoco.core import CitronCocoEngine, CitronCocoState
from referee.engines.citroncoco.teams import CitronCocoTeamsEngine

ENGINE = register(CitronCocoEngine())
TEAMS_ENGINE = register(CitronCocoTeamsEngine())

__all__ = ["ENGINE", "TEAMS_ENGINE", "CitronCocoEngine", "CitronCocoState", "CitronCocoTeamsEngine"]
