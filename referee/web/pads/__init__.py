"""The move pad of each game: the engine's view arranged as buttons, pickers and tappable grids.

Presentation only, one module per game. What a seat may post now, which squares a warrior
reaches, which cells border the domain, how many cards to draw: all of it is read from the
engine's ``view`` and ``legal_moves`` (through the service layer). These modules only decide how
that reads on a phone: which seat the pad acts for, which squares become buttons, which cards a
picker shows and which are already filled in. ``compose`` reads the pad's inputs back into the
payload fields the schemas expect. The engine still judges every move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.edge.validation import small_int
from referee.service.access import Access
from referee.web.pads.citroncoco import citroncoco
from referee.web.pads.compose import compose, round_inputs
from referee.web.pads.croconounours import croconounours
from referee.web.pads.neurotrio import neurotrio
from referee.web.pads.plouc import plouc

__all__ = ["SHAPERS", "acting_seat", "citroncoco", "compose", "croconounours", "neurotrio",
           "pad_for", "plouc", "round_inputs"]

Shaper = Callable[..., dict[str, Any]]

SHAPERS: dict[str, Shaper] = {
    "citroncoco": citroncoco,
    "citroncoco-teams": citroncoco,
    "neurotrio": neurotrio,
    "croconounours": croconounours,
    "plouc": plouc,
}


def acting_seat(access: Access | None, table: Mapping[str, Any], asked: Any) -> int | None:
    """The seat the pad logs for: a seat's own; for the host, the one asked for (``?seat=``),
    else the seat to play, else seat 0."""
    if access is None:
        return None
    if not access.host:
        return access.seat
    seats = len(table.get("seats") or ())
    wanted = small_int(asked if isinstance(asked, str) else None, 100)
    if wanted is not None and 0 <= wanted < seats:
        return wanted
    turn = table.get("turn")
    return turn if isinstance(turn, int) else 0


def pad_for(game_id: str, table: Mapping[str, Any], access: Access | None,
            args: Mapping[str, Any], options: Mapping[str, Any] | None = None,
            legal: Callable[[int], Sequence[Mapping[str, Any]]] | None = None
            ) -> dict[str, Any] | None:
    """What the game's pad shows now for the seat it acts for (None: no pad, the public).
    ``options`` are the match's (a CitronCoco deck of its own composition); ``legal(seat)``
    gives the engine's legal moves for a seat (what it knows of the seat's own cards)."""
    seat = acting_seat(access, table, args.get("seat"))
    if seat is None or access is None:
        return None
    base = {"seat": seat, "host": access.host, "seats": len(table.get("seats") or ())}
    shape = SHAPERS.get(game_id)
    if shape is None:
        return base
    moves = legal(seat) if legal is not None else None
    return {**base, **shape(table, seat, access.host, args, options=options or {}, legal=moves)}
