"""The Neurotrio domain's rules, apart from laying a card: where a card may go (NT-DOM-…,
NT-GRID-…), what it scores, and what a bid is worth."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from referee.engines.messages import Message, msg
from referee.engines.neurotrio.cards import (
    DEALT,
    NUMBER_FACTOR,
    NUMBER_TOKENS,
    PLACEMENT_POINTS,
    Cell,
    NeuroCard,
)
from referee.engines.neurotrio.state import (
    NeurotrioState,
)

# --- the domain: legality, separate from laying the card ----------------------------------------


@dataclass(frozen=True, slots=True)
class Limits:
    """How many rows and columns may hold cards (NT-GRID-1, NT-GRID-2, NT-GRID-3)."""

    rows: int
    cols: int


@dataclass(frozen=True, slots=True)
class Fault:
    """Why a card cannot go in a cell: the rule, what it says, and which field is wrong."""

    rule: str
    said: Message
    where: str


def neighbours(at: Cell) -> tuple[Cell, ...]:
    """The four cells sharing an edge with ``at`` (up, down, left, right)."""
    r, c = at
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def placement_fault(
    domain: Mapping[Cell, str], card: NeuroCard, at: Cell, limits: Limits
) -> Fault | None:
    """Whether ``card`` may be laid at ``at``; None when it may, else which rule fails and why."""
    r, c = at
    if at in domain:
        return Fault("NT-DOM-1", msg("neurotrio.place.occupied", row=r, col=c, card=domain[at]),
                     "payload.row")
    touching = [(n, NeuroCard.parse(domain[n])) for n in neighbours(at) if n in domain]
    if not touching:
        return Fault("NT-DOM-1", msg("neurotrio.place.apart", row=r, col=c), "payload.row")
    return grid_fault(domain, at, limits) or compatibility_fault(card, at, touching)


def grid_fault(domain: Mapping[Cell, str], at: Cell, limits: Limits) -> Fault | None:
    """NT-GRID-2 (the open rows and columns) and NT-GRID-1 (neither twice the other)."""
    r, c = at
    rows = len({row for row, _ in domain} | {r})
    cols = len({col for _, col in domain} | {c})
    if rows > limits.rows or cols > limits.cols:
        return Fault(
            "NT-GRID-2",
            msg("neurotrio.place.grid_closed", row=r, col=c, rows=rows, cols=cols,
                open_rows=limits.rows, open_cols=limits.cols),
            "payload.row" if rows > limits.rows else "payload.col",
        )
    if cols > 2 * rows or rows > 2 * cols:
        return Fault(
            "NT-GRID-1",
            msg("neurotrio.place.grid_shape", row=r, col=c, rows=rows, cols=cols),
            "payload.col" if cols > 2 * rows else "payload.row",
        )
    return None


def compatibility_fault(
    card: NeuroCard, at: Cell, touching: Sequence[tuple[Cell, NeuroCard]]
) -> Fault | None:
    """NT-DOM-3 (one neighbour, compatible) and NT-DOM-4 (compatible with two at least)."""
    r, c = at
    failing = [(n, other) for n, other in touching if not card.compatible(other)]
    if len(touching) == 1 and failing:
        ((n, other),) = failing
        return Fault(
            "NT-DOM-3",
            msg("neurotrio.place.incompatible", card=str(card), row=r, col=c,
                other=str(other), other_row=n[0], other_col=n[1],
                shares=shares(card, other).as_dict()),
            "payload.card",
        )
    if len(touching) > 1 and len(touching) - len(failing) < 2:
        return Fault(
            "NT-DOM-4",
            msg("neurotrio.place.too_few_compatible", card=str(card), row=r, col=c,
                count=len(touching), why=failures(card, failing).as_dict()),
            "payload.card",
        )
    return None


def shares(card: NeuroCard, other: NeuroCard) -> Message:
    """What two incompatible cards have in common: one attribute, or nothing."""
    common = card.common(other)
    if common:
        return msg("neurotrio.shares.only", attribute=common[0])
    return msg("neurotrio.shares.nothing")


def failures(card: NeuroCard, failing: Sequence[tuple[Cell, NeuroCard]]) -> Message:
    """Each incompatible neighbour, where it lies and what it shares, one after the other."""
    (n, other), rest = failing[0], failing[1:]
    common = shares(card, other).as_dict()
    if not rest:
        return msg("neurotrio.place.fails", other=str(other), other_row=n[0], other_col=n[1],
                   shares=common)
    return msg("neurotrio.place.fails_and", other=str(other), other_row=n[0], other_col=n[1],
               shares=common, more=failures(card, rest).as_dict())


def placement_points(domain: Mapping[Cell, str], card: NeuroCard, at: Cell) -> int:
    """NT-DOM-5: +1, +5, +20 for two, three, four compatible neighbours; one gives nothing."""
    compatible = sum(
        1 for n in neighbours(at) if n in domain and card.compatible(NeuroCard.parse(domain[n]))
    )
    return PLACEMENT_POINTS.get(compatible, 0)


def frontier(domain: Mapping[Cell, str], limits: Limits) -> list[Cell]:
    """The empty cells sharing an edge with the domain and inside the open rows and columns."""
    rows = {r for r, _ in domain}
    cols = {c for _, c in domain}
    found: set[Cell] = set()
    for at in domain:
        for n in neighbours(at):
            if n in domain:
                continue
            nr = len(rows | {n[0]})
            nc = len(cols | {n[1]})
            if nr <= limits.rows and nc <= limits.cols and nc <= 2 * nr and nr <= 2 * nc:
                found.add(n)
    return sorted(found)


def first_legal(
    domain: Mapping[Cell, str], hand: Iterable[str], limits: Limits
) -> tuple[str, Cell] | None:
    """A card of ``hand`` and a cell where it may go, or None when the hand is blocked."""
    cells = frontier(domain, limits)
    for text in sorted(set(hand)):
        card = NeuroCard.parse(text)
        for at in cells:
            if placement_fault(domain, card, at, limits) is None:
                return text, at
    return None


def legal_placements(state: NeurotrioState, card: str) -> list[tuple[int, int, int]]:
    """Every (row, col, points) where ``card`` may be laid now: for a seat's own device."""
    domain = domain_cards(state)
    limits = limits_of(state)
    parsed = NeuroCard.parse(card)
    return [
        (r, c, placement_points(domain, parsed, (r, c)))
        for r, c in frontier(domain, limits)
        if placement_fault(domain, parsed, (r, c), limits) is None
    ]


