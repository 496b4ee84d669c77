"""What the Neurotrio engine knows of the table: the domain, counts of cards, bids, and the
passes and openings the end will prove."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engines.neurotrio.cards import (
    Cell,
)

# --- the state --------------------------------------------------------------------------------


@dataclass
class Placed:
    """A card of the domain; ``order`` lets the end rebuild the domain as any pass saw it."""

    card: str
    seat: int | None  # None for the starting card
    order: int  # 0 for the starting card, then 1, 2, … in the order they were laid
    points: int


@dataclass
class SeatState:
    """One seat: its hand size (never its cards, until the end) and the counts its points come
    from."""

    dealt: int
    hand: int  # cards still in hand (the engine knows how many, not which)
    start: int
    passes: int = 0  # passes made with cards in hand, −1 each (NT-PASS-1)
    placement_points: int = 0
    finish_rank: int | None = None
    finish_bonus: int = 0
    last_penalty: int = 0
    announced: bool = False  # said "deux cartes"
    bids: int = 0  # tokens used (known or not)
    tokens: list[str] = field(default_factory=list)  # the tokens used whose face is known
    proven_violations: int = 0  # deux-cartes duty, proven at the end
    reported_violations: int = 0  # deux-cartes duty, reported by the host during play
    remaining: list[str] | None = None  # the cards still held, once shown at the end


@dataclass
class Bid:
    """A base card laid on a domain card with a token; scored once the treasure is known."""

    base: int
    seat: int
    row: int
    col: int
    token: str | None  # None: face down at the table until ``reveal_bids``
    sealed: bool  # the token was logged with the bid (shown to its seat and the host)
    round: int
    points: int | None = None  # once the treasure and the token are known


@dataclass
class BiddingRound:
    """A round opened by « neuro »: each seat once, clockwise from the caller."""

    number: int
    caller: int
    order: list[int]  # seats in clockwise order from the caller
    index: int = 0  # position in ``order`` of the seat to bid or decline

    @property
    def to_bid(self) -> int:
        return self.order[self.index]


@dataclass(frozen=True)
class DutyPass:
    """A pass made while the deux-cartes duty held: proven or cleared when the hands are known."""

    seq: int
    seat: int
    domain_size: int  # the domain then: the cards with ``order`` below this
    opens: int


@dataclass(frozen=True)
class Opening:
    """An ``open_more``: every holder should have been blocked; checked when hands are known."""

    seq: int
    domain_size: int
    opens_before: int
    holders: tuple[int, ...]


@dataclass
class NeurotrioState:
    """The table as the engine knows it. Bounded by the game (53 cards, 10 bids), except the
    passes under the duty and the openings, kept one small record each until the end proves
    them."""

    seats: list[SeatState]
    colours: list[str]
    dealer: int
    first: int
    max_rows: int
    max_cols: int
    duty_starts: str
    open_after_passes: bool
    duty_penalty: str = "per_player"
    phase: str = "start"  # start | play | bidding | reveal | bids | over
    turn: int | None = None
    domain: dict[Cell, Placed] = field(default_factory=dict)
    opens: int = 0  # times one more row and column were opened (NT-GRID-3)
    duty_since: int | None = None  # seq from which nobody may pass while able to place
    played_since_round: bool = False  # NT-BID-2: a neuro follows a play
    passed_since_change: list[int] = field(default_factory=list)
    round: BiddingRound | None = None
    rounds_held: int = 0
    bids: list[Bid] = field(default_factory=list)
    duty_passes: list[DutyPass] = field(default_factory=list)
    openings: list[Opening] = field(default_factory=list)
    finishers: list[int] = field(default_factory=list)
    last_player: int | None = None
    treasure: str | None = None
    laps: list[dict[str, int]] = field(default_factory=list)  # totals after each lap, for charts
