"""A turn: discard (CN-DISC-1), draw (CN-DRAW-1, CN-DRAW-2), steps (CN-MOVE-1 to 3), the end of
the turn (CN-TURN-1), and the faults the host reports (CN-MISS-1)."""

from __future__ import annotations

from referee.engines.base import Event, Impossible, MissplayReport, Verdict
from referee.engines.cards import Card
from referee.engines.croconounours import board
from referee.engines.croconounours.checks import (
    action_check,
    check_cards,
    check_step,
    lay,
    own_warrior,
    square,
    step_kind,
    turn_check,
)
from referee.engines.croconounours.moves import Discard, Draw, Step
from referee.engines.croconounours.pack import (
    HAND_LIMIT,
    MAX_DRAW,
    SUIT_OF_STEP,
    counts_as,
    is_black,
)
from referee.engines.croconounours.state import CrocoState
from referee.engines.croconounours.table import round_totals, seat_standing
from referee.engines.messages import Message, msg

#: The faults the table may report, by rule id: the message that describes each.
REPORTABLE = {
    "CN-DRAW-1": "croconounours.fault.overdrawn",
    "CN-ACT-1": "croconounours.fault.no_action",
    "CN-TURN-2": "croconounours.fault.out_of_order",
}


def discard(state: CrocoState, event: Event, move: Discard) -> Verdict:
    """CN-DISC-1: any number of cards, face up, first in the turn."""
    seat = turn_check(state, event)
    if state.phase != "discard":
        raise Impossible.of("CN-TURN-2", "croconounours.discard.over", "type")
    cards = list(move.cards)
    check_cards(state, seat, cards, "payload.cards")
    state.discard.extend(cards)
    state.hands[seat] -= len(cards)
    state.phase = "draw"
    if not cards:
        return Verdict.ok("CN-DISC-1", msg("croconounours.discard.nothing", seat=seat))
    return Verdict.ok("CN-DISC-1", msg("croconounours.discard.cards", seat=seat, cards=cards))


def check_count(state: CrocoState, seat: int, count: int) -> None:
    """CN-DRAW-1, CN-DRAW-2: never over 7 in hand, never more than the cards left; 3, or fewer
    only to stay at 7 (CN-MULTI-3: the player caught in the middle may start with 8)."""
    hand = state.hands[seat]
    if count and hand + count > HAND_LIMIT:
        raise Impossible.of("CN-DRAW-1", "croconounours.draw.over_seven", "payload.count",
                            seat=seat, held=hand, count=count)
    available = state.stock + len(state.discard)
    if count > available:
        raise Impossible.of("CN-DRAW-2", "croconounours.draw.not_enough", "payload.count",
                            count=available)
    needed = min(MAX_DRAW, max(0, HAND_LIMIT - hand), available)
    if not state.free_draw and count != needed:
        raise Impossible.of("CN-DRAW-1", "croconounours.draw.exactly", "payload.count",
                            seat=seat, held=hand, count=needed)


def draw(state: CrocoState, event: Event, move: Draw) -> Verdict:
    """CN-DRAW-1: the draw comes after the discard and before the actions."""
    seat = turn_check(state, event)
    if state.phase not in ("discard", "draw"):
        raise Impossible.of("CN-TURN-2", "croconounours.draw.after_actions", "type")
    check_count(state, seat, move.count)
    effects = []
    if move.count > state.stock:
        effects.append(reshuffle(state))
    state.stock -= move.count
    state.hands[seat] += move.count
    state.phase = "action"
    return Verdict.ok("CN-DRAW-1", msg("croconounours.draw.drawn", seat=seat, count=move.count),
                      *effects)


def reshuffle(state: CrocoState) -> Message:
    """CN-DRAW-2: the discard pile becomes the new stock."""
    n = len(state.discard)
    state.stock += n
    state.discard.clear()
    state.reshuffles += 1
    return msg("croconounours.draw.reshuffled", count=n)


