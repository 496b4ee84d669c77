"""What may be logged now at a Neurotrio table, in the contract's one shape (``LegalMove``):
the types, and the payloads each allows (a chosen card's cells, the bases left…)."""

from __future__ import annotations

from referee.engines.moves import LegalMove, legal
from referee.engines.neurotrio.cards import COPIES, TOKENS, full_deck
from referee.engines.neurotrio.domain import domain_cards, legal_placements
from referee.engines.neurotrio.state import NeurotrioState
from referee.engines.neurotrio.table import bases_left, holding_seats

#: The types open to any seat and to the host (the table's own moves).
TABLE_MOVES = ("start_domain", "open_more", "reveal_bids")


def table_offers(state: NeurotrioState, seat: int | None) -> tuple[LegalMove, ...]:
    """NT-DECK-3 / NT-GRID-3 / NT-TRES-2: the moves any seat or the host may log."""
    found: list[LegalMove] = []
    if state.phase == "start":
        found.append(legal("start_domain", seat=seat, free=("card",)))
    if state.phase == "play" and state.turn is not None and (
        not state.open_after_passes or set(holding_seats(state)) <= set(state.passed_since_change)
    ):
        found.append(legal("open_more", seat=seat))
    if state.phase in ("reveal", "bids") and any(b.token is None for b in state.bids):
        found.append(legal("reveal_bids", seat=seat, free=("tokens",)))
    return tuple(found)


def placements(state: NeurotrioState) -> list[dict[str, object]]:
    """NT-DOM-…: every card still in the deck, at every cell where it fits now."""
    laid = list(domain_cards(state).values())
    return [
        {"card": card, "row": row, "col": col}
        for card in sorted({str(c) for c in full_deck(state.colours)})
        if laid.count(card) < COPIES
        for row, col, _ in legal_placements(state, card)
    ]


def play_offers(state: NeurotrioState, seat: int) -> tuple[LegalMove, ...]:
    """NT-DOM-… / NT-PASS-1 / NT-BID-2: placing, passing, and calling « Neuro »."""
    found: list[LegalMove] = []
    if state.phase != "play":
        return ()
    if seat == state.turn:
        found += [legal("place", placements(state), seat=seat), legal("pass", seat=seat)]
    if state.played_since_round and bases_left(state) and state.seats[seat].bids < len(TOKENS):
        found.append(legal("neuro", seat=seat))
    return tuple(found)


def bidding_offers(state: NeurotrioState, seat: int) -> tuple[LegalMove, ...]:
    """NT-BID-…: the seat to bid bids on a domain card (its token is its secret) or declines."""
    if state.phase != "bidding" or state.round is None or seat != state.round.to_bid:
        return ()
    cells = [{"base": base, "row": r, "col": c}
             for base in bases_left(state) for (r, c) in sorted(state.domain)]
    found = [legal("bid", cells, seat=seat, free=("token",))]
    if state.round.to_bid != state.round.caller:
        found.append(legal("decline", seat=seat))
    return tuple(found)


def seat_offers(state: NeurotrioState, seat: int) -> tuple[LegalMove, ...]:
    """Everything ``seat`` may log now."""
    me = state.seats[seat]
    duty = (legal("deux_cartes", seat=seat),) if (
        state.phase in ("play", "bidding") and me.hand == 2 and not me.announced) else ()
    reveal = (legal("reveal", seat=seat, free=("cards",)),) if (
        state.phase == "reveal" and state.last_player == seat) else ()
    return (table_offers(state, seat) + duty + play_offers(state, seat)
            + bidding_offers(state, seat) + reveal)


def offers(state: NeurotrioState, seat: int | None) -> tuple[LegalMove, ...]:
    """The contract's ``offers``: the host's own (``seat`` None) or a seat's."""
    return table_offers(state, None) if seat is None else seat_offers(state, seat)


ORDER = ("start_domain", "deux_cartes", "place", "pass", "neuro", "open_more", "bid", "decline",
         "reveal", "reveal_bids")


def buttons(state: NeurotrioState) -> list[dict[str, object]]:
    """The move types the log may take now, and by which seats (None: any seat or the host),
    so a page can offer the right buttons (the view's ``moves``)."""
    by_type: dict[str, list[int]] = {}
    for seat in range(len(state.seats)):
        for move in seat_offers(state, seat):
            by_type.setdefault(move.type, []).append(seat)
    return [{"type": t, "seats": None if t in TABLE_MOVES else by_type[t]}
            for t in ORDER if t in by_type]
