"""The Neurotrio engine: the contract's face of the package's modules — ``rules`` (the registry
of moves and their rules, the deal), ``legal``, ``scoring`` and ``view``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.engines.base import Engine, Event, Standings, Viewer
from referee.engines.messages import Message
from referee.engines.moves import LegalMove, Table
from referee.engines.neurotrio import legal, rules, scoring, view
from referee.engines.neurotrio.moves import NeurotrioOptionsSchema
from referee.engines.neurotrio.state import NeurotrioState


class NeurotrioEngine(Engine[NeurotrioState]):
    """The treasure hunt: build the domain, bid on the treasure, most victory points wins."""

    id = "neurotrio"
    title = "Neurotrio : la chasse au trésor"
    rules_file = "neurotrio-treasure-hunt.fr.txt"
    catalogue = "docs/rules/neurotrio.md"
    min_seats = rules.MIN_SEATS
    max_seats = rules.MAX_SEATS
    options_schema = NeurotrioOptionsSchema
    registry = rules.REGISTRY
    reportable_missplays: ClassVar[Mapping[str, Message]] = rules.REPORTABLE_MISSPLAYS
    state_version = 2

    def setup(self, options: Mapping[str, Any], seats: int) -> NeurotrioState:
        return rules.deal(options, seats)

    def table(self, state: NeurotrioState) -> Table:
        return rules.table(state)

    def turn(self, state: NeurotrioState) -> int | None:
        return view.whose_turn(state)

    def standings(self, state: NeurotrioState) -> Standings:
        return scoring.standings(state)

    def view(self, state: NeurotrioState, viewer: Viewer) -> dict[str, Any]:
        return {"game": self.id, **view.view(state, viewer)}

    def public_payload(self, state: NeurotrioState, event: Event, viewer: Viewer
                       ) -> Mapping[str, Any]:
        return view.public_payload(state, event, viewer)

    def offers(self, state: NeurotrioState, seat: int | None) -> tuple[LegalMove, ...]:
        return legal.offers(state, seat)


ENGINE = NeurotrioEngine()
