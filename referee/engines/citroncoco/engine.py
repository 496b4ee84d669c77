"""The CitronCoco engine: the contract's face of the package's modules — ``rules`` (the
registry of moves and their rules, the deal), ``legal``, ``scoring`` and ``view`` — played as
a ``Variant`` (``variant``); the team game's face is ``teams.CitronCocoTeamsEngine``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import Engine, Event, Standings, Viewer
from referee.engines.citroncoco import cards, legal, quick, rules, scoring, sides, turns, view
from referee.engines.citroncoco.options import CitronCocoOptions
from referee.engines.citroncoco.state import CitronCocoState, NextTurn
from referee.engines.citroncoco.variant import INDIVIDUAL, Variant
from referee.engines.messages import Message, msg
from referee.engines.moves import LegalMove, Table


def reportable(game: Variant) -> dict[str, Message]:
    """The faults the host may report in ``game``, each with what it is."""
    return {rule: msg(message_id) for rule, message_id in game.faults.items()}


class CitronCocoEngine(Engine[CitronCocoState]):
    """Le Citron Coco en individuel: 2 to 6 captains, each for themself."""

    variant: ClassVar[Variant] = INDIVIDUAL
    id: ClassVar[str] = INDIVIDUAL.id
    title: ClassVar[str] = INDIVIDUAL.title
    rules_file: ClassVar[str] = "citroncoco-individual.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/citroncoco.md"
    min_seats: ClassVar[int] = INDIVIDUAL.seats[0]
    max_seats: ClassVar[int] = INDIVIDUAL.seats[1]
    options_schema: ClassVar[type[Schema]] = CitronCocoOptions
    registry = rules.REGISTRY
    reportable_missplays: ClassVar[Mapping[str, Message]] = reportable(INDIVIDUAL)
    unit: ClassVar[str] = "coconuts"
    # 2: several powers owed per seat; 3: what reports are checked against; 4: options one
    # frozen value; 5: the state names the variant it is played as; 6: a discarded card
    # knows the event that put it there
    state_version: ClassVar[int] = 6

    @property
    def final_quick_play(self) -> bool:
        """Teams: one last quick play on a round's final discard (CCT-END-1)."""
        return self.variant.final_quick_play

    def setup(self, options: Mapping[str, Any], seats: int) -> CitronCocoState:
        return rules.setup(self.variant, options, seats)

    def table(self, state: CitronCocoState) -> Table:
        return rules.table(state)

    def seat_count(self, state: CitronCocoState) -> int:
        return state.seats

    def turn(self, state: CitronCocoState) -> int | None:
        return turns.turn(state)

    def is_finished(self, state: CitronCocoState) -> bool:
        return state.phase == "over"

    def forfeits(self, state: CitronCocoState, event: Event) -> tuple[Message, ...]:
        return rules.forfeits(state, event)

    def rounds_over(self, state: CitronCocoState) -> int:
        """CC-END-2: each round scored (its summary) is a round over."""
        return len(state.summaries)

    def standings(self, state: CitronCocoState) -> Standings:
        names = [self.variant.side_name(state, i) for i in range(len(state.sides))]
        result = self.variant.result(state) if state.phase == "over" else None
        return scoring.standings(state, names, result, self.unit)

    def view(self, state: CitronCocoState, viewer: Viewer) -> dict[str, Any]:
        return view.table(state, viewer)

    def offers(self, state: CitronCocoState, seat: int | None) -> tuple[LegalMove, ...]:
        return legal.offers(state, seat)

    def lost_race(self, seen: CitronCocoState | None, now: CitronCocoState,
                  event: Event) -> int | None:
        return quick.lost_race(seen, now, event)

    # ---- reading the table (for the pads and the tests' invariants) -------------------------

    def offered_moves(self, state: CitronCocoState) -> dict[int, list[str]]:
        """The move types each seat may log now (payloads still to be judged), for a UI."""
        return legal.offered_moves(state)

    def next_turn(self, state: CitronCocoState) -> NextTurn:
        return turns.next_turn(state)

    def round_over(self, state: CitronCocoState) -> bool:
        return turns.round_over(state)

    def last_power_owed(self, state: CitronCocoState) -> tuple[int, int] | None:
        return turns.last_power_owed(state)

    def known_counts(self, state: CitronCocoState) -> Counter[int]:
        return cards.known_counts(state)

    def partner(self, state: CitronCocoState, seat: int) -> int | None:
        return sides.partner(state, seat)

    def next_opponent(self, state: CitronCocoState, seat: int) -> int:
        return sides.next_opponent(state, seat)

    def fellow_targets(self, state: CitronCocoState, seat: int) -> tuple[set[int], str]:
        return self.variant.fellow_targets(state, seat)

    def sum_allowed(self, state: CitronCocoState) -> bool:
        return self.variant.sum_allowed(state)

    def report_impossible(self, state: CitronCocoState, seat: int, rule: str) -> str | None:
        """Why the table cannot have seen ``rule`` broken by ``seat`` now (None: it can)."""
        return rules.report_impossible(state, seat, rule)

    def cards_in_play(self, state: CitronCocoState) -> int:
        """Hands + stock + discard + a drawn card: always the deck's size (a test invariant)."""
        return (sum(len(h) for h in state.hands) + state.stock + len(state.discard)
                + (1 if state.held else 0))

