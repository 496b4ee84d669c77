"""What the referee holds of a CrocoNounours table: warriors, obstacles, counted hands, the
discard pile (every card on it is face up), and the attack waiting for a defence."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engines.cards import Suit
from referee.engines.croconounours.board import Square

WARRIOR_COLOURS = ("red", "green", "yellow")
CAMPAIGN_COLOURS = ("red", "green", "yellow", "orange")


@dataclass
class Warrior:
    """A warrior on the board; ``colour`` is its colour now (a wounded green is orange)."""

    id: str
    seat: int
    colour: str
    square: Square | None
    eaten_by: str | None = None

    @property
    def standing(self) -> bool:
        return self.square is not None


@dataclass
class Attack:
    """An attack waiting for the attacked side's defence."""

    attacker: str
    target: str
    card: str
    suit: str  # the suit the attacking card counts as ("H" or "D")
    intent: str  # "wound" or "push"
    shot: bool  # a yellow warrior's shot from two squares away


@dataclass(frozen=True)
class Aim:
    """A judged attack: what is struck, with which suit, and the rule that allows it."""

    victim: Warrior | None  # None: an obstacle
    square: Square
    suit: Suit
    shot: bool
    rule: str


@dataclass
class CrocoState:
    seats: int
    side_of_seat: tuple[int, ...]
    deck_size: int
    deck_counts: dict[str, int]
    layout: tuple[tuple[str, ...], ...] | None  # None: plain board (coloured squares off)
    obstacles_per_side: int  # 0: obstacles off
    free_choice: bool
    free_draw: bool
    roster: dict[int, tuple[str, ...]]
    shot_past_one_obstacle_blocked: bool = False
    diagonal_obstacles_stop_pushes: bool = False
    campaign_reserve: str = "packets"
    packets: dict[int, int] = field(default_factory=dict)
    check_reports: bool = True
    phase: str = "first_player"
    contenders: list[int] = field(default_factory=list)
    first_seat: int | None = None
    turn_seat: int | None = None
    queue: list[int] = field(default_factory=list)  # seats still to deploy / place obstacles
    corners: dict[int, Square] = field(default_factory=dict)
    warriors: dict[str, Warrior] = field(default_factory=dict)
    obstacles: list[Square] = field(default_factory=list)
    obstacles_eaten: int = 0
    hands: list[int] = field(default_factory=list)
    stock: int = 0
    discard: list[str] = field(default_factory=list)  # bottom first; every card face up
    reshuffles: int = 0
    pending: Attack | None = None
    round: int = 0
    rounds: list[dict[str, int]] = field(default_factory=list)
    middle_seat: int | None = None
    winner_side: int | None = None
    sealed: dict[int, tuple[str, ...]] = field(default_factory=dict)  # free choice, secret
    # what a host's report is checked against (CN-MISS-1)
    had_turn: set[int] = field(default_factory=set)  # seats whose turn has ended
    acted: set[int] = field(default_factory=set)  # seats that have moved or attacked
