"""CitronCoco's table as the engine knows it: rows of cards mostly unknown, the discard, the turn.

The engine never sees a card the table has not shown. A card in a hand is ``HandCard``: its value
is ``None`` until the table shows it (a Spy, a card drawn from the discard and kept, a wrong quick
play taken back).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from referee.engines.citroncoco.options import Options

HAND_SIZE = 4

Spot = tuple[int, int]  # (seat, position in its row, 1 = leftmost)
Swap = tuple[Spot, Spot]  # a Queen's swap, its two spots in order


@dataclass(slots=True)
class HandCard:
    """A card in a seat's row: ``value`` is known only once the table has seen it."""

    value: int | None = None
    face_up: bool = False  # turned by a 10 (Spy): stays face up until discarded


@dataclass(slots=True)
class DiscardCard:
    """A card on the discard pile, with who put it there and how (for the drawing rules)."""

    value: int
    seat: int
    turn: int
    quick: bool = False
    seq: int = 0  # the event that put it there (a quick play's, which a slower one lost to)


@dataclass(slots=True)
class HeldCard:
    """The card the turn's seat has drawn and not yet played."""

    value: int | None
    source: str


@dataclass(slots=True)
class RoundSummary:
    """One scored round: what each side scored and how the round ended."""

    number: int
    scores: list[int]
    totals: list[int]
    hands: list[int]  # coconuts in each seat's hand at the reveal
    ending: str
    caller: int | None = None
    multiplier: int = 1


@dataclass(slots=True)
class CitronCocoState:
    seats: int
    options: Options
    deck: dict[int, int]
    sides: list[list[int]]  # seats of each side (one per seat alone; two teams of two)
    totals: list[int]  # coconuts per side
    first_seat: int
    round: int = 1
    starter: int = 0
    hands: list[list[HandCard]] = field(default_factory=list)
    stock: int = 0
    discard: list[DiscardCard] = field(default_factory=list)
    coin: int | None = None
    phase: str = "draw"  # draw (round start), play, end (turn done), reveal, over
    turn_seat: int | None = None
    turn_no: int = 0
    held: HeldCard | None = None
    # seat -> cards whose powers it may still use, oldest first (a discard and a quick play)
    pending: dict[int, list[int]] = field(default_factory=dict)
    blocked: dict[int, int] = field(default_factory=dict)  # seat -> special card the coin blocked
    extra: list[int] = field(default_factory=list)  # plays again owed (11)
    skips: list[int] = field(default_factory=list)  # turns to skip (13)
    caller: int | None = None
    multiplier: int = 1
    last_to_play: list[int] = field(default_factory=list)
    last_swap: Swap | None = None  # the Queen's memory (powers.Queen alone reads and writes it)
    emptied: int | None = None
    final_quick_done: bool = False
    summaries: list[RoundSummary] = field(default_factory=list)
    # what a host's report is checked against (CC-MISS-4, CC-MISS-5), this round
    discarded_special: set[int] = field(default_factory=set)  # seats given a power to use
    penalised: set[int] = field(default_factory=set)  # seats that took a penalty card
    variant: str = "citroncoco"  # which game's differences the rules consult (variant.py)


class NextTurn(NamedTuple):
    """Who draws next and what that draw uses up."""

    seat: int | None
    skipped: list[int]  # seats whose turn a 13 skips on the way
    again: bool  # the draw is a play again owed by an 11
