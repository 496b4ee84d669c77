"""What the Neurotrio table shows: whose turn it is, each viewer's view, and what a log entry
shows of a sealed token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engines.base import (
    HOST,
    Event,
    Viewer,
)
from referee.engines.neurotrio import legal
from referee.engines.neurotrio.cards import (
    TOKENS,
    Cell,
    NeuroCard,
)
from referee.engines.neurotrio.domain import (
    domain_cards,
    frontier,
    limits_of,
)
from referee.engines.neurotrio.scoring import totals
from referee.engines.neurotrio.state import (
    Bid,
    NeurotrioState,
)
from referee.engines.neurotrio.table import bases_left


def whose_turn(state: NeurotrioState) -> int | None:
    if state.phase == "bidding" and state.round is not None:
        return state.round.to_bid
    return state.turn if state.phase == "play" else None


# --- what each viewer sees ---

def public_payload(state: NeurotrioState, event: Event, viewer: Viewer
) -> Mapping[str, Any]:
    """NT-BID-6: a token logged with its bid stays sealed in the log too, shown only to the
    bidder and the host until the treasure is known."""
    if (
        event.type == "bid"
        and event.payload.get("token") is not None
        and state.treasure is None
        and viewer not in (HOST, event.seat)
    ):
        return {**event.payload, "token": "sealed"}
    return event.payload


def view(state: NeurotrioState, viewer: Viewer) -> dict[str, Any]:
    """What ``viewer`` sees of the table (the engine puts the game's id first)."""
    points = totals(state)
    return {
        "phase": state.phase,
        "turn": whose_turn(state),
        "dealer": state.dealer,
        "first_player": state.first,
        "colours": list(state.colours),
        "seats": [seat_view(state, i, points[str(i)]) for i in range(len(state.seats))],
        "domain": domain_view(state),
        "bidding": round_view(state),
        "bases_left": bases_left(state),
        "bids": [bid_view(state, b, viewer) for b in state.bids],
        "deux_cartes": {
            "announced": [i for i, s in enumerate(state.seats) if s.announced],
            "duty": state.duty_since is not None,
        },
        "treasure": state.treasure,
        "moves": buttons(state),
    }


def buttons(state: NeurotrioState) -> list[dict[str, Any]]:
    """The move types the log may take now, and by which seats (None: any seat or the host),
    so a page can offer the right buttons. Cards and cells are still judged on arrival."""
    return legal.buttons(state)


def seat_view(state: NeurotrioState, seat: int, total: int) -> dict[str, Any]:
    me = state.seats[seat]
    hand: list[str | None] = (
        list(me.remaining) if me.remaining is not None else [None] * me.hand
    )
    return {
        "seat": seat,
        "hand_size": me.hand,
        "hand": hand,
        "dealt": me.dealt,
        "points": total,
        "finish_rank": me.finish_rank,
        "last_player": state.last_player == seat,
        "announced_deux_cartes": me.announced,
        "tokens_left": len(TOKENS) - me.bids,
        "passed_since_change": seat in state.passed_since_change,
    }


def domain_view(state: NeurotrioState) -> dict[str, Any]:
    limits = limits_of(state)
    if not state.domain:
        return {
            "rows": [],
            "row_range": None,
            "col_range": None,
            "open_rows": 0,
            "open_cols": 0,
            "row_limit": limits.rows,
            "col_limit": limits.cols,
            "openings": state.opens,
            "frontier": [],
        }
    rows = [r for r, _ in state.domain]
    cols = [c for _, c in state.domain]
    r0, r1, c0, c1 = min(rows), max(rows), min(cols), max(cols)
    bases: dict[Cell, list[int]] = {}
    for b in state.bids:
        bases.setdefault((b.row, b.col), []).append(b.base)
    grid = [
        [cell_view(state, (r, c), bases) for c in range(c0, c1 + 1)]
        for r in range(r0, r1 + 1)
    ]
    return {
        "rows": grid,
        "row_range": [r0, r1],
        "col_range": [c0, c1],
        "open_rows": r1 - r0 + 1,
        "open_cols": c1 - c0 + 1,
        "row_limit": limits.rows,
        "col_limit": limits.cols,
        "openings": state.opens,
        "frontier": [[r, c] for r, c in frontier(domain_cards(state), limits)],
    }


def cell_view(state: NeurotrioState, at: Cell, bases: Mapping[Cell, list[int]]
) -> dict[str, Any] | None:
    placed = state.domain.get(at)
    if placed is None:
        return None
    card = NeuroCard.parse(placed.card)
    return {
        "row": at[0],
        "col": at[1],
        "card": placed.card,
        "nature": card.nature,
        "colour": card.colour,
        "force": card.force,
        "seat": placed.seat,
        "points": placed.points,
        "order": placed.order,
        "bases": sorted(bases.get(at, [])),
        "treasure": placed.card == state.treasure,
    }


def round_view(state: NeurotrioState) -> dict[str, Any] | None:
    rnd = state.round
    if rnd is None:
        return None
    return {
        "round": rnd.number,
        "caller": rnd.caller,
        "order": list(rnd.order),
        "to_bid": rnd.to_bid,
        "done": list(rnd.order[: rnd.index]),
    }


def bid_view(state: NeurotrioState, bid: Bid, viewer: Viewer) -> dict[str, Any]:
    shown = bid.token is not None and (
        not bid.sealed or state.treasure is not None or viewer == HOST or viewer == bid.seat
    )
    return {
        "base": bid.base,
        "seat": bid.seat,
        "row": bid.row,
        "col": bid.col,
        "card": state.domain[(bid.row, bid.col)].card,
        "round": bid.round,
        "token": bid.token if shown else None,
        "sealed": bid.sealed,
        "points": bid.points,
    }
