"""CrocoNounours (perno, 2010): warriors of gelatine fight on a 7×7 board with playing cards.

Importing this package registers the engine.
"""

from referee.engines.croconounours.engine import ENGINE, CrocoNounoursEngine
from referee.engines.croconounours.state import CrocoState

__all__ = ["ENGINE", "CrocoNounoursEngine", "CrocoState"]
