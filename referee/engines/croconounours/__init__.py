"""CrocoNounours (perno, 2010): warriors of gelatine fight on a 7×7 board with playing cards.

The package: ``options`` (their schema and one frozen value), ``moves`` (each move's payload,
declared once), ``state``, ``board`` (squares), ``pack`` (card values and suits), ``table`` (small
questions: sides, steps, reach, whose turn), ``checks``, the rules of each phase (``setup``,
``turn``, ``attacks``, ``defence``), ``rules`` (the registry binding them, the deal, what the
shared checks read), ``legal``, ``scoring``, ``view`` and ``engine`` (the contract's face).
"""

from referee.engines.croconounours.engine import ENGINE, CrocoNounoursEngine
from referee.engines.croconounours.state import CrocoState

__all__ = ["ENGINE", "CrocoNounoursEngine", "CrocoState"]
