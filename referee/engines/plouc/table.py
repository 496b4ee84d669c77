"""The changes a Carte et Plouc move makes to the table, called only once it is judged possible:
drawing, giving a card, passing the turn."""

from __future__ import annotations

from referee.engines.messages import Message, msg
from referee.engines.plouc.state import PloucState


def draw_due(state: PloucState) -> int:
    """PL-TURN-2 / PL-7-2 / PL-KS-1: what the seat to play draws if it does not play."""
    return state.owed or 1


def drawable(state: PloucState) -> int:
    """Cards that can still be drawn: the stock, then the discard under its top (PL-STOCK-1)."""
    return state.stock + max(len(state.discard) - 1, 0)


def turn_discard_over(state: PloucState) -> None:
    """PL-STOCK-1: the discard but its top card becomes the stock."""
    state.stock = len(state.discard) - 1
    state.discard = state.discard[-1:]
    state.run_len = 1
    state.reshuffles += 1


def draw(state: PloucState, seat: int, count: int, seq: int) -> tuple[int, list[Message]]:
    """Seat ``seat`` draws up to ``count`` cards, turning the discard over when the stock ends."""
    effects: list[Message] = []
    drawn = 0
    for _ in range(count):
        if state.stock == 0:
            if len(state.discard) <= 1:
                effects.append(msg("plouc.effect.nothing_to_draw", count=drawn))
                break
            turn_discard_over(state)
            effects.append(msg("plouc.effect.stock_renewed"))
        state.stock -= 1
        drawn += 1
    if drawn:
        state.seats[seat].drawn += drawn
        state.seats[seat].change(drawn, seq)
        resume_if_caught(state, seat)
    return drawn, effects


def give(state: PloucState, giver: int, taker: int, seq: int) -> None:
    """La Méga One: one unseen card changes hands."""
    state.seats[giver].given += 1
    state.seats[giver].change(-1, seq)
    state.seats[taker].received += 1
    state.seats[taker].change(1, seq)
    resume_if_caught(state, taker)


def resume_if_caught(state: PloucState, seat: int) -> None:
    """A finisher given cards before their 'plouc' is no longer out: play goes on."""
    if state.finisher != seat or state.seats[seat].hand == 0:
        return
    if state.phase == "plouc":
        state.phase, state.finisher = "play", None
    elif state.phase == "flag":
        state.phase_before_flag, state.finisher = "play", None


def end_turn(state: PloucState) -> int:
    """The turn passes: skip the 6s' victims; the built-up draw falls on the next seat.

    PL-SQ-2 (option ``square_of_sevens``, ``next_player``): after a square of 7s and its replay,
    the player who was next when the square was made draws and plays; the replay's 10s have
    turned play for what follows, and its 6s skip the players after them.
    """
    carried = 0
    if state.square_seat is not None:
        state.turn, carried = state.square_seat, state.skips
        state.square_seat = None
    else:
        state.turn = state.next_seat(1 + state.skips)
    state.owed, state.owed_answer = state.passing, state.passing_answer
    state.passing, state.passing_answer = 0, ""
    state.skips, state.replay = carried, False
    return state.turn


def others_play(state: PloucState, seat: int) -> None:
    """A play or draw by ``seat``: a "carte" the other seats still owe is now late (PL-ANN-3)."""
    for other, s in enumerate(state.seats):
        if other != seat and s.carte_due:
            s.carte_late = True
