"""A match's options: their schema (the service validates with it, the API documents it), read
once into one frozen value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from marshmallow import Schema, fields, validate, validates

from referee.engines.base import InvalidOptions
from referee.engines.croconounours import board
from referee.engines.croconounours.board import parse_layout
from referee.engines.croconounours.state import CAMPAIGN_COLOURS
from referee.engines.messages import invalid, msg

MIN_SEATS, MAX_SEATS = 2, 4


class OptionsSchema(Schema):
    deck = fields.Integer(
        load_default=54,
        validate=validate.OneOf([54, 52, 32]),
        metadata={"description": "Cards in the pack: 54 (two jokers), 52, or 32 (7 to ace)"},
    )
    coloured_squares = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Couleur des cases: a warrior on a square of its own colour can only "
            "be pushed, unless its attacker stands on its own colour too; the centre takes its "
            "occupant's colour"
        },
    )
    layout = fields.List(
        fields.String(),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Your own board for the coloured squares: 7 rows of 7 letters, top "
            "row (rank 7) first: R red, O orange, G green, Y yellow, * takes its occupant's "
            "colour, . plain. Empty: the project's board (12 squares of each colour)"
        },
    )
    obstacles = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Décor: each player places obstacles after deployment, not next to "
            "enemy warriors; they can be attacked, never defend, and block passing, attacks "
            "and shots"
        },
    )
    obstacles_per_side = fields.Integer(
        load_default=3,
        validate=validate.Range(min=1, max=5),
        metadata={"description": "Obstacles each player places (the text: 3; at most 5)"},
    )
    free_choice = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Each player secretly chooses the colours of their 3 warriors "
            "(red, green or yellow, repeats allowed: event choose_team), revealed at deployment"
        },
    )
    teams = fields.Boolean(
        load_default=False,
        metadata={
            "description": "At 4 players, play in teams (« vous pouvez choisir de jouer par "
            "équipe »): seats 0 and 2 against seats 1 and 3 (partners never play one after "
            "the other). Off: each for themself"
        },
    )
    free_draw = fields.Boolean(
        load_default=True,
        metadata={
            "description": "« pioche jusqu'à un maximum de 3 cartes »: a player may draw fewer "
            "than 3 (or none). Off: a player draws 3, or fewer only to stay at 7"
        },
    )
    shot_past_one_obstacle_blocked = fields.Boolean(
        load_default=False,
        metadata={
            "description": "A yellow's off-line shot (a1 to c2) is blocked by one obstacle on "
            "either square it passes (b1 or b2). Off: only an obstacle in contact straight "
            "ahead, or two adjacent obstacles the shot passes between, block it"
        },
    )
    diagonal_obstacles_stop_pushes = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Two diagonal obstacles stop a push between them, as they stop a "
            "move. Off: the ban is on moving (moves and dodges) only"
        },
    )
    campaign_reserve = fields.String(
        load_default="packets",
        validate=validate.OneOf(["packets", "survivors"]),
        metadata={
            "description": "What a campaign's « Warriors en réserve » are: 'packets' (the "
            "candies still in each side's packet: option packets, minus those eaten) or "
            "'survivors' (the warriors left standing at the end of the match)"
        },
    )
    packets = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(validate=validate.Range(min=0, max=999)),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Campaign: the candies each seat's packet holds as this match "
            'starts, e.g. {"0": 12, "1": 9} (3 of them take the field). The standings '
            "give each seat's reserve: that count less its warriors eaten"
        },
    )
    check_reports = fields.Boolean(
        load_default=True,
        metadata={
            "description": "A fault the host reports must fit the table (a seat drew too many "
            "only after a draw, played a card without its action only after playing cards, "
            "…). Off: every report is accepted"
        },
    )
    check_rounds = fields.Boolean(
        load_default=True,
        metadata={
            "description": "Quick scoring (rounds only) judges a result against the options as "
            "play does: a side has at most the warriors its roster brings, and the standings "
            "give each packet's candies left (option packets). Off: three warriors a player, "
            "packets left out (how matches created before were judged)"
        },
    )
    roster = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS))),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Campaign: the warriors each seat has left from the previous match "
            '(the "reserve" of its standings), e.g. {"0": ["red", "orange"]}. A seat not '
            "named brings a full team"
        },
    )

    @validates("layout")
    def _check_layout(self, value: list[str] | None, **_: Any) -> None:
        if value:
            try:
                parse_layout(value)
            except ValueError as err:
                raise invalid(err) from err


@dataclass(frozen=True, slots=True)
class CrocoOptions:
    """The variants in play, as the rules name them."""

    seats: int
    teams: bool  # at 4 players: seats 0 and 2 against seats 1 and 3
    deck: int  # 54, 52 or 32 cards
    layout: tuple[tuple[str, ...], ...] | None  # coloured squares; None: a plain board
    obstacles_per_side: int  # 0: obstacles off
    free_choice: bool
    free_draw: bool
    roster: Mapping[int, tuple[str, ...]]  # campaign survivors, by seat
    shot_past_one_obstacle_blocked: bool = False
    diagonal_obstacles_stop_pushes: bool = False
    campaign_reserve: str = "packets"
    packets: Mapping[int, int] = field(default_factory=dict)  # campaign candies, by seat
    check_reports: bool = True
    check_rounds: bool = True

    @property
    def side_of_seat(self) -> tuple[int, ...]:
        return tuple(s % 2 if self.teams else s for s in range(self.seats))


def read_roster(raw: Mapping[str, Any] | None, seats: int) -> dict[int, tuple[str, ...]]:
    """CN-CAMP-1: the warriors each seat has left from the previous match (1 to 3)."""
    roster: dict[int, tuple[str, ...]] = {}
    for key, colours in (raw or {}).items():
        if not key.isdigit() or int(key) >= seats:
            raise InvalidOptions("CN-CAMP-1", msg("croconounours.setup.roster_seat", key=key),
                                 "options.roster")
        if not 1 <= len(colours) <= 3:
            raise InvalidOptions(
                "CN-CAMP-1",
                msg("croconounours.setup.roster_size", seat=int(key), count=len(colours)),
                "options.roster")
        roster[int(key)] = tuple(colours)
    return roster


def read_packets(raw: Mapping[str, int] | None, seats: int) -> dict[int, int]:
    """CN-CAMP-1: the candies each seat's packet holds as the match starts (3 take the field)."""
    packets: dict[int, int] = {}
    for key, count in (raw or {}).items():
        if not key.isdigit() or int(key) >= seats:
            raise InvalidOptions("CN-CAMP-1", msg("croconounours.setup.packets_seat", key=key),
                                 "options.packets")
        if count < 3:
            raise InvalidOptions(
                "CN-CAMP-1",
                msg("croconounours.setup.packets_short", seat=int(key), count=count),
                "options.packets")
        packets[int(key)] = int(count)
    return packets


