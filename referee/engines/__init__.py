"""The rule engines: pure, deterministic judges of each game's moves.

Importing this package registers every engine in ``base.REGISTRY``.
"""

from referee.engines import citroncoco, croconounours, neurotrio, plouc
from referee.engines.base import REGISTRY, Engine, Event, Impossible, Verdict, get_engine

__all__ = ["REGISTRY", "Engine", "Event", "Impossible", "Verdict", "get_engine",
           "citroncoco", "croconounours", "neurotrio", "plouc"]
