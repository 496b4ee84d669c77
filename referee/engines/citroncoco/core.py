"""CitronCoco's engine and its state, under the names callers have long imported: the game
lives in ``rules`` (judging), ``quick``, ``powers``, ``cards``, ``turns``, ``moves``,
``options``, ``state``, ``variant`` and ``teams``, ``scoring``, ``legal`` and ``view``; the
engines in ``engine``."""

from referee.engines.citroncoco.engine import CitronCocoEngine
from referee.engines.citroncoco.moves import (
    DiscardSchema,
    DrawSchema,
    EmptySchema,
    ForgoPowerSchema,
    PowerSchema,
    QuickPlaySchema,
    ReplaceSchema,
    RevealSchema,
)
from referee.engines.citroncoco.options import DEFAULT_DECK, CitronCocoOptions, Options
from referee.engines.citroncoco.powers import (
    AUTOMATIC_POWERS,
    POWER_NAMES,
    POWER_RULES,
    POWERS,
    SPECIAL_VALUES,
)
from referee.engines.citroncoco.state import (
    HAND_SIZE,
    CitronCocoState,
    DiscardCard,
    HandCard,
    HeldCard,
    NextTurn,
    RoundSummary,
)

__all__ = ["AUTOMATIC_POWERS", "DEFAULT_DECK", "HAND_SIZE", "POWERS", "POWER_NAMES",
           "POWER_RULES", "SPECIAL_VALUES", "CitronCocoEngine", "CitronCocoOptions",
           "CitronCocoState", "DiscardCard", "DiscardSchema", "DrawSchema", "EmptySchema",
           "ForgoPowerSchema", "HandCard", "HeldCard", "NextTurn", "Options", "PowerSchema",
           "QuickPlaySchema", "ReplaceSchema", "RevealSchema", "RoundSummary"]
