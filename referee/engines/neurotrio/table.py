"""What a Neurotrio move does to the table once judged possible, and the small judgements the
moves share."""

from __future__ import annotations

from referee.engines.base import (
    Event,
    Flag,
    Impossible,
)
from referee.engines.messages import Message, msg
from referee.engines.neurotrio.cards import (
    BASES,
    FINISH_BONUSES,
    TOKENS,
    NeuroCard,
)
from referee.engines.neurotrio.domain import (
    bid_points,
    domain_cards,
    first_legal,
    last_player_penalty,
    limits_of,
)
from referee.engines.neurotrio.scoring import duty_charge, totals
from referee.engines.neurotrio.state import NeurotrioState

# --- what a move does to the table ---

def finish(state: NeurotrioState, seat: int) -> Message:
    """NT-FIN-1: the first three to empty their hands gain 5, 3 and 1 victory points."""
    state.finishers.append(seat)
    rank = len(state.finishers)
    me = state.seats[seat]
    me.finish_rank = rank
    me.finish_bonus = FINISH_BONUSES[rank - 1] if rank <= len(FINISH_BONUSES) else 0
    points = me.finish_bonus
    if points and rank == 1:
        return msg("neurotrio.effect.finished_first", seat=seat, points=points)
    if points and rank == 2:
        return msg("neurotrio.effect.finished_second", seat=seat, points=points)
    if points and rank == 3:
        return msg("neurotrio.effect.finished_third", seat=seat, points=points)
    return msg("neurotrio.effect.finished_later", seat=seat, rank=rank)


def stop(state: NeurotrioState, last: int) -> Message:
    """NT-END-1 and NT-END-2: a single player still holds cards: the game stops."""
    me = state.seats[last]
    me.last_penalty = -last_player_penalty(me.hand)
    state.last_player = last
    state.phase = "reveal"
    state.turn = None
    state.laps.append(totals(state))
    return msg("neurotrio.effect.game_stops", seat=last, points=-me.last_penalty,
               count=me.hand)


def advance(state: NeurotrioState, seat: int) -> None:
    """The next seat clockwise that still holds cards; a lap ends when it wraps past the
    first player."""
    n = len(state.seats)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if state.seats[nxt].hand > 0:
            if (nxt - state.first) % n <= (seat - state.first) % n:
                state.laps.append(totals(state))
            state.turn = nxt
            return


def next_bidder(state: NeurotrioState) -> Message:
    rnd = state.round
    assert rnd is not None
    bases = bases_left(state)
    rnd.index += 1
    while bases and rnd.index < len(rnd.order) and state.seats[rnd.to_bid].bids >= len(TOKENS):
        rnd.index += 1  # a seat with no token left has no bid to make
    if not bases or rnd.index >= len(rnd.order):
        state.round = None
        state.phase = "play"
        return msg("neurotrio.effect.round_ends", seat=state.turn)
    return msg("neurotrio.effect.may_bid", seat=rnd.to_bid)


def check_duty(state: NeurotrioState) -> list[Flag]:
    """NT-DUTY-2: each pass made under the duty, against the hand the seat then held.

    Every proven pass is flagged; what it costs follows the option ``duty_penalty``: ten
    points for the player once (``per_player``, the text) or for each pass (``per_pass``).
    """
    flags = []
    for p in state.duty_passes:
        hand = hand_at(state, p.seat, p.domain_size)
        found = first_legal(domain_cards(state, p.domain_size), hand, limits_of(state, p.opens))
        if found is None:
            continue
        me = state.seats[p.seat]
        before = duty_charge(state, me)
        me.proven_violations += 1
        charged = duty_charge(state, me) - before
        card, at = found
        flags.append(Flag(
            p.seq, "NT-DUTY-2",
            msg("neurotrio.flag.duty", seat=p.seat, card=card, row=at[0], col=at[1]),
            msg("neurotrio.penalty.points", points=charged) if charged
            else msg("neurotrio.penalty.once"),
        ))
    return flags