def domain_cards(state: NeurotrioState, size: int | None = None) -> dict[Cell, str]:
    """The domain's cards, or the domain as it was when it held ``size`` cards."""
    return {at: p.card for at, p in state.domain.items() if size is None or p.order < size}


def limits_of(state: NeurotrioState, opens: int | None = None) -> Limits:
    extra = state.opens if opens is None else opens
    return Limits(state.max_rows + extra, state.max_cols + extra)


# --- bids -------------------------------------------------------------------------------------


def bid_points(base: int, token: str, card: NeuroCard, treasure: NeuroCard) -> int:
    """NT-BID-7 and NT-BID-8: what a base card and its token on ``card`` are worth."""
    if token in NUMBER_TOKENS:
        return base * int(token) * NUMBER_FACTOR[len(card.common(treasure))]
    return base if card.attribute(token) == treasure.attribute(token) else -base


def last_player_penalty(cards: int) -> int:
    """NT-END-2: 1, 2, 5 or 20 points for 1, 2, 3, or 4 and more cards left."""
    return {1: 1, 2: 2, 3: 5}.get(cards, 20 if cards >= 4 else 0)


def touching(domain: Mapping[Cell, str], at: Cell) -> int:
    return sum(1 for n in neighbours(at) if n in domain)


def compatible_count(domain: Mapping[Cell, str], card: NeuroCard, at: Cell) -> int:
    return sum(
        1 for n in neighbours(at) if n in domain and card.compatible(NeuroCard.parse(domain[n]))
    )


def deal_sizes(seats: int, dealer: int = 1) -> list[int]:
    """NT-DEAL-1: how many cards each seat is dealt."""
    first = (dealer - 1) % seats
    share, extra = divmod(DEALT, seats)
    return [share + ((s - first) % seats < extra) for s in range(seats)]
