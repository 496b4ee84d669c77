"""CrocoNounours: two to four sides of three warriors fight on a 7×7 board with playing cards.

The engine never sees a hand: it counts the cards in each hand, in the stock and on the discard
pile, and checks each card played (every played card is public) against what the pack still holds
out of sight. Its moves are declared once (``moves``); each is judged by its rule (``setup``,
``turn``, ``attacks``, ``defence``, bound to its move in ``rules``), which raises ``Impossible``
before it changes anything; the standings are ``scoring``'s, the table is shown by ``view``;
what may be logged now is listed by ``legal``. Helpers take the state, never the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import HOST, Engine, Event, Standings, Viewer
from referee.engines.croconounours import legal, rules, scoring, view
from referee.engines.croconounours.options import OptionsSchema
from referee.engines.croconounours.pack import (  # noqa: F401  (the rules' figures, re-exported)
    DODGE_SUIT,
    HAND_LIMIT,
    MAX_DRAW,
    OPENING_HAND,
    SUIT_OF_BLOW,
    SUIT_OF_STEP,
    card_value,
    counts_as,
    deck_composition,
    is_black,
    is_red,
)
from referee.engines.croconounours.state import Aim, Attack, CrocoState, Warrior  # noqa: F401
from referee.engines.croconounours.table import (  # noqa: F401  (the table's questions)
    can_be_pushed,
    can_step,
    draw_most,
    draw_needed,
    is_enemy,
    is_free,
    occupant,
    on_own_colour,
    out_of_sight,
    protected,
    push_square,
    reach,
    seats_of_side,
    side_standing,
    sides,
    steps,
    team_colours,
    whose_turn,
)
from referee.engines.messages import Message
from referee.engines.moves import LegalMove, Table


class CrocoNounoursEngine(Engine[CrocoState]):
    id: ClassVar[str] = "croconounours"
    title: ClassVar[str] = "CrocoNounours"
    rules_file: ClassVar[str] = "croconounours.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/croconounours.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_schema: ClassVar[type[Schema]] = OptionsSchema
    registry = rules.REGISTRY
    state_version: ClassVar[int] = 2  # 2: reading options and what reports are checked against
    reportable_missplays: ClassVar[Mapping[str, Message]] = rules.REPORTABLE_MISSPLAYS

    def setup(self, options: Mapping[str, Any], seats: int) -> CrocoState:
        return rules.deal(options, seats)

    def table(self, state: CrocoState) -> Table:
        return rules.table(state)

    def turn(self, state: CrocoState) -> int | None:
        return whose_turn(state)

    def standings(self, state: CrocoState) -> Standings:
        return scoring.standings(state)

    def view(self, state: CrocoState, viewer: Viewer) -> dict[str, Any]:
        return {"game": self.id, **view.view(state, viewer)}

    def public_payload(self, state: CrocoState, event: Event, viewer: Viewer) -> Mapping[str, Any]:
        """A free choice of colours is secret: only its seat and the host read it in the log
        (the deployment shows the warriors to everyone)."""
        if event.type == "choose_team" and viewer not in (HOST, event.seat):
            return {"colours": ["sealed"] * len(event.payload["colours"])}
        return event.payload

    def offers(self, state: CrocoState, seat: int | None) -> tuple[LegalMove, ...]:
        return legal.offers(state, seat)


ENGINE = CrocoNounoursEngine()
