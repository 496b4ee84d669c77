"""What may be logged now at a Carte et Plouc table, for each seat and for the host: turning up,
laying cards (a hand is its seat's secret: the cards stay free), drawing what is due, and the
calls, flags, slaps and reports the rules would accept now."""

from __future__ import annotations

from referee.engines.moves import LegalMove, legal
from referee.engines.plouc.calls import FLAGGABLE, upheld_contre
from referee.engines.plouc.rules import REGISTRY, table
from referee.engines.plouc.state import PloucState
from referee.engines.plouc.table import draw_due, drawable


def offers(state: PloucState, seat: int | None) -> tuple[LegalMove, ...]:
    """The moves open to ``seat`` now (``None``: the host's own, for the table)."""
    if seat is None:
        turn_up = (legal("turn_up", free=("card",)),) if state.phase == "deal" else ()
        return turn_up + trying(state, "ruling", None, [{"upheld": True}, {"upheld": False}],
                                ("note",))
    return turn_offers(state, seat) + call_offers(state, seat)


def trying(state: PloucState, move_type: str, seat: int | None,
           payloads: list[dict[str, object]], free: tuple[str, ...] = ()
           ) -> tuple[LegalMove, ...]:
    return REGISTRY.trying(state, table(state), move_type, seat, payloads, free)


def turn_offers(state: PloucState, seat: int) -> tuple[LegalMove, ...]:
    """Turning up, laying cards (the hand is the seat's secret: cards are free), drawing."""
    if state.phase == "deal":
        return (legal("turn_up", seat=seat, free=("card",)),) if seat == state.dealer else ()
    if state.phase != "play" or seat != state.turn:
        return ()
    due = min(draw_due(state), drawable(state))
    return (legal("play", seat=seat, free=("cards", "suit")),
            legal("draw", [{"count": due}], seat=seat))


def call_offers(state: PloucState, seat: int) -> tuple[LegalMove, ...]:
    """The announcements, 'contre', flags, slaps and the host's reports open to ``seat``."""
    others = [s for s in range(state.seat_count) if s != seat]
    return (
        trying(state, "announce", seat, [{"word": "carte"}, {"word": "plouc"}])
        + trying(state, "contre", seat, [{"target_seat": t} for t in others
                                         if upheld_contre(state, seat, t)])
        + trying(state, "flag", seat, [{"offender_seat": o, "rule": r}
                                        for o in others for r in sorted(FLAGGABLE)],
                 ("about_seq", "note"))
        + trying(state, "slap", seat, [{"with_seat": t} for t in others])
        + trying(state, "missplay", seat, [{"rule": "PL-MD-1"}], ("note",))
    )
