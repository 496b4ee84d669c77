"""Whose turn it is: the next draw (skips of a 13, plays again of an 11, the last turns after a
Citron Coco), the round's end and the last power owed before the reveal (CC-END-1)."""

from __future__ import annotations

from referee.engines.citroncoco.state import CitronCocoState, NextTurn


def next_turn(st: CitronCocoState) -> NextTurn:
    """Who draws next (None once the last turns are played), whose skips (13) that uses up,
    and whether that draw is a play again owed by an 11."""
    if st.phase == "draw":
        return NextTurn(st.starter, [], False)
    current = st.turn_seat
    assert current is not None
    if st.extra[current] > 0 and not (current == st.caller and st.last_to_play):
        return NextTurn(current, [], True)  # a caller's waits for the others' last turns
    if st.caller is None:
        return next_in_order(st, current)
    return next_last_turn(st, current)


def next_in_order(st: CitronCocoState, current: int) -> NextTurn:
    """Play goes on: the next seat whose turn no 13 skips."""
    left = list(st.skips)
    skipped: list[int] = []
    s = current
    while True:
        s = (s + 1) % st.seats
        if left[s] > 0:
            left[s] -= 1
            skipped.append(s)
            continue
        return NextTurn(s, skipped, False)


def next_last_turn(st: CitronCocoState, current: int) -> NextTurn:
    """After a Citron Coco: the next seat with its last turn to play (CC-CALL-1), or the
    caller with a play again owed."""
    assert st.caller is not None
    left = list(st.skips)
    skipped: list[int] = []
    for step in range(1, st.seats + 1):
        s = (current + step) % st.seats
        caller_again = s == st.caller and st.extra[s] > 0
        if s not in st.last_to_play and not caller_again:
            continue  # already played its last turn, or the caller with no 11 owed
        if left[s] > 0:
            left[s] -= 1
            skipped.append(s)
            continue
        return NextTurn(s, skipped, caller_again)
    return NextTurn(None, skipped, False)


def round_over(st: CitronCocoState) -> bool:
    """The hands are to be revealed: a hand emptied, or the last turns are all played."""
    if st.phase == "reveal":
        return True
    return st.phase == "end" and st.caller is not None and next_turn(st).seat is None


def last_power_owed(st: CitronCocoState) -> tuple[int, int] | None:
    """CC-END-1: once the round is over, the seat and value of the last discarded card's
    power if it is still owed: « la manche prend fin après que ce pouvoir ait été réalisé »."""
    if not round_over(st) or not st.discard:
        return None
    top = st.discard[-1]
    if top.value in st.pending.get(top.seat, []):
        return top.seat, top.value
    return None


def reveal_due(st: CitronCocoState) -> bool:
    """The hands are to be revealed now: the round is over and its last power is not owed."""
    owed = st.options.power_before_reveal and last_power_owed(st) is not None
    return round_over(st) and not owed


def public_phase(st: CitronCocoState) -> str:
    return "reveal" if round_over(st) else st.phase


def turn(st: CitronCocoState) -> int | None:
    """Who is to act: the drawer, the seat playing its card, or one owing a power."""
    if st.phase == "reveal":
        owed = last_power_owed(st) if st.options.power_before_reveal else None
        return owed[0] if owed is not None else None
    if st.phase == "over":
        return None
    if st.phase == "play":
        return st.turn_seat
    if st.phase == "end" and st.turn_seat in st.pending:
        return st.turn_seat
    return next_turn(st).seat
