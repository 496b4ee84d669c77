"""What a viewer sees of a CitronCoco table.

Everyone sees the same table; only the host also sees the values the table saw go face down
(remembering them is part of the game, CC-LOG-2) and the whole discard pile.
"""

from __future__ import annotations

from typing import Any

from referee.engines.base import HOST, Viewer
from referee.engines.citroncoco.legal import offered_moves
from referee.engines.citroncoco.sides import side_of
from referee.engines.citroncoco.state import CitronCocoState
from referee.engines.citroncoco.turns import public_phase, reveal_due, turn
from referee.engines.citroncoco.variant import variant_of


def seat_view(st: CitronCocoState, s: int, host: bool) -> dict[str, Any]:
    return {
        "seat": s,
        "side": variant_of(st).side_name(st, side_of(st, s)),
        "cards": len(st.hands[s]),
        "hand": [
            {"slot": i, "face_up": c.face_up, "value": c.value if (c.face_up or host) else None}
            for i, c in enumerate(st.hands[s], start=1)
        ],
        "coin": st.coin == s,
        "plays_again": st.extra[s],
        "skips": st.skips[s],
        "power": st.pending[s][0] if s in st.pending else None,
        "powers": list(st.pending.get(s, [])),
    }


def table(st: CitronCocoState, viewer: Viewer) -> dict[str, Any]:
    """The table as ``viewer`` sees it. Keys: ``phase`` (draw, play, end, reveal, over),
    ``turn`` (who is to act), ``seats`` (per seat: side, cards, ``hand`` as slots with
    face_up/value, coin, plays_again, skips, ``power`` (the power a ``power`` move uses by
    default) and ``powers`` (all it may still use)), ``stock``, ``discard`` (top, by, quick,
    size), ``held``, ``coin``, ``caller``, ``multiplier``, ``last_to_play``, ``totals``,
    ``moves`` (seat -> move types it may log), ``sum_with`` (seat -> the seats whose card it
    may add to its own in a quick play)."""
    host = viewer == HOST
    top = st.discard[-1] if st.discard else None
    view: dict[str, Any] = {
        "game": st.variant,
        "viewer": viewer,
        "round": st.round,
        "phase": public_phase(st),
        "turn": turn(st),
        "turn_seat": st.turn_seat,
        "seats": [seat_view(st, s, host) for s in range(st.seats)],
        "stock": st.stock,
        "discard": {
            "top": top.value if top else None,
            "by": top.seat if top else None,
            "quick": top.quick if top else False,
            "size": len(st.discard),
        },
        "held": (
            {"seat": st.turn_seat, "source": st.held.source, "value": st.held.value}
            if st.held else None
        ),
        "coin": st.coin,
        "caller": st.caller,
        "multiplier": st.multiplier,
        "last_to_play": list(st.last_to_play),
        "totals": {variant_of(st).side_name(st, i): t for i, t in enumerate(st.totals)},
        "target": st.options.target,
        "moves": {str(seat): types for seat, types in offered_moves(st).items()},
        "reveal_due": reveal_due(st),
        "sum_with": sum_with(st),
    }
    if host:
        view["discard"]["values"] = [d.value for d in st.discard]
    return view


def sum_with(st: CitronCocoState) -> dict[str, list[int]]:
    """CC-QP-5: whose cards each seat may add up in a quick play (none: option off)."""
    game = variant_of(st)
    if not game.sum_allowed(st):
        return {}
    return {str(s): [o for o in range(st.seats) if game.sum_partner_fault(st, s, o) is None]
            for s in range(st.seats)}
