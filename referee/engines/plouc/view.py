"""What the Carte et Plouc table shows: whose turn it is and the view every seat shares (the
engine knows no hidden card: hands are counts)."""

from __future__ import annotations

from typing import Any

from referee.engines.base import Viewer
from referee.engines.plouc.effects import direction_word, special_cards_rule
from referee.engines.plouc.state import OpenFlag, PloucState
from referee.engines.plouc.table import draw_due, drawable


def whose_turn(state: PloucState) -> int | None:
    """The dealer before the deal, the seat to play, the finisher who owes 'plouc'."""
    if state.phase == "deal":
        return state.dealer
    if state.phase == "play":
        return state.turn
    if state.phase == "plouc":
        return state.finisher
    return None


def seat_view(state: PloucState, seat: int, to_play: int | None) -> dict[str, Any]:
    s = state.seats[seat]
    return {
        "seat": seat,
        "hand_size": s.hand,
        "hand": [None] * s.hand,
        "carte_due": s.carte_due,
        "carte_late": s.carte_due and s.carte_late,
        "carte_unsaid": list(s.unsaid),
        "to_play": seat == to_play,
        "owes": state.owed if state.phase == "play" and seat == state.turn else 0,
        "dealer": seat == state.dealer,
    }


def flag_view(flag: OpenFlag | None) -> dict[str, Any] | None:
    if flag is None:
        return None
    return {"flagger": flag.flagger, "offender": flag.offender, "rule": flag.rule,
            "seq": flag.seq, "about_seq": flag.about_seq, "note": flag.note}


def draws_view(state: PloucState) -> dict[str, Any]:
    """What is owed now and what is building up for the next seat."""
    return {
        "draw_now": min(draw_due(state), drawable(state)) if state.phase == "play" else 0,
        "owed": {"seat": state.turn, "cards": state.owed, "answer": state.owed_answer or None}
        if state.owed else None,
        "passing": {"cards": state.passing, "answer": state.passing_answer or None}
        if state.passing else None,
    }


def view(state: PloucState, viewer: Viewer) -> dict[str, Any]:
    """Everything the engine knows is public: hands are counts, every played card is seen."""
    to_play = whose_turn(state)
    direction = direction_word(state.direction).replace("_", "-")
    return {
        "game": "plouc",
        "viewer": viewer,
        "phase": state.phase,
        "turn": to_play,
        "direction": direction,
        "seats": [seat_view(state, i, to_play) for i in range(state.seat_count)],
        "discard": {"top": state.discard[-1] if state.discard else None,
                    "size": len(state.discard), "cards": list(state.discard)},
        "suit": state.suit or None,
        "stock": {"size": state.stock},
        **draws_view(state),
        "skips": state.skips,
        "replay": state.replay,
        "square_seat": state.square_seat,
        "square": {"rank": state.run_rank, "run": state.run_len},
        "slap_open": state.slap_open,
        "flag": flag_view(state.flag),
        "finisher": state.finisher,
        "winner": state.winner,
        "reshuffles": state.reshuffles,
        "variants": state.options.variants(),
        "special_cards": special_cards_rule(state.options),
        "options": state.options.as_dict(),
    }
