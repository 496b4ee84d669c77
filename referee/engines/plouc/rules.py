"""Carte et Plouc's moves judged and applied, one function per move type: each judges first
(raising Impossible and changing nothing) and only then changes the table. ``REGISTRY`` binds
each move type to its rule (the calls' rules are in ``calls``); ``setup`` deals the table and
``table`` is what the shared checks read of it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.engines.base import Event, Impossible, MissplayReport, Verdict
from referee.engines.messages import Message, msg
from referee.engines.moves import Table
from referee.engines.plouc import calls
from referee.engines.plouc.checks import card, check_play, check_running, check_seat
from referee.engines.plouc.effects import (
    SEVEN_OF_SPADES,
    SWEAR_DRAW,
    Laid,
    Power,
    card_power,
    square,
)
from referee.engines.plouc.moves import MOVES, Announce, Draw, Play, Slap, TurnUp
from referee.engines.plouc.options import DECK_SIZE, settle
from referee.engines.plouc.state import PloucState, SeatState
from referee.engines.plouc.table import draw, draw_due, drawable, end_turn, others_play

REPORTABLE = frozenset({"PL-MD-1"})


def setup(options: Mapping[str, Any], seats: int) -> PloucState:
    """The table dealt (PL-DEAL-1): every hand full, the rest in the stock; raises
    InvalidOptions."""
    opts = settle(options, seats)
    size = opts.hand_size
    return PloucState(options=opts, seats=[SeatState(hand=size, dealt=size)
                                           for _ in range(seats)],
                      dealer=opts.dealer, first=opts.first_seat, turn=opts.dealer,
                      stock=DECK_SIZE - size * seats)


def table(state: PloucState) -> Table:
    """Turn moves are checked against the seat to play while play is on (the other phases
    refuse them by their own clauses)."""
    return Table(seats=state.seat_count, turn=state.turn if state.phase == "play" else None,
                 over=state.phase == "over")


def turn_up(state: PloucState, event: Event, move: TurnUp) -> Verdict:
    """PL-DEAL-2: the dealer turns up the stock's first card; it has no power."""
    if state.phase != "deal":
        raise Impossible.of("PL-DEAL-2", "plouc.deal.already_turned_up")
    if event.seat != state.dealer and not event.by_host:
        raise Impossible.of("PL-DEAL-2", "plouc.deal.dealer_turns_up", "seat",
                            seat=state.dealer)
    if card(move.card).is_joker:
        raise Impossible.of("PL-DECK-1", "plouc.play.joker", "payload.card")
    first = card(move.card)
    state.discard = [move.card]
    state.stock -= 1
    state.suit = first.suit.value if first.suit else ""
    state.run_rank, state.run_len = first.rank, 1
    state.slap_open = first.rank == 2 and state.options.zero
    state.phase, state.turn = "play", state.first
    effects = [msg("plouc.effect.plays_first", seat=state.first)]
    if state.slap_open:
        effects.append(msg("plouc.effect.slap_open"))
    return Verdict.ok("PL-DEAL-2", msg("plouc.deal.turned_up", card=move.card), *effects)


def play(state: PloucState, event: Event, move: Play) -> Verdict:
    """PL-PLAY-…: cards laid on the discard, their powers, and whose turn it is next."""
    cards = list(move.cards)
    laid_cards = check_play(state, event.seat, cards, move.suit)
    seat = state.turn
    others_play(state, seat)
    laid = Laid(seat, cards, laid_cards[0].rank, move.suit, state.owed > 0, state.owed_answer)
    power = Power("PL-PLAY-1" if laid.count == 1 else "PL-PLAY-2")
    if laid.answering:
        state.passing += state.owed
        state.passing_answer = state.owed_answer
        power.rule = "PL-KS-2" if state.owed_answer == SEVEN_OF_SPADES else "PL-7-2"
        state.owed, state.owed_answer = 0, ""
    lay(state, laid, laid_cards[-1].suit.value if laid_cards[-1].suit else "", event.seq)
    card_power(state, laid, power)
    square(state, laid, power)
    power.effects.extend(after_play(state, seat, power.replay, event.seq))
    return Verdict.ok(power.rule, msg("plouc.play.lays", seat=seat, cards=cards),
                      *power.effects)


