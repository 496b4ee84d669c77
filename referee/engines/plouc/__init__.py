"""Carte et Plouc: the shedding game of Charlotte, its stacking penalties and its eight variants.

The engine never sees a hand. It knows every card that goes down on the discard (all public),
how many cards each seat holds, how many lie in the stock, whose turn it is, which way play goes
and what the next player owes (the 7s and the king of spades stack into one draw). Each clause it
judges is numbered in ``docs/rules/plouc.md`` (ids ``PL-…``).

The package: ``options`` (the match's options, one frozen dataclass), ``moves`` (each move's
payload, declared once, and who may log it), ``state``, ``effects`` (the cards' powers, a
table), ``checks`` (whether a play is possible), ``table`` (the changes moves make), ``calls``
(the calls' rules), ``rules`` (each move type judged and applied, the registry binding them, the
set-up), ``legal`` (what may be logged now), ``scoring`` (the standings), ``view`` (the shared
view), ``engine`` (the contract's face of them). Helpers take the state, never the engine.
"""

from __future__ import annotations

from referee.engines.cards import standard_deck
from referee.engines.plouc.calls import FLAGGABLE, PROVABLE
from referee.engines.plouc.checks import check_play, legal_plays
from referee.engines.plouc.effects import (
    ACE,
    KING,
    KING_DRAW,
    KING_OF_SPADES,
    QUEEN,
    SEVEN,
    SEVEN_DRAW,
    SEVEN_OF_SPADES,
    SIX,
    SQUARE,
    SWEAR_DRAW,
    TEN,
    THREE_OF_CLUBS,
    is_special,
    special_cards_rule,
)
from referee.engines.plouc.engine import PloucEngine
from referee.engines.plouc.moves import MOVES
from referee.engines.plouc.options import DECK_SIZE, VARIANTS, PloucOptions, PloucOptionsSchema
from referee.engines.plouc.state import OpenFlag, PloucState, SeatState
from referee.engines.plouc.table import draw_due, drawable


def full_deck() -> list[str]:
    """The 52 cards, written as the table types them (used by tests and callers)."""
    return [str(c) for c in standard_deck()]


ENGINE = PloucEngine()

__all__ = [
    "ACE", "DECK_SIZE", "ENGINE", "FLAGGABLE", "KING", "KING_DRAW", "KING_OF_SPADES", "MOVES",
    "PROVABLE", "QUEEN", "SEVEN", "SEVEN_DRAW", "SEVEN_OF_SPADES", "SIX", "SQUARE", "SWEAR_DRAW",
    "TEN", "THREE_OF_CLUBS", "VARIANTS", "OpenFlag", "PloucEngine", "PloucOptions",
    "PloucOptionsSchema", "PloucState", "SeatState", "check_play", "draw_due", "drawable",
    "full_deck", "is_special", "legal_plays", "special_cards_rule",
]
