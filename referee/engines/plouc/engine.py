"""The Carte et Plouc engine: its registry of moves, each judged by its rule (``rules``,
``calls``), and what the table shows (``view``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import Engine, Standings, Viewer
from referee.engines.messages import Message, msg
from referee.engines.moves import Handler, LegalMove, Table, legal
from referee.engines.plouc import calls, rules, view
from referee.engines.plouc.calls import FLAGGABLE
from referee.engines.plouc.moves import MOVES
from referee.engines.plouc.options import DECK_SIZE, PloucOptionsSchema, settle
from referee.engines.plouc.state import PloucState, SeatState
from referee.engines.plouc.table import draw_due, drawable

#: Each move type's rule: judges, then changes the table.
RULES: Mapping[str, Handler] = {
    "turn_up": rules.turn_up,
    "play": rules.play,
    "draw": rules.draw_move,
    "announce": rules.announce,
    "contre": calls.contre,
    "flag": calls.flag,
    "ruling": calls.ruling,
    "slap": rules.slap,
    "missplay": rules.missplay,
}


class PloucEngine(Engine[PloucState]):
    """Le Carte et Plouc de Charlotte."""

    id: ClassVar[str] = "plouc"
    title: ClassVar[str] = "Carte et Plouc"
    rules_file: ClassVar[str] = "carte-et-plouc.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/plouc.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 9
    options_schema: ClassVar[type[Schema]] = PloucOptionsSchema
    registry = MOVES.handled_by(RULES)
    reportable_missplays: ClassVar[Mapping[str, Message]] = {
        "PL-MD-1": msg("plouc.report.mot_doux"),
    }
    state_version: ClassVar[int] = 3

    def setup(self, options: Mapping[str, Any], seats: int) -> PloucState:
        opts = settle(options, seats)
        size = opts.hand_size
        return PloucState(options=opts, seats=[SeatState(hand=size, dealt=size)
                                               for _ in range(seats)],
                          dealer=opts.dealer, first=opts.first_seat, turn=opts.dealer,
                          stock=DECK_SIZE - size * seats)

    def table(self, state: PloucState) -> Table:
        """Turn moves are checked against the seat to play while play is on (the other phases
        refuse them by their own clauses)."""
        return Table(seats=state.seat_count, turn=state.turn if state.phase == "play" else None,
                     over=state.phase == "over")

    def seat_count(self, state: PloucState) -> int:
        return state.seat_count

    def turn(self, state: PloucState) -> int | None:
        return view.whose_turn(state)

    def standings(self, state: PloucState) -> Standings:
        return view.standings(state)

    def view(self, state: PloucState, viewer: Viewer) -> dict[str, Any]:
        return {**view.view(state, viewer), "game": self.id}

    # ---- what may be logged now -----------------------------------------------------------

    def offers(self, state: PloucState, seat: int | None) -> tuple[LegalMove, ...]:
        if seat is None:
            return ((legal("turn_up", free=("card",)),) if state.phase == "deal" else ()) + \
                self.trying(
                state, "ruling", None, [{"upheld": True}, {"upheld": False}], ("note",))
        return self.turn_offers(state, seat) + self.call_offers(state, seat)

    def turn_offers(self, state: PloucState, seat: int) -> tuple[LegalMove, ...]:
        """Turning up, laying cards (the hand is the seat's secret: cards are free), drawing."""
        if state.phase == "deal":
            return (legal("turn_up", seat=seat, free=("card",)),) if seat == state.dealer else ()
        if state.phase != "play" or seat != state.turn:
            return ()
        due = min(draw_due(state), drawable(state))
        return (legal("play", seat=seat, free=("cards", "suit")),
                legal("draw", [{"count": due}], seat=seat))

    def call_offers(self, state: PloucState, seat: int) -> tuple[LegalMove, ...]:
        """The announcements, 'contre', flags, slaps and the host's reports open to ``seat``."""
        others = [s for s in range(state.seat_count) if s != seat]
        return (
            self.trying(state, "announce", seat, [{"word": "carte"}, {"word": "plouc"}])
            + self.trying(state, "contre", seat, [{"target_seat": t} for t in others])
            + self.trying(state, "flag", seat, [{"offender_seat": o, "rule": r}
                                                for o in others for r in sorted(FLAGGABLE)],
                          ("about_seq", "note"))
            + self.trying(state, "slap", seat, [{"with_seat": t} for t in others])
            + self.trying(state, "missplay", seat, [{"rule": "PL-MD-1"}], ("note",))
        )