def settle(options: Mapping[str, Any], seats: int) -> CrocoOptions:
    """The options of a match of ``seats`` players; raises InvalidOptions."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOptions("CN-MULTI-1", msg("croconounours.setup.seats", count=seats), "seats")
    layout = None
    if options.get("coloured_squares"):
        rows = options.get("layout")
        layout = board.parse_layout(rows) if rows else board.DEFAULT_LAYOUT
    return CrocoOptions(
        seats=seats,
        teams=seats == 4 and bool(options.get("teams", False)),
        deck=int(options.get("deck", 54)),
        layout=layout,
        obstacles_per_side=int(options.get("obstacles_per_side", 3))
        if options.get("obstacles") else 0,
        free_choice=bool(options.get("free_choice")),
        free_draw=bool(options.get("free_draw", True)),
        roster=read_roster(options.get("roster"), seats),
        shot_past_one_obstacle_blocked=bool(options.get("shot_past_one_obstacle_blocked")),
        diagonal_obstacles_stop_pushes=bool(options.get("diagonal_obstacles_stop_pushes")),
        campaign_reserve=str(options.get("campaign_reserve") or "packets"),
        packets=read_packets(options.get("packets"), seats),
        check_reports=bool(options.get("check_reports", True)),
        check_rounds=bool(options.get("check_rounds", True)),
    )
