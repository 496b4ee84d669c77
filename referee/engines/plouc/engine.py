"""The Carte et Plouc engine: the contract's face of the package's modules — ``rules`` (the
registry of moves and their rules, the set-up), ``legal``, ``scoring`` and ``view``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import Engine, Standings, Viewer
from referee.engines.messages import Message, msg
from referee.engines.moves import LegalMove, Table
from referee.engines.plouc import legal, rules, scoring, view
from referee.engines.plouc.options import PloucOptionsSchema
from referee.engines.plouc.state import PloucState


class PloucEngine(Engine[PloucState]):
    """Le Carte et Plouc de Charlotte."""

    id: ClassVar[str] = "plouc"
    title: ClassVar[str] = "Carte et Plouc"
    rules_file: ClassVar[str] = "carte-et-plouc.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/plouc.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 9
    options_schema: ClassVar[type[Schema]] = PloucOptionsSchema
    registry = rules.REGISTRY
    reportable_missplays: ClassVar[Mapping[str, Message]] = {
        "PL-MD-1": msg("plouc.report.mot_doux"),
    }
    state_version: ClassVar[int] = 3

    def setup(self, options: Mapping[str, Any], seats: int) -> PloucState:
        return rules.setup(options, seats)

    def table(self, state: PloucState) -> Table:
        return rules.table(state)

    def seat_count(self, state: PloucState) -> int:
        return state.seat_count

    def turn(self, state: PloucState) -> int | None:
        return view.whose_turn(state)

    def standings(self, state: PloucState) -> Standings:
        return scoring.standings(state)

    def view(self, state: PloucState, viewer: Viewer) -> dict[str, Any]:
        return {**view.view(state, viewer), "game": self.id}

    def offers(self, state: PloucState, seat: int | None) -> tuple[LegalMove, ...]:
        return legal.offers(state, seat)
