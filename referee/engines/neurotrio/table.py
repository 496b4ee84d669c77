"""What a Neurotrio move does to the table once judged possible, and the small judgements the
moves share."""

from __future__ import annotations

from referee.engines.base import (
    Engine,
    Event,
    Flag,
    Impossible,
)
from referee.engines.messages import Message, msg
from referee.engines.neurotrio.cards import (
    BASES,
    DUTY_PENALTY,
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
from referee.engines.neurotrio.state import (
    NeurotrioState,
    SeatState,
)


class NeurotrioTable(Engine[NeurotrioState]):
    """The changes and shared judgements of the Neurotrio moves."""

    def _totals(self, state: NeurotrioState) -> dict[str, int]:
        """Each seat's victory points now (the score is ``view``'s)."""
        raise NotImplementedError

    # --- what a move does to the table ---

    def _finish(self, state: NeurotrioState, seat: int) -> Message:
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

    def _stop(self, state: NeurotrioState, last: int) -> Message:
        """NT-END-1 and NT-END-2: a single player still holds cards: the game stops."""
        me = state.seats[last]
        me.last_penalty = -last_player_penalty(me.hand)
        state.last_player = last
        state.phase = "reveal"
        state.turn = None
        state.laps.append(self._totals(state))
        return msg("neurotrio.effect.game_stops", seat=last, points=-me.last_penalty,
                   count=me.hand)

    def _advance(self, state: NeurotrioState, seat: int) -> None:
        """The next seat clockwise that still holds cards; a lap ends when it wraps past the
        first player."""
        n = len(state.seats)
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if state.seats[nxt].hand > 0:
                if (nxt - state.first) % n <= (seat - state.first) % n:
                    state.laps.append(self._totals(state))
                state.turn = nxt
                return

    def _next_bidder(self, state: NeurotrioState) -> Message:
        rnd = state.round
        assert rnd is not None
        bases = self._bases_left(state)
        rnd.index += 1
        while bases and rnd.index < len(rnd.order) and state.seats[rnd.to_bid].bids >= len(TOKENS):
            rnd.index += 1  # a seat with no token left has no bid to make
        if not bases or rnd.index >= len(rnd.order):
            state.round = None
            state.phase = "play"
            return msg("neurotrio.effect.round_ends", seat=state.turn)
        return msg("neurotrio.effect.may_bid", seat=rnd.to_bid)

    def _check_duty(self, state: NeurotrioState) -> list[Flag]:
        """NT-DUTY-2: each pass made under the duty, against the hand the seat then held.

        Every proven pass is flagged; what it costs follows the option ``duty_penalty``: ten
        points for the player once (``per_player``, the text) or for each pass (``per_pass``).
        """
        flags = []
        for p in state.duty_passes:
            hand = self._hand_at(state, p.seat, p.domain_size)
            found = first_legal(domain_cards(state, p.domain_size), hand, limits_of(state, p.opens))
            if found is None:
                continue
            me = state.seats[p.seat]
            before = self._duty_charge(state, me)
            me.proven_violations += 1
            charged = self._duty_charge(state, me) - before
            card, at = found
            flags.append(Flag(
                p.seq, "NT-DUTY-2",
                msg("neurotrio.flag.duty", seat=p.seat, card=card, row=at[0], col=at[1]),
                msg("neurotrio.penalty.points", points=charged) if charged
                else msg("neurotrio.penalty.once"),
            ))
        return flags

    def _duty_charge(self, state: NeurotrioState, me: SeatState) -> int:
        """NT-DUTY-2: the points a seat loses for the duty, proven and reported faults counted
        once (ten times the larger count per pass; ten at most per player)."""
        faults = max(me.proven_violations, me.reported_violations)
        if state.duty_penalty == "per_player":
            faults = min(faults, 1)
        return DUTY_PENALTY * faults

    def _check_openings(self, state: NeurotrioState) -> list[Flag]:
        """NT-GRID-3: every holder should have been blocked when the grid grew."""
        flags = []
        for o in state.openings:
            domain = domain_cards(state, o.domain_size)
            limits = limits_of(state, o.opens_before)
            for seat in o.holders:
                found = first_legal(domain, self._hand_at(state, seat, o.domain_size), limits)
                if found is not None:
                    card, at = found
                    flags.append(Flag(o.seq, "NT-GRID-3", msg(
                        "neurotrio.flag.not_blocked", seat=seat, card=card, row=at[0],
                        col=at[1])))
                    break
        return flags

    def _hand_at(self, state: NeurotrioState, seat: int, domain_size: int) -> list[str]:
        """A seat's hand when the domain held ``domain_size`` cards: what it laid afterwards
        plus what it held at the end."""
        later = [p.card for p in state.domain.values() if p.seat == seat and p.order >= domain_size]
        return later + list(state.seats[seat].remaining or [])

    def _score_bids(self, state: NeurotrioState) -> None:
        if state.treasure is None:
            return
        treasure = NeuroCard.parse(state.treasure)
        for bid in state.bids:
            if bid.token is not None and bid.points is None:
                card = NeuroCard.parse(state.domain[(bid.row, bid.col)].card)
                bid.points = bid_points(bid.base, bid.token, card, treasure)

    def _close_if_done(self, state: NeurotrioState) -> None:
        if state.treasure is None:
            return
        state.phase = "bids" if any(b.token is None for b in state.bids) else "over"

    def _treasure_place(self, state: NeurotrioState, treasure: str) -> Message:
        """NT-TRES-1: where the treasure lay, in the domain or in the last hand."""
        for (row, col), p in state.domain.items():
            if p.card == treasure:
                return msg("neurotrio.effect.treasure_in_domain", card=treasure, row=row, col=col)
        return msg("neurotrio.effect.treasure_in_hand", card=treasure, seat=state.last_player)

    # --- small judgements shared by the moves ---

    def _seat(self, state: NeurotrioState, event: Event) -> int:
        if event.seat is None or not 0 <= event.seat < len(state.seats):
            raise Impossible.of("NT-SEAT-1", "neurotrio.seat.needed", "seat",
                                highest=len(state.seats) - 1)
        return event.seat

    def _active(self, state: NeurotrioState, event: Event) -> int:
        """The seat placing or passing, once the phase and the turn allow it (``event.type`` is
        ``place`` or ``pass``)."""
        seat = self._seat(state, event)
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

    def _card(self, state: NeurotrioState, text: str, where: str) -> NeuroCard:
        card = NeuroCard.parse(text)
        if card.colour not in state.colours:
            raise Impossible.of("NT-DECK-1", "neurotrio.deck.colour", where, card=str(card),
                                colours=list(state.colours))
        return card

    def _holders(self, state: NeurotrioState) -> list[int]:
        return [i for i, s in enumerate(state.seats) if s.hand > 0]

    def _bases_left(self, state: NeurotrioState) -> list[int]:
        used = {b.base for b in state.bids}
        return [b for b in BASES if b not in used]
