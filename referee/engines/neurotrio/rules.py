"""Neurotrio's moves judged and applied, one method per move type."""

from __future__ import annotations

from collections import Counter

from referee.engines.base import (
    Event,
    Flag,
    Impossible,
    Verdict,
)
from referee.engines.messages import Message, msg
from referee.engines.moves import Handler, NoPayload, Table
from referee.engines.neurotrio.cards import (
    COPIES,
    DUTY_PENALTY,
    TOKENS,
    NeuroCard,
)
from referee.engines.neurotrio.domain import (
    compatible_count,
    domain_cards,
    limits_of,
    placement_fault,
    placement_points,
    touching,
)
from referee.engines.neurotrio.moves import (
    LayBid,
    Missplay,
    PlaceCard,
    Reveal,
    RevealBids,
    StartDomain,
)
from referee.engines.neurotrio.state import (
    Bid,
    BiddingRound,
    DutyPass,
    NeurotrioState,
    Opening,
    Placed,
)
from referee.engines.neurotrio.table import NeurotrioTable


class NeurotrioRules(NeurotrioTable):
    """Each Neurotrio move: judged first (Impossible changes nothing), then applied."""

    # --- judging ---

    def __init__(self) -> None:
        self.registry = type(self).registry.handled_by(self._handlers())

    def table(self, state: NeurotrioState) -> Table:
        """Turns are checked by each move (the phase says why a seat may not play first)."""
        return Table(seats=len(state.seats), turn=None, over=state.phase == "over")

    def _handlers(self) -> dict[str, Handler]:
        return {
            "start_domain": self._start_domain,
            "place": self._place,
            "pass": self._pass,
            "deux_cartes": self._deux_cartes,
            "open_more": self._open_more,
            "neuro": self._neuro,
            "bid": self._bid,
            "decline": self._decline,
            "reveal": self._reveal,
            "reveal_bids": self._reveal_bids,
            "missplay": self._missplay,
        }

    def _start_domain(self, state: NeurotrioState, event: Event, move: StartDomain) -> Verdict:
        if state.phase != "start":
            raise Impossible.of("NT-DECK-3", "neurotrio.start.already", "type")
        card = self._card(state, move.card, "payload.card")
        state.domain[(0, 0)] = Placed(str(card), None, 0, 0)
        state.phase = "play"
        state.turn = state.first
        return Verdict.ok("NT-DECK-3", msg("neurotrio.start.laid", card=str(card)),
                          msg("neurotrio.effect.plays_first", seat=state.first))

    def _place(self, state: NeurotrioState, event: Event, move: PlaceCard) -> Verdict:
        seat = self._active(state, event)
        card = self._card(state, move.card, "payload.card")
        at = (move.row, move.col)
        domain = domain_cards(state)
        fault = placement_fault(domain, card, at, limits_of(state))
        if fault is not None:
            raise Impossible.of(fault.rule, "neurotrio.place.refused", fault.where, seat=seat,
                                why=fault.said.as_dict())
        if sum(1 for text in domain.values() if text == str(card)) >= COPIES:
            raise Impossible.of("NT-DECK-2", "neurotrio.place.no_third", "payload.card",
                                card=str(card))
        points = placement_points(domain, card, at)
        # the move is possible: lay the card
        me = state.seats[seat]
        state.domain[at] = Placed(str(card), seat, len(state.domain), points)
        me.hand -= 1
        me.placement_points += points
        state.played_since_round = True
        state.passed_since_change = []
        effects = [msg("neurotrio.effect.holds", seat=seat, count=me.hand)]
        if state.duty_starts == "two_cards" and state.duty_since is None and me.hand <= 2:
            state.duty_since = event.seq
            effects.append(msg("neurotrio.effect.two_cards_duty"))
        if me.hand == 0:
            effects.append(self._finish(state, seat))
        holders = self._holders(state)
        if len(holders) == 1:
            effects.append(self._stop(state, holders[0]))
        else:
            self._advance(state, seat)
        good, count = compatible_count(domain, card, at), touching(domain, at)
        if points:
            return Verdict.ok("NT-DOM-5", msg(
                "neurotrio.place.scores", seat=seat, card=str(card), row=at[0], col=at[1],
                compatible=good, count=count, points=points), *effects)
        return Verdict.ok("NT-DOM-3", msg(
            "neurotrio.place.placed", seat=seat, card=str(card), row=at[0], col=at[1],
            compatible=good, count=count), *effects)

    def _pass(self, state: NeurotrioState, event: Event, _: NoPayload) -> Verdict:
        seat = self._active(state, event)
        me = state.seats[seat]
        me.passes += 1  # the active seat always holds cards: empty hands are skipped
        state.played_since_round = True
        if seat not in state.passed_since_change:
            state.passed_since_change.append(seat)
        effects = [msg("neurotrio.effect.pass_costs")]
        if state.duty_since is not None:
            state.duty_passes.append(DutyPass(event.seq, seat, len(state.domain), state.opens))
            effects.append(msg("neurotrio.effect.pass_checked"))
        self._advance(state, seat)
        return Verdict.ok("NT-PASS-1", msg("neurotrio.pass.passes", seat=seat, count=me.hand),
                          *effects)

    def _deux_cartes(self, state: NeurotrioState, event: Event, _: NoPayload) -> Verdict:
        seat = self._seat(state, event)
        if state.phase not in ("play", "bidding"):
            raise Impossible.of("NT-DUTY-1", "neurotrio.duty.not_building", "type")
        me = state.seats[seat]
        if me.hand != 2:
            raise Impossible.of("NT-DUTY-1", "neurotrio.duty.not_two", "seat", seat=seat,
                                count=me.hand)
        if me.announced:
            raise Impossible.of("NT-DUTY-1", "neurotrio.duty.already_said", "seat", seat=seat)
        me.announced = True
        effects = []
        if state.duty_since is None:
            state.duty_since = event.seq
            effects.append(msg("neurotrio.effect.duty_from_now"))
        return Verdict.ok("NT-DUTY-1", msg("neurotrio.duty.says", seat=seat), *effects)

    def _open_more(self, state: NeurotrioState, event: Event, _: NoPayload) -> Verdict:
        if state.phase != "play":
            raise Impossible.of("NT-GRID-3", "neurotrio.open.not_building", "type")
        holders = self._holders(state)
        waiting = [s for s in holders if s not in state.passed_since_change]
        if state.open_after_passes and waiting:
            raise Impossible.of("NT-GRID-3", "neurotrio.open.not_blocked", "type",
                                waiting_seats=waiting)
        state.openings.append(Opening(event.seq, len(state.domain), state.opens, tuple(holders)))
        state.opens += 1
        state.passed_since_change = []
        limits = limits_of(state)
        return Verdict.ok(
            "NT-GRID-3",
            msg("neurotrio.open.opens", holder_seats=holders),
            msg("neurotrio.effect.open_limits", rows=limits.rows, cols=limits.cols),
            msg("neurotrio.effect.open_checked"),
        )

    def _neuro(self, state: NeurotrioState, event: Event, _: NoPayload) -> Verdict:
        seat = self._seat(state, event)
        if state.phase == "bidding":
            raise Impossible.of("NT-BID-2", "neurotrio.neuro.round_on", "type")
        if state.phase != "play":
            raise Impossible.of("NT-BID-4", "neurotrio.neuro.no_more", "type")
        if not state.played_since_round:
            raise Impossible.of("NT-BID-2", "neurotrio.neuro.no_play_since", "type")
        if not self._bases_left(state):
            raise Impossible.of("NT-BID-5", "neurotrio.neuro.no_bases", "type")
        if state.seats[seat].bids >= len(TOKENS):
            raise Impossible.of("NT-BID-5", "neurotrio.neuro.no_tokens", "seat", seat=seat)
        n = len(state.seats)
        state.rounds_held += 1
        state.round = BiddingRound(state.rounds_held, seat, [(seat + k) % n for k in range(n)])
        state.phase = "bidding"
        state.played_since_round = False
        return Verdict.ok(
            "NT-BID-2",
            msg("neurotrio.neuro.says", seat=seat, round=state.rounds_held),
            msg("neurotrio.effect.bids_first", seat=seat),
        )

    def _bidder(self, state: NeurotrioState, event: Event) -> tuple[int, BiddingRound]:
        seat = self._seat(state, event)
        if state.phase != "bidding" or state.round is None:
            raise Impossible.of("NT-BID-2", "neurotrio.bid.no_round", "type")
        if seat != state.round.to_bid:
            raise Impossible.of("NT-BID-2", "neurotrio.bid.not_your_turn", "seat", seat=seat,
                                turn_seat=state.round.to_bid)
        return seat, state.round

    def _bid(self, state: NeurotrioState, event: Event, move: LayBid) -> Verdict:
        seat, rnd = self._bidder(state, event)
        base, at, token = move.base, (move.row, move.col), move.token
        if base not in self._bases_left(state):
            raise Impossible.of("NT-BID-5", "neurotrio.bid.base_used", "payload.base", base=base)
        if at not in state.domain:
            raise Impossible.of("NT-BID-5", "neurotrio.bid.no_card", "payload.row", row=at[0],
                                col=at[1])
        me = state.seats[seat]
        if token is not None and token in me.tokens:
            raise Impossible.of("NT-BID-5", "neurotrio.bid.token_used", "payload.token",
                                seat=seat, token=token)
        # the bid is possible: lay the base card and the token
        state.bids.append(Bid(base, seat, at[0], at[1], token, token is not None, rnd.number))
        me.bids += 1
        if token is not None:
            me.tokens.append(token)
        card = state.domain[at].card
        effect = self._next_bidder(state)
        if token is not None:
            return Verdict.ok("NT-BID-5", msg("neurotrio.bid.sealed", seat=seat, base=base,
                                              card=card, row=at[0], col=at[1]), effect)
        return Verdict.ok("NT-BID-5", msg("neurotrio.bid.face_down", seat=seat, base=base,
                                          card=card, row=at[0], col=at[1]), effect)

    def _decline(self, state: NeurotrioState, event: Event, _: NoPayload) -> Verdict:
        seat, rnd = self._bidder(state, event)
        if seat == rnd.caller:
            raise Impossible.of("NT-BID-2", "neurotrio.decline.caller", "type", seat=seat)
        return Verdict.ok("NT-BID-2", msg("neurotrio.decline.declines", seat=seat),
                          self._next_bidder(state))

    def _reveal(self, state: NeurotrioState, event: Event, move: Reveal) -> Verdict:
        """NT-TRES-1: the last player shows its hand; every hand is known, the treasure too."""
        last, shown, seen = self._check_reveal(state, event, move)
        # the hand is possible: every card is now known
        state.seats[last].remaining = [str(c) for c in shown]
        (treasure,) = [text for text, n in seen.items() if n == 1]  # NT-DECK-2: 53 = 26×2 + 1
        state.treasure = treasure
        flags = self._check_duty(state) + self._check_openings(state)
        self._score_bids(state)
        self._close_if_done(state)
        return Verdict.ok(
            "NT-TRES-1",
            msg("neurotrio.reveal.shows", seat=last, count=len(shown), card=treasure),
            *self._revealed(state, treasure, flags),
            flags=tuple(flags),
        )

    def _check_reveal(self, state: NeurotrioState, event: Event, move: Reveal
                      ) -> tuple[int, list[NeuroCard], Counter[str]]:
        """NT-TRES-1 / NT-DECK-2: the last player, the hand it shows, and every card then seen."""
        if state.phase not in ("reveal", "bids") or state.last_player is None:
            raise Impossible.of("NT-TRES-1", "neurotrio.reveal.not_yet", "type")
        last = state.last_player
        if event.seat is not None and event.seat != last:
            raise Impossible.of("NT-TRES-1", "neurotrio.reveal.not_last", "seat", seat=last)
        if state.seats[last].remaining is not None:
            raise Impossible.of("NT-TRES-1", "neurotrio.reveal.already", "type", seat=last)
        shown = [self._card(state, c, "payload.cards") for c in move.cards]
        if len(shown) != state.seats[last].hand:
            raise Impossible.of("NT-TRES-1", "neurotrio.reveal.count", "payload.cards", seat=last,
                                held=state.seats[last].hand, count=len(shown))
        seen = Counter(p.card for p in state.domain.values()) + Counter(str(c) for c in shown)
        over = sorted(text for text, n in seen.items() if n > COPIES)
        if over:
            raise Impossible.of("NT-DECK-2", "neurotrio.reveal.too_many", "payload.cards",
                                card=over[0], count=seen[over[0]])
        return last, shown, seen

    def _revealed(self, state: NeurotrioState, treasure: str, flags: list[Flag]
                  ) -> list[Message]:
        """What the reveal proved: where the treasure lay, the duty broken, tokens still down."""
        effects = [self._treasure_place(state, treasure)]
        proven = [f for f in flags if f.rule == "NT-DUTY-2"]
        if proven and state.duty_penalty == "per_pass":
            effects.append(msg("neurotrio.effect.duty_broken_per_pass", count=len(proven),
                               points=DUTY_PENALTY))
        elif proven:
            offenders = sorted({s for s, seat in enumerate(state.seats) if seat.proven_violations})
            effects.append(msg("neurotrio.effect.duty_broken_per_player",
                               offender_seats=offenders, points=DUTY_PENALTY))
        pending = sum(1 for b in state.bids if b.token is None)
        if pending:
            effects.append(msg("neurotrio.effect.tokens_pending", count=pending))
        return effects

    def _reveal_bids(self, state: NeurotrioState, event: Event, move: RevealBids) -> Verdict:
        if state.phase not in ("reveal", "bids"):
            raise Impossible.of("NT-BID-6", "neurotrio.tokens.not_yet", "type")
        by_base = {b.base: b for b in state.bids}
        used = {i: list(s.tokens) for i, s in enumerate(state.seats)}
        turned: list[tuple[Bid, str]] = []
        for i, item in enumerate(move.tokens):
            base, token = int(item["base"]), str(item["token"])
            bid = by_base.get(base)
            where = f"payload.tokens.{i}"
            if bid is None:
                raise Impossible.of("NT-BID-6", "neurotrio.tokens.no_bid", where, base=base)
            if bid.token is not None or any(b is bid for b, _ in turned):
                raise Impossible.of("NT-BID-6", "neurotrio.tokens.known", where, base=base)
            if token in used[bid.seat]:
                raise Impossible.of("NT-BID-5", "neurotrio.tokens.only_one", where,
                                    seat=bid.seat, token=token)
            used[bid.seat].append(token)
            turned.append((bid, token))
        for bid, token in turned:
            bid.token = token
            state.seats[bid.seat].tokens.append(token)
        self._score_bids(state)
        self._close_if_done(state)
        pending = sum(1 for b in state.bids if b.token is None)
        return Verdict.ok(
            "NT-BID-6",
            msg("neurotrio.tokens.turned", count=len(turned)),
            *([msg("neurotrio.effect.still_face_down", count=pending)] if pending else []),
        )

    def _missplay(self, state: NeurotrioState, event: Event, move: Missplay) -> Verdict:
        rule = move.rule
        if rule not in self.reportable_missplays:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.not_reportable", "payload.rule",
                                rule=rule)
        seat = self._seat(state, event)
        passes = self._reportable(state, seat)
        me = state.seats[seat]
        if state.duty_penalty == "per_player" and me.reported_violations:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.already_lost", "seat",
                                seat=seat, points=DUTY_PENALTY)
        if me.reported_violations >= passes:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.all_reported", "seat",
                                seat=seat, count=passes)
        before = self._duty_charge(state, me)
        me.reported_violations += 1
        charged = self._duty_charge(state, me) - before
        return Verdict.missplay(
            "NT-DUTY-2",
            msg("neurotrio.missplay.passed_able", seat=seat),
            msg("neurotrio.penalty.points", points=charged) if charged
            else msg("neurotrio.penalty.already_charged"),
        )

    def _reportable(self, state: NeurotrioState, seat: int) -> int:
        """NT-DUTY-2: a report needs the duty on, the hands still unknown, and a pass of
        ``seat`` under the duty; how many passes it made under it."""
        if state.duty_since is None and state.duty_starts == "announcement":
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.nobody_announced", "type")
        if state.duty_since is None:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.no_two_cards", "type")
        if state.treasure is not None:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.hands_known", "type")
        passes = sum(1 for p in state.duty_passes if p.seat == seat)
        if not passes:
            raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.no_pass", "seat", seat=seat)
        return passes