def check_openings(state: NeurotrioState) -> list[Flag]:
    """NT-GRID-3: every holder should have been blocked when the grid grew."""
    flags = []
    for o in state.openings:
        domain = domain_cards(state, o.domain_size)
        limits = limits_of(state, o.opens_before)
        for seat in o.holders:
            found = first_legal(domain, hand_at(state, seat, o.domain_size), limits)
            if found is not None:
                card, at = found
                flags.append(Flag(o.seq, "NT-GRID-3", msg(
                    "neurotrio.flag.not_blocked", seat=seat, card=card, row=at[0],
                    col=at[1])))
                break
    return flags


def hand_at(state: NeurotrioState, seat: int, domain_size: int) -> list[str]:
    """A seat's hand when the domain held ``domain_size`` cards: what it laid afterwards
    plus what it held at the end."""
    later = [p.card for p in state.domain.values() if p.seat == seat and p.order >= domain_size]
    return later + list(state.seats[seat].remaining or [])


def score_bids(state: NeurotrioState) -> None:
    if state.treasure is None:
        return
    treasure = NeuroCard.parse(state.treasure)
    for bid in state.bids:
        if bid.token is not None and bid.points is None:
            card = NeuroCard.parse(state.domain[(bid.row, bid.col)].card)
            bid.points = bid_points(bid.base, bid.token, card, treasure)


def close_if_done(state: NeurotrioState) -> None:
    if state.treasure is None:
        return
    state.phase = "bids" if any(b.token is None for b in state.bids) else "over"


def treasure_place(state: NeurotrioState, treasure: str) -> Message:
    """NT-TRES-1: where the treasure lay, in the domain or in the last hand."""
    for (row, col), p in state.domain.items():
        if p.card == treasure:
            return msg("neurotrio.effect.treasure_in_domain", card=treasure, row=row, col=col)
    return msg("neurotrio.effect.treasure_in_hand", card=treasure, seat=state.last_player)


# --- small judgements shared by the moves ---

def seat_of(state: NeurotrioState, event: Event) -> int:
    if event.seat is None or not 0 <= event.seat < len(state.seats):
        raise Impossible.of("NT-SEAT-1", "neurotrio.seat.needed", "seat",
                            highest=len(state.seats) - 1)
    return event.seat


def active_seat(state: NeurotrioState, event: Event) -> int:
    """The seat placing or passing, once the phase and the turn allow it (``event.type`` is
    ``place`` or ``pass``)."""
    seat = seat_of(state, event)
    placing = event.type == "place"
    if state.phase == "start":
        raise Impossible.of("NT-DECK-3", "neurotrio.turn.start_first", "type")
    if state.phase == "bidding":
        raise Impossible("NT-BID-3", msg("neurotrio.place.while_bidding", seat=seat)
                         if placing else msg("neurotrio.pass.while_bidding", seat=seat),
                         "type")
    if state.phase != "play":
        raise Impossible.of("NT-END-1", "neurotrio.turn.stopped", "type")
    if seat != state.turn:
        raise Impossible("NT-TURN-1", msg("neurotrio.place.not_your_turn", seat=seat,
                                          turn_seat=state.turn) if placing
                         else msg("neurotrio.pass.not_your_turn", seat=seat,
                                  turn_seat=state.turn), "seat")
    return seat


def card_of(state: NeurotrioState, text: str, where: str) -> NeuroCard:
    card = NeuroCard.parse(text)
    if card.colour not in state.colours:
        raise Impossible.of("NT-DECK-1", "neurotrio.deck.colour", where, card=str(card),
                            colours=list(state.colours))
    return card


def holding_seats(state: NeurotrioState) -> list[int]:
    return [i for i, s in enumerate(state.seats) if s.hand > 0]


def bases_left(state: NeurotrioState) -> list[int]:
    used = {b.base for b in state.bids}
    return [b for b in BASES if b not in used]
