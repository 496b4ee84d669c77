"""Who may log what: the host, or a seat for itself, and whose cards a move may state.

Each game declares, per move type, whose cards it states (``Engine.states_cards``). A seat may
state its own cards and those the rules make it show (a Spy's card, a teammate's card in a
team's sum, the cards it draws); a move stating other seats' hidden cards is the host's.
"""

from __future__ import annotations

from typing import Any

from referee.engines.base import Engine
from referee.engines.moves import NO_CARDS, OTHERS_CARDS
from referee.service.errors import Forbidden
from referee.service.sentences import MoveName, sentence


def whose_cards(engine: Engine[Any], move_type: str) -> str:
    """What cards a move type states; the platform's own moves (void, challenge…) state none."""
    return engine.states_cards.get(move_type, NO_CARDS)


def stating_others(engine: Engine[Any]) -> frozenset[str]:
    """The move types that state other seats' hidden cards: the host's to log."""
    return frozenset(t for t, whose in engine.states_cards.items() if whose == OTHERS_CARDS)


def check_cards(engine: Engine[Any], move_type: str, host: bool) -> None:
    """Refuse a seat's token a move that states other seats' hidden cards, saying why."""
    if not host and whose_cards(engine, move_type) == OTHERS_CARDS:
        raise Forbidden(sentence("Only the host may log {move}: it states other seats' "
                                 "hidden cards, which a seat's token may not write.",
                                 move=MoveName(move_type)), where="type")