def lay(state: PloucState, laid: Laid, suit: str, seq: int) -> None:
    """The cards go down: the hand shrinks, the top card sets the suit and the run of values."""
    state.discard.extend(laid.cards)
    state.seats[laid.seat].played += laid.count
    state.seats[laid.seat].change(-laid.count, seq)
    state.slap_open = False
    state.suit = suit
    state.run_len = state.run_len + laid.count if laid.rank == state.run_rank else laid.count
    state.run_rank = laid.rank


def after_play(state: PloucState, seat: int, replay: bool, seq: int) -> list[Message]:
    """PL-ANN-2 / PL-TURN-3: a last card waits for 'plouc'; a replay keeps the turn; else the
    turn passes, with what the next seat owes."""
    effects: list[Message] = []
    if state.seats[seat].hand == 0:
        nxt = end_turn(state)
        state.phase, state.finisher, state.finisher_seq = "plouc", seat, seq
        state.slap_open = False
        effects.append(msg("plouc.effect.must_say_plouc", seat=seat))
        if state.owed:
            effects.append(msg("plouc.effect.would_owe", seat=nxt, count=state.owed))
    elif replay:
        state.replay = True
    else:
        nxt = end_turn(state)
        effects.append(msg("plouc.effect.to_play", seat=nxt))
        if state.owed:
            effects.append(msg("plouc.effect.must_draw_or_answer", seat=nxt, count=state.owed))
    if state.seats[seat].carte_due:
        effects.append(msg("plouc.effect.must_say_carte", seat=seat))
    return effects


def draw_move(state: PloucState, event: Event, move: Draw) -> Verdict:
    """PL-TURN-2 / PL-7-2 / PL-KS-1 / PL-TURN-3: drawing one card and passing, or drawing
    what the 7s and the king of spades made the seat owe (then playing again)."""
    check_running(state)
    seat = check_seat(state, event.seat)
    due = min(draw_due(state), drawable(state))
    if move.count is not None and move.count != due:
        raise Impossible.of("PL-7-2" if state.owed else "PL-TURN-2", "plouc.draw.count",
                            "payload.count", seat=seat, count=due, claimed=move.count)
    others_play(state, seat)
    penalty = state.owed
    drawn, effects = draw(state, seat, draw_due(state), event.seq)
    if not penalty:
        nxt = end_turn(state)
        return Verdict.ok("PL-TURN-2", msg("plouc.draw.passes", seat=seat, count=drawn),
                          *effects, msg("plouc.effect.to_play", seat=nxt))
    rule = {SEVEN_OF_SPADES: "PL-KS-1", "": "PL-KS-2"}.get(state.owed_answer, "PL-7-2")
    state.owed, state.owed_answer = 0, ""
    if drawn > 1:
        state.replay = True
        return Verdict.ok(rule, msg("plouc.draw.draws", seat=seat, count=drawn), *effects,
                          msg("plouc.effect.drew_and_plays_again", seat=seat))
    nxt = end_turn(state)
    return Verdict.ok(rule, msg("plouc.draw.draws", seat=seat, count=drawn), *effects,
                      msg("plouc.effect.to_play", seat=nxt))


