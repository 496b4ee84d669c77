"""Neurotrio's moves judged and applied, one function per move type, each bound to its move in
``REGISTRY``; ``deal`` makes the table, ``table`` is what the shared checks read of it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.engines.base import (
    Event,
    Flag,
    Impossible,
    InvalidOptions,
    MissplayReport,
    Verdict,
)
from referee.engines.messages import Message, msg
from referee.engines.moves import Table
from referee.engines.neurotrio.cards import (
    COPIES,
    DEFAULT_COLOURS,
    DUTY_PENALTY,
    START_POINTS,
    TOKENS,
    NeuroCard,
    fold,
)
from referee.engines.neurotrio.domain import (
    compatible_count,
    deal_sizes,
    domain_cards,
    limits_of,
    placement_fault,
    placement_points,
    touching,
)
from referee.engines.neurotrio.moves import (
    MOVES,
    Decline,
    DeuxCartes,
    LayBid,
    Neuro,
    OpenMore,
    Pass,
    PlaceCard,
    Reveal,
    RevealBids,
    StartDomain,
)
from referee.engines.neurotrio.scoring import duty_charge
from referee.engines.neurotrio.state import (
    Bid,
    BiddingRound,
    DutyPass,
    NeurotrioState,
    Opening,
    Placed,
    SeatState,
)
from referee.engines.neurotrio.table import (
    active_seat,
    advance,
    bases_left,
    card_of,
    check_duty,
    check_openings,
    close_if_done,
    finish,
    holding_seats,
    next_bidder,
    score_bids,
    seat_of,
    stop,
    treasure_place,
)

#: The faults the host reports (NT-DUTY-2), and what each is.


MIN_SEATS, MAX_SEATS = 3, 8


REPORTABLE_MISSPLAYS: Mapping[str, Message] = {
    "NT-DUTY-2": msg("neurotrio.report.duty", points=10),
}


def start_domain(state: NeurotrioState, event: Event, move: StartDomain) -> Verdict:
    if state.phase != "start":
        raise Impossible.of("NT-DECK-3", "neurotrio.start.already", "type")
    card = card_of(state, move.card, "payload.card")
    state.domain[(0, 0)] = Placed(str(card), None, 0, 0)
    state.phase = "play"
    state.turn = state.first
    return Verdict.ok("NT-DECK-3", msg("neurotrio.start.laid", card=str(card)),
                      msg("neurotrio.effect.plays_first", seat=state.first))


def place(state: NeurotrioState, event: Event, move: PlaceCard) -> Verdict:
    seat = active_seat(state, event)
    card = card_of(state, move.card, "payload.card")
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
        effects.append(finish(state, seat))
    holders = holding_seats(state)
    if len(holders) == 1:
        effects.append(stop(state, holders[0]))
    else:
        advance(state, seat)
    good, count = compatible_count(domain, card, at), touching(domain, at)
    if points:
        return Verdict.ok("NT-DOM-5", msg(
            "neurotrio.place.scores", seat=seat, card=str(card), row=at[0], col=at[1],
            compatible=good, count=count, points=points), *effects)
    return Verdict.ok("NT-DOM-3", msg(
        "neurotrio.place.placed", seat=seat, card=str(card), row=at[0], col=at[1],
        compatible=good, count=count), *effects)


def pass_turn(state: NeurotrioState, event: Event, _: Pass) -> Verdict:
    seat = active_seat(state, event)
    me = state.seats[seat]
    me.passes += 1  # the active seat always holds cards: empty hands are skipped
    state.played_since_round = True
    if seat not in state.passed_since_change:
        state.passed_since_change.append(seat)
    effects = [msg("neurotrio.effect.pass_costs")]
    if state.duty_since is not None:
        state.duty_passes.append(DutyPass(event.seq, seat, len(state.domain), state.opens))
        effects.append(msg("neurotrio.effect.pass_checked"))
    advance(state, seat)
    return Verdict.ok("NT-PASS-1", msg("neurotrio.pass.passes", seat=seat, count=me.hand),
                      *effects)


def deux_cartes(state: NeurotrioState, event: Event, _: DeuxCartes) -> Verdict:
    seat = seat_of(state, event)
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


def open_more(state: NeurotrioState, event: Event, _: OpenMore) -> Verdict:
    if state.phase != "play":
        raise Impossible.of("NT-GRID-3", "neurotrio.open.not_building", "type")
    holders = holding_seats(state)
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


def neuro(state: NeurotrioState, event: Event, _: Neuro) -> Verdict:
    seat = seat_of(state, event)
    if state.phase == "bidding":
        raise Impossible.of("NT-BID-2", "neurotrio.neuro.round_on", "type")
    if state.phase != "play":
        raise Impossible.of("NT-BID-4", "neurotrio.neuro.no_more", "type")
    if not state.played_since_round:
        raise Impossible.of("NT-BID-2", "neurotrio.neuro.no_play_since", "type")
    if not bases_left(state):
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


def bidder(state: NeurotrioState, event: Event) -> tuple[int, BiddingRound]:
    seat = seat_of(state, event)
    if state.phase != "bidding" or state.round is None:
        raise Impossible.of("NT-BID-2", "neurotrio.bid.no_round", "type")
    if seat != state.round.to_bid:
        raise Impossible.of("NT-BID-2", "neurotrio.bid.not_your_turn", "seat", seat=seat,
                            turn_seat=state.round.to_bid)
    return seat, state.round


def bid(state: NeurotrioState, event: Event, move: LayBid) -> Verdict:
    seat, rnd = bidder(state, event)
    base, at, token = move.base, (move.row, move.col), move.token
    if base not in bases_left(state):
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
    effect = next_bidder(state)
    if token is not None:
        return Verdict.ok("NT-BID-5", msg("neurotrio.bid.sealed", seat=seat, base=base,
                                          card=card, row=at[0], col=at[1]), effect)
    return Verdict.ok("NT-BID-5", msg("neurotrio.bid.face_down", seat=seat, base=base,
                                      card=card, row=at[0], col=at[1]), effect)


def decline(state: NeurotrioState, event: Event, _: Decline) -> Verdict:
    seat, rnd = bidder(state, event)
    if seat == rnd.caller:
        raise Impossible.of("NT-BID-2", "neurotrio.decline.caller", "type", seat=seat)
    return Verdict.ok("NT-BID-2", msg("neurotrio.decline.declines", seat=seat),
                      next_bidder(state))


def reveal(state: NeurotrioState, event: Event, move: Reveal) -> Verdict:
    """NT-TRES-1: the last player shows its hand; every hand is known, the treasure too."""
    last, shown, seen = check_reveal(state, event, move)
    # the hand is possible: every card is now known
    state.seats[last].remaining = [str(c) for c in shown]
    (treasure,) = [text for text, n in seen.items() if n == 1]  # NT-DECK-2: 53 = 26×2 + 1
    state.treasure = treasure
    flags = check_duty(state) + check_openings(state)
    score_bids(state)
    close_if_done(state)
    return Verdict.ok(
        "NT-TRES-1",
        msg("neurotrio.reveal.shows", seat=last, count=len(shown), card=treasure),
        *revealed(state, treasure, flags),
        flags=tuple(flags),
    )


def check_reveal(state: NeurotrioState, event: Event, move: Reveal
                  ) -> tuple[int, list[NeuroCard], Counter[str]]:
    """NT-TRES-1 / NT-DECK-2: the last player, the hand it shows, and every card then seen."""
    if state.phase not in ("reveal", "bids") or state.last_player is None:
        raise Impossible.of("NT-TRES-1", "neurotrio.reveal.not_yet", "type")
    last = state.last_player
    if event.seat is not None and event.seat != last:
        raise Impossible.of("NT-TRES-1", "neurotrio.reveal.not_last", "seat", seat=last)
    if state.seats[last].remaining is not None:
        raise Impossible.of("NT-TRES-1", "neurotrio.reveal.already", "type", seat=last)
    shown = [card_of(state, c, "payload.cards") for c in move.cards]
    if len(shown) != state.seats[last].hand:
        raise Impossible.of("NT-TRES-1", "neurotrio.reveal.count", "payload.cards", seat=last,
                            held=state.seats[last].hand, count=len(shown))
    seen = Counter(p.card for p in state.domain.values()) + Counter(str(c) for c in shown)
    over = sorted(text for text, n in seen.items() if n > COPIES)
    if over:
        raise Impossible.of("NT-DECK-2", "neurotrio.reveal.too_many", "payload.cards",
                            card=over[0], count=seen[over[0]])
    return last, shown, seen


def revealed(state: NeurotrioState, treasure: str, flags: list[Flag]
              ) -> list[Message]:
    """What the reveal proved: where the treasure lay, the duty broken, tokens still down."""
    effects = [treasure_place(state, treasure)]
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


def reveal_bids(state: NeurotrioState, event: Event, move: RevealBids) -> Verdict:
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
    score_bids(state)
    close_if_done(state)
    pending = sum(1 for b in state.bids if b.token is None)
    return Verdict.ok(
        "NT-BID-6",
        msg("neurotrio.tokens.turned", count=len(turned)),
        *([msg("neurotrio.effect.still_face_down", count=pending)] if pending else []),
    )


def missplay(state: NeurotrioState, event: Event, move: MissplayReport) -> Verdict:
    rule = move.rule
    if rule not in REPORTABLE_MISSPLAYS:
        raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.not_reportable", "payload.rule",
                            rule=rule)
    seat = seat_of(state, event)
    passes = reportable(state, seat)
    me = state.seats[seat]
    if state.duty_penalty == "per_player" and me.reported_violations:
        raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.already_lost", "seat",
                            seat=seat, points=DUTY_PENALTY)
    if me.reported_violations >= passes:
        raise Impossible.of("NT-DUTY-2", "neurotrio.missplay.all_reported", "seat",
                            seat=seat, count=passes)
    before = duty_charge(state, me)
    me.reported_violations += 1
    charged = duty_charge(state, me) - before
    return Verdict.missplay(
        "NT-DUTY-2",
        msg("neurotrio.missplay.passed_able", seat=seat),
        msg("neurotrio.penalty.points", points=charged) if charged
        else msg("neurotrio.penalty.already_charged"),
        offender=seat,
    )


def reportable(state: NeurotrioState, seat: int) -> int:
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


def deal(options: Mapping[str, Any], seats: int) -> NeurotrioState:
    """The table dealt (NT-SEAT-1, NT-DEAL-1): who deals, who plays first, each hand's size and
    starting points; raises InvalidOptions."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOptions.of("NT-SEAT-1", "neurotrio.setup.seats", "seats", count=seats)
    dealer = int(options.get("dealer", 1))
    if dealer >= seats:
        raise InvalidOptions.of("NT-SEAT-1", "neurotrio.setup.dealer", "options.dealer",
                                highest=seats - 1)
    colours = [fold(c) for c in options.get("colours", DEFAULT_COLOURS)]
    if len(set(colours)) != 3 or any(
        not c or "-" in c or not c.replace(" ", "").isalpha() for c in colours
    ):
        raise InvalidOptions.of("NT-DECK-1", "neurotrio.setup.colours", "options.colours")
    first = (dealer - 1) % seats  # NT-SEAT-1: the seat on the dealer's right
    sizes = deal_sizes(seats, dealer)
    fewest = min(sizes)  # NT-DEAL-1: one more card, one more victory point
    seat_states = [SeatState(n, n, START_POINTS + (n > fewest)) for n in sizes]
    return NeurotrioState(
        seats=seat_states,
        colours=colours,
        dealer=dealer,
        first=first,
        max_rows=int(options.get("max_rows", 6)),
        max_cols=int(options.get("max_cols", 11)),
        duty_starts=str(options.get("duty_starts", "two_cards")),
        open_after_passes=bool(options.get("open_more_after_passes", True)),
        duty_penalty=str(options.get("duty_penalty", "per_player")),
    )


def table(state: NeurotrioState) -> Table:
    """Turns are checked by each move (the phase says why a seat may not play first)."""
    return Table(seats=len(state.seats), turn=None, over=state.phase == "over")


#: Each move type with its payload and its rule.


REGISTRY = MOVES.handled_by({
        "start_domain": start_domain,
        "place": place,
        "pass": pass_turn,
        "deux_cartes": deux_cartes,
        "open_more": open_more,
        "neuro": neuro,
        "bid": bid,
        "decline": decline,
        "reveal": reveal,
        "reveal_bids": reveal_bids,
        "missplay": missplay,
})