def step(state: CrocoState, event: Event, move: Step) -> Verdict:
    """CN-MOVE-1, CN-MOVE-2: a club steps straight, a spade diagonally, onto a free square."""
    seat = action_check(state, event)
    w = own_warrior(state, seat, move.warrior)
    card = Card.parse(move.card)
    to = square(move.to, "payload.to", "CN-MOVE-3")
    assert w.square is not None
    if not is_black(card):
        raise Impossible.of("CN-ACT-2", "croconounours.move.red_card", "payload.card",
                            card=move.card)
    kind = step_kind(w.square, to, "CN-MOVE-3")
    suit = SUIT_OF_STEP[kind]
    rule = "CN-MOVE-1" if kind == "straight" else "CN-MOVE-2"
    if not counts_as(card, suit):
        raise Impossible.of(rule, "croconounours.move.wrong_suit", "payload.card",
                            start=board.name(w.square), to=board.name(to), kind=kind,
                            suit=suit.value, card=move.card)
    check_step(state, w.square, to, "CN-MOVE-3", "payload.to")
    check_cards(state, seat, [move.card], "payload.card")
    frm = w.square
    w.square = to
    lay(state, seat, [move.card])
    state.acted.add(seat)
    return Verdict.ok(rule, msg("croconounours.move.stepped", warrior=w.id, kind=kind,
                                start=board.name(frm), to=board.name(to), card=move.card))


def end_turn(state: CrocoState, event: Event, move: object) -> Verdict:
    """CN-TURN-1: play passes to the next seat with a warrior standing; a new round begins
    when it comes back to the first player."""
    seat = action_check(state, event)
    assert state.first_seat is not None
    nxt = next((c for c in ((seat + i) % state.seats for i in range(1, state.seats + 1))
                if seat_standing(state, c)), seat)
    effects = []
    if (nxt - state.first_seat) % state.seats <= (seat - state.first_seat) % state.seats:
        state.rounds.append(round_totals(state))
        state.round += 1
        effects.append(msg("croconounours.turn.round", count=state.round))
    state.had_turn.add(seat)
    state.turn_seat = nxt
    state.phase = "discard"
    return Verdict.ok("CN-TURN-1", msg("croconounours.turn.ended", seat=seat, next_seat=nxt),
                      *effects)


def missplay(state: CrocoState, event: Event, move: MissplayReport) -> Verdict:
    """CN-MISS-1: the host reports a fault the table saw; the rules name no penalty."""
    fault = REPORTABLE.get(move.rule)
    if fault is None:
        raise Impossible.of("CN-MISS-1", "croconounours.missplay.not_reportable",
                            "payload.rule", rule=move.rule)
    if state.check_reports and (why := report_impossible(state, event.seat, move.rule)):
        who = {} if event.seat is None else {"seat": event.seat}
        raise Impossible.of(move.rule, why, "payload.rule", **who)
    described = msg(fault).as_dict()
    reported = (msg("croconounours.missplay.table", fault=described) if event.seat is None
                else msg("croconounours.missplay.seat", seat=event.seat, fault=described))
    return Verdict.missplay(move.rule, reported, msg("croconounours.missplay.no_penalty"),
                            offender=event.seat)


def report_impossible(state: CrocoState, seat: int | None, rule: str) -> str | None:
    """The message id saying why the table cannot have seen ``rule`` broken (by ``seat``) yet;
    None: it can.

    Every reportable fault is made in a turn, so none before the hands are dealt; drawing too
    many or a card played without its action needs a turn of that seat (this one or an earlier
    one), phases out of order a seat that has acted (it drew or discarded after).
    """
    if state.phase in ("first_player", "deploy", "obstacles"):
        return "croconounours.missplay.in_setup"
    if seat is None:
        return None
    had_turn = seat in state.had_turn or seat == state.turn_seat
    if rule in ("CN-DRAW-1", "CN-ACT-1") and not had_turn:
        return "croconounours.missplay.no_turn_yet"
    if rule == "CN-TURN-2" and seat not in state.acted:
        return "croconounours.missplay.never_acted"
    return None
