"""A match's options, read once into one frozen value (the schema is in ``schemas``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engines.base import InvalidOptions
from referee.engines.croconounours import board
from referee.engines.messages import msg

MIN_SEATS, MAX_SEATS = 2, 4


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
    )
