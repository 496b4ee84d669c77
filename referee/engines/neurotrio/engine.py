"""The Neurotrio engine: its registry of moves, its set-up, and the rules and views it inherits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.engines.base import (
    InvalidOptions,
)
from referee.engines.neurotrio.cards import (
    DEFAULT_COLOURS,
    START_POINTS,
    fold,
)
from referee.engines.neurotrio.domain import (
    deal_sizes,
)
from referee.engines.neurotrio.moves import (
    MOVES,
    NeurotrioOptionsSchema,
)
from referee.engines.neurotrio.state import (
    NeurotrioState,
    SeatState,
)
from referee.engines.neurotrio.view import NeurotrioView

# --- the engine -------------------------------------------------------------------------------


class NeurotrioEngine(NeurotrioView):
    """The treasure hunt: build the domain, bid on the treasure, most victory points wins."""

    id = "neurotrio"
    title = "Neurotrio : la chasse au trésor"
    rules_file = "neurotrio-treasure-hunt.fr.txt"
    catalogue = "docs/rules/neurotrio.md"
    min_seats = 3
    max_seats = 8
    options_schema = NeurotrioOptionsSchema
    registry = MOVES
    reportable_missplays: ClassVar[Mapping[str, str]] = {
        "NT-DUTY-2": "Under the « deux cartes » duty, the seat passed although it could place a "
        "card, and the table proved it during play: −10 victory points (not charged again if "
        "the engine proves the same fault at the end). The seat must have passed under the "
        "duty, and the hands must not be known yet.",
    }
    state_version = 2

    # --- set-up ---

    def setup(self, options: Mapping[str, Any], seats: int) -> NeurotrioState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions.of("NT-SEAT-1", "neurotrio.setup.seats", "seats", count=seats)
        dealer = int(options.get("dealer", 1))
        if dealer >= seats:
            raise InvalidOptions.of("NT-SEAT-1", "neurotrio.setup.dealer", "options.dealer",
                                    highest=seats - 1)
        colours = [fold(c) for c in options.get("colours", DEFAULT_COLOURS)]
        if len(set(colours)) != 3 or any(
            not c or "-" in c or not c.replace(" ", "").isalpha() for c in colours
        ):
            raise InvalidOptions.of("NT-DECK-1", "neurotrio.setup.colours", "options.colours")
        first = (dealer - 1) % seats  # NT-SEAT-1: the seat on the dealer's right
        sizes = deal_sizes(seats, dealer)
        fewest = min(sizes)  # NT-DEAL-1: one more card, one more victory point
        seat_states = [SeatState(n, n, START_POINTS + (n > fewest)) for n in sizes]
        return NeurotrioState(
            seats=seat_states,
            colours=colours,
            dealer=dealer,
            first=first,
            max_rows=int(options.get("max_rows", 6)),
            max_cols=int(options.get("max_cols", 11)),
            duty_starts=str(options.get("duty_starts", "two_cards")),
            open_after_passes=bool(options.get("open_more_after_passes", True)),
            duty_penalty=str(options.get("duty_penalty", "per_player")),
        )
