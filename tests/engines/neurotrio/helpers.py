"""A Neurotrio table for the tests: real hands the engine never sees, and a legal-move generator.

The legality and scoring here are written again from the rule text, on purpose apart from the
engine's code, so that the playouts check the engine against a second reading of the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.messages import Message, Said
from referee.engines.neurotrio import ENGINE, NeurotrioState
from tests.engines.contract import (
    assert_impossible_changes_nothing,
    load_payload,
)

COLOURS = ("noir", "vert", "bleu")
NATURES = ("coeur", "etoile", "rose")
TOKENS = ("0", "1", "2", "nature", "colour", "force")


def deck(colours: tuple[str, ...] = COLOURS) -> list[str]:
    """The 54 cards: 27 different cards, each twice."""
    one = [f"{n}-{c}-{f}" for n in NATURES for c in colours for f in (1, 2, 3)]
    return sorted(one * 2)


def attrs(card: str) -> tuple[str, str, int]:
    nature, colour, force = card.split("-")
    return nature, colour, int(force)


def shared(a: str, b: str) -> int:
    return sum(x == y for x, y in zip(attrs(a), attrs(b), strict=True))


def legal_spots(
    domain: dict[tuple[int, int], str], card: str, rows_max: int = 6, cols_max: int = 11
) -> list[tuple[int, int, int]]:
    """Every (row, col, points) where the rule text lets ``card`` go."""
    rows = {r for r, _ in domain}
    cols = {c for _, c in domain}
    spots = []
    empty = {
        (r + dr, c + dc)
        for r, c in domain
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if (r + dr, c + dc) not in domain
    }
    for r, c in sorted(empty):
        nr, nc = len(rows | {r}), len(cols | {c})
        if nr > rows_max or nc > cols_max or nc > 2 * nr or nr > 2 * nc:
            continue
        touching = [
            domain[n] for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in domain
        ]
        good = sum(shared(card, t) >= 2 for t in touching)
        if len(touching) == 1 and good == 1:
            spots.append((r, c, 0))
        elif len(touching) > 1 and good >= 2:
            spots.append((r, c, {2: 1, 3: 5, 4: 20}[good]))
    return spots


@dataclass
class Deal:
    seats: int
    dealer: int
    removed: str
    start: str
    hands: list[list[str]]

    @property
    def first(self) -> int:
        return (self.dealer - 1) % self.seats


def make_deal(rng: random.Random, seats: int, dealer: int = 1) -> Deal:
    """Shuffle, remove one card unseen, turn one up, deal the 52 others clockwise from the first
    player (on the dealer's right)."""
    cards = deck()
    rng.shuffle(cards)
    first = (dealer - 1) % seats
    hands: list[list[str]] = [[] for _ in range(seats)]
    for i, card in enumerate(cards[2:]):
        hands[(first + i) % seats].append(card)
    return Deal(seats, dealer, cards[0], cards[1], hands)


@dataclass
class Table:
    """The engine and the real table side by side."""

    deal: Deal
    options: dict[str, Any] = field(default_factory=dict)
    state: NeurotrioState = field(init=False)
    hands: list[list[str]] = field(init=False)
    domain: dict[tuple[int, int], str] = field(init=False)
    events: list[Event] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    opens: int = 0

    def __post_init__(self) -> None:
        loaded = ENGINE.options_schema().load({"dealer": self.deal.dealer, **self.options})
        self.state = ENGINE.setup(loaded, self.deal.seats)
        self.hands = [list(h) for h in self.deal.hands]
        self.domain = {}

    def event(self, type_: str, seat: int | None, by_host: bool = False, **payload: Any) -> Event:
        """The next event of the log, its payload loaded as the service would."""
        return Event(
            type_, seat, load_payload(ENGINE, type_, payload), len(self.events) + 1, by_host
        )

    def log(self, type_: str, seat: int | None, by_host: bool = False, **payload: Any) -> Verdict:
        """Judge and keep a move; raises Impossible like the service's 422."""
        event = self.event(type_, seat, by_host, **payload)
        verdict = ENGINE.apply(self.state, event)
        self.events.append(event)
        self.verdicts.append(verdict)
        if type_ == "start_domain":
            self.domain[(0, 0)] = payload["card"]
        elif type_ == "place":
            self.hands[seat].remove(payload["card"])  # type: ignore[index]
            self.domain[(payload["row"], payload["col"])] = payload["card"]
        elif type_ == "open_more":
            self.opens += 1
        return verdict

    def start(self) -> Verdict:
        return self.log("start_domain", None, card=self.deal.start)

    def impossible(
        self, type_: str, seat: int | None, by_host: bool = False, **payload: Any
    ) -> Impossible:
        """The move is refused and changes nothing."""
        return assert_impossible_changes_nothing(
            ENGINE, self.state, self.event(type_, seat, by_host, **payload)
        )

    def spots(self, seat: int) -> list[tuple[str, int, int, int]]:
        """Every legal (card, row, col, points) for the seat's real hand."""
        rows_max = self.state.max_rows + self.opens
        cols_max = self.state.max_cols + self.opens
        return [
            (card, r, c, p)
            for card in sorted(set(self.hands[seat]))
            for r, c, p in legal_spots(self.domain, card, rows_max, cols_max)
        ]

    def holders(self) -> list[int]:
        return [s for s, h in enumerate(self.hands) if h]

    @property
    def phase(self) -> str:
        return self.state.phase

    def total(self, seat: int) -> int:
        return ENGINE.standings(self.state).lines[seat].total

    def detail(self, seat: int) -> dict[str, Any]:
        return dict(ENGINE.standings(self.state).lines[seat].detail)


def place_first(table: Table) -> Verdict:
    """The seat to play lays its first legal card; or passes when it has none."""
    seat = ENGINE.turn(table.state)
    assert seat is not None
    spots = table.spots(seat)
    if not spots:
        return table.log("pass", seat)
    card, r, c, _ = spots[0]
    return table.log("place", seat, card=card, row=r, col=c)


def unblock(table: Table) -> bool:
    """When every holder is blocked, they all pass and the table opens one more row and column.

    Returns True when it did so.
    """
    if any(table.spots(s) for s in table.holders()):
        return False
    while set(table.holders()) - set(table.state.passed_since_change):
        table.log("pass", ENGINE.turn(table.state))
    table.log("open_more", None)
    return True


def play_until(table: Table, done: Any, limit: int = 400) -> None:
    """Greedy play (first legal card, pass when blocked) until ``done(table)``."""
    for _ in range(limit):
        if done(table) or table.phase != "play":
            return
        if not unblock(table):
            place_first(table)
    raise AssertionError("the game did not get there")


def finish(table: Table) -> None:
    """Greedy play to the end of the domain, then the last hand shown."""
    play_until(table, lambda t: t.phase != "play", limit=2000)
    last = table.state.last_player
    assert last is not None
    table.log("reveal", last, cards=list(table.hands[last]))


class Match:
    """An engine state driven by hand, for scenarios where the hands do not matter."""

    def __init__(self, seats: int = 3, **options: Any) -> None:
        self.state = ENGINE.setup(ENGINE.options_schema().load(options), seats)
        self.seq = 0

    def event(
        self, type_: str, seat: int | None = None, by_host: bool = False, **payload: Any
    ) -> Event:
        return Event(type_, seat, load_payload(ENGINE, type_, payload), self.seq + 1, by_host)

    def __call__(
        self, type_: str, seat: int | None = None, by_host: bool = False, **payload: Any
    ) -> Verdict:
        verdict = ENGINE.apply(self.state, self.event(type_, seat, by_host, **payload))
        self.seq += 1
        return verdict

    def impossible(
        self, type_: str, seat: int | None = None, by_host: bool = False, **payload: Any
    ) -> Impossible:
        """The move is refused and changes nothing."""
        return assert_impossible_changes_nothing(
            ENGINE, self.state, self.event(type_, seat, by_host, **payload)
        )

    def place(self, card: str, row: int, col: int) -> Verdict:
        return self("place", ENGINE.turn(self.state), card=card, row=row, col=col)

    def passes(self) -> Verdict:
        return self("pass", ENGINE.turn(self.state))

    def view(self, viewer: Any = None) -> dict[str, Any]:
        return ENGINE.view(self.state, viewer)

    def detail(self, seat: int) -> dict[str, Any]:
        return dict(ENGINE.standings(self.state).lines[seat].detail)

    def total(self, seat: int) -> int:
        return ENGINE.standings(self.state).lines[seat].total


def announce(table: Table) -> None:
    """Every seat down to two cards says « deux cartes » (once)."""
    for seat, hand in enumerate(table.hands):
        if len(hand) == 2 and not table.state.seats[seat].announced:
            table.log("deux_cartes", seat)


def finish_announcing(table: Table) -> None:
    """Greedy play to the end of the domain, announcing « deux cartes », then the last hand."""
    for _ in range(2000):
        if table.phase != "play":
            break
        if not unblock(table):
            place_first(table)
            announce(table)
    last = table.state.last_player
    assert last is not None
    table.log("reveal", last, cards=list(table.hands[last]))


START = "coeur-noir-2"
NAMES = ["Alice", "Bob", "Carol"]


def said(what: Said | None) -> tuple[str, dict[str, Any]]:
    """What the engine said, as data: its message id and parameters (never a sentence)."""
    assert isinstance(what, Message), what
    return what.id, dict(what.params)


def ring(m: Match, upto: int) -> None:
    """Lays the first ``upto`` cards of a ring around (1, 0), each touching a single card.

    (0,-1) etoile-noir-2 | (0,0) coeur-noir-2  | (0,1) coeur-noir-1
    (1,-1) etoile-noir-1 | (1,0) — the hole —   | (1,1) coeur-vert-1
                         | (2,0) coeur-vert-1  | (2,1) coeur-vert-3
    """
    steps = [
        ("coeur-noir-1", 0, 1),
        ("coeur-vert-1", 1, 1),
        ("coeur-vert-3", 2, 1),
        ("coeur-vert-1", 2, 0),
        ("etoile-noir-2", 0, -1),
        ("etoile-noir-1", 1, -1),
    ]
    for card, r, c in steps[:upto]:
        m.place(card, r, c)
