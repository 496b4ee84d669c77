"""Who plays with whom: a seat's side, its teammate (teams only) and the next opponent."""

from __future__ import annotations

from referee.engines.citroncoco.state import CitronCocoState


def side_of(st: CitronCocoState, seat: int) -> int:
    return next(i for i, side in enumerate(st.sides) if seat in side)


def partner(st: CitronCocoState, seat: int) -> int | None:
    """The other seat of ``seat``'s side (None each for themself)."""
    return next((s for s in st.sides[side_of(st, seat)] if s != seat), None)


def next_opponent(st: CitronCocoState, seat: int) -> int:
    """The next seat in the turn order that is not on ``seat``'s side."""
    mine = side_of(st, seat)
    for step in range(1, st.seats):
        s = (seat + step) % st.seats
        if side_of(st, s) != mine:
            return s
    return (seat + 1) % st.seats