def announce(state: PloucState, event: Event, move: Announce) -> Verdict:
    """PL-ANN-1 / PL-ANN-2 / PL-ANN-3: 'carte' with one card left, 'plouc' on the last card."""
    seat = check_seat(state, event.seat)
    if state.phase in ("deal", "over", "flag"):
        check_running(state)
    if move.word == "plouc":
        return plouc(state, seat)
    me = state.seats[seat]
    if me.hand != 1:
        raise Impossible.of("PL-ANN-1", "plouc.announce.carte_not_one", "payload.word",
                            seat=seat, count=me.hand)
    if me.carte_due and me.carte_late and state.options.late_carte == "stands":
        if me.late_said:
            raise Impossible.of("PL-ANN-3", "plouc.announce.carte_late_again", "payload.word",
                                seat=seat)
        me.late_said = True
        return Verdict.ok("PL-ANN-3", msg("plouc.announce.carte_late", seat=seat),
                          msg("plouc.effect.forgotten_carte_stands"))
    if me.carte_due:
        me.carte_due = False
        me.caught(me.carte_due_seq)  # said in time (or late, under late_carte "clears")
    return Verdict.ok("PL-ANN-1", msg("plouc.announce.carte", seat=seat))


def plouc(state: PloucState, seat: int) -> Verdict:
    """PL-ANN-2 / PL-END-1: 'plouc' on the last card wins the game."""
    if state.phase != "plouc" or state.finisher != seat:
        raise Impossible.of("PL-ANN-2", "plouc.announce.plouc_too_soon", "payload.word",
                            seat=seat)
    state.phase, state.winner = "over", seat
    return Verdict.ok("PL-END-1", msg("plouc.announce.plouc", seat=seat))


def slap(state: PloucState, event: Event, move: Slap) -> Verdict:
    """PL-ZERO-1 (le zéro): the first to slap a fresh 2 swaps hands with another player."""
    if not state.options.zero:
        raise Impossible.of("PL-ZERO-1", "plouc.slap.not_played", "type")
    check_running(state)
    slapper = check_seat(state, event.seat)
    other = check_seat(state, move.with_seat, "payload.with_seat")
    if not state.slap_open:
        raise Impossible.of("PL-ZERO-1", "plouc.slap.no_fresh_two")
    if other == slapper:
        raise Impossible.of("PL-ZERO-1", "plouc.slap.with_self", "payload.with_seat")
    mine, theirs = state.seats[slapper], state.seats[other]
    a, b = mine.hand, theirs.hand
    mine.swapped += b - a
    theirs.swapped += a - b
    mine.hand, theirs.hand = b, a
    for s in (mine, theirs):
        if s.hand == 1:
            s.owe_carte(event.seq)
        else:
            s.carte_due = False
    state.slap_open = False
    return Verdict.ok("PL-ZERO-1", msg("plouc.slap.swaps", seat=slapper, with_seat=other),
                      msg("plouc.effect.hands_now", seat=slapper, count=b, with_seat=other,
                          other_count=a))


def missplay(state: PloucState, event: Event, move: MissplayReport) -> Verdict:
    """PL-MD-1 (le mot doux): the host reports a swear word; the seat draws two, no play."""
    if move.rule not in REPORTABLE:
        raise Impossible.of("PL-MD-1", "plouc.missplay.not_reportable", "payload.rule",
                            rule=move.rule)
    if not state.options.mot_doux:
        raise Impossible.of("PL-MD-1", "plouc.missplay.no_mot_doux", "payload.rule")
    seat = check_seat(state, event.seat)
    if state.phase in ("deal", "over"):
        check_running(state)
    drawn, effects = draw(state, seat, SWEAR_DRAW, event.seq)
    return Verdict.missplay("PL-MD-1", msg("plouc.missplay.swore", seat=seat),
                            msg("plouc.penalty.draws_no_play", seat=seat, count=drawn),
                            *effects, offender=seat)


#: Each move type with its payload and its rule.
REGISTRY = MOVES.handled_by({
    "turn_up": turn_up,
    "play": play,
    "draw": draw_move,
    "announce": announce,
    "contre": calls.contre,
    "flag": calls.flag,
    "ruling": calls.ruling,
    "slap": slap,
    "missplay": missplay,
})
