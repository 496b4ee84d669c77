"""CrocoNounours: two to four sides of three warriors fight on a 7×7 board with playing cards.

The engine never sees a hand: it counts the cards in each hand, in the stock and on the discard
pile, and checks each card played (every played card is public) against what the pack still holds
out of sight. Its moves are declared once (``moves``); each is judged by its rule (``setup``,
``turn``, ``attacks``, ``defence``), which raises ``Impossible`` before it changes anything; the
table is shown by ``view``; what may be logged now is listed by ``offers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import HOST, Engine, Event, Standings, Viewer
from referee.engines.croconounours import attacks, defence, offers, setup, turn, view
from referee.engines.croconounours.moves import MOVES
from referee.engines.croconounours.options import settle
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
from referee.engines.croconounours.schemas import OptionsSchema
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
)
from referee.engines.messages import Message, msg
from referee.engines.moves import Handler, LegalMove, Table, legal

#: Each move type's rule: judges, then changes the table.
RULES: Mapping[str, Handler] = {
    "first_player": setup.first_player,
    "choose_team": setup.choose_team,
    "deploy": setup.deploy,
    "obstacles": setup.obstacles,
    "discard": turn.discard,
    "draw": turn.draw,
    "move": turn.step,
    "attack": attacks.attack,
    "defend": defence.defend,
    "no_defence": defence.no_defence,
    "end_turn": turn.end_turn,
    "missplay": turn.missplay,
}


class CrocoNounoursEngine(Engine[CrocoState]):
    id: ClassVar[str] = "croconounours"
    title: ClassVar[str] = "CrocoNounours"
    rules_file: ClassVar[str] = "croconounours.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/croconounours.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    options_schema: ClassVar[type[Schema]] = OptionsSchema
    registry = MOVES.handled_by(RULES)
    state_version: ClassVar[int] = 2  # 2: reading options and what reports are checked against
    reportable_missplays: ClassVar[Mapping[str, Message]] = {
        "CN-DRAW-1": msg("croconounours.fault.overdrawn"),
        "CN-ACT-1": msg("croconounours.fault.no_action"),
        "CN-TURN-2": msg("croconounours.fault.out_of_order"),
    }

    def setup(self, options: Mapping[str, Any], seats: int) -> CrocoState:
        opts = settle(options, seats)
        return CrocoState(
            seats=seats,
            side_of_seat=opts.side_of_seat,
            deck_size=opts.deck,
            deck_counts=deck_composition(opts.deck),
            layout=opts.layout,
            obstacles_per_side=opts.obstacles_per_side,
            free_choice=opts.free_choice,
            free_draw=opts.free_draw,
            roster=dict(opts.roster),
            shot_past_one_obstacle_blocked=opts.shot_past_one_obstacle_blocked,
            diagonal_obstacles_stop_pushes=opts.diagonal_obstacles_stop_pushes,
            campaign_reserve=opts.campaign_reserve,
            packets=dict(opts.packets),
            check_reports=opts.check_reports,
            contenders=list(range(seats)),
            hands=[0] * seats,
            stock=opts.deck,
        )

    def table(self, state: CrocoState) -> Table:
        """Turn moves are checked against the seat to play while a turn is under way (set-up
        and defence refuse moves by their own clauses)."""
        playing = state.phase in view.PLAYING
        return Table(seats=state.seats, turn=state.turn_seat if playing else None,
                     over=state.phase == "over")

    def turn(self, state: CrocoState) -> int | None:
        return view.whose_turn(state)

    def standings(self, state: CrocoState) -> Standings:
        return view.standings(state)

    def view(self, state: CrocoState, viewer: Viewer) -> dict[str, Any]:
        return {"game": self.id, **view.view(state, viewer)}

    def public_payload(self, state: CrocoState, event: Event, viewer: Viewer) -> Mapping[str, Any]:
        """A free choice of colours is secret: only its seat and the host read it in the log
        (the deployment shows the warriors to everyone)."""
        if event.type == "choose_team" and viewer not in (HOST, event.seat):
            return {"colours": ["sealed"] * len(event.payload["colours"])}
        return event.payload

    # ---- what may be logged now -----------------------------------------------------------

    def offers(self, state: CrocoState, seat: int | None) -> tuple[LegalMove, ...]:
        if seat is None:
            return self.table_offers(state)
        if state.phase == "over":
            return ()
        return self.setup_offers(state, seat) + self.play_offers(state, seat)

    def table_offers(self, state: CrocoState) -> tuple[LegalMove, ...]:
        """The host's own: the first player (CN-SETUP-1) and the faults it reports."""
        first: tuple[LegalMove, ...] = ()
        if state.phase == "first_player":
            first = (legal("first_player", [{"seat": s} for s in state.contenders],
                           free=("draws",)),)
        return first + self.trying(state, "missplay", None,
                                   [{"rule": r} for r in self.reportable_missplays], ("note",))

    def setup_offers(self, state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
        """Choosing a team in secret, deploying, placing obstacles."""
        found = self.trying(state, "choose_team", seat, offers.team_choices())
        if state.phase == "first_player" and seat in state.contenders:
            found += (legal("first_player", [{"seat": s} for s in state.contenders], seat=seat,
                            free=("draws",)),)
        if state.phase == "deploy" and offers.is_to_play(state, seat):
            found += self.trying(state, "deploy", seat, offers.deployments(state, seat))
        if state.phase == "obstacles" and offers.is_to_play(state, seat):
            found += (legal("obstacles", seat=seat, free=("squares",)),)
        return found

    def play_offers(self, state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
        """A turn's moves for the seat to play; the defence for the seat attacked."""
        if state.phase == "defence" and state.pending is not None:
            return offers.defences(state) if offers.is_to_play(state, seat) else ()
        if state.phase in view.PLAYING and state.turn_seat == seat:
            return offers.turn_moves(state, seat)
        return ()


ENGINE = CrocoNounoursEngine()
